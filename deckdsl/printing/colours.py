"""Colour arithmetic for print: WCAG 2.x relative luminance and contrast ratio, the nearest colour that
reaches a contrast, and the ink a coloured card's own text takes.  No WeasyPrint: the sheets use it before
layout (`ink_on`), the render lint after (`deckdsl.printing.boxes`)."""

from __future__ import annotations

RGB = tuple[float, float, float]

DARK_INK, LIGHT_INK = "#17171a", "#ffffff"


def rgb(hex_colour: str) -> RGB:
    """`#rrggbb` as (r, g, b), 0–1."""
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def hex_of(colour) -> str:
    """(r, g, b[, a]), 0–1, as `#rrggbb`."""
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


def luminance(colour) -> float:
    """WCAG's relative luminance of (r, g, b), 0–1."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def ratio(one, other) -> float:
    """WCAG's contrast ratio of two colours (r, g, b), 1–21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def nearest(ink: str, ground: str, need: float) -> str:
    """The colour nearest `ink`, mixed towards black or towards white (whichever gets there sooner), that has
    contrast `need` against `ground`."""
    start, behind = rgb(ink), rgb(ground)
    for step in range(1, 101):
        for end in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)):
            mixed = tuple(c + (e - c) * step / 100 for c, e in zip(start, end, strict=True))
            if ratio(mixed, behind) >= need + 0.005:
                return hex_of(mixed)
    return DARK_INK


def ink_on(ground: str, prefer: str | None = None, need: float = 3.0) -> str:
    """The ink a text printed straight on `ground` takes: `prefer` when it reaches `need` there, else dark
    or white, whichever stands out more."""
    if prefer is not None and ratio(rgb(prefer), rgb(ground)) >= need:
        return prefer
    return LIGHT_INK if ratio(rgb(LIGHT_INK), rgb(ground)) > ratio(rgb(DARK_INK), rgb(ground)) else DARK_INK
