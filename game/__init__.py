"""Cardavia: Guandan, Shengji, Run Fast and Dou Dizhu at an offline card table."""

__version__ = "0.1.0"
