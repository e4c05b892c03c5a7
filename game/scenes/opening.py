"""The ways into a game's table from the menus (issue 53: out of the preset screen): open it
for a new match or to resume the game's match in progress (:func:`open_table`), say that match
in a few words (:func:`saved_words`), and start a new match, asked once over a match in
progress (:func:`start_new_match`). The preset screen and the title's cards both use them.

The table scene takes the preset's id: ``TableScene(app, preset.id, options=...)``; resuming
calls ``TableScene.resume(app, preset.id)``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game import house_rules, registry, save
from game.presets import Preset

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table.view import GameView
    from game.services import Screen, Services

log = logging.getLogger(__name__)


def open_table(
    app: Services,
    preset: Preset,
    *,
    resume: bool = False,
    options: dict[str, Any] | None = None,
) -> Screen | None:
    """Push the preset's table scene; None (and a notice) when it cannot be opened.

    The table scene takes the preset's id: ``TableScene(app, preset.id, options=...)`` with
    the house rules the new match plays by (the remembered ones when None); resuming calls
    ``TableScene.resume(app)`` (None when the autosave cannot be replayed; the saved match
    keeps the house rules it started with).
    """
    try:
        # Imported on first use: the table and its AI are not needed to show the menus.
        from game.scenes.table import TableScene

        if resume:
            scene = TableScene.resume(app, preset.id)
            if scene is None:
                app.toast("title.resume_failed")
                return None
        else:
            if options is None:
                options = house_rules.load(preset.id, preset.options)
            scene = TableScene(app, preset.id, options=options)
    except Exception:  # a broken table must not take the menus down with it
        log.exception("the %s table could not be opened", preset.id)
        app.toast("preset.table_failed")
        return None
    return app.stack.push(scene)


def saved_words(game: str) -> str | None:
    """``game``'s match in progress in a few words (its deal, levels or running total, as the
    game's table view words them), or None when it has none."""
    try:
        data = save.load_autosave(game)
        if data is None:
            return None
        view: type[GameView] = registry.get(game).table_view()  # imported on first use
        return str(view.saved_words(save.status(data)))
    except Exception:  # a broken save must never stop a menu
        log.exception("could not read the %s autosave", game)
        return None


def start_new_match(app: Services, preset: Preset, options: dict[str, Any] | None = None) -> None:
    """Start a new match of ``preset``; when one is in progress, ask once first (naming what
    is given up), and give it up only when the player says yes."""
    words = saved_words(preset.id)

    def start() -> None:
        house_rules.end_match(preset.id)
        open_table(app, preset, options=options)

    if words is None:
        open_table(app, preset, options=options)
        return
    from game.scenes.confirm import ask_new_match

    ask_new_match(app, preset.id, words, start)
