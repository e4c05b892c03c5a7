"""The public path of the rules' errors (rules-api.md). They live on the ground floor, in
:mod:`game.protocol.errors`, below the game registry."""

from game.protocol.errors import (
    BadArgumentError as BadArgumentError,
)
from game.protocol.errors import (
    CardNotationError as CardNotationError,
)
from game.protocol.errors import (
    IllegalActionError as IllegalActionError,
)
from game.protocol.errors import (
    RulesError as RulesError,
)
