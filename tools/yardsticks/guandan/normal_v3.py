"""``normal-v3``: the Guandan Normal of 6 December 2026 (issue 56), the yardstick its next
generation is trained and measured against (tools/arena.py ``--b normal-v3``). Reachable only
from the arena, the tools and the tests, never a game level; do not change it.

It is the game's bot of that day with everything it reads copied beside it (``_normal_v3/``: the
heuristic and its end-game search, the planner, the learned evaluation with the mean of its two
networks and the learned ranker, and their weights; the first network's weights are the game's
``value_weights_v2.py``, which no generation rewrites).
"""

from __future__ import annotations

from ._normal_v3.bot import GuandanBot


class GuandanBotV3(GuandanBot):
    """The Guandan Normal of 6 December 2026 (see the module docstring)."""

    name = "guandan-normal-v3"


#: The yardstick this module is (tools/yardsticks/__init__.py).
YARDSTICK = GuandanBotV3
