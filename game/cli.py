"""The command line: its flags, and every word of ``--help`` and of its errors from the locale.

The words are in the language of ``--lang`` when it stands before ``--help`` (or is the only
language given), else the language saved in the settings, else the system's language (English
when there is no catalog for it). Codes (languages, presets), flag names and the program name
stay as they are typed.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from game import i18n
from game.storage import MAX_SEED

HELP_FLAGS = ("-h", "--help")


def catalog_codes() -> list[str]:
    """The language codes that have a catalog (``locale/<code>.toml``), in menu order."""
    from game.paths import locale_dir

    codes = [path.stem for path in locale_dir().glob("*.toml")]
    order = {code: index for index, code in enumerate(i18n.LANGUAGES)}
    return sorted(codes, key=lambda code: (order.get(code, len(order)), code))


def preset_codes() -> list[str]:
    """The preset names: the game folders that have a title card (``preset.toml``)."""
    from game.paths import preset_files

    return sorted(path.parent.name for path in preset_files())


#: The largest window side accepted (game.settings.MAX_WINDOW_SIDE, the remembered window's).
MAX_WINDOW_SIDE = 8192


def window_size(text_value: str) -> tuple[int, int]:
    """``WxH`` as a window size (argparse type); a localized message when it is not one."""
    found = re.fullmatch(r"([0-9]{1,64})x([0-9]{1,64})", text_value.lower())
    if found is None:  # ASCII digits only, as for every number of the command line
        raise argparse.ArgumentTypeError(i18n.tr("cli.bad_size", value=text_value[:40]))
    width, height = int(found[1]), int(found[2])
    if width <= 0 or height <= 0:  # a small window is raised to the smallest one (game.app)
        raise argparse.ArgumentTypeError(i18n.tr("cli.positive_size", value=text_value))
    if width > MAX_WINDOW_SIDE or height > MAX_WINDOW_SIDE:
        message = i18n.tr("cli.too_large_size", limit=str(MAX_WINDOW_SIDE), value=text_value[:40])
        raise argparse.ArgumentTypeError(message)
    return width, height


#: A whole number as the command line takes it: ASCII digits only, as deal files do ("١٢", "²"
#: and "1_000" are no numbers), and no more digits than the largest value allowed has.
_WHOLE = re.compile(r"[+-]?[0-9]{1,19}")
#: The largest ``--frames`` (two days at 60 frames a second) and ``--max-fps``: anything more
#: is a typing slip that would never end.
MAX_FRAMES = 10_000_000
MAX_FPS = 1000


def whole_number(text_value: str, low: int = -MAX_SEED, high: int = MAX_SEED) -> int:
    """An integer flag's value from ``low`` to ``high`` (argparse type), with a localized
    message; by default a seed (:data:`game.storage.MAX_SEED`, what every reader accepts)."""
    shown = text_value[:40]
    if not _WHOLE.fullmatch(text_value):
        raise argparse.ArgumentTypeError(i18n.tr("cli.bad_number", value=shown))
    value = int(text_value)
    if value < 0 <= low:
        raise argparse.ArgumentTypeError(i18n.tr("cli.not_negative", value=shown))
    if not low <= value <= high:
        message = i18n.tr("cli.out_of_range", low=str(low), high=str(high), value=shown)
        raise argparse.ArgumentTypeError(message)
    return value


def frames(text_value: str) -> int:
    """``--frames``: 0 (no limit) up to :data:`MAX_FRAMES`."""
    return whole_number(text_value, 0, MAX_FRAMES)


def frame_cap(text_value: str) -> int:
    """``--max-fps``: 0 (uncapped) up to :data:`MAX_FPS`."""
    return whole_number(text_value, 0, MAX_FPS)


def file_path(text_value: str) -> Path:
    """A path flag's value: not empty (whether it can be written is known only when writing)."""
    if not text_value.strip():
        raise argparse.ArgumentTypeError(i18n.tr("cli.empty_path"))
    return Path(text_value)


def language_code(text_value: str) -> str:
    """A ``--lang`` value that has a catalog (argparse type)."""
    codes = catalog_codes()
    if text_value not in codes:
        raise argparse.ArgumentTypeError(
            i18n.tr("cli.bad_language", value=text_value, codes=", ".join(codes))
        )
    return text_value


def words_language(argv: list[str]) -> str:
    """The language of the command line's words (see the module docstring)."""
    ending = len(argv)
    for flag in HELP_FLAGS:
        if flag in argv:
            ending = min(ending, argv.index(flag))
    for index, word in enumerate(argv[:ending]):
        if word == "--lang" and index + 1 < ending:
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return saved_language() or i18n.system_language()


def saved_language() -> str | None:
    """The language in the settings file, read without touching the file (the app's own load
    sets a bad file aside and tells the player); None when there is none."""
    from game import settings, storage

    try:
        raw = storage.read_capped(settings.default_path(), storage.SETTINGS_MAX_BYTES)
        value = tomllib.loads(raw.decode("utf-8")).get("language") if raw else None
    except (OSError, ValueError, RecursionError, storage.BadFileError):
        return None
    return value if value in i18n.LANGUAGES else None


class _Formatter(argparse.HelpFormatter):
    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, prefix or i18n.tr("cli.usage") + " ")


class Parser(argparse.ArgumentParser):
    """argparse with the locale's words for what argparse itself writes."""

    def error(self, message: str) -> NoReturn:
        # A flag's own message (localized by its type) follows the flag's name.
        message = re.sub(r"^argument (\S+): ", r"\1: ", message)
        self.print_usage(sys.stderr)
        self.exit(2, i18n.tr("cli.error", prog=self.prog, message=message) + "\n")


def build_parser() -> Parser:
    """The parser, its words in the current language."""
    from game import __version__

    tr = i18n.tr
    parser = Parser(
        prog="cardavia",
        description=tr("cli.description"),
        add_help=False,
        formatter_class=_Formatter,
    )
    parser._optionals.title = tr("cli.options")
    parser.add_argument("-h", "--help", action="help", help=tr("cli.help_help"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=tr("cli.help_version"),
    )
    parser.add_argument(
        "--preset",
        metavar=tr("cli.metavar_name"),
        help=tr("cli.help_preset", codes=", ".join(preset_codes())),
    )
    parser.add_argument(
        "--lang",
        metavar=tr("cli.metavar_code"),
        type=language_code,
        help=tr("cli.help_lang", codes=", ".join(catalog_codes())),
    )
    parser.add_argument(
        "--windowed", metavar=tr("cli.metavar_size"), type=window_size, help=tr("cli.help_windowed")
    )
    number = tr("cli.metavar_number")
    parser.add_argument(
        "--seed", type=whole_number, default=None, metavar=number, help=tr("cli.help_seed")
    )
    parser.add_argument("--autoplay", action="store_true", help=tr("cli.help_autoplay"))
    parser.add_argument(
        "--frames", type=frames, default=0, metavar=number, help=tr("cli.help_frames")
    )
    parser.add_argument(
        "--screenshot",
        metavar=tr("cli.metavar_path"),
        type=file_path,
        help=tr("cli.help_screenshot"),
    )
    parser.add_argument(
        "--max-fps", type=frame_cap, default=60, metavar=number, help=tr("cli.help_max_fps")
    )
    parser.add_argument("--stats", action="store_true", help=tr("cli.help_stats"))
    return parser


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The flags of ``argv`` (``sys.argv[1:]`` when None); ``--help`` and errors exit."""
    words = list(sys.argv[1:] if argv is None else argv)
    before = i18n.language()
    i18n.set_language(words_language(words))
    try:
        return build_parser().parse_args(words)
    finally:
        i18n.set_language(before)
