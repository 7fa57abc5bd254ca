"""The `playing-card` design (`print { face: playing-card }`, `templates/playing-cards.html.j2`).

The `corners` attributes (rank and suit) sit in the top-left corner and, turned 180°, in the bottom-right;
an attribute with `symbols` prints its symbol, any other its canonical value (`A`, `10`, `K`: short, the
same in every language).  Red or black ink is decided by the symbol: ♥ ♦ (and ♡ ♢) are red, every other
symbol black — it works for every profile that gives its suits the usual symbols, whether or not it
derives a colour.  The centre repeats the corners large — a court card (J, Q, K) shows a court figure instead
(`deckdsl.printing.artwork`) — then the card's name, the `show` properties with their labels (`сила 15 ·
мана 11`) but for one that only repeats the corner (Embate's «Valor 2» under a 2, `_unrepeated`), and the deck's title and
version.  A `theme` attribute (Queens vs
Kings' race) prints its value's label in a coloured band over the centre (the deck's `colours`, else the
attribute's, else one colour per value in the order of the attribute's values).  Backs: with `back:
colour` each back shows the design of its card's value (red or black for the values `red` and `black`,
otherwise a colour per value) and that value's label, since each player's deck is one colour; without
`back`, one design for all.

Reference card (decks whose profile has `relation`s or `property`s): one extra card, the size of the
others, printed after the deck's cards on the same sheets (so it is cut like them; its back is the neutral
design).  It lists each relation (its title, `K > Q`, `A > 2 3 … K`, its note) and each property as tables
per attribute (`сила`/`мана` per rank; the suit's bonus as `+1`/`0`), in the profile's labels and the
deck's language.  Its text shrinks like a card's rules text, and fails the render (DK303) only when it
cannot fit.  Then the one-page rules summary.
"""

from __future__ import annotations

from pathlib import Path

from ..check import style
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile
from ..text import language_of, phrase
from . import artwork, layout, look, themes
from .colours import ink_on
from .sheets import TEMPLATES, TEXT_SIZES, Options, _art_size, _art_url, _components, _mark, _summary_page

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
    """The band of the printed `theme` attribute: its label, its colour (the deck's `colours`, else the
    profile's, else the palette's) and the ink its label takes on it (white, unless the colour is too light for it)."""
    name = profile.printing.get("theme")
    value = profile.value_of(card, name) if name in profile.attributes else None
    if value is None:
        return None
    spec = profile.attributes[name]
    colour = (colours or {}).get(value) or spec.colours.get(value) or _palette(spec, value, THEME_COLOURS)
    return {"label": spec.label(value), "colour": colour, "ink": ink_on(colour, prefer="#ffffff")}


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
    ink = INK["red" if red else "black"]
    rank = next((text for text, symbol in corners if not symbol), "")
    suit = next((text for text, symbol in corners if symbol), "")
    return {
        "kind": "face", "card": card, "name": card.name, "ink": ink,
        "corners": [{"text": text, "symbol": symbol} for text, symbol in corners],
        "theme": _theme(profile, card, colours), "art": _art_url(card, folder),
        "stats": _show(profile, card), "rank": rank,
        "court": artwork.court_url(rank, suit, ink), "back_design": _back_design(profile, card),
    }


def _unrepeated(faces: list[dict]) -> list[dict]:
    """The faces without a `show` line that only repeats the corner: when every property on it (Embate's
    «Valor») is the rank on every card with a number rank, it says nothing a 2 does not, and it is left off
    those cards — kept on the A, J, Q, K it tells about.  A line with one more property (Queens vs Kings'
    сила, with its bonus) is printed whole on every card: a player compares it card to card."""
    numbered = [face for face in faces if face["rank"].isdigit()]
    repeating = {stat["label"] for face in numbered for stat in face["stats"]}
    repeating -= {stat["label"] for face in numbered for stat in face["stats"] if stat["value"] != face["rank"]}
    for face in numbered:
        if all(stat["label"] in repeating for stat in face["stats"]):
            face["stats"] = []
    return faces


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


def html(deck: Deck, folder: Path, options: Options, profile: Profile, sizes: dict[str, float]) -> str:
    """The sheets of a deck printed as playing cards (`print { face: playing-card }`), see the module's
    docstring: the faces, the game's components, the reference card, each sheet followed by its backs;
    then the rules summary."""
    sheet = layout.sheet(
        options.paper, options.card, bleed=options.bleed, gutter=options.gutter,
        mark_length=options.mark_length, flip=options.flip, back_offset=options.back_offset,
    )
    parameters = profile.parameters(deck.rules)
    chosen = style.read(deck, profile, folder)[0]

    tag = options.language or deck.language or profile.language
    language = language_of(tag)
    printed = _unrepeated([_playing_face(profile, card, folder, chosen.colours) for card in deck.cards
                           for _ in range(max(card.copies, 0))])
    for item in _components(profile, language, parameters):
        printed.append({**item, "kind": "component", "name": item["card"]["name"],
                        "scene": artwork.scene_url(item["card"]["name"], item["card"]["type"]),
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
    return themes.environment(options.theme, len(printed)).get_template(theme).render(
        theme=options.theme.resolve().as_uri() if options.theme else "",
        title=deck.title or "", version=deck.version or "", language=tag or "en", paper=options.paper,
        safe=options.safe, scale=round(scale, 4), pages=pages, red=INK["red"],
        fonts=(TEMPLATES / "fonts").resolve().as_uri(), look=look.css(chosen),
    )


