"""Print geometry: where each card, its bleed, the crop marks and the backs go on a sheet (millimetres).

Pure arithmetic, shared by the renderer and its tests.  Decisions (explained for users in docs/print.md):

- Cards sit in a grid centred on the page.  By default neighbouring cards share their cut line (gutter 0):
  that is the only way 3×3 poker cards fit on A4 portrait with crop marks outside the cards (3 cards with
  3 mm of bleed each and a 6 mm gutter take 208.5 of the page's 210 mm).  The background still extends
  `bleed` beyond the grid's outer edges; between neighbours it meets the other card's at the shared cut.
  With `gutter >= 2 × bleed` every card gets its full bleed on all sides (fewer cards per sheet).
- Crop marks are drawn in the margin only, outside the outer bleed, in line with every cut; their length
  is `mark_length`, shortened to what the margin allows.
- Backs: the back page mirrors the front so that each back lands behind its face when printed duplex —
  left-right for a flip on the long edge, top-bottom for the short edge — then moves by the calibration
  offset (`back_offset`) for printers whose duplex is off by a few millimetres.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes (width, height) in portrait, mm."""

CARDS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9), "bridge": (57.2, 88.9), "mini": (44.0, 63.0), "tarot": (70.0, 120.0),
}
"""Card sizes (width, height), mm: the trim, without bleed."""

MIN_CARD_MM, MAX_CARD_MM = 20.0, 200.0

_SIZE = re.compile(r"\s*(\d+(?:[.,]\d+)?)\s*[x×]\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*", re.I)


def card_size(text: str) -> tuple[float, float]:
    """A card size by name (`poker`) or as `WxH` in millimetres (`63.5x88.9`); ValueError otherwise."""
    named = CARDS.get(text.strip().casefold())
    if named:
        return named
    match = _SIZE.fullmatch(text)
    if not match:
        raise ValueError(f"card size {text!r}: use {', '.join(CARDS)} or WxH in mm, like 63.5x88.9")
    width, height = (float(group.replace(",", ".")) for group in match.groups())
    for side in (width, height):
        if not MIN_CARD_MM <= side <= MAX_CARD_MM:
            raise ValueError(f"card size {text!r}: each side must be {MIN_CARD_MM:g}–{MAX_CARD_MM:g} mm")
    return width, height


def paper_size(text: str) -> tuple[float, float]:
    """A paper size by name (`a4`, `letter`); ValueError otherwise."""
    try:
        return PAPERS[text.strip().casefold()]
    except KeyError:
        raise ValueError(f"paper {text!r}: use {' or '.join(PAPERS)}") from None


@dataclass(frozen=True)
class Rect:
    """A rectangle on the page: `x`, `y` from the top-left corner, `width`, `height` (mm)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Line:
    """A crop mark from (`x1`, `y1`) to (`x2`, `y2`), mm."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Sheet:
    """One sheet of cards.

    `columns` × `rows` slots, filled row by row.  `trims[i]`: where slot i is cut.  `bleeds[i]`: how far
    its background reaches.  `backs[i]` / `back_bleeds[i]`: the same two for its back, on the back page.
    `marks`: the crop marks (the same on both pages' margins, so the back page carries none).
    """

    paper: tuple[float, float]
    card: tuple[float, float]
    columns: int
    rows: int
    bleed: float
    gutter: float
    trims: tuple[Rect, ...]
    bleeds: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    back_bleeds: tuple[Rect, ...]
    marks: tuple[Line, ...]

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def filled(self, count: int) -> tuple[tuple[Rect, ...], tuple[Line, ...]]:
        """The bleeds and crop marks of a sheet holding only its first `count` slots (the last sheet of
        a deck): a card with an empty slot beside it gets its whole bleed on that side, and the marks
        follow the cards that are there."""
        used = self.trims[:count]
        bleeds = []
        for index, (trim, bleed) in enumerate(zip(used, self.bleeds, strict=False)):
            row, column = divmod(index, self.columns)
            empty_right = column == self.columns - 1 or index + 1 >= count
            empty_below = row == self.rows - 1 or index + self.columns >= count
            right = trim.right + self.bleed if empty_right else bleed.right
            bottom = trim.bottom + self.bleed if empty_below else bleed.bottom
            bleeds.append(Rect(bleed.x, bleed.y, right - bleed.x, bottom - bleed.y))
        length = max((abs(m.x2 - m.x1) + abs(m.y2 - m.y1) for m in self.marks), default=0.0)
        return tuple(bleeds), _marks(self.paper, used, self.columns, self.rows, self.bleed, length)


def sheet(
    paper: tuple[float, float] = PAPERS["a4"],
    card: tuple[float, float] = CARDS["poker"],
    *,
    bleed: float = 3.0,
    gutter: float = 0.0,
    mark_length: float = 5.0,
    flip: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> Sheet:
    """The layout of one sheet; ValueError when not even one card (with its bleed) fits the paper."""
    if bleed < 0 or gutter < 0 or mark_length < 0:
        raise ValueError("bleed, gutter and mark length cannot be negative")
    if flip not in ("long", "short"):
        raise ValueError(f"flip {flip!r}: use long or short")
    page_w, page_h = paper
    card_w, card_h = card
    columns = _fit(page_w, card_w, bleed, gutter)
    rows = _fit(page_h, card_h, bleed, gutter)
    if columns < 1 or rows < 1:
        raise ValueError(
            f"a {card_w:g}×{card_h:g} mm card with {bleed:g} mm of bleed does not fit a "
            f"{page_w:g}×{page_h:g} mm page"
        )
    grid_w = columns * card_w + (columns - 1) * gutter
    grid_h = rows * card_h + (rows - 1) * gutter
    left, top = (page_w - grid_w) / 2, (page_h - grid_h) / 2
    inner = min(bleed, gutter / 2)
    trims, bleeds, backs, back_bleeds = [], [], [], []
    for row in range(rows):
        for column in range(columns):
            trim = Rect(left + column * (card_w + gutter), top + row * (card_h + gutter), card_w, card_h)
            trims.append(trim)
            grow_left = bleed if column == 0 else inner
            grow_right = bleed if column == columns - 1 else inner
            grow_top = bleed if row == 0 else inner
            grow_bottom = bleed if row == rows - 1 else inner
            bleeds.append(Rect(
                trim.x - grow_left, trim.y - grow_top,
                card_w + grow_left + grow_right, card_h + grow_top + grow_bottom,
            ))
            backs.append(mirror(trim, paper, flip, back_offset))
            back_bleeds.append(mirror(bleeds[-1], paper, flip, back_offset))
    marks = _marks(paper, trims, columns, rows, bleed, mark_length)
    return Sheet(
        paper, card, columns, rows, bleed, gutter, tuple(trims), tuple(bleeds), tuple(backs), tuple(back_bleeds),
        marks,
    )


def mirror(rect: Rect, paper: tuple[float, float], flip: str, offset: tuple[float, float]) -> Rect:
    """Where `rect` of the front lands on the back page: mirrored across the flip edge, then offset."""
    x = paper[0] - rect.right if flip == "long" else rect.x
    y = rect.y if flip == "long" else paper[1] - rect.bottom
    return Rect(x + offset[0], y + offset[1], rect.width, rect.height)


def _fit(page: float, card: float, bleed: float, gutter: float) -> int:
    """How many cards fit across `page` with their outer bleed: n·card + (n−1)·gutter + 2·bleed <= page."""
    return max(0, math.floor((page - 2 * bleed + gutter) / (card + gutter) + 1e-9))


def _marks(paper, trims, columns, rows, bleed, length) -> tuple[Line, ...]:
    page_w, page_h = paper
    if not trims or length <= 0:
        return ()
    outer_left = min(r.x for r in trims) - bleed
    outer_right = max(r.right for r in trims) + bleed
    outer_top = min(r.y for r in trims) - bleed
    outer_bottom = max(r.bottom for r in trims) + bleed
    room = min(length, outer_left, page_w - outer_right, outer_top, page_h - outer_bottom)
    if room <= 0:
        return ()
    cuts_x = sorted({round(r.x, 6) for r in trims} | {round(r.right, 6) for r in trims})
    cuts_y = sorted({round(r.y, 6) for r in trims} | {round(r.bottom, 6) for r in trims})
    lines = []
    for x in cuts_x:
        lines.append(Line(x, outer_top - room, x, outer_top))
        lines.append(Line(x, outer_bottom, x, outer_bottom + room))
    for y in cuts_y:
        lines.append(Line(outer_left - room, y, outer_left, y))
        lines.append(Line(outer_right, y, outer_right + room, y))
    return tuple(lines)
