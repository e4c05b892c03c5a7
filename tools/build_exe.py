#!/usr/bin/env python3
"""Build the standalone Cardavia executable with PyInstaller (tools.md, issue 29).

    python tools/build_exe.py [--onefile] [--dist DIR] [--work DIR]

Runs PyInstaller on ``packaging/cardavia.spec``, which takes its lists from this module, on
the system it is built for (PyInstaller does not cross-compile):

- Linux: ``dist/cardavia`` (one file), with ``dist/cardavia.desktop`` and ``dist/cardavia.png``;
- Windows: ``dist\\cardavia.exe`` (one file, no console, icon and version resource);
- macOS: ``dist/Cardavia.app`` (one folder inside the bundle) and ``dist/Cardavia-macos.zip``.

It bundles ``assets/``, ``locale/``, the font packages, THIRD_PARTY_NOTICES, LICENSE and the
full licence texts (``licenses/``), and leaves out the modules the game never imports and
pygame_gui's fonts the game never loads. Prints the path and the size.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "cardavia.spec"
NAME = "cardavia"
APP_NAME = "Cardavia"

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
    "http.client",
    "http.server",
    "urllib.request",
    "smtplib",
    "ftplib",
    # The game never goes online: no TLS (OpenSSL is ~5 MB); hashlib has built-in fallbacks.
    "ssl",
    "_ssl",
    "_hashlib",
    "curses",
    "PIL",
    "IPython",
    "pygame.examples",
    "pygame.tests",
    "pygame.docs",
    "pygame.camera",
    "pygame._camera_opencv",
    "pygame.midi",
    "pygame.pypm",
]

#: Bundled files (by their path inside the bundle) the game never reads. pygame_gui's own
#: PyInstaller hook adds every font of its data folder (~38 MB of CJK fonts): the game gives
#: pygame_gui its own fonts (game.widgets.gui_text) and only ever uses pygame_gui's default
#: locale, whose fonts are Noto Sans and Fira Code. text.py never uses the italic font.
DROP_DATA = (
    "pygame_gui/data/NotoSansJP-",
    "pygame_gui/data/NotoSansKR-",
    "pygame_gui/data/NotoSansSC-",
    "pygame_gui/data/NotoSansGeorgian-",
    "pygame_gui/data/NotoSansHebrew-",
    "pygame_gui/data/NotoSansArabic-",
    "fontpkg_noto_sans/files/NotoSans-Italic",
    "fontpkg_noto_sans_arabic/files/NotoSansArabic-Italic",
)

#: Distributions whose licence files go into the bundle's licenses/<name>/.
LICENSED = (
    "budoux",
    "pygame_gui",
    "python-i18n",
    "python-bidi",
    "platformdirs",
    "fontpkg-noto-sans",
    "fontpkg-noto-sans-arabic",
    "tomli-w",
)
_LICENCE_WORDS = ("licen", "copying", "authors", "notice")


def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"package {name!r} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def licence_files() -> list[tuple[Path, str]]:
    """(file, folder in the bundle) for every full licence text the bundle must carry."""
    pairs: list[tuple[Path, str]] = [
        (ROOT / "packaging" / "licenses" / "LGPL-2.1.txt", "licenses"),
    ]
    for dist_name in LICENSED:
        dist = importlib.metadata.distribution(dist_name)
        for file in dist.files or []:
            name = Path(str(file)).name.lower()
            if any(word in name for word in _LICENCE_WORDS):
                pairs.append((Path(str(dist.locate_file(file))), f"licenses/{dist_name}"))
    seen: set[tuple[str, str]] = set()
    unique = []
    for source, target in pairs:
        if (source.name, target) not in seen:  # a licence in two places of one package
            seen.add((source.name, target))
            unique.append((source, target))
    pairs = unique
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if not python_licence.is_file():
        python_licence = Path(sys.base_prefix) / "LICENSE.txt"  # Windows installs
    if python_licence.is_file():
        pairs.append((python_licence, "licenses/Python"))
    return pairs


def datas() -> list[tuple[str, str]]:
    """(source, folder in the bundle) for everything the game reads from disk."""
    pairs: list[tuple[Path, str]] = [
        (ROOT / "assets", "assets"),
        (ROOT / "locale", "locale"),
        (ROOT / "THIRD_PARTY_NOTICES", "."),
        (ROOT / "LICENSE", "."),
    ]
    # Each game's title card and challenges beside its modules, where game.paths.games_dir()
    # and the game's solver.py look.
    games = ROOT / "game" / "games"
    cards = sorted([*games.glob("*/preset.toml"), *games.glob("*/puzzles.toml")])
    pairs += [(path, path.parent.relative_to(ROOT).as_posix()) for path in cards]
    # BudouX reads its models beside its module (game.typeset: Japanese phrases).
    pairs.append((package_dir("budoux") / "models" / "ja.json", "budoux/models"))
    for font_package in ("fontpkg_noto_sans", "fontpkg_noto_sans_arabic"):
        folder = package_dir(font_package) / "files"
        pairs += [(path, f"{font_package}/files") for path in sorted(folder.glob("*.[to]tf"))]
    pairs += licence_files()
    return [(str(source), target) for source, target in pairs]


def keep_data(entry_name: str) -> bool:
    """Whether a bundled data file (its path inside the bundle) stays in."""
    name = entry_name.replace("\\", "/")
    return not name.startswith(DROP_DATA) and "__pycache__" not in name


def icon_file() -> str | None:
    """The icon file for this system's executable (tools/make_icon.py writes them)."""
    suffix = {"win32": ".ico", "darwin": ".icns"}.get(sys.platform)
    if suffix is None:
        return None  # Linux executables carry no icon: the .desktop file names one
    return str(ROOT / "assets" / "icons" / f"{NAME}{suffix}")


def version() -> str:
    """The version from game/__init__.py (read, not imported: the build needs no pygame)."""
    for line in (ROOT / "game" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("no __version__ in game/__init__.py")


def version_numbers() -> tuple[int, int, int, int]:
    parts = [int("".join(ch for ch in part if ch.isdigit()) or 0) for part in version().split(".")]
    return tuple((parts + [0, 0, 0, 0])[:4])  # type: ignore[return-value]  # four parts, as sliced


def windows_version_text() -> str:
    """The Windows version resource (file and product version, names) in the text form that
    PyInstaller's ``version=`` reads (its classes import only on Windows, so it is written
    out here)."""
    numbers = version_numbers()
    strings = {
        "CompanyName": "The Cardavia authors",
        "FileDescription": "Cardavia card table",
        "FileVersion": version(),
        "InternalName": NAME,
        "LegalCopyright": "Copyright (c) 2026 The Cardavia authors. MIT licence.",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version(),
    }
    table = ",\n".join(f"        StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers!r}, prodvers={numbers!r}, mask=0x3F, flags=0x0,\n"
        "    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([StringTable('040904B0', [\n"
        f"{table}\n"
        "    ])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])]),\n"
        "  ],\n"
        ")\n"
    )


def windows_version_file(work: Path) -> str:
    path = work / "version_info.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(windows_version_text(), encoding="utf-8")
    return str(path)


def desktop_entry() -> str:
    """The Linux .desktop file put beside the executable."""
    return (
        (ROOT / "packaging" / "linux" / "cardavia.desktop")
        .read_text(encoding="utf-8")
        .replace("@VERSION@", version())
    )


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the main artefact (file, or the macOS zip)."""
    import PyInstaller.__main__

    PyInstaller.__main__.run(
        [
            str(SPEC),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
        ]
    )
    if sys.platform == "darwin":
        bundle = dist / f"{APP_NAME}.app"
        archive = dist / f"{APP_NAME}-macos.zip"
        archive.unlink(missing_ok=True)
        # ditto keeps the bundle's symlinks and attributes (a plain zip would break them).
        subprocess.run(
            ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle), str(archive)],
            check=True,
        )
        return archive
    exe = dist / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    if sys.platform.startswith("linux"):
        (dist / f"{NAME}.desktop").write_text(desktop_entry(), encoding="utf-8")
        shutil.copyfile(ROOT / "assets" / "icons" / f"{NAME}.png", dist / f"{NAME}.png")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--onefile",
        action="store_true",
        help="one file (what Linux and Windows get anyway; macOS always gets an .app bundle)",
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller work folder")
    args = parser.parse_args(argv)
    artefact = build(args.dist.resolve(), args.work.resolve())
    size = (
        artefact.stat().st_size
        if artefact.is_file()
        else sum(p.stat().st_size for p in artefact.rglob("*") if p.is_file())
    )
    print(f"{artefact}  {size / 1_000_000:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
