"""The Challenges screens for tools/screenshots.py (``--part challenges``, issue 59): the title
with each card's Challenges row, every game's list of puzzles, and a puzzle of every game at
its position, in mid-play (after the person's first move and the defence's reply) and solved
with hints; then one puzzle lost by a wrong first move. Files: ``<lang>-<game>-challenges``,
``-challenge-start``, ``-challenge-mid``, ``-challenge-solved``, ``-challenge-failed`` and
``<lang>-app-title-challenges``."""

from __future__ import annotations

from typing import Any

from game.ai import puzzles


def settle(scene: Any) -> None:
    """Let the defence answer until the person is to move or the goal is decided."""
    for _ in range(200):
        scene.update(0.0)
        if scene.run.mine() or scene.result() is not None:
            return


def hinted_move(scene: Any) -> None:
    """The person asks for the hint (H) and plays it (Enter, or P for a pass)."""
    scene.hint()
    scene.update(0.0)
    hinted = scene.run.hinted
    if hinted is None:
        return
    if hinted.kind == "pass":
        scene.pass_turn()
    else:
        scene.play_selection()
        if scene.choices:  # several meanings: the hint's own
            scene._play(hinted)
    settle(scene)


def shoot(shooter: Any) -> None:
    from game.scenes.challenges import ChallengesScene
    from game.scenes.title import TitleScene

    app = shooter.app
    shooter.clear()
    app.stack.push(TitleScene(app))
    shooter.shoot("app", "title-challenges")
    for game in puzzles.games_with_puzzles():
        listing = app.stack.push(ChallengesScene(app, game))
        listing.threaded = False  # the solver answers inline: each picture shows one position
        shooter.shoot(game, "challenges")
        listing.open(3)
        scene = app.stack.top
        settle(scene)
        shooter.shoot(game, "challenge-start")
        hinted_move(scene)
        shooter.shoot(game, "challenge-mid")
        for _ in range(40):
            if scene.result() is not None:
                break
            hinted_move(scene)
        scene.update(0.0)
        scene.result_clock = 10.0  # the stars grown in whole
        shooter.shoot(game, "challenge-solved")
        shooter.clear()
    _failed(shooter, ChallengesScene, TitleScene)


def _failed(shooter: Any, listing_class: Any, title_class: Any) -> None:
    """Run Fast's first puzzle with more than one first move, lost by a first move that does
    not force the goal: the defence wins and the panel offers Retry and Undo."""
    app = shooter.app
    app.stack.push(title_class(app))
    listing = app.stack.push(listing_class(app, "runfast"))
    listing.threaded = False
    index = next(i for i, p in enumerate(listing.puzzles) if p.winning < p.moves)
    listing.open(index)
    scene = app.stack.top
    settle(scene)
    verdict = scene.puzzle.solver().analyse(scene.run.state)
    scene._play(next(move.action for move in verdict.moves if not move.wins))
    settle(scene)
    for _ in range(40):
        if scene.result() is not None:
            break
        scene._play(scene.run.state.legal_actions()[0])
        settle(scene)
    shooter.shoot("runfast", "challenge-failed")
    shooter.clear()
