"""Make the browser seat's symbol font: `src/pier18/net/web_pages/symbols.woff2` and
`symbols.css` (docs/web.md, "What the page is").

The page's terminal (xterm.js) draws text in Roboto Mono, which has no ★ ✎ ♥ ⚓, no
arrows, no box drawing: for those a browser takes whatever font the player's computer
has, often one whose glyphs are wider than a cell (an emoji anchor two cells wide),
and the pier's borders no longer line up. This font gives each of those characters a
glyph exactly one Roboto Mono cell wide, so the page draws them alike everywhere.

The glyphs are DejaVu Sans Mono's, the blocks below, made exactly as wide as a Roboto
Mono cell (bold is drawn from them by the browser, as it draws Roboto Mono's); the
control pictures (␛ for ESC, the stand-ins `engine.text.printable` draws for control
characters) are made here from DejaVu Sans Mono's capitals, small and on a diagonal, as
those pictures are drawn. DejaVu's licence allows this provided the font has another
name and carries the licence: it is "Pier18 Symbols", and `symbols-LICENSE.txt` beside
it is DejaVu's.

Not run by the game or the tests; run it again (with fonttools and brotli installed,
and DejaVu's fonts: Debian's fonts-dejavu-core) when the blocks change:

    python scripts/symbol_font.py [DEJAVU_FOLDER]
"""

from __future__ import annotations

import sys
import unicodedata
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from fontTools.fontBuilder import FontBuilder
from fontTools.misc.timeTools import timestampFromString
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parents[1] / "src" / "pier18" / "net" / "web_pages"
FAMILY = "Pier18 Symbols"

#: The blocks taken from DejaVu Sans Mono (every character of them it has).
BLOCKS = (
    (0x2190, 0x21FF),  # arrows: ← → ↑ ↓ (keys)
    (0x2300, 0x23FF),  # technical: ⏎ (Enter)
    (0x2400, 0x2426),  # control pictures: ␛ ␀ ␡ (control characters in a name)
    (0x2500, 0x257F),  # box drawing: the piers' and the panels' frames, ═ the planks
    (0x2580, 0x259F),  # blocks: ▀ the land, the scroll bars
    (0x25A0, 0x25FF),  # geometric shapes: ▶ ▼
    (0x2600, 0x26FF),  # symbols: ★ ♥ ⚓
    (0x2700, 0x27BF),  # dingbats: ✎ ✔ ✘
)

#: The font's line, above and below the baseline (in 2048ths of an em): 1.13 em, a usual
#: terminal's. The page loads this font before its terminal measures its cells, and the
#: terminal's rows are then as tall as this line (Roboto Mono's own, 1.32 em, would make
#: them a sixth taller than the page has always had them, and many a laptop's window too
#: small for the game).
LINE = (1705, -615)

#: The control pictures' letters (U+2400 + code; U+2421 is DEL).
CONTROLS = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
    "FS GS RS US SP"
).split() + ["DEL"]


def roboto_mono() -> TTFont:
    spec = find_spec("textual_serve")
    assert spec is not None and spec.submodule_search_locations, "textual-serve is not installed"
    folder = Path(list(spec.submodule_search_locations)[0]) / "static" / "fonts"
    return TTFont(folder / "RobotoMono-VariableFont_wght.ttf")


def draw(glyphs: Any, name: str, pen: TTGlyphPen, transform: tuple[float, ...]) -> None:
    """Glyph `name`'s outlines (its components' too) through `transform` into `pen`."""
    outline = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(outline)
    outline.replay(TransformPen(pen, transform))


def control_picture(source: TTFont, letters: str, cell: int, pen: TTGlyphPen) -> None:
    """`letters` small, from the top left to the baseline at the right, in one cell."""
    glyphs, cmap = source.getGlyphSet(), source.getBestCmap()
    advance = source["hmtx"][cmap[ord("A")]][0]
    glyphs["H"].draw(bounds := BoundsPen(glyphs))
    assert bounds.bounds is not None
    cap = bounds.bounds[3]  # the capitals' height
    scale = 0.5 if len(letters) <= 2 else 0.4
    for i, letter in enumerate(letters):
        step = (len(letters) - 1) or 1
        x = i * (cell - advance * scale) / step
        y = (len(letters) - 1 - i) * (cap - cap * scale) / step
        draw(glyphs, cmap[ord(letter)], pen, (scale, 0, 0, scale, x, y))


def build(source_path: Path, cell: int, upem: int, ascent: int, descent: int) -> tuple[Path, list[int]]:
    source = TTFont(source_path)
    assert source["head"].unitsPerEm == upem, "DejaVu and Roboto Mono have different units"
    glyphs, cmap = source.getGlyphSet(), source.getBestCmap()
    order, chars, outlines, metrics = [".notdef"], {}, {}, {}
    empty = TTGlyphPen(None)
    outlines[".notdef"], metrics[".notdef"] = empty.glyph(), (cell, 0)
    for first, last in BLOCKS:
        for point in range(first, last + 1):
            pen = TTGlyphPen(None)
            if point in cmap:
                name = cmap[point]
                width = source["hmtx"][name][0]
                if 0x2500 <= point <= 0x259F:  # frames and blocks fill the line, as DejaVu's fill its own
                    low, high = source["hhea"].descent, source["hhea"].ascent
                    tall = (ascent - descent) / (high - low)
                    draw(glyphs, name, pen, (cell / width, 0, 0, tall, 0, descent - low * tall))
                else:
                    draw(glyphs, name, pen, (cell / width, 0, 0, 1, 0, 0))
            elif 0x2400 <= point < 0x2400 + len(CONTROLS):
                control_picture(source, CONTROLS[point - 0x2400], cell, pen)
            else:
                continue
            glyph = f"uni{point:04X}"
            order.append(glyph)
            chars[point] = glyph
            outlines[glyph] = pen.glyph()
            outlines[glyph].recalcBounds(outlines)  # type: ignore[arg-type]
            metrics[glyph] = (cell, getattr(outlines[glyph], "xMin", 0))
    font = FontBuilder(upem, isTTF=True)
    font.setupGlyphOrder(order)
    font.setupCharacterMap(chars)
    font.setupGlyf(outlines)
    font.setupHorizontalMetrics(metrics)
    font.setupHorizontalHeader(ascent=ascent, descent=descent)
    font.setupNameTable({
        "familyName": FAMILY, "styleName": "Regular", "uniqueFontIdentifier": f"{FAMILY} Regular",
        "fullName": f"{FAMILY} Regular", "psName": "Pier18Symbols-Regular",
        "copyright": "Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. DejaVu changes are in public domain.",
        "licenseDescription": "Bitstream Vera licence, as DejaVu's: see symbols-LICENSE.txt",
    })
    font.setupOS2(
        sTypoAscender=ascent, sTypoDescender=descent, usWinAscent=ascent, usWinDescent=-descent,
        usWeightClass=400, fsSelection=0x40, xAvgCharWidth=cell,
    )
    font.setupPost()
    made = timestampFromString("Mon Dec  1 00:00:00 2025")  # fixed: the same bytes every time
    font.setupHead(unitsPerEm=upem, created=made, modified=made)
    font.font.flavor = "woff2"  # a third of the size (needs brotli)
    out = OUT / "symbols.woff2"
    font.save(out)
    return out, sorted(chars)


def ranges(points: list[int]) -> str:
    """A CSS unicode-range for `points`."""
    parts: list[str] = []
    start = prev = points[0]
    for point in [*points[1:], None]:
        if point is not None and point == prev + 1:
            prev = point
            continue
        parts.append(f"U+{start:X}" if start == prev else f"U+{start:X}-{prev:X}")
        if point is not None:
            start = prev = point
    return ", ".join(parts)


CSS = """/* Made by scripts/symbol_font.py: the symbols Roboto Mono lacks, one cell wide each,
   as faces of the family the terminal draws in, declared after its own (so these win)
   and described exactly as they are (the page's Roboto Mono faces: normal and italic,
   no weight): a browser combines only faces with the same descriptors, and would take
   a face of another weight alone, drawing every letter in another font. */
@font-face {{
  font-family: "Roboto Mono";
  src: url("/page/symbols.woff2") format("woff2");
  font-style: normal;
  unicode-range: {ranges};
}}
@font-face {{
  font-family: "Roboto Mono";
  src: url("/page/symbols.woff2") format("woff2");
  font-style: italic;
  unicode-range: {ranges};
}}
"""


def main(argv: list[str]) -> int:
    dejavu = Path(argv[0]) if argv else Path("/usr/share/fonts/truetype/dejavu")
    roboto = roboto_mono()
    cell = roboto["hmtx"][roboto.getBestCmap()[ord("M")]][0]
    upem, (ascent, descent) = roboto["head"].unitsPerEm, LINE
    _, regular = build(dejavu / "DejaVuSansMono.ttf", cell, upem, ascent, descent)
    (OUT / "symbols.css").write_text(CSS.format(ranges=ranges(regular)), encoding="utf-8")
    print(f"{len(regular)} glyphs, each {cell}/{upem} em wide")
    missing = [f"{chr(p)} {unicodedata.name(chr(p), '?')}" for p in (0x2605, 0x270E, 0x2665, 0x2693) if p not in regular]
    if missing:
        print("missing:", ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
