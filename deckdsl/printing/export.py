"""`deckdsl export png|tts`: the cards as images, for print shops, digital tabletops and the web.

The images are the PDF's own pages, rasterized (pypdfium2): the deck is rendered by `render.print_pdf`
with one card per page — a page exactly the card and its bleed — so a PNG shows what the sheets print,
pixel for pixel of the same layout, and can never disagree with them.  Then:

- `png`: one image per distinct card (copies are one image; the JSON and CSV exports count them) and per
  kind of component (star, brinde …), named by its place and name (`01-muro-alto.png`), plus its back
  (`back.png`, or `NN-name-back.png` for each card when the backs differ); `bleed=False` crops the bleed
  off, leaving the trim.
- `tts`: Tabletop Simulator's custom deck.  Sheets of at most 10 × 7 images, RGB, at the resolution at
  which a full sheet stays within 4096 px a side; the grid's last slot left empty for the hidden card (TTS
  shows the back there, `BackIsHidden`); one back image, or a sheet of backs when they differ
  (`UniqueBack`); and the saved object (`NAME.json`) that TTS imports as one deck: a `DeckCustom` with a
  card per copy, each named, with its rules text as its description.

Nothing is written until every image is made, and each file is written atomically: a failed export
leaves the files of the last good one.  The same deck gives the same bytes.
"""

from __future__ import annotations

import io
import json
import math
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import Diagnostic
from ..files import write_atomic
from ..lang import ast
from ..lang.ast import Deck
from ..profiles.profile import Profile
from ..text import card_text, language_of
from . import render

TTS_COLUMNS, TTS_ROWS = 10, 7
"""The largest grid of a Tabletop Simulator deck sheet."""

TTS_MAX_PIXELS = 4096
"""The largest side of an image Tabletop Simulator loads."""


@dataclass
class Card:
    """One distinct printed card: `name`, `kind` (`face` for a card of the deck, `component` for a game
    piece printed with it, `reference`), `copies` in the deck, `text` (its rules text), and its `face`
    and `back` images (PIL, RGB)."""

    name: str
    kind: str
    copies: int
    text: str
    face: object
    back: object


@dataclass
class Exported:
    """What an export made: `files` by name (the bytes to write), and the render's `problems`."""

    files: dict[str, bytes]
    problems: list[Diagnostic]

    def write(self, folder: Path) -> list[Path]:
        """Write every file into `folder` (atomically each); the paths written."""
        written = []
        for name, data in self.files.items():
            write_atomic(folder / name, data)
            written.append(folder / name)
        return written


def cards(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float,
          bleed: bool = True) -> tuple[list[Card], list[Diagnostic]]:
    """Every distinct card of the deck (then the game's components and reference card) as images at `dpi`,
    with their bleed or (`bleed` False) cut to the trim; and the render's problems (no card when one is
    an error)."""
    import pypdfium2

    single = replace(options, paper=(options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed),
                     gutter=0.0, mark_length=0.0, flip="long", back_offset=(0.0, 0.0))
    once = ast.construct(type(deck), **{**deck.__dict__, "cards": tuple(
        ast.construct(type(card), **{**card.__dict__, "copies": 1}) for card in deck.cards if card.copies >= 1)})
    printed = render.print_pdf(once, deck_path, single, profile)
    if printed.pdf is None:
        return [], printed.problems
    document = pypdfium2.PdfDocument(printed.pdf)
    crop = round(options.bleed / 25.4 * dpi) if not bleed else 0
    language = language_of(options.language or deck.language)
    found: list[Card] = []
    try:
        for index, page in enumerate(printed.pages):
            if page is None or index + 1 >= len(printed.pages):
                continue
            name, kind = page
            card = deck.card(name) if kind == "face" else None
            if card is None and kind == "face":
                kind = "component"
            if found and found[-1].name == name and found[-1].kind == kind and card is None:
                found[-1].copies += 1  # the game's pieces print once per piece
                continue
            face, back = (_image(document[at], dpi, crop) for at in (index, index + 1))
            text = " ".join(card_text(card, language).lines) if card is not None else ""
            found.append(Card(name, kind, card.copies if card is not None else 1, text, face, back))
    finally:
        document.close()
    return found, printed.problems


def _image(page, dpi: float, crop: int):
    """The page at `dpi`, RGB, less `crop` pixels on every side."""
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    if crop:
        image = image.crop((crop, crop, image.width - crop, image.height - crop))
    return image


def png(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float = 300.0,
        bleed: bool = True) -> Exported:
    """One PNG per distinct card and component, and the back (see the module docstring)."""
    found, problems = cards(deck, deck_path, options, profile, dpi, bleed)
    if not found:
        return Exported({}, problems)
    files: dict[str, bytes] = {}
    width = len(str(len(found)))
    same_back = not _backs_differ(found)
    for number, card in enumerate(found, 1):
        stem = f"{number:0{width}d}-{slug(card.name)}"
        files[f"{stem}.png"] = _png(card.face)
        if not same_back:
            files[f"{stem}-back.png"] = _png(card.back)
    if same_back:
        files["back.png"] = _png(found[0].back)
    return Exported(files, problems)


def tts(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float = 300.0,
        base_url: str | None = None, folder: Path | None = None) -> Exported:
    """Tabletop Simulator sheets, backs and saved object (see the module docstring).  The images are
    referred to as `base_url` + their name (default: `file://` URLs of `folder`, where they are written)."""
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    inches = (options.card[0] / 25.4, options.card[1] / 25.4)
    fitting = min(dpi, math.floor(TTS_MAX_PIXELS / (TTS_COLUMNS * inches[0])),
                  math.floor(TTS_MAX_PIXELS / (TTS_ROWS * inches[1])))
    found, problems = cards(deck, deck_path, options, profile, fitting, bleed=False)
    if not found:
        return Exported({}, problems)
    stem = slug(deck.title or deck_path.stem)
    base = base_url if base_url is not None else ((folder or Path(".")).resolve().as_uri() + "/")
    files: dict[str, bytes] = {}
    unique_back = _backs_differ(found)
    decks: dict[str, dict] = {}
    contained = []
    for sheet_number, start in enumerate(range(0, len(found), per_sheet), 1):
        on_sheet = found[start : start + per_sheet]
        columns, rows = _grid(len(on_sheet))
        face_name = f"{stem}-faces-{sheet_number}.png"
        files[face_name] = _png(_sheet([card.face for card in on_sheet], columns, rows))
        if unique_back:
            back_name = f"{stem}-backs-{sheet_number}.png"
            files[back_name] = _png(_sheet([card.back for card in on_sheet], columns, rows))
        else:
            back_name = f"{stem}-back.png"
            files.setdefault(back_name, _png(found[0].back))
        custom = {"FaceURL": base + face_name, "BackURL": base + back_name, "NumWidth": columns, "NumHeight": rows,
                  "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        decks[str(sheet_number)] = custom
        for slot, card in enumerate(on_sheet):
            identifier = sheet_number * 100 + slot
            contained.extend({
                "Name": "Card", "Nickname": card.name, "Description": card.text, "CardID": identifier,
                "CustomDeck": {str(sheet_number): custom}, "Transform": _TRANSFORM,
            } for _ in range(card.copies))
    saved = {
        "SaveName": deck.title or deck_path.stem, "GameMode": "", "Date": "", "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "VersionNumber": "",
        "ObjectStates": [{
            "Name": "DeckCustom", "Nickname": deck.title or deck_path.stem,
            "Description": f"{deck.title or deck_path.stem} {deck.version or ''}".strip() + " — deckdsl",
            "Transform": _TRANSFORM, "DeckIDs": [card["CardID"] for card in contained], "CustomDeck": decks,
            "ContainedObjects": contained,
        }],
    }
    files[f"{stem}.json"] = (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return Exported(files, problems)


_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
"""Where TTS puts the deck: at the table's centre, face down."""


def _grid(count: int) -> tuple[int, int]:
    """The smallest grid (columns, rows) of at most 10 × 7, at least 2 × 2, that holds `count` cards and
    an empty last slot for the hidden card."""
    columns = max(2, min(TTS_COLUMNS, count + 1))
    rows = max(2, min(TTS_ROWS, math.ceil((count + 1) / columns)))
    return columns, rows


def _sheet(images: list, columns: int, rows: int):
    """The images side by side, row by row, on a white sheet of `columns` × `rows` slots."""
    from PIL import Image

    width, height = images[0].size
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for slot, image in enumerate(images):
        row, column = divmod(slot, columns)
        sheet.paste(image.resize((width, height)) if image.size != (width, height) else image,
                    (column * width, row * height))
    return sheet


def _backs_differ(found: list[Card]) -> bool:
    """Whether the cards' backs are not all the same picture (compared by their pixels)."""
    return len({card.back.tobytes() for card in found}) > 1


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def slug(name: str) -> str:
    """A file name's part from a card's name: lower case, `-` between words, Latin letters without their
    accents (`Joia Cobiçada` → `joia-cobicada`); other scripts as they are (`Туз червей` → `туз-червей`)."""
    plain = "".join(_unaccented(char) for char in unicodedata.normalize("NFC", name))
    return "-".join(re.findall(r"\w+", plain.casefold()))[:60] or "card"


def _unaccented(char: str) -> str:
    base = "".join(part for part in unicodedata.normalize("NFKD", char) if not unicodedata.combining(part))
    return base if base and base.isascii() else char
