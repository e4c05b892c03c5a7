"""Widgets of the app (pygame): cards, top bar, rules view, buttons and the tables' pieces."""
