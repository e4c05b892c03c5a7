"""Run Fast's moments (issue 54): a bomb's thump, three aces and the sky bomb as blasts, an
airplane with its wings, a pair run's chain, a spring (R5.1: a hand never played) and every
payment flying to the winner as coins (R5)."""

from __future__ import annotations

from game.table.frame import TableFrame
from game.table.moments import FINE, STRIKE, Cue, Moment, MomentRules, cues, reactions

#: Play kinds that are moments, by the moment's name.
PLAY_MOMENTS = {
    "bomb": "bomb",
    "ace_bomb": "ace_bomb",
    "sky_bomb": "sky_bomb",
    "airplane": "airplane",
    "pair_run": "pair_run",
}


class Moments(MomentRules):
    play_kinds = PLAY_MOMENTS
    cues = cues(
        bomb=(Cue("bomb", 1.0),),
        ace_bomb=(Cue("bomb", 1.6),),
        sky_bomb=(Cue("rocket", 2.2),),
        airplane=(Cue("airplane", variant="wings"),),
        pair_run=(Cue("chain", 1.0, per=0.25, above=6),),
        spring=(Cue("fireworks", 1.5, place="table"),),
    )
    reactions = reactions(
        bomb=STRIKE, ace_bomb=STRIKE, sky_bomb=STRIKE, airplane=FINE, pair_run=FINE, spring=FINE
    )

    def deal_end(self, frame: TableFrame) -> list[Moment]:
        """Each payment flies from payer to payee; a spring first, with fireworks."""
        payments = tuple(getattr(frame.result, "payments", ()) or ())
        found = []
        sprung = [p for p in payments if getattr(p, "reason", "") == "spring"]
        if sprung:
            found.append(Moment("spring", sprung[0].payee, len(sprung), sprung[0].payer))
        totals: dict[tuple[int, int], int] = {}
        for p in payments:
            totals[(p.payer, p.payee)] = totals.get((p.payer, p.payee), 0) + p.points
        found += [
            Moment("payment", payer, points, payee) for (payer, payee), points in totals.items()
        ]
        return found
