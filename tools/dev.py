#!/usr/bin/env python3
"""One entry point for people and CI: ``play`` starts the game, ``test`` runs every test.

Each command first makes sure ``.venv`` exists and holds the project with what that command
needs (re-installing only when ``pyproject.toml`` changed), so both work on a fresh machine with
nothing but Python 3.11+ and pip:

    python3 tools/dev.py play [game flags, e.g. --windowed 1280x720 --lang zh]
    python3 tools/dev.py test [pytest arguments, e.g. -m "not slow" -x]

``test`` runs the suite on every core (pytest-xdist, ``-n auto``) unless the arguments say
``-n N`` or ``-p no:xdist``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
EXTRAS = {"play": "", "test": "[test,build]"}


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_env(command: str) -> Path:
    """Create ``.venv`` and install the project (editable) with the extras ``command`` needs."""
    if sys.version_info < (3, 11):  # noqa: UP036 - runs under any python3 first
        sys.exit(f"Cardavia needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    python = venv_python()
    if not python.exists():
        print(f"Creating {VENV.relative_to(ROOT)} …", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    extras = EXTRAS[command]
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".cardavia-installed{extras.replace(',', '-')}"
    if not stamp.exists() or stamp.read_text().strip() != digest:
        print(f"Installing Cardavia{extras} into {VENV.name} …", flush=True)
        pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run(pip + ["--upgrade", "pip"], check=True)
        subprocess.run(pip + ["-e", f"{ROOT}{extras}"], check=True, cwd=ROOT)
        stamp.write_text(digest)
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = ensure_env(command)
    if command == "play":
        return subprocess.call([str(python), "-m", "game", *rest], cwd=ROOT)
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return subprocess.call([str(python), "-m", "pytest", *parallel(rest), *rest], cwd=ROOT, env=env)


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's arguments: one worker per core, an idle worker taking tests queued for a
    busy one, unless the command line chooses (``-n``, ``-p no:xdist``)."""
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args)
    if chosen or "no:xdist" in " ".join(args):
        return []
    return ["-n", "auto", "--dist", "worksteal"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
