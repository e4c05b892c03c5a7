"""Cardavia: Guandan, Shengji and Run Fast at an offline card table."""

__version__ = "0.1.0"
