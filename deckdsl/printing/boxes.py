"""The render lint: what the laid-out cards really show, read from WeasyPrint's boxes after layout (never
estimated from the text's length).

- **DK311** a part of a card drawn over another part (a type icon over the rules text), or spilling out
  of the frame it belongs in (the drawn art out of a shrunken art frame);
- **DK312** an art frame squeezed below `ART_MINIMUM` of the card's height by the text under it;
- **DK313** a text, or an icon, whose contrast against what is painted behind it is below WCAG 2.x AA:
  4.5:1 for body text, 3:1 for titles (the card's name and value, corner indices, bands — and any text
  WCAG counts as large) and for icons (WCAG's non-text contrast).

A card's parts are the elements of the designs with a class `PARTS` knows: the shipped templates' and so
every theme's, since a theme overrides the templates' style and blocks but names its parts the same way.
What is behind a text is every box painted before it whose border box holds the text's centre, composited
over the white paper: each background colour with its opacity, and each colour stop of a gradient (the
worst of them counts: a text over a striped pattern is read over its darkest and its lightest stripe).  A
text over a picture is not judged: its pixels are not read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..check import lists
from ..diagnostics import Diagnostic, Label
from ..said import said
from ..span import Span
from . import colours

ART_MINIMUM = 1 / 3
"""The least height of an art frame, as a share of the card's height: below it the picture no longer reads as
one (a poker card's frame keeps at least 29.6 mm; the standard deck's are 50 mm and more)."""

TOLERANCE = 0.3 * 96 / 25.4
"""How far (0.3 mm, in CSS px) two boxes may touch before they count as overlapping: a hairline of anti-aliasing."""

BODY, TITLE = 4.5, 3.0
"""WCAG 2.x AA: the least contrast of body text, and of titles, large text and icons."""

TITLES = frozenset({"name", "value", "rarity", "corner", "pip", "cname", "band", "ref-title", "back-title",
                    "back-label", "back-symbols", "back"})
"""Parts held to the titles' 3:1."""

ICON_PARTS = frozenset({"icon", "inline-icon"})
"""Drawn icons whose contrast is judged (the drawn art is not a sign to read)."""

PARTS = ("head", "icon", "name", "value", "meta", "art", "scene", "rarity", "text", "flavor", "label",
         "inline-icon", "small", "corner", "panel", "band", "pip", "cname", "stats", "ctext", "ref-title",
         "ref-head", "ref-lines", "ref-note", "ref-table", "back-frame", "back-title", "back-label",
         "back-symbols", "back", "summary")
"""The classes that name a card's parts in the shipped designs (and so in every theme)."""

_OVERLAPPING = frozenset(PARTS) - {"flavor", "label", "inline-icon", "back", "summary", "panel", "back-frame", "scene"}
"""Parts whose boxes must not lie over one another (a frame and what it holds are not such a pair, nor the
drawn art and the rarity sign set on it)."""


def part_name(part: str) -> str:
    """What a designer calls the part (its class `part`)."""
    match part:
        case "head":
            return said("print-part-head", "the title line")
        case "icon":
            return said("print-part-icon", "the type icon")
        case "name" | "cname":
            return said("print-part-name", "the name")
        case "value":
            return said("print-part-value", "the value")
        case "meta":
            return said("print-part-meta", "the type line")
        case "art":
            return said("print-part-art", "the art frame")
        case "scene":
            return said("print-part-scene", "the drawn art")
        case "rarity":
            return said("print-part-rarity", "the rarity sign")
        case "text" | "ctext":
            return said("print-part-text", "the rules text")
        case "flavor":
            return said("print-part-flavor", "the flavor text")
        case "label":
            return said("print-part-label", "the effect label")
        case "inline-icon":
            return said("print-part-inline-icon", "the type icon in the rules text")
        case "small":
            return said("print-part-small", "the footer")
        case "corner":
            return said("print-part-corner", "the corner index")
        case "panel":
            return said("print-part-panel", "the centre panel")
        case "band":
            return said("print-part-band", "the band")
        case "pip":
            return said("print-part-pip", "the centre index")
        case "stats":
            return said("print-part-stats", "the stat line")
        case "ref-title" | "back-title":
            return said("print-part-title", "the title")
        case "ref-head":
            return said("print-part-heading", "the heading")
        case "ref-lines" | "ref-table" | "ref-note":
            return said("print-part-reference", "the reference text")
        case "back-label" | "back-symbols" | "back" | "back-frame":
            return said("print-part-back", "the back")
        case "summary":
            return said("print-part-summary", "the rules summary")
    raise ValueError(f"no name for the part {part!r}")


@dataclass(frozen=True)
class Seen:
    """One problem the lint saw: `code`; `card`, the name of the card (None: the backs or the rules page,
    `where` says which); `part`, the class of the part at fault; and what the code needs to say it —
    `frame` and `under` (DK311: the frame it spills out of, the parts it lies over), `height`/`minimum`
    (DK312, mm), `ink`/`ground`/`ratio`/`need` (DK313: colours as `#rrggbb`)."""

    code: str
    card: str | None
    part: str
    where: str = "card"
    frame: str | None = None
    under: tuple[str, ...] = ()
    height: float = 0.0
    minimum: float = 0.0
    ink: str = ""
    ground: str = ""
    ratio: float = 0.0
    need: float = 0.0


@dataclass
class _Box:
    box: object
    part: str | None
    rect: tuple[float, float, float, float]
    parts: tuple[int, ...]
    """The indices (in the page's order) of the parts that hold this box."""
    opacity: float
    clip: tuple[float, float, float, float] | None
    card: str | None
    where: str
    index: int = 0


def look(laid_out) -> list[Seen]:
    """Every problem the lint sees on every page of a laid-out document, each once per card."""
    found: dict[tuple, Seen] = {}
    for page in laid_out.pages:
        boxes = list(_flatten(page._page_box))
        for seen in [*_overlaps(boxes), *_squeezed(boxes), *_contrasts(boxes)]:
            found.setdefault((seen.code, seen.card, seen.where, seen.part, seen.frame, seen.under, seen.ink,
                              seen.ground), seen)
    return list(found.values())


def _flatten(page_box) -> Iterator[_Box]:
    """The page's boxes in document order — the order they are painted in, but for positioned boxes
    (`_painted`) — each with the parts that hold it, its opacity, its clip and the card it is on."""
    counter = iter(range(1 << 30))

    def walk(box, parts, opacity, clip, card, where, parent):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None and element is not parent else []
        part = next((name for name in classes if name in PARTS), None)
        if element is not None and element.get("data-card") is not None:
            card, where = element.get("data-card"), "card"
        elif element is not None and element.get("data-back") is not None or part == "back":
            card, where = None, "backs"
        elif part == "summary":
            card, where = None, "rules"
        rect = _rect(box)
        opacity *= float(box.style["opacity"])
        here = _Box(box, part, rect, parts, opacity, clip, card, where, next(counter))
        yield here
        if part is not None:
            parts = (*parts, here.index)
        if box.style["overflow"] != "visible":
            clip = rect if clip is None else _intersection(clip, rect)
        for child in getattr(box, "children", None) or ():
            yield from walk(child, parts, opacity, clip, card, where, element)

    yield from walk(page_box, (), 1.0, None, None, "page", None)


def _rect(box) -> tuple[float, float, float, float]:
    try:
        x, y = box.border_box_x(), box.border_box_y()
        return x, y, x + box.border_width(), y + box.border_height()
    except (AttributeError, TypeError):
        return box.position_x, box.position_y, box.position_x + (box.width or 0), box.position_y + (box.height or 0)


def _intersection(a, b):
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _overlap(a, b) -> bool:
    x0, y0, x1, y1 = _intersection(a, b)
    return x1 - x0 > TOLERANCE and y1 - y0 > TOLERANCE


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE and inner[1] >= outer[1] - TOLERANCE
            and inner[2] <= outer[2] + TOLERANCE and inner[3] <= outer[3] + TOLERANCE)


def _overlaps(boxes: list[_Box]) -> Iterator[Seen]:
    """DK311: per card, each part that spills out of the part holding it (with the parts it then lies over),
    and each part that lies over another it is not in."""
    parts = [box for box in boxes if box.part is not None and box.card is not None and box.rect[2] > box.rect[0]]
    for card in dict.fromkeys(box.card for box in parts):
        mine = [box for box in parts if box.card == card]
        told: set[tuple[int, int]] = set()
        for box in mine:
            frame = _frame(box, boxes)
            frame = frame if frame is not None and frame.card == card else None
            if frame is None or box.part == "inline-icon" or _inside(box.rect, frame.rect):
                continue
            under = _under(box, [other for other in mine if other is not box], told)
            yield Seen("DK311", card, box.part, frame=frame.part, under=tuple(dict.fromkeys(o.part for o in under)))
        over: dict[int, list[_Box]] = {}
        for box in mine:
            for other in _under(box, [other for other in mine if _painted(other) < _painted(box)], told):
                over.setdefault(box.index, []).append(other)
        for index, under in over.items():
            yield Seen("DK311", card, boxes[index].part, under=tuple(dict.fromkeys(o.part for o in under)))


def _under(box: _Box, others: list[_Box], told: set[tuple[int, int]]) -> list[_Box]:
    """The parts among `others` that `box` lies over (neither holding the other, not told already)."""
    if box.part not in _OVERLAPPING:
        return []
    visible = box.rect if box.clip is None else _intersection(box.rect, box.clip)
    found = [other for other in others
             if other.part in _OVERLAPPING and other.index not in box.parts and box.index not in other.parts
             and (box.index, other.index) not in told and _overlap(visible, other.rect)]
    told.update((pair for other in found for pair in ((box.index, other.index), (other.index, box.index))))
    return found


def _painted(box: _Box) -> tuple[bool, int]:
    """When `box` is painted: a positioned box after the boxes in the flow, else in document order."""
    return box.box.style["position"] != "static", box.index


def _frame(box: _Box, boxes: list[_Box]) -> _Box | None:
    """The part `box` belongs inside: the innermost part holding it — for a box positioned on its own
    (`position: absolute`), the innermost that is positioned, as its place is measured from there (none:
    the card itself)."""
    if box.box.style["position"] in ("absolute", "fixed"):
        return next((boxes[index] for index in reversed(box.parts) if boxes[index].box.style["position"] != "static"),
                    None)
    return boxes[box.parts[-1]] if box.parts else None


def _squeezed(boxes: list[_Box]) -> Iterator[Seen]:
    """DK312: an art frame lower than `ART_MINIMUM` of its card (the card's box comes before its parts)."""
    card = None
    for box in boxes:
        if box.part is None and box.box.element is not None and box.box.element.get("data-card") is not None:
            card = box
        elif box.part == "art" and box.card is not None and card is not None:
            least = ART_MINIMUM * (card.rect[3] - card.rect[1])
            height = box.rect[3] - box.rect[1]
            if height + TOLERANCE < least:
                yield Seen("DK312", box.card, "art", height=round(_mm(height), 1), minimum=round(_mm(least), 1))


def _mm(px: float) -> float:
    return px * 25.4 / 96


def _contrasts(boxes: list[_Box]) -> Iterator[Seen]:
    """DK313: every text and icon whose contrast against what is painted behind it is below AA."""
    painters = [box for box in boxes if _paints(box.box.style)]
    for box in boxes:
        kind = type(box.box).__name__
        if kind == "TextBox" and box.box.text.strip():
            inks = [_colour(box.box.style["color"])]
            need = TITLE if _large(box.box.style) or _named(box, boxes) in TITLES else BODY
        elif box.part in ICON_PARTS:
            inks = _svg_inks(box.box)
            need = TITLE
        else:
            continue
        if not inks:
            continue
        centre = ((box.rect[0] + box.rect[2]) / 2, (box.rect[1] + box.rect[3]) / 2)
        grounds = _grounds([p for p in painters if p.index <= box.index and _holds(p.rect, centre)
                            and (p.clip is None or _holds(p.clip, centre))])
        if grounds is None:
            continue
        worst = min(grounds, key=lambda ground: max(colours.ratio(_over(ink, box.opacity, ground), ground)
                                                    for ink in inks))
        best_ink = max(inks, key=lambda ink: colours.ratio(_over(ink, box.opacity, worst), worst))
        ratio = colours.ratio(_over(best_ink, box.opacity, worst), worst)
        if ratio + 1e-9 < need:
            part = _named(box, boxes) or ("text" if kind == "TextBox" else box.part)
            yield Seen("DK313", box.card, part, where=box.where, ink=colours.hex_of(best_ink[:3]),
                       ground=colours.hex_of(worst), ratio=round(ratio, 2), need=need)


def _named(box: _Box, boxes: list[_Box]) -> str | None:
    """The innermost part holding `box` (or the part it is)."""
    if box.part is not None:
        return box.part
    return boxes[box.parts[-1]].part if box.parts else None


def _large(style) -> bool:
    """WCAG's large text: 18 pt, or 14 pt bold."""
    size = float(style["font_size"])
    return size >= 24 or (size >= 18.66 and int(style["font_weight"]) >= 700)


def _holds(rect, point) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


def _paints(style) -> bool:
    return _colour(style["background_color"])[3] > 0 or any(kind != "none" for kind, _ in style["background_image"])


def _grounds(painters: list[_Box]) -> list[tuple[float, float, float]] | None:
    """The colours a point may show, painted over white by `painters` in order; None over a picture (unless
    an opaque colour is painted over it after)."""
    grounds: list | None = [(1.0, 1.0, 1.0)]
    for painter in painters:
        colour = _colour(painter.box.style["background_color"])
        if colour[3] * painter.opacity >= 1:
            grounds = [colour[:3]]
        layers = [[colour]]
        for kind, image in reversed(painter.box.style["background_image"]):
            if kind == "none":
                continue
            if not hasattr(image, "colors"):
                grounds = None
                break
            layers.append([_colour(colour) for colour in image.colors])
        if grounds is None:
            continue
        for stops in layers:
            grounds = list(dict.fromkeys(
                tuple(round(channel, 4) for channel in _over(stop, painter.opacity, ground))
                for stop in stops for ground in grounds))
    return grounds


def _colour(value) -> tuple[float, float, float, float]:
    """(r, g, b, alpha), 0–1, of a CSS colour as WeasyPrint computed it."""
    if value is None or value == "currentcolor":
        return 0.0, 0.0, 0.0, 0.0
    srgb = value.to("srgb")
    red, green, blue = (min(max(float(c), 0.0), 1.0) for c in srgb.coordinates)
    return red, green, blue, float(srgb.alpha)


def _svg_inks(box) -> list[tuple[float, float, float, float]]:
    """The colours an inline SVG icon draws with: each shape's stroke, and its fill (`currentColor` is the
    box's colour, an unset fill black, as SVG says)."""
    from tinycss2.color4 import parse_color

    current = _colour(box.style["color"])
    inks = []

    def walk(element, fill, stroke):
        fill = element.get("fill", fill)
        stroke = element.get("stroke", stroke)
        if element.tag.rsplit("}", 1)[-1] in {"path", "circle", "rect", "ellipse", "polygon", "polyline", "line"}:
            for paint in (fill, stroke):
                if paint is None or paint == "none":
                    continue
                colour = current if paint.lower() == "currentcolor" else parse_color(paint)
                if isinstance(colour, tuple):
                    inks.append(colour)
                elif colour is not None and not isinstance(colour, str):
                    inks.append(_colour(colour))
        for child in element:
            walk(child, fill, stroke)

    walk(box.element, "black", None)
    return [ink for ink in dict.fromkeys(inks) if ink[3] > 0]


def _over(colour, opacity: float, ground) -> tuple[float, float, float]:
    alpha = colour[3] * opacity
    return tuple(c * alpha + g * (1 - alpha) for c, g in zip(colour[:3], ground[:3], strict=True))


# ---------------------------------------------------------------------------------------- findings ---

def diagnostics(seen: list[Seen], deck, deck_path: str) -> list[Diagnostic]:
    """The lint's findings as diagnostics, at each card's name (a component's or the backs': the deck's
    title); one finding for a problem the same on several cards — a colour too faint, said where it is
    faintest — which its note names."""
    groups: dict[tuple, list[Seen]] = {}
    for item in sorted(seen, key=lambda item: item.ratio):
        key = (item.code, item.where, item.part, item.frame, item.under, item.ink, item.need)
        if item.code == "DK312":
            key = (item.code, item.card)
        groups.setdefault(key, []).append(item)
    found = []
    for items in groups.values():
        first = items[0]
        card = deck.card(first.card) if first.card is not None else None
        span = (card.name_span if card is not None else deck.title_span) or Span(1, 1, 1, 1, 0, 0)
        others = [item.card for item in items[1:] if item.card is not None]
        notes = (said("print-also-on", "the same on {count} more {count:card|cards}: {cards}", count=len(others),
                      cards=lists.listed([f"`{name}`" for name in others[:8]] + (
                          [said("print-and-more", "{count} more", count=len(others) - 8)] if len(others) > 8 else []))),
                 ) if others else ()
        labels = tuple(Label(deck.card(name).name_span, said("print-also-here", "the same here"))
                       for name in others[:3] if deck.card(name) is not None)
        found.append(_diagnostic(first, _where(first), span, notes, labels, deck_path))
    return found


def _where(item: Seen) -> str:
    if item.where == "backs":
        return said("print-on-backs", "on the backs")
    if item.where == "rules":
        return said("print-on-rules", "on the rules page")
    if item.card is None:
        return said("print-on-sheets", "on the sheets")
    return said("print-on-card", "of `{card}`", card=item.card or "")


def _diagnostic(item: Seen, where: str, span: Span, notes, labels, path: str) -> Diagnostic:
    part = part_name(item.part)
    if item.code == "DK312":
        return Diagnostic(
            "DK312", said("print-art-squeezed", "the art frame {where} is squeezed to {height:.1f} mm by the text under "
                          "it, below {minimum:.1f} mm (a third of the card)", where=where, height=item.height,
                          minimum=item.minimum), span,
            help=said("print-art-squeezed-help", "say the effect in fewer words or drop the flavor text (the GDD: "
                      '"menos é mais"), or choose a larger --card-size'),
            path=path, notes=notes, labels=labels,
        )
    if item.code == "DK313":
        return Diagnostic(
            "DK313", said("print-low-contrast", "{part} {where} has a contrast of {ratio:.2f}:1 against what is behind it "
                          "(`{ink}` on `{ground}`), below WCAG AA's {need:g}:1", part=part, where=where,
                          ratio=item.ratio, ink=item.ink, ground=item.ground, need=item.need), span,
            help=said("print-low-contrast-help", "use `{better}` ({need:g}:1 on `{ground}`), or change the colour "
                      "behind it", need=item.need, ground=item.ground, better=colours.nearest(item.ink, item.ground, item.need)),
            path=path, notes=notes, labels=labels,
        )
    under = lists.listed([part_name(name) for name in item.under])
    if item.frame is not None and item.under:
        message = said("print-spills-over", "{part} {where} spills out of {frame} over {under}", part=part,
                       where=where, frame=part_name(item.frame), under=under)
    elif item.frame is not None:
        message = said("print-spills", "{part} {where} spills out of {frame}", part=part, where=where,
                       frame=part_name(item.frame))
    else:
        message = said("print-lies-over", "{part} {where} lies over {under}", part=part, where=where,
                       under=under)
    return Diagnostic(
        "DK311", message, span,
        help=said("print-overlap-help", "say the effect in fewer words, or choose a larger --card-size; in a theme, "
                  "size {part} to stay inside its frame", part=part),
        path=path, notes=notes, labels=labels,
    )
