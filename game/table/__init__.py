"""The table controller (issue 7): runs a match of any preset for the table scene, without pygame.

``TableController`` owns the match, paces the AI seats (thinking off the main thread), turns the
human's card selection into legal actions or a localized refusal, proposes hints and keeps the
non-auto actions of every deal for the autosave (``game.save``).
"""

from game.table.controller import TableController, TableEvent

__all__ = ["TableController", "TableEvent"]
