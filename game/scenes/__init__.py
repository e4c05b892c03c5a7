"""Screens of the app (pygame): title, preset (table and rules tabs) and the tables."""
