"""The public path of the cards (rules-api.md): ``Card``, its notation and the packs. They live
on the ground floor, in :mod:`game.protocol.cards`, below the game registry, which names them."""

from game.protocol.cards import (
    JOKERS as JOKERS,
)
from game.protocol.cards import (
    RANKS as RANKS,
)
from game.protocol.cards import (
    RUNFAST_REMOVED as RUNFAST_REMOVED,
)
from game.protocol.cards import (
    SUITS as SUITS,
)
from game.protocol.cards import (
    Card as Card,
)
from game.protocol.cards import (
    as_cards as as_cards,
)
from game.protocol.cards import (
    double_pack as double_pack,
)
from game.protocol.cards import (
    format_cards as format_cards,
)
from game.protocol.cards import (
    parse_cards as parse_cards,
)
from game.protocol.cards import (
    runfast_pack as runfast_pack,
)
from game.protocol.cards import (
    single_pack as single_pack,
)
