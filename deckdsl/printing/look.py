"""The CSS of a deck's `print` block (`deckdsl.check.style.Style`): what the shipped designs draw differently
when the deck says so — its font, the frame of its boxes, its backs.  Colours and rarity marks are given to
the templates card by card (`deckdsl.printing.render`).

Every value in this CSS was checked when the deck was read (`deckdsl.check.style`): colours are `#rrggbb`,
files are paths inside the deck's folder written as percent-encoded `file:` URLs, words are from fixed
lists — so nothing a deck writes can close the `<style>` element or reach outside its folder.
"""

from __future__ import annotations

from markupsafe import Markup

from ..check.style import Style

_PATTERN = "rgba(255,255,255,.16)"
"""The colour of a back's pattern, over any ground colour."""

BACK_PATTERNS = {
    "dots": f"radial-gradient({_PATTERN} 22%, transparent 24%); background-size: 4mm 4mm",
    "lines": f"repeating-linear-gradient(0deg, {_PATTERN}, {_PATTERN} 0.5mm, transparent 0.5mm, transparent 3mm)",
    "plain": "none",
}
"""How each `back_pattern` but the default (`checks`, the designs' own) is drawn."""


def css(look: Style) -> Markup:
    """The rules the `print` block adds after the design's own (a theme's `style` block comes after)."""
    rules = []
    if look.font is not None:
        rules.append(f'@font-face {{ font-family: "Deck Own"; src: url("{look.font.as_uri()}"); }}')
        rules.append('html, body, .name, .value, .text { font-family: "Deck Own", "Deck Sans"; }')
    if look.frame == "square":
        rules.append(".card > .art, .text, .band, .back-frame { border-radius: 0; }")
    elif look.frame == "none":
        rules.append(".card > .art, .band { border-radius: 0; } .text { background: none; padding: 1mm 0; } "
                     ".on-dark .text, .on-dark .flavor { color: #fff; } .on-dark .inline-icon { background: #fff; "
                     "border-radius: 50%; }")
    if look.back_image is not None:
        rules.append(f'.back {{ background-image: url("{look.back_image.as_uri()}") !important; '
                     "background-size: cover !important; background-position: center !important; }")
        rules.append(".back span, .back-frame { display: none; }")
    elif look.back_pattern in BACK_PATTERNS:
        pattern = BACK_PATTERNS[look.back_pattern].replace("; background-size:", " !important; background-size:")
        rules.append(f".back {{ background-image: {pattern} !important; background-position: 0 0 !important; }}")
    return Markup("\n".join(rules))
