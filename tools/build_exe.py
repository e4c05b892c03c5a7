#!/usr/bin/env python3
"""Build the standalone Cardavia executable with PyInstaller (tools.md).

    python tools/build_exe.py [--onefile] [--dist DIR]

One file (the default, and what ``--onefile`` asks for explicitly) for the machine it runs on:
``dist/cardavia`` on Linux and macOS, ``dist\\cardavia.exe`` on Windows. It bundles ``assets/``,
``locale/``, the font packages and the parts of pygame_gui the game loads, and leaves out what
the game never imports, so it needs no Python and no network. Prints the path and the size.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Imported by nothing in the game; PyInstaller would otherwise follow optional imports.
EXCLUDES = [
    "numpy",
    "tkinter",
    "_tkinter",
    "unittest",
    "pydoc",
    "doctest",
    "pytest",
    "hypothesis",
    "fontTools",
    "setuptools",
    "pkg_resources",
    "distutils",
    "lib2to3",
    "xmlrpc",
    "email",
    "http.server",
    "sqlite3",
    "curses",
    "PIL",
    "IPython",
]

#: pygame_gui's data folder carries ~38 MB of CJK fonts that Cardavia replaces with its own.
PYGAME_GUI_SKIP = ("NotoSansJP", "NotoSansKR", "NotoSansSC", "NotoSansGeorgian", "NotoSansHebrew")


def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"package {name!r} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def data_args() -> list[str]:
    """``--add-data`` pairs for everything the game reads from disk."""
    sep = os.pathsep
    pairs = [(ROOT / "assets", "assets"), (ROOT / "locale", "locale")]
    for font_package in ("fontpkg_noto_sans", "fontpkg_noto_sans_arabic"):
        folder = package_dir(font_package)
        pairs += [
            (path, font_package + "/" + path.parent.relative_to(folder).as_posix())
            for path in folder.rglob("*")
            if path.is_file() and path.suffix != ".pyc"
        ]
    gui = package_dir("pygame_gui") / "data"
    for path in gui.rglob("*"):
        if path.is_file() and path.suffix != ".pyc" and not path.name.startswith(PYGAME_GUI_SKIP):
            target = "pygame_gui/data/" + path.parent.relative_to(gui).as_posix()
            pairs.append((path, target.rstrip("/.")))
    args: list[str] = []
    for source, target in pairs:
        args += ["--add-data", f"{source}{sep}{target}"]
    return args


def build(dist: Path, work: Path) -> Path:
    import PyInstaller.__main__

    name = "cardavia"
    args = [
        str(ROOT / "game" / "__main__.py"),
        "--name",
        name,
        "--onefile",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        "--paths",
        str(ROOT),
        "--collect-submodules",
        "game",
        "--windowed" if sys.platform in ("win32", "darwin") else "--console",
    ]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    args += data_args()
    PyInstaller.__main__.run(args)
    suffix = ".exe" if sys.platform == "win32" else ""
    exe = dist / f"{name}{suffix}"
    if sys.platform == "darwin" and not exe.exists():
        exe = dist / f"{name}.app"
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one file (the default)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller work folder")
    args = parser.parse_args(argv)
    exe = build(args.dist.resolve(), args.work.resolve())
    size = (
        exe.stat().st_size
        if exe.is_file()
        else sum(p.stat().st_size for p in exe.rglob("*") if p.is_file())
    )
    print(f"{exe}  {size / 1_000_000:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
