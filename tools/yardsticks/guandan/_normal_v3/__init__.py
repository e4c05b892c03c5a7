"""What the yardstick ``normal-v3`` (tools/yardsticks/guandan/normal_v3.py) plays with: frozen
copies of the game's bot, planner, learned evaluation and their weights of 6 December 2026."""
