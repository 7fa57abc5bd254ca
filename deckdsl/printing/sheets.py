"""The HTML of the print-and-play sheets (`templates/deck.html.j2`): what every card design shares — the
printing `Options`, the rules text set off and its type icons, the rarity marks, the art's URLs and sizes,
the crop marks, the component cards and the rules summary — and the `janken` design itself (the default,
or `print { face: janken }`): name, type icon, value, generated rules text; the game's component cards
after the deck; one back design.  The `playing-card` design is `deckdsl.printing.playing`; WeasyPrint,
which turns the HTML into a PDF, is `deckdsl.printing.render`.

Every text is autoescaped by Jinja2 and every name it does not know is an error; the deck's `print` block
(`deckdsl.check.style`) gives each card its colour and rarity mark, and its CSS (`deckdsl.printing.look`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ..check import style
from ..files import inside
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile
from ..profiles.template import fill
from ..text import addendum_text, card_text, effect_labels, language_of, phrase
from . import artwork, colours, layout, look, themes

TEMPLATES = Path(__file__).parent.parent / "templates"

def _icons() -> dict:
    from markupsafe import Markup

    return {name: Markup(svg) for name, svg in artwork.ICONS.items()}


@dataclass(frozen=True)
class Options:
    """How to print: paper and card size (mm), bleed, safe zone inside the trim, crop mark length, the
    duplex flip edge and back calibration offset, the language of the rules text (None: the deck's), and
    the time limit of a render in seconds (WeasyPrint's docs warn that hostile input can make it loop).
    `art`: `framed` (the picture in a frame on the face) or `full` (the picture fills the card to the edge
    of its bleed, at its own size at `dpi` pixels per inch unless the image says otherwise)."""

    paper: tuple[float, float] = layout.PAPERS["a4"]
    card: tuple[float, float] = layout.CARDS["poker"]
    bleed: float = 3.0
    safe: float = 3.0
    gutter: float = 0.0
    mark_length: float = 5.0
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    language: str | None = None
    timeout: float = 300.0
    art: str = "framed"
    dpi: float = 300.0
    theme: Path | None = None
    """The theme's folder (`deckdsl.printing.themes`: `themes.find` looks for one), or None: the shipped look."""



TEXT_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0)
"""Rules text sizes (pt) tried in turn for a card whose text does not fit; below 5 pt a card fails (DK303)."""


def html(
    deck: Deck, deck_folder: Path, options: Options = Options(), profile: Profile | None = None,
    sizes: dict[str, float] | None = None,
) -> str:
    """The HTML of the sheets in the `janken` design: the deck's cards, then the game's component cards
    (stars, brindes …), each sheet followed by its backs, then a page summarising the rules with the deck's
    parameters."""

    sheet = layout.sheet(
        options.paper, options.card, bleed=options.bleed, gutter=options.gutter,
        mark_length=options.mark_length, flip=options.flip, back_offset=options.back_offset,
    )
    language = language_of(options.language or deck.language)
    parameters = profile.parameters(deck.rules) if profile else {}
    chosen = style.read(deck, profile, deck_folder)[0]
    labels = effect_labels(language)
    printed = [
        {"card": card, "text": card_text(card, language).lines, "labels": _labels(card, language, profile, chosen.show),
         "art": _art_url(card, deck_folder), "rarity": _rarity(profile, card, chosen.rarity_marks),
         "colour": chosen.colours.get(str(card.attribute(chosen.coloured_by))) if chosen.coloured_by else None}
        for card in deck.cards for _ in range(max(card.copies, 0))
    ]
    printed += [{**item, "rarity": None, "colour": None} for item in _components(profile, language, parameters)]
    types = _type_words(profile, language)
    for item in printed:
        item["lines"] = [_set_off(line, labels, types) for line in item["text"]]
        kind = (item["card"]["type"] if isinstance(item["card"], dict) else item["card"].type) or "none"
        name = item["card"]["name"] if isinstance(item["card"], dict) else item["card"].name
        item["scene"] = artwork.scene_url(name, kind) if not item["art"] else None
        item["ink"] = colours.ink_on(item["colour"]) if item["colour"] else None
    sizes = sizes or {}
    full_art = options.art == "full"
    pages = []
    for start in range(0, len(printed), sheet.per_sheet):
        count = min(sheet.per_sheet, len(printed) - start)
        bleeds, page_marks = sheet.filled(count)
        slots = [
            {**item, "trim": sheet.trims[i], "bleed": bleeds[i],
             "back": layout.mirror(bleeds[i], sheet.paper, options.flip, options.back_offset),
             "full_art": full_art and bool(item["art"]),
             "art_size": _art_size(item["card"], deck_folder, options.dpi) if full_art and item["art"] else None,
             "size": sizes.get(item["card"]["name"] if isinstance(item["card"], dict) else item["card"].name,
                               TEXT_SIZES[0])}
            for i, item in enumerate(printed[start : start + sheet.per_sheet])
        ]
        pages.append({"side": "faces", "slots": slots, "marks": [_mark(line) for line in page_marks]})
        pages.append({"side": "backs", "slots": slots, "marks": []})
    if profile is not None and profile.summary:
        pages.append(_summary_page(deck, profile, (language,), parameters))
    environment = themes.environment(options.theme, len(printed))
    return environment.get_template(themes.template(options.theme, "deck.html.j2")).render(
        title=deck.title or "", version=deck.version or "", language=language, paper=options.paper,
        safe=options.safe, pages=pages, icons=_icons(), fonts=(TEMPLATES / "fonts").resolve().as_uri(),
        theme=options.theme.resolve().as_uri() if options.theme else "", look=look.css(chosen),
    )



RARITY_MARKS = (("●", "#6b6b6b"), ("◆", "#2b6cb0"), ("★", "#8a6508"))
"""The mark of a rarity, by its place among the profile's rarities (simple, advanced, special), repeated
that many times in its colour: grey dot, blue diamonds, gold stars — told apart across a table, and each
above 3:1 on the light badge they sit on."""


def _rarity(profile: Profile | None, card: Card, marks: dict[str, str] | None = None) -> dict | None:
    """The card's rarity mark (`RARITY_MARKS`, or the deck's own `rarity_marks`) with its label, or None (no
    rarity, or a game without)."""
    spec = profile.attributes.get("rarity") if profile is not None else None
    value = card.attribute("rarity")
    if spec is None or value is None or value not in spec.values:
        return None
    rank = list(spec.values).index(value)
    symbol, colour = RARITY_MARKS[min(rank, len(RARITY_MARKS) - 1)]
    own = (marks or {}).get(str(value))
    return {"marks": own if own is not None else symbol * (rank + 1), "colour": colour, "label": spec.label(str(value))}


def _set_off(line: str, labels: tuple[str, ...], types: dict[str, str] | None = None) -> dict:
    """A line of rules text with the word that opens it (`Ação`) apart, to be printed in bold, and the
    rest in `pieces`: text, each word that names a type (`types`: word → type) with its icon before it."""
    label, colon, rest = line.partition(": ")
    if not (colon and label in labels):
        label, rest = None, line
    return {"label": label, "pieces": _pieces(rest, types or {})}


def _pieces(text: str, types: dict[str, str]) -> list[dict]:
    """`text` cut before each whole word that names a type: [{"icon": type or None, "text": …}, …]."""
    if not types:
        return [{"icon": None, "text": text}]
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, sorted(types, key=len, reverse=True))) + r")(?!\w)",
                         re.IGNORECASE)
    pieces, at = [], 0
    for match in pattern.finditer(text):
        if match.start() > at:
            pieces.append({"icon": None, "text": text[at:match.start()]})
        pieces.append({"icon": types[match.group(1).casefold()], "text": match.group(1)})
        at = match.end()
    if at < len(text):
        pieces.append({"icon": None, "text": text[at:]})
    return pieces


def _type_words(profile: Profile | None, language: str) -> dict[str, str]:
    """The words the rules text names each type by (casefolded) → the type, for types with an icon: the
    profile's labels and spellings when the text is in the profile's language, else the types' names."""
    spec = profile.attributes.get("type") if profile is not None else None
    if spec is None:
        return {}
    words: dict[str, str] = {}
    for value, spellings in spec.values.items():
        if value not in artwork.ICONS:
            continue
        if language == language_of(profile.language):
            for word in (spec.label(value), *spellings):
                words[str(word).casefold()] = value
        else:
            words[str(value).casefold()] = value
    return words


def _summary_page(deck: Deck, profile: Profile, languages, parameters: dict) -> dict:
    """The rules summary page: the profile's lines in the first of `languages` it has (else its first
    language), with the deck's parameters filled in, and the deck's addenda."""
    lines = next((profile.summary[key] for key in languages if key in profile.summary),
                 next(iter(profile.summary.values())))
    heading = phrase(next((k for k in languages if k in profile.summary), languages[0]), "sheet-summary")
    return {"side": "summary", "slots": [], "marks": [], "heading": f"{heading} · {profile.name}",
            "lines": [fill(line, parameters) for line in lines],
            "addenda": [addendum_text(addendum, languages[0]) for addendum in deck.addenda]}


def _components(profile: Profile | None, language: str, parameters: dict[str, int]) -> list[dict]:
    """The profile's non-deck cards (5 stars, 10 brindes …) as printable slots."""
    slots = []
    for kind, spec in (profile.components if profile else {}).items():
        names = spec.get("names", {})
        texts = spec.get("text", {})
        card = {"name": names.get(language, spec["name"]), "type": kind, "value": spec.get("value"), "flavor": None}
        text = texts.get(language) or next(iter(texts.values()), "")
        lines = (fill(text, parameters),) if text else ()
        slots.extend({"card": card, "text": lines, "labels": [], "art": None} for _ in range(spec.get("count", 1)))
    return slots


# ------------------------------------------------------------------------- playing cards ---

def _labels(card: Card, language: str, profile: Profile | None, show: tuple[str, ...] | None = None) -> list[str]:
    """The card's attribute values as printed — those `show` names, in its order (the deck's `print` block),
    else all it writes: the profile's labels when the card text is in the profile's language (`rock` →
    `pedra`), else the values themselves."""
    labelled = profile is not None and language == language_of(profile.language)
    attributes = card.attributes if show is None else [a for name in show for a in card.attributes if a.name == name]
    found = []
    for attribute in attributes:
        spec = profile.attributes.get(attribute.name) if labelled else None
        found.append(spec.label(str(attribute.value)) if spec else str(attribute.value))
    return found


def _art_file(card: Card, folder: Path) -> Path | None:
    """The card's image file when it is inside the deck's folder and exists (the fetcher decides the rest)."""
    if not isinstance(card, Card) or not card.art or re.match(r"[A-Za-z][\w+.-]*:", card.art):
        return None
    path = inside(folder, card.art)
    return path if path is not None and os.path.isfile(path) else None


def _art_size(card: Card, folder: Path, dpi: float) -> tuple[float, float] | None:
    """The printed size of a full-bleed picture in mm: its pixels at its own DPI (or `dpi`)."""
    path = _art_file(card, folder)
    if path is None:
        return None
    try:
        from PIL import Image

        with Image.open(path) as image:
            width, height = image.size
            own = image.info.get("dpi")
    except Exception:  # noqa: BLE001 — not an image Pillow reads: WeasyPrint will say so
        return None
    x_dpi, y_dpi = (float(own[0]), float(own[1])) if own and own[0] and own[1] else (dpi, dpi)
    return width / x_dpi * 25.4, height / y_dpi * 25.4


def _art_url(card: Card, folder: Path) -> str | None:
    """The URL the template asks for; the fetcher decides whether it may be read.  A URL with a scheme
    (`http:`, `data:` …) is passed as written, so that it is refused rather than read as a file name."""
    if not card.art:
        return None
    if re.match(r"[A-Za-z][\w+.-]*:", card.art) and not re.match(r"[A-Za-z]:[\\/]", card.art):
        return quote(card.art, safe=":/?&=#%@+,")  # no quote or parenthesis can close the CSS url()
    return (folder / card.art).absolute().as_uri()  # as_uri percent-encodes quotes and parentheses


def _mark(line: layout.Line, thickness: float = 0.2) -> dict:
    if line.x1 == line.x2:
        return {"x": line.x1 - thickness / 2, "y": min(line.y1, line.y2), "width": thickness,
                "height": abs(line.y2 - line.y1)}
    return {"x": min(line.x1, line.x2), "y": line.y1 - thickness / 2, "width": abs(line.x2 - line.x1),
            "height": thickness}


