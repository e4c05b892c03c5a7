"""The public path of what every game's state protocol shares (rules-api.md): actions, log
records, phases and the ``Protocol``s of a deal. They live on the ground floor, in
:mod:`game.protocol.base`, below the game registry, which names them."""

from game.protocol.base import (
    Action as Action,
)
from game.protocol.base import (
    Combo as Combo,
)
from game.protocol.base import (
    DealResult as DealResult,
)
from game.protocol.base import (
    DealState as DealState,
)
from game.protocol.base import (
    DealView as DealView,
)
from game.protocol.base import (
    GamePhase as GamePhase,
)
from game.protocol.base import (
    Match as Match,
)
from game.protocol.base import (
    Phase as Phase,
)
from game.protocol.base import (
    Record as Record,
)
from game.protocol.base import (
    RulesModule as RulesModule,
)
from game.protocol.base import (
    SharedCombo as SharedCombo,
)
