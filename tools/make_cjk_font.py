"""Build the CJK font subsets the game ships: assets/fonts/CardaviaCJK<region>-Regular.otf.

Usage: ``python tools/make_cjk_font.py [--region sc|tc|jp|kr|all] [--source FONT] [--out PATH]
[--list]``

One subset per region's glyph shapes: ``sc`` Simplified Chinese (the default CJK font, and the
fallback of every language), ``tc`` Traditional Chinese, ``jp`` Japanese, ``kr`` Korean; a
language names its own in its catalog header (``font``). Each keeps every CJK character any
catalog uses (so the language menu's names draw in every font) and the common characters of its
region: GB 2312 level 1 (sc), Big5 level 1 (tc), JIS X 0208 level 1 and the kana (jp), the
2,350 Hangul syllables of KS X 1001 (kr).

Re-run it whenever the catalogs change (``tools/i18n_check.py`` reports characters the subset
lacks). It keeps, from Noto Sans CJK:

* every character the catalogs ``locale/*.toml`` use that Noto Sans / Noto Sans Arabic lack
  or that is Han, kana or CJK punctuation (so Han in any catalog, e.g. ``中文`` in the language
  menu);
* printable ASCII, full-width forms, CJK punctuation and general punctuation the Chinese
  catalog may come to use, and the card suits ♠♥♦♣♤♡♢♧ (no other font of ours has them);
* the 3,755 common hanzi of GB 2312 level 1 (taken from Python's own ``gb2312`` codec), so
  that most edits of the Chinese catalog need no rebuild (``--catalog-only`` leaves them out:
  ~130 KB instead of ~1 MB).

The source is the full font of the PyPI package ``cvttf-notosanscjk-regular`` (a development
dependency only). That package ships the Traditional Chinese cut (NotoSansCJKtc); its glyph set
holds the Simplified Chinese forms too, reached through the ``locl`` feature for the ``ZHS``
language. The tool applies those substitutions to the character map before subsetting, so the
subset shows mainland (SC) forms without any language tag at run time. The family is renamed
(a modified version), and the timestamp is kept so that the same catalogs give the same file.
Licence: SIL OFL 1.1 (assets/fonts/OFL-NotoSansCJK.txt).
"""

from __future__ import annotations

import argparse
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FONTS = ROOT / "assets" / "fonts"
DEFAULT_OUT = FONTS / "CardaviaCJKsc-Regular.otf"
FAMILY = "Cardavia CJK SC"
# Always kept, whatever the catalogs say today: ASCII, CJK and general punctuation, full-width
# forms, the suits.
BASE_RANGES: tuple[tuple[int, int], ...] = (
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x2010, 0x2027),
    (0x2030, 0x203A),
    (0x2190, 0x2193),
    (0x2660, 0x2667),
    (0x3000, 0x301F),
    (0xFF01, 0xFF5E),
)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def catalog_characters(locale_dir: Path) -> set[str]:
    """Every character used by the values of every catalog in ``locale_dir``."""
    chars: set[str] = set()
    for path in sorted(locale_dir.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            print(f"warning: {path.name} skipped ({error})", file=sys.stderr)
            continue
        for text in _strings(data):
            chars.update(text)
    return chars


def common_hanzi() -> set[str]:
    """GB 2312 level 1: the 3,755 most common simplified characters (rows 16–55)."""
    chars: set[str] = set()
    for high in range(0xB0, 0xD8):
        for low in range(0xA1, 0xFF):
            try:
                chars.add(bytes((high, low)).decode("gb2312"))
            except UnicodeDecodeError:  # the few empty cells at the end of row 55
                continue
    return chars


def _decoded(codec: str, highs: range, lows: range) -> set[str]:
    """The characters of a double-byte code's cells ``highs`` × ``lows`` (empty cells left out)."""
    chars: set[str] = set()
    for high in highs:
        for low in lows:
            try:
                chars.add(bytes((high, low)).decode(codec))
            except UnicodeDecodeError:
                continue
    return chars


def common_traditional() -> set[str]:
    """Big5 level 1: the 5,401 frequent traditional characters (0xA440-0xC67E)."""
    return {c for c in _decoded("big5", range(0xA4, 0xC7), range(0x40, 0xFF)) if c.isprintable()}


def common_japanese() -> set[str]:
    """JIS X 0208: hiragana, katakana and the 2,965 level 1 kanji (rows 16-47)."""
    return _decoded("euc_jp", range(0xA4, 0xA6), range(0xA1, 0xFF)) | _decoded(
        "euc_jp", range(0xB0, 0xD0), range(0xA1, 0xFF)
    )


def common_korean() -> set[str]:
    """KS X 1001: the 2,350 Hangul syllables."""
    return _decoded("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))


#: Region -> (the ``locl`` language tag whose forms it takes, its family name, common set).
REGIONS = {
    "sc": ("ZHS ", "Cardavia CJK SC", common_hanzi),
    "tc": ("ZHT ", "Cardavia CJK TC", common_traditional),
    "jp": ("JAN ", "Cardavia CJK JP", common_japanese),
    "kr": ("KOR ", "Cardavia CJK KR", common_korean),
}


def wanted_characters(locale_dir: Path, *, common: bool = True, region: str = "sc") -> set[str]:
    """The characters the subset of ``region`` must carry."""
    from game import text

    chars = {chr(cp) for lo, hi in BASE_RANGES for cp in range(lo, hi + 1)}
    if common:
        chars |= REGIONS[region][2]()
    for ch in catalog_characters(locale_dir):
        if ch.isspace() or ch in "\u200c\u200d":
            continue
        if text.script_kind(ch) == "cjk" or not (
            text.covers("latin", ch) or text.covers("arabic", ch)
        ):
            chars.add(ch)
    return chars


def source_font() -> Path:
    try:
        import cvttf_NotoSansCJK_Regular as package
    except ImportError as error:
        raise SystemExit(
            "the full font is missing: .venv/bin/pip install cvttf-notosanscjk-regular "
            "(or pass --source FONT)"
        ) from error
    return Path(package.get_TTF_path())


def _locl(font: Any, tag: str = "ZHS ") -> dict[str, str]:  # a fontTools TTFont
    """Glyph substitutions of the ``locl`` feature for the language ``tag`` (``ZHS`` …)."""
    gsub = font["GSUB"].table
    lookups: set[int] = set()
    for record in gsub.ScriptList.ScriptRecord:
        for lang in record.Script.LangSysRecord:
            if lang.LangSysTag != tag:
                continue
            for index in lang.LangSys.FeatureIndex:
                feature = gsub.FeatureList.FeatureRecord[index]
                if feature.FeatureTag == "locl":
                    lookups.update(feature.Feature.LookupListIndex)
    mapping: dict[str, str] = {}
    for index in sorted(lookups):
        lookup = gsub.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            if lookup.LookupType == 7:
                sub = sub.ExtSubTable
            for src, dst in getattr(sub, "mapping", {}).items():
                mapping.setdefault(src, dst)
    return mapping


def build(source: Path, out: Path, chars: set[str], region: str = "sc") -> tuple[int, int]:
    """Write the subset; returns (characters kept, file size in bytes)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    tag, family, _common = REGIONS[region]
    name = f"CardaviaCJK{region}-Regular"
    font = TTFont(str(source), recalcTimestamp=False)
    best = font.getBestCmap()
    locl = _locl(font, tag)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap = {cp: locl.get(g, g) for cp, g in table.cmap.items()}
    unicodes = sorted(ord(ch) for ch in chars if ord(ch) in best)
    options = subset.Options()
    options.layout_features = ["kern", "ccmp", "liga"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            record.string = family if record.nameID != 4 else family + " Regular"
        elif record.nameID in (3, 6):
            record.string = name
    # The CFF table carries its own names too.
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [name]
        top = cff.topDictIndex[0]
        for attr in ("FamilyName", "FullName"):
            if hasattr(top, attr):
                setattr(top, attr, family if attr == "FamilyName" else family + " Regular")
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return len(unicodes), out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--region", choices=[*REGIONS, "all"], default="all")
    parser.add_argument("--source", type=Path, help="full Noto Sans CJK font (OTF)")
    parser.add_argument("--out", type=Path, help="the subset's file (one region only)")
    parser.add_argument("--locale", type=Path, default=ROOT / "locale")
    parser.add_argument("--list", action="store_true", help="print the characters and stop")
    parser.add_argument(
        "--catalog-only", action="store_true", help="leave out the region's common characters"
    )
    args = parser.parse_args(argv)
    regions = list(REGIONS) if args.region == "all" else [args.region]
    if args.out is not None and len(regions) > 1:
        parser.error("--out needs one --region")
    for region in regions:
        chars = wanted_characters(args.locale, common=not args.catalog_only, region=region)
        if args.list:
            print("".join(sorted(chars)))
            continue
        out = args.out or FONTS / f"CardaviaCJK{region}-Regular.otf"
        kept, size = build(args.source or source_font(), out, chars, region)
        where = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
        print(f"{where}: {kept} characters, {size / 1024:.0f} KB")
        if kept == 0:
            print("no character found in the source font", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
