"""What Cardavia remembers of finished deals: the SQLite database (:mod:`game.history.db`) and
the summary of one finished deal that is written to it (:mod:`game.history.summary`)."""
