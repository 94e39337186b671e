"""The characters' colours stay apart for colour-blind players (docs/accessibility.md, "Colour").

Each colour is turned into what a person with protanopia, deuteranopia or tritanopia
sees, by the matrices of Machado, Oliveira and Fernandes (2009, "A Physiologically-based
Model for Simulation of Color Vision Deficiency", severity 1.0: the whole deficiency),
applied to linear RGB as the paper does. Every pair of character colours must then stay
at least `APART` apart in CIEDE2000 (computed here, checked against Sharma, Wu and
Dalal's published test pairs), for normal vision too.

Why 10: a CIEDE2000 difference of about 1 is the least a viewer notices between two large
patches side by side; a character is one bold glyph in a terminal cell, read at a glance
across a pier, so it needs far more. Ten is the difference of a clearly different shade
(orange beside vermilion under normal vision is about 13). The old colours (gold, blue,
red, brown) came to 0.5 for the Lovers' red and the Fisher's brown under deuteranopia:
one colour to a deuteranope. The Okabe–Ito colours chosen measure at least 13.9.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from rich.color import Color
from textual.theme import BUILTIN_THEMES

from pier18.render.style import LAND, SEA, STYLES

#: Machado et al. (2009), severity 1.0, for linear RGB.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ["normal", *MACHADO]

#: The least CIEDE2000 difference between two character colours, in every vision.
APART = 10.0
#: WCAG's contrast for normal text (AA) against the screen's background.
CONTRAST = 4.5

Linear = tuple[float, float, float]
Lab = tuple[float, float, float]


def linear(colour: str) -> Linear:
    """sRGB (a colour as rich parses it) to linear RGB, 0..1."""
    triplet = Color.parse(colour).get_truecolor()

    def one(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return one(triplet.red), one(triplet.green), one(triplet.blue)


def seen(rgb: Linear, vision: str) -> Linear:
    """What a person with `vision` sees of a linear RGB colour (clipped to the gamut)."""
    if vision == "normal":
        return rgb
    matrix = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in matrix)  # type: ignore[return-value]


def lab(rgb: Linear) -> Lab:
    """Linear sRGB to CIELAB (D65)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_big_h / s_h) ** 2 + r_t * (dc / s_c) * (d_big_h / s_h))


def difference(one: str, two: str, vision: str) -> float:
    return ciede2000(lab(seen(linear(one), vision)), lab(seen(linear(two), vision)))


@pytest.mark.parametrize(
    ("one", "two", "expected"),
    [  # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_gives_the_published_differences(one, two, expected):
    assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)


def test_no_deficiency_matrix_changes_grey():
    """Each Machado matrix keeps white white (its rows sum to 1): greys stay grey."""
    for matrix in MACHADO.values():
        assert [round(sum(row), 5) for row in matrix] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_characters_stays_apart(vision):
    for (one, a), (two, b) in combinations(STYLES.items(), 2):
        apart = difference(a.colour, b.colour, vision)
        assert apart >= APART, f"{one.name} and {two.name} under {vision}: ΔE00 {apart:.1f} < {APART}"


@pytest.mark.parametrize("vision", VISIONS)
def test_the_sea_end_and_the_land_end_stay_apart(vision):
    sea, land = SEA.color, LAND.color
    assert sea is not None and land is not None
    assert difference(sea.name, land.name, vision) >= APART


def contrast(one: str, two: str) -> float:
    """WCAG 2 contrast ratio."""

    def luminance(colour: str) -> float:
        r, g, b = linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_character_reads_on_the_game_background():
    """The glyphs are drawn on the default theme's background (textual-dark)."""
    background = BUILTIN_THEMES["textual-dark"].to_color_system().generate()["background"]
    for look in STYLES.values():
        assert contrast(look.colour, background) >= CONTRAST, (look.character, contrast(look.colour, background))
