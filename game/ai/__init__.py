"""Bots: they see only ``state.view(seat)`` and the legal actions (rules-api.md)."""
