"""Print-and-play PDF sheets: the deck's cards through `templates/deck.html.j2` and WeasyPrint.

- Geometry from `deckdsl.printing.layout`; each card's text from `deckdsl.text` (so the printed text says what the
  effects do).
- Untrusted decks: Jinja2 autoescapes every text and fails on undefined names; WeasyPrint's only way to
  read a file is `SafeFetcher`, which serves files inside the deck's folder and the package's templates
  and refuses everything else (`..`, absolute paths or symlinks leading out, every network scheme).  A
  refused reference fails the render with a diagnostic naming it.
- Deterministic: no dates in the PDF metadata, a `/ID` derived from the content, and font subsets
  timestamped from `SOURCE_DATE_EPOCH` (0 when unset): the same deck gives the same bytes.
- Nothing lost: the PDF is written to a temporary file next to the target and moved into place only when
  complete.  WeasyPrint is imported here only (it costs ~0.65 s), never by `deckdsl check`.

Two card designs, chosen by the profile's `print { face: … }`:

- `janken` (or no `print` block): `templates/deck.html.j2` — name, type icon, value, generated rules text;
  the game's component cards after the deck; one back design.
- `playing-card`: `templates/playing-cards.html.j2` — a playing card.  The `corners` attributes (rank and
  suit) sit in the top-left corner and, turned 180°, in the bottom-right; an attribute with `symbols`
  prints its symbol, any other its canonical value (`A`, `10`, `K`: short, the same in every language).
  Red or black ink is decided by the symbol: ♥ ♦ (and ♡ ♢) are red, every other symbol black — it works
  for every profile that gives its suits the usual symbols, whether or not it derives a colour.  The
  centre repeats the corners large, then the card's name, the `show` properties with their labels
  (`сила 15 · мана 11`) and the deck's title and version.  A `theme` attribute (Queens vs Kings' race)
  prints its value's label in a coloured band over the centre (one colour per value, in the order of the
  attribute's values).  Backs: with `back: colour` each back shows the design of its card's value (red or
  black for the values `red` and `black`, otherwise a colour per value) and that value's label, since each
  player's deck is one colour; without `back`, one design for all.
- Reference card (playing-card decks whose profile has `relation`s or `property`s): one extra card, the
  size of the others, printed after the deck's cards on the same sheets (so it is cut like them; its back
  is the neutral design).  It lists each relation (its title, `K > Q`, `A > 2 3 … K`, its note) and each
  property as tables per attribute (`сила`/`мана` per rank; the suit's bonus as `+1`/`0`), in the
  profile's labels and the deck's language.  Its text shrinks like a card's rules text, and fails the
  render (DK303) only when it cannot fit.
- Then, for both designs, the one-page rules summary: the profile's `summary` in the deck's language, or
  the first language it has.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import signal
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from jinja2 import TemplateError

from ..diagnostics import Diagnostic
from ..files import write_atomic
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile
from ..profiles.template import fill
from ..span import Span
from ..check import style
from ..text import addendum_text, card_text, effect_labels, language_of, phrase
from . import layout, look, themes

TEMPLATES = Path(__file__).parent.parent / "templates"

ICONS = {  # wrapped in Markup below: our own constant markup, never deck text
    "rock": '<path d="M4 17 7 8l6-3 6 4 2 8-5 3H8z" fill="#6b645a" stroke="#222" stroke-width="1.2"/>',
    "paper": '<path d="M6 3h9l4 4v14H6z" fill="#fffdf5" stroke="#222" stroke-width="1.2"/>'
    '<path d="M15 3v4h4M8.5 11h8M8.5 14h8M8.5 17h6" stroke="#222" stroke-width="1"/>',
    "scissors": '<circle cx="6.5" cy="17.5" r="3" fill="none" stroke="#222" stroke-width="1.4"/>'
    '<circle cx="17.5" cy="17.5" r="3" fill="none" stroke="#222" stroke-width="1.4"/>'
    '<path d="M8.5 15 18 3M15.5 15 6 3" stroke="#222" stroke-width="1.4"/>',
    "star": '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" '
    'fill="#f2c230" stroke="#222" stroke-width="1.1"/>',
}
"""Type icons, inline SVG (no file to fetch)."""


def _icons() -> dict:
    from markupsafe import Markup

    return {name: Markup(svg) for name, svg in ICONS.items()}


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


@dataclass
class SafeFetcherLog:
    """What the fetcher turned down: `refused` (outside the allowed folders, or not a file URL) and
    `missing` (inside them, but no such file)."""

    refused: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    outside_safe_zone: list[str] = field(default_factory=list)


def _safe_fetcher(roots: list[Path], log: SafeFetcherLog):
    from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

    allowed = [root.resolve() for root in roots]

    class SafeFetcher(URLFetcher):
        """Serves `file:` URLs inside the allowed folders (after resolving symlinks) and `data:` URLs."""

        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme == "data":
                return super().fetch(url, headers)
            if parts.scheme == "file" and not parts.netloc:
                path = Path(unquote(parts.path)).resolve()
                if any(path.is_relative_to(root) for root in allowed):
                    if path.is_file():
                        return URLFetcherResponse(url, body=path.read_bytes())
                    log.missing.append(url)
                    raise URLFetchingError(f"no such file: {url}")
            log.refused.append(url)
            raise URLFetchingError(f"deckdsl refuses to read {url}")

    return SafeFetcher(allowed_protocols={"file", "data"}, allow_redirects=False)


TEXT_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0)
"""Rules text sizes (pt) tried in turn for a card whose text does not fit; below 5 pt a card fails (DK303)."""


def html(
    deck: Deck, deck_folder: Path, options: Options = Options(), profile: Profile | None = None,
    sizes: dict[str, float] | None = None,
) -> str:
    """The HTML of the sheets: the deck's cards, then the game's component cards (stars, brindes …),
    each sheet followed by its backs, then a page summarising the rules with the deck's parameters."""

    sheet = layout.sheet(
        options.paper, options.card, bleed=options.bleed, gutter=options.gutter,
        mark_length=options.mark_length, flip=options.flip, back_offset=options.back_offset,
    )
    language = language_of(options.language or deck.language)
    parameters = profile.parameters(deck.rules) if profile else {}
    chosen = style.read(deck, profile, deck_folder)[0]
    if profile is not None and profile.printing.get("face") == "playing-card":
        return _playing_cards_html(deck, deck_folder, options, profile, sheet, parameters, sizes or {}, chosen)
    labels = effect_labels(language)
    printed = [
        {"card": card, "text": card_text(card, language).lines, "labels": _labels(card, language, profile),
         "art": _art_url(card, deck_folder), "rarity": _rarity(profile, card, chosen.rarity_marks),
         "colour": chosen.colours.get(str(card.attribute(chosen.coloured_by))) if chosen.coloured_by else None}
        for card in deck.cards for _ in range(max(card.copies, 0))
    ]
    printed += [{**item, "rarity": None, "colour": None} for item in _components(profile, language, parameters)]
    types = _type_words(profile, language)
    for item in printed:
        item["lines"] = [_set_off(line, labels, types) for line in item["text"]]
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
    return themes.environment(options.theme).get_template(themes.template(options.theme, "deck.html.j2")).render(
        title=deck.title or "", version=deck.version or "", language=language, paper=options.paper,
        safe=options.safe, pages=pages, icons=_icons(), fonts=(TEMPLATES / "fonts").resolve().as_uri(),
        theme=options.theme.resolve().as_uri() if options.theme else "", look=look.css(chosen),
    )


RARITY_MARKS = (("●", "#7a7a7a"), ("◆", "#2b6cb0"), ("★", "#b8860b"))
"""The mark of a rarity, by its place among the profile's rarities (simple, advanced, special), repeated
that many times in its colour: grey dot, blue diamonds, gold stars — told apart across a table."""


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
        if value not in ICONS:
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

RED_SYMBOLS = frozenset("♥♦♡♢")
"""Suit symbols printed in red ink; every other symbol (and a corner without a symbol) is black."""

INK = {"red": "#c0182b", "black": "#17171a"}

THEME_COLOURS = ("#2f7d4f", "#b07a1e", "#5b3f8c", "#8a3b26", "#2d5f8f", "#6d6d23", "#8c2f5d", "#3f6d6d")
"""The band of a theme value, by its position among the attribute's values (elves, humans, undead, orcs)."""

BACK_COLOURS = {"red": ("#8e1b26", "#a3283a"), "black": ("#1b1b1f", "#2e2e35")}
"""Back designs (ground, pattern) for the values `red` and `black` of the `back` attribute."""

BACK_PALETTE = (("#1f4f7a", "#2a5f8e"), ("#1f5e3c", "#2a7049"), ("#5a2d6b", "#6c3b7f"), ("#6b4a1f", "#7e5a2a"),
                ("#24505a", "#2f626d"), ("#6b1f3c", "#7e2a4a"))
"""Back designs for other values, by the value's position among the attribute's values."""

NEUTRAL_BACK = ("#26324a", "#2f3d5a")
"""The one back of a deck without `back` (the Janken Wars back's colours), and the reference card's."""

def _short(profile: Profile, card: Card, name: str) -> tuple[str, bool] | None:
    """How corner item `name` prints for `card`: (its symbol, True), or (its canonical value / a property's
    number, False); None when the card has none."""
    if name in profile.properties:
        number = profile.property_of(card, name)
        return None if number is None else (str(number), False)
    value = profile.value_of(card, name)
    if value is None:
        return None
    spec = profile.attributes[name]
    return (spec.symbols[value], True) if value in spec.symbols else (value, False)


def _show(profile: Profile, card: Card) -> list[dict]:
    """The `show` entries of the face: a property as its label and number, an attribute as its value's label."""
    found = []
    for name in profile.printing.get("show", ()):
        if name in profile.properties:
            number = profile.property_of(card, name)
            if number is not None:
                found.append({"label": profile.properties[name].label or name, "value": str(number)})
        elif name in profile.attributes:
            value = profile.value_of(card, name)
            if value is not None:
                found.append({"label": "", "value": profile.attributes[name].label(value)})
    return found


def _palette(spec, value: str, colours: tuple):
    index = list(spec.values).index(value) if value in spec.values else 0
    return colours[index % len(colours)]


def _theme(profile: Profile, card: Card, colours: dict[str, str] | None = None) -> dict | None:
    """The band of the printed `theme` attribute: its label and colour (the deck's `colours`, else the
    profile's, else the palette's)."""
    name = profile.printing.get("theme")
    value = profile.value_of(card, name) if name in profile.attributes else None
    if value is None:
        return None
    spec = profile.attributes[name]
    colour = (colours or {}).get(value) or spec.colours.get(value) or _palette(spec, value, THEME_COLOURS)
    return {"label": spec.label(value), "colour": colour}


def _back_design(profile: Profile, card: Card | None) -> dict:
    """The back of `card`: its ground and pattern colours and the label it carries (None: the title only)."""
    name = profile.printing.get("back")
    value = profile.value_of(card, name) if card is not None and name in profile.attributes else None
    if value is None:
        return {"colours": NEUTRAL_BACK, "label": None, "symbols": ""}
    spec = profile.attributes[name]
    colours = BACK_COLOURS.get(value) or _palette(spec, value, BACK_PALETTE)
    source = profile.attributes.get(spec.derived_from or "")
    symbols = [source.symbols[v] for v in spec.groups.get(value, ()) if v in source.symbols] if source else []
    return {"colours": colours, "label": spec.label(value), "symbols": " ".join(symbols)}


def _playing_face(profile: Profile, card: Card, folder: Path, colours: dict[str, str] | None = None) -> dict:
    corners = [found for name in profile.printing.get("corners", ()) if (found := _short(profile, card, name))]
    red = any(symbol and text in RED_SYMBOLS for text, symbol in corners)
    return {
        "kind": "face", "card": card, "name": card.name, "ink": INK["red" if red else "black"],
        "corners": [{"text": text, "symbol": symbol} for text, symbol in corners],
        "theme": _theme(profile, card, colours), "stats": _show(profile, card), "art": _art_url(card, folder),
        "back_design": _back_design(profile, card),
    }


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def _reference(profile: Profile, title: str) -> dict | None:
    """The reference card, called `title`: each relation (`K > Q` …, its note) and each attribute's property table."""
    if not profile.relations and not profile.properties:
        return None

    def short(attribute: str, value: str) -> dict:
        """A value as the reference card prints it: its symbol; a rank as it is (`A`, `10`); else its label."""
        spec = profile.attributes.get(attribute)
        symbol = spec.symbols.get(value) if spec else None
        text = symbol or (value if value.isdigit() or len(value) <= 2 or spec is None else spec.label(value))
        return {"text": text, "red": bool(symbol) and symbol in RED_SYMBOLS}

    relations = []
    for relation in profile.relations:
        lines = [{"winner": short(relation.attribute, winner), "losers": [short(relation.attribute, v) for v in losers]}
                 for winner, losers in relation.beats.items()]
        relations.append({"title": relation.title or relation.name, "lines": lines, "note": relation.note})
    tables: dict[str, dict] = {}
    for prop in profile.properties.values():
        for position, (attribute, numbers) in enumerate(prop.tables.items()):
            table = tables.setdefault(attribute, {"attribute": attribute, "rows": []})
            table["rows"].append({"label": prop.label or prop.name, "numbers": numbers, "bonus": position > 0})
    for attribute, table in tables.items():
        spec = profile.attributes.get(attribute)
        order = list(spec.values) if spec else []
        mentioned = {value for row in table["rows"] for value in row["numbers"]}
        columns = [v for v in order if v in mentioned] + sorted(mentioned - set(order))
        table["columns"] = [short(attribute, value) for value in columns]
        for row in table["rows"]:
            row["cells"] = [
                (_signed if row["bonus"] else str)(row["numbers"].get(value, 0)) for value in columns
            ]
    notes = [prop.description for prop in profile.properties.values() if prop.description]
    return {"kind": "reference", "name": title, "relations": relations, "tables": list(tables.values()),
            "notes": notes, "art": None, "back_design": _back_design(profile, None)}


def _playing_cards_html(
    deck: Deck, folder: Path, options: Options, profile: Profile, sheet: layout.Sheet, parameters: dict,
    sizes: dict[str, float], chosen: style.Style = style.Style(),
) -> str:
    """The sheets of a deck printed as playing cards (`print { face: playing-card }`), see the module's
    docstring: the faces, the game's components, the reference card, each sheet followed by its backs;
    then the rules summary."""

    tag = options.language or deck.language or profile.language
    language = language_of(tag)
    printed = [_playing_face(profile, card, folder, chosen.colours) for card in deck.cards
               for _ in range(max(card.copies, 0))]
    for item in _components(profile, language, parameters):
        printed.append({**item, "kind": "component", "name": item["card"]["name"],
                        "back_design": _back_design(profile, None)})
    reference = _reference(profile, phrase(language, "sheet-reference"))
    if reference is not None:
        printed.append(reference)
    full_art = options.art == "full"
    pages = []
    for start in range(0, len(printed), sheet.per_sheet):
        count = min(sheet.per_sheet, len(printed) - start)
        bleeds, page_marks = sheet.filled(count)
        slots = []
        for i, item in enumerate(printed[start : start + sheet.per_sheet]):
            full = full_art and item["kind"] == "face" and bool(item["art"])
            slots.append({
                **item, "trim": sheet.trims[i], "bleed": bleeds[i],
                "back": layout.mirror(bleeds[i], sheet.paper, options.flip, options.back_offset),
                "back_trim": layout.mirror(sheet.trims[i], sheet.paper, options.flip, options.back_offset),
                "full_art": full, "art_size": _art_size(item["card"], folder, options.dpi) if full else None,
                "size": sizes.get(item["name"], TEXT_SIZES[0]),
            })
        pages.append({"side": "faces", "slots": slots, "marks": [_mark(line) for line in page_marks]})
        pages.append({"side": "backs", "slots": slots, "marks": []})
    if profile.summary:
        pages.append(_summary_page(deck, profile, (tag or language, language), parameters))
    scale = min(options.card[0] / layout.CARDS["poker"][0], options.card[1] / layout.CARDS["poker"][1])
    theme = themes.template(options.theme, "playing-cards.html.j2")
    return themes.environment(options.theme).get_template(theme).render(
        theme=options.theme.resolve().as_uri() if options.theme else "",
        title=deck.title or "", version=deck.version or "", language=tag or "en", paper=options.paper,
        safe=options.safe, scale=round(scale, 4), pages=pages, red=INK["red"],
        fonts=(TEMPLATES / "fonts").resolve().as_uri(), look=look.css(chosen),
    )


def _labels(card: Card, language: str, profile: Profile | None) -> list[str]:
    """The card's attribute values as printed: the profile's labels when the card text is in the
    profile's language (`rock` → `pedra`), else the values themselves."""
    labelled = profile is not None and language == language_of(profile.language)
    found = []
    for attribute in card.attributes:
        spec = profile.attributes.get(attribute.name) if labelled else None
        found.append(spec.label(str(attribute.value)) if spec else str(attribute.value))
    return found


def _art_file(card: Card, folder: Path) -> Path | None:
    """The card's image file when it is inside the deck's folder and exists (the fetcher decides the rest)."""
    if not isinstance(card, Card) or not card.art or re.match(r"[A-Za-z][\w+.-]*:", card.art):
        return None
    path = (folder / card.art).resolve()
    return path if path.is_relative_to(folder.resolve()) and path.is_file() else None


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


def _short_of_bleed(deck: Deck, folder: Path, options: Options) -> list[tuple[Card, tuple[float, float]]]:
    """Full-bleed pictures smaller than the card with its bleed: they leave a white edge at the cut."""
    if options.art != "full":
        return []
    need_w, need_h = options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed
    short = []
    for card in deck.cards:
        size = _art_size(card, folder, options.dpi)
        if size is not None and (size[0] < need_w - 0.1 or size[1] < need_h - 0.1):
            short.append((card, size))
    return short


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


def _layout(deck, folder, options, profile):
    """Lay the sheets out, shrinking the rules text of the cards whose text overflows, step by step
    (`TEXT_SIZES`).  Returns (the HTML, WeasyPrint's laid-out document, the fetcher's log, the names of
    the cards that still do not fit at the smallest size)."""
    import weasyprint

    sizes: dict[str, float] = {}
    while True:
        log = SafeFetcherLog()
        document = html(deck, folder, options, profile, sizes)
        roots = [folder, TEMPLATES] + ([options.theme] if options.theme is not None else [])
        laid_out = weasyprint.HTML(
            string=document, base_url=folder.as_uri() + "/", url_fetcher=_safe_fetcher(roots, log)
        ).render()
        overflowing = _overflowing(laid_out)
        shrinkable = {name for name in overflowing if sizes.get(name, TEXT_SIZES[0]) > TEXT_SIZES[-1]}
        if not shrinkable:
            log.outside_safe_zone.extend(sorted(_outside_safe_zone(laid_out)))
            return document, laid_out, log, sorted(overflowing)
        for name in shrinkable:
            current = TEXT_SIZES.index(sizes.get(name, TEXT_SIZES[0]))
            sizes[name] = TEXT_SIZES[current + 1]


def _overflowing(laid_out) -> set[str]:
    """Cards whose content runs past the bottom of the card (its last block ends below the content box),
    or past the bottom of a playing card's centre panel (which has the height the corners leave it)."""
    found = set()
    for box in _card_boxes(laid_out):
        if _runs_over(box):
            found.add(box.element.get("data-card"))
        for inner in box.descendants():
            element = getattr(inner, "element", None)
            if element is not None and element.get("class") == "panel" and _runs_over(inner):
                found.add(box.element.get("data-card"))
    return found


def _runs_over(box) -> bool:
    children = getattr(box, "children", None)
    if not children:
        return False
    bottom = max(child.position_y + child.margin_height() for child in children)
    return bottom > box.content_box_y() + box.height + 0.5


def _outside_safe_zone(laid_out) -> set[str]:
    """Cards with a line of text wider than the safe zone (a long unbreakable word pushes it sideways)."""
    found = set()
    for box in _card_boxes(laid_out):
        right = box.content_box_x() + box.width + 0.5
        if any(
            type(inner).__name__ == "TextBox" and inner.position_x + inner.width > right
            for inner in box.descendants()
        ):
            found.add(box.element.get("data-card"))
    return found


def _card_boxes(laid_out):
    for page in laid_out.pages:
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is not None and element.get("class") == "card" and getattr(box, "children", None):
                yield box


def lint(deck: Deck, deck_path: Path, options: Options = Options(), profile: Profile | None = None) -> list[Diagnostic]:
    """What `render` would report, without writing a PDF (`deckdsl check --render-lint`)."""
    folder = deck_path.resolve().parent
    try:
        _, _, log, overflowing = _layout(deck, folder, options, profile)
    except (TemplateError, RecursionError) as error:
        if options.theme is None:
            raise
        return [themes.problem(error, options.theme)]
    return _problems(deck, deck_path, log, overflowing) + _art_problems(deck, deck_path, options)


def _art_problems(deck: Deck, deck_path: Path, options: Options) -> list[Diagnostic]:
    need = (options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed)
    pixels = (round(need[0] / 25.4 * options.dpi), round(need[1] / 25.4 * options.dpi))
    return [
        Diagnostic(
            "DK306",
            f"the art of `{card.name}` prints {size[0]:.1f}×{size[1]:.1f} mm, short of the bleed "
            f"({need[0]:.1f}×{need[1]:.1f} mm): a white edge will show where the cut wanders",
            card.field_spans.get("art", card.name_span),
            help=f"make the picture at least {need[0]:.1f}×{need[1]:.1f} mm "
            f"({pixels[0]}×{pixels[1]} px at {options.dpi:g} dpi)",
            path=str(deck_path),
        )
        for card, size in _short_of_bleed(deck, deck_path.resolve().parent, options)
    ]


def _problems(deck, deck_path, log, overflowing) -> list[Diagnostic]:
    found = [
        Diagnostic(
            "DK303", f"the text of `{name}` does not fit on the card, even at {TEXT_SIZES[-1]:g} pt",
            (deck.card(name).name_span if deck.card(name) else deck.title_span) or Span(1, 1, 1, 1, 0, 0),
            help="say it in fewer words (the GDD: \"menos é mais\"), or choose a larger --card-size",
            path=str(deck_path),
        )
        for name in overflowing
    ]
    found += [
        Diagnostic(
            "DK301", f"rendering refused to read `{url}`: decks may only use files inside their own folder",
            _art_span(deck, url), help="put the image next to the deck file and use a relative path",
            path=str(deck_path),
        )
        for url in dict.fromkeys(log.refused)
    ]
    found += [
        Diagnostic(
            "DK305", f"text of `{name}` reaches outside the safe zone (a word too long for the card's width)",
            (deck.card(name).name_span if deck.card(name) else deck.title_span) or Span(1, 1, 1, 1, 0, 0),
            help="break the long word, or choose a wider --card-size", path=str(deck_path),
        )
        for name in log.outside_safe_zone
    ]
    found += [
        Diagnostic(
            "DK302", f"the image `{unquote(urlsplit(url).path)}` does not exist; the card is printed without it",
            _art_span(deck, url), help="check the path, relative to the deck file", path=str(deck_path),
        )
        for url in dict.fromkeys(log.missing)
    ]
    return found


@dataclass
class Printed:
    """What a render made: `pdf`, the PDF's bytes (None when an error among `problems` stopped it),
    `pages`, what each page holds — (name, kind) of the card on it (kind `face`, `component` or
    `reference`), or None for a page of backs or of rules — and `problems`, the render's diagnostics."""

    pdf: bytes | None
    pages: list[tuple[str, str] | None]
    problems: list[Diagnostic]


def print_pdf(deck: Deck, deck_path: Path, options: Options = Options(), profile: Profile | None = None) -> Printed:
    """The PDF of `deck`, in memory (`render` writes it; `deckdsl.printing.export` rasterizes it)."""
    folder = deck_path.resolve().parent
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    try:
        with _time_limit(options.timeout):
            try:
                document, laid_out, log, overflowing = _layout(deck, folder, options, profile)
            except (TemplateError, RecursionError) as error:
                if options.theme is None:
                    raise
                return Printed(None, [], [themes.problem(error, options.theme)])
            found = _problems(deck, deck_path, log, overflowing) + _art_problems(deck, deck_path, options)
            if any(problem.severity.value == "error" for problem in found):
                return Printed(None, [], found)
            identifier = hashlib.sha256(document.encode("utf-8")).hexdigest()[:32].encode()
            refused_before = len(log.refused)
            pdf = laid_out.write_pdf(pdf_identifier=identifier, uncompressed_pdf=False)
            if len(log.refused) > refused_before:  # an SVG's own references are fetched as it is drawn
                return Printed(None, [], [problem for problem in _problems(deck, deck_path, log, set())
                                          if problem.code == "DK301"])
            pages = [_page_card(page) for page in laid_out.pages]
    except _TimeUp:
        return Printed(None, [], [Diagnostic(
            "DK304", f"rendering took longer than {options.timeout:g} s and was stopped; nothing was written",
            deck.title_span or Span(1, 1, 1, 1, 0, 0), help="render fewer cards at a time, or raise --timeout",
            path=str(deck_path),
        )])
    return Printed(pdf, pages, found)


def render(
    deck: Deck, deck_path: Path, target: Path, options: Options = Options(), profile: Profile | None = None
) -> list[Diagnostic]:
    """Write the PDF of `deck` to `target` (atomically).  Returns the render's diagnostics: with an error
    among them (a refused file, a text that does not fit) nothing was written; warnings (a missing
    image) leave the PDF in place."""
    printed = print_pdf(deck, deck_path, options, profile)
    if printed.pdf is not None:
        write_atomic(target, printed.pdf)
    return printed.problems


def _page_card(page) -> tuple[str, str] | None:
    """(name, kind) of the first card face on a laid-out page, None for a page without one."""
    for box in page._page_box.descendants():
        element = getattr(box, "element", None)
        if element is not None and element.get("class") == "card" and element.get("data-card") is not None:
            return element.get("data-card"), element.get("data-kind") or "face"
    return None


class _TimeUp(BaseException):
    """Raised by the timer.  A BaseException, like KeyboardInterrupt, so that WeasyPrint's own
    `except Exception` handlers (around fonts and images) cannot swallow it."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise `_TimeUp` in the block after `seconds` (a real-time timer; only where signals work: the main
    thread of a Unix process — elsewhere the block runs without a limit)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds <= 0:
        yield
        return

    def expire(signum, frame):
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, expire)
    # Then again every 10 ms: a signal that lands inside a C library's callback into Python (Pango and
    # HarfBuzz call back through cffi) is printed and dropped there, so one alone may be lost.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.01)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _art_span(deck: Deck, url: str) -> Span:
    for card in deck.cards:
        if card.art and Path(unquote(urlsplit(url).path)).name == Path(card.art).name:
            return card.field_spans.get("art", card.name_span)
    return deck.title_span or Span(1, 1, 1, 1, 0, 0)
