"""The table's picture for the scene: one frozen :class:`~game.table.frame.TableFrame` per
position, built from the controller's match only when something it shows has changed (the
position, the deal's end, a pending hint, a thinking seat, the language)."""

from __future__ import annotations

from game import i18n
from game.table import info
from game.table.frame import NO_LEVELS, TableFrame, phase_name, read_only
from game.table.session import TableSession


class FramePresenter:
    """Builds and keeps the current :class:`TableFrame` of one table controller."""

    def __init__(self, controller: TableSession) -> None:
        self.controller = controller
        self._frame: tuple[tuple[object, ...], TableFrame] | None = None

    def frame(self) -> TableFrame:
        """The table as the scene shows it now: built again only when the position, the
        deal's end, a pending hint, the thinking seat or the language changes."""
        ctl = self.controller
        key = (
            ctl.position(),
            ctl.awaiting_next,
            ctl.hint_pending,
            ctl.autoplay,
            ctl.thinking_seat(),
            i18n.language(),
        )
        if self._frame is None or self._frame[0] != key:
            self._frame = (key, self.build())
        return self._frame[1]

    def build(self) -> TableFrame:
        """A new frame of the table as it stands."""
        ctl = self.controller
        state = ctl.state
        view = state.view(ctl.human_seat)
        options = tuple(ctl.human_options())
        pass_action = next((a for a in options if a.kind == "pass"), None)
        totals = ctl.totals()
        return TableFrame(
            position=ctl.position(),
            deal_index=ctl.deal_index,
            phase=phase_name(state),
            current_player=state.current_player,
            is_terminal=bool(state.is_terminal),
            human_turn=ctl.is_human_turn(),
            awaiting_next=ctl.awaiting_next,
            match_over=ctl.match_over,
            match_winner=ctl.match.winner if ctl.match_over else None,
            autoplay=ctl.autoplay,
            hint_pending=ctl.hint_pending,
            thinking_seat=ctl.thinking_seat(),
            seat_view=view,
            hand=tuple(info.hand(view)),
            hand_counts=tuple(info.hand_counts(view, ctl.seats)),
            finish_order=tuple(info.finish_order(state)),
            leading=ctl.leading(),
            log=tuple(state.log),
            levels=read_only(ctl.levels_before if ctl.awaiting_next else ctl.levels()),
            levels_before=read_only(ctl.levels_before) or NO_LEVELS,
            levels_after=read_only(ctl.levels_after) or NO_LEVELS,
            totals=tuple(totals) if totals is not None else None,
            result=ctl.deal_result,
            options=options,
            pass_action=pass_action,
            pass_refusal=ctl.pass_refusal() if options and pass_action is None else None,
        )
