"""The Challenges screens (issue 59): a game's puzzles (:class:`ChallengesScene`, from its
card on the title) and one puzzle in play (:class:`PuzzleScene`). Everything a game brings
comes through the registry and its folder (its puzzles, its solver, its table view)."""

from game.scenes.challenges.entry import ChallengeEntry
from game.scenes.challenges.listing import ChallengesScene
from game.scenes.challenges.puzzle import PuzzleScene

__all__ = ["ChallengeEntry", "ChallengesScene", "PuzzleScene"]
