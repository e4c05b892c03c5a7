"""doudizhu: Dou Dizhu (斗地主, issue 43), the game's folder. Its registry entry (``SPEC``) is
added once the bot, the search hooks and the table view exist, so that the all-games tests
and the title screen pick it up only when it is playable."""
