"""The public path of what every game's state protocol shares (rules-api.md): actions, log
records, phases and the ``Protocol``s of a deal. They live on the ground floor, in
:mod:`game.protocol.base`, below the game registry, which names them."""

from game.protocol.base import (
    Action,
    Combo,
    DealResult,
    DealState,
    DealView,
    GamePhase,
    Match,
    Phase,
    Record,
    RulesModule,
    SharedCombo,
)

__all__ = [
    "Action",
    "Combo",
    "DealResult",
    "DealState",
    "DealView",
    "GamePhase",
    "Match",
    "Phase",
    "Record",
    "RulesModule",
    "SharedCombo",
]
