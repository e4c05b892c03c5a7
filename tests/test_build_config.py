"""What tools/build_exe.py gives PyInstaller (issue 29), checked without building."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_exe  # noqa: E402

import game  # noqa: E402


def test_pygame_gui_fonts_the_game_never_loads_are_dropped():
    for name in (
        "pygame_gui/data/NotoSansSC-Bold.otf",
        "pygame_gui/data/NotoSansJP-Regular.otf",
        "pygame_gui/data/NotoSansKR-Regular.ttf",
        "fontpkg_noto_sans/files/NotoSans-Italic[wdth,wght].ttf",
    ):
        assert not build_exe.keep_data(name), name
    # pygame_gui's default locale loads these two when its UIManager starts.
    for name in ("pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/FiraCode-Regular.ttf"):
        assert build_exe.keep_data(name), name


def test_the_bundle_carries_data_folders_notices_and_licence_texts():
    pairs = {
        (Path(source).relative_to(ROOT).as_posix(), target)
        for source, target in build_exe.datas()
        if Path(source).is_relative_to(ROOT)
    }
    assert {("assets", "assets"), ("locale", "locale")} <= pairs
    assert {("THIRD_PARTY_NOTICES", "."), ("LICENSE", ".")} <= pairs
    licences = {target for _, target in build_exe.licence_files()}
    assert {"licenses", "licenses/python-bidi", "licenses/pygame_gui"} <= licences
    names = {Path(source).name for source, _ in build_exe.licence_files()}
    assert {"LGPL-2.1.txt", "COPYING.LESSER"} <= names


def test_windows_version_resource_and_linux_desktop_entry():
    assert build_exe.version() == game.__version__
    text = build_exe.windows_version_text()
    ast.parse(text)  # PyInstaller evaluates it on Windows
    assert repr(build_exe.version_numbers()) in text and f"'{game.__version__}'" in text
    entry = build_exe.desktop_entry().splitlines()
    assert entry[0] == "[Desktop Entry]"
    fields = dict(line.split("=", 1) for line in entry[1:] if "=" in line)
    assert fields["Exec"] == "cardavia" and fields["Icon"] == "cardavia"
    assert fields["Type"] == "Application" and "Game;" in fields["Categories"]
    assert (ROOT / "assets" / "icons" / "cardavia.ico").is_file()
