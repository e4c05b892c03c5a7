"""What Cardavia remembers of finished deals: the SQLite database (:mod:`game.history.db`) of
the rows the table controller makes of them (:mod:`game.table.summary`), their replay, sharing
and review. It stands above the table layer: it reads the table's records, never the reverse."""
