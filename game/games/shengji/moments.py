"""Shengji's moments (issue 54): a tractor's pairs linked by light (S4.4), the kitty turned
over (S2.5), each trick gathered to its winner, the kitty's points flying to the last trick's
winner (S5.2) and a level-up climbing the ladder (S5.3). Every hand shrinks alike, so no
seat's plate pulses a warning."""

from __future__ import annotations

from game.rules.base import Action
from game.table.frame import TableFrame
from game.table.moments import FINE, Cue, Moment, TeamMomentRules, cues, reactions


class Moments(TeamMomentRules):
    warn_at = ()
    play_kinds = {"tractor": "tractor"}
    cues = cues(
        tractor=(Cue("chain", 1.0, per=0.15, above=4),),  # two pairs 1, three 1.3
        kitty_revealed=(Cue("reveal", place="middle"),),
        kitty_points=(Cue("coins", 1.0, place="gain", per=0.1, above=10),),
        level_up=(Cue("ladder", 1.0, place="centre", per=1.0, above=1),),
        last_card=(),  # every hand runs out at the last trick
    )
    reactions = reactions(tractor=FINE)

    def action(self, frame: TableFrame, seat: int | None, action: Action) -> list[Moment]:
        if action.kind == "reveal":
            return [Moment("kitty_revealed", seat, len(action.cards))]
        return []

    def deal_end(self, frame: TableFrame) -> list[Moment]:
        result = frame.result
        found = []
        bonus = int(getattr(result, "kitty_bonus", 0) or 0)
        if bonus > 0:
            found.append(Moment("kitty_points", getattr(result, "last_trick_winner", None), bonus))
        climbed = int(getattr(result, "levels_gained", 0) or 0)
        team = getattr(result, "winning_team", None)
        if climbed and team is not None and not frame.match_over:
            found.append(Moment("level_up", int(team), climbed))
        return found + super().deal_end(frame)
