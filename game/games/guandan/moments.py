"""Guandan's moments (issue 54): bombs growing with their size (four cards a thump, eight a
blast), the straight flush swept by light, the four-joker bomb's rocket, the steel plate's
airplane and the tube's chain, tributes and returns handed over, a double finish (双下) and
a level-up climbing the ladder (G1.2, G3, G5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.rules.base import Action
from game.rules.cards import Card
from game.table.frame import TableFrame
from game.table.moments import (
    FINE,
    STRIKE,
    Cue,
    Moment,
    Reaction,
    TeamMomentRules,
    cues,
    reactions,
)

#: Play kinds that are moments of their own, by the moment's name.
PLAY_MOMENTS = {
    "bomb": "bomb",
    "straight_flush": "straight_flush",
    "joker_bomb": "joker_bomb",
    "plate": "plate",
    "tube": "tube",
}


# Any: the table frame's view, read for Guandan's own tributes (typed as the shared DealView)
def receiver(view: Any, kind: str, giver: int | None, cards: Iterable[Card]) -> int | None:
    """Who received a tribute or return card, from the view's ``tributes`` (a return card
    another pair exchanged is hidden there: the giver alone then tells)."""
    for event in reversed(view.tributes):
        if event.kind == kind and event.giver == giver:
            if event.card is None or event.card in tuple(cards):
                return int(event.receiver)
    return None


class Moments(TeamMomentRules):
    play_kinds = PLAY_MOMENTS
    cues = cues(
        # G5.2: a bomb of 4 is 1 (a thump), each card more adds a quarter: 8 cards is 2.
        bomb=(Cue("bomb", 1.0, per=0.25, above=4),),
        straight_flush=(Cue("sweep"), Cue("bomb", 1.6)),
        joker_bomb=(Cue("rocket", 2.6),),
        plate=(Cue("airplane"),),
        tube=(Cue("chain"),),
        tribute=(Cue("trade", place="path"),),
        return_card=(Cue("trade", 0.8, place="path"),),
        anti_tribute=(Cue("sparkle", place="seat"),),
        double_finish=(Cue("fireworks", 2.0, place="table"),),
        level_up=(Cue("ladder", 1.0, place="centre", per=1.0, above=1),),
    )
    reactions = reactions(
        bomb=STRIKE,
        straight_flush=STRIKE,
        joker_bomb=STRIKE,
        plate=FINE,
        tube=FINE,
        anti_tribute=FINE,
        double_finish=Reaction(actor="pleased"),
    )

    def action(self, frame: TableFrame, seat: int | None, action: Action) -> list[Moment]:
        if action.kind == "anti_tribute":
            return [Moment("anti_tribute", seat)]
        if action.kind not in ("tribute", "return"):
            return []
        to = receiver(frame.seat_view, action.kind, seat, action.cards)
        name = "tribute" if action.kind == "tribute" else "return_card"
        return [Moment(name, seat, len(action.cards), to)]

    def deal_end(self, frame: TableFrame) -> list[Moment]:
        """A double finish (a team 1st and 2nd, G1.2), the winners' climb, the match."""
        found = []
        result = frame.result
        order = tuple(getattr(result, "finish_order", ()) or ())
        climbed = int(getattr(result, "levels_gained", 0) or 0)
        if len(order) >= 2 and order[0] % 2 == order[1] % 2:
            found.append(Moment("double_finish", order[0], climbed, order[1]))
        if climbed and order and not frame.match_over:
            found.append(Moment("level_up", order[0], climbed))
        return found + super().deal_end(frame)
