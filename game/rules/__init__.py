"""Pure rules engines: no pygame, no I/O, randomness only from a seeded ``random.Random``."""
