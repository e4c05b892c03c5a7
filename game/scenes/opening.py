"""The ways into a game's table from the menus (issue 53: out of the preset screen): open it
for a new match or to resume the game's match in progress (:func:`open_table`), say that match
in a few words (:func:`saved_words`), start a new match, asked once over a match in
progress (:func:`start_new_match`), and play the deal of the day (:func:`open_daily`, issue
59: beside the match in progress, never over it). The preset screen and the title's cards use
them.

The table scene takes the preset's id: ``TableScene(app, preset.id, options=...)``; resuming
calls ``TableScene.resume(app, preset.id)``.
"""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING

from game import house_rules, registry, save
from game.presets import Preset
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table.view import GameView
    from game.services import Screen, Services

log = logging.getLogger(__name__)


def open_table(
    app: Services,
    preset: Preset,
    *,
    resume: bool = False,
    options: house_rules.HouseRules | None = None,
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


def open_daily(app: Services, preset: Preset, day: datetime.date) -> Screen | None:
    """Push the table of ``preset``'s deal of the day ``day``: the preset's default house
    rules (every player gets the same deal and rules), the player's AI level; the game's
    match in progress and its autosave are left as they are. None (and a notice) when the
    table cannot be opened."""
    try:
        from game.scenes.table import TableScene

        scene = TableScene(app, preset.id, options=dict(preset.options), daily=day)
    except Exception:  # a broken table must not take the menus down with it
        log.exception("the %s deal of the day could not be opened", preset.id)
        app.toast("preset.table_failed")
        return None
    return app.stack.push(scene)


def saved_words(game: str) -> Words | None:
    """``game``'s match in progress in a few words (its deal, levels or running total, as the
    game's table view words them), or None when it has none. The autosave is read now; the
    words are said in the language of each moment they are shown (issue 55: the title kept
    them in the language they were made in)."""
    try:
        data = save.load_autosave(game)
        if data is None:
            return None
        view: type[GameView] = registry.get(game).table_view()  # imported on first use
        status = save.status(data)
        view.saved_words(status)  # a status the view cannot word fails here, not in a frame
    except Exception:  # a broken save must never stop a menu
        log.exception("could not read the %s autosave", game)
        return None
    return Words.later(lambda: str(view.saved_words(status)))


def start_new_match(
    app: Services, preset: Preset, options: house_rules.HouseRules | None = None
) -> None:
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
