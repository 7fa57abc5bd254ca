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
  (`UniqueBack`); and the saved object (`NAME.json`) that TTS imports: the deck as a `DeckCustom` with a
  card per copy, each named, with its rules text as its description, and beside it each game piece printed
  with the deck (stars, brindes, the reference card) as its own `DeckCustom` — or `CardCustom`, one piece —
  with its own sheets and backs.

Bounded: the pixels of an image and of the whole export follow from the options and the deck, and past
`MAX_IMAGE_PIXELS` or `MAX_EXPORT_PIXELS` the export is refused (`TooLarge`) before the render, before a
pixel is allocated.  Then the cards are drawn one at a time, their images encoded and handed on before the
next card is drawn, so memory holds one card's face and back (one TTS sheet's cards), never the export.
Written whole, owning only what it writes: `Exported.write` puts the files in a new folder swapped in for
the old one once complete (`deckdsl.folders`), so a failed or killed export leaves the last good one; it
replaces exactly the files its last run wrote there (their manifest, `.deckdsl-export.json`), and keeps
every other file — the deck's art, a README — or refuses, touching nothing, when it would write over one.
The same deck gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path

from .. import folders
from ..diagnostics import Diagnostic
from ..lang import ast
from ..lang.ast import Deck
from ..profiles.profile import Profile
from ..text import card_text, language_of
from . import render

TTS_COLUMNS, TTS_ROWS = 10, 7
"""The largest grid of a Tabletop Simulator deck sheet."""

TTS_MAX_PIXELS = 4096
"""The largest side of an image Tabletop Simulator loads."""

MAX_IMAGE_PIXELS = 1 << 24
"""16.8 million pixels (4096×4096), the most one card image may have: 4.5 times a poker card with its bleed
at the 600 dpi print shops ask for (1642×2242 px), and room for poker and bridge cards at 1200 dpi
(3283×4482 px).  Drawing a card holds about 11 bytes a pixel (Pillow's face and back, pdfium's bitmap):
~190 MB at the bound, for one card at a time."""

MAX_EXPORT_PIXELS = 1 << 31
"""2.1 billion pixels, the most one export draws (a face and a back for each distinct card and component):
a 250-card set at 600 dpi with its bleed is 1.8 billion.  Memory does not grow with it (one image at a
time); it bounds the work and the disk of one run — minutes, and a few GB of PNG at the very worst."""


class TooLarge(ValueError):
    """An export whose images would have more pixels than they may; the message says how many, the bound,
    and which option to lower."""


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
class Rasterized:
    """A deck rendered one card to a page (`rasterize`): the render's `problems`, the `count` of distinct
    cards, and `cards`, which draws them one at a time as it is iterated (None when an error among the
    problems stopped the render, or nothing was printed), at `dpi` (written into each PNG)."""

    problems: list[Diagnostic]
    count: int
    cards: Callable[[], Iterator[Card]] | None
    dpi: float = 300.0


@dataclass
class Exported:
    """What an export makes: the render's `problems`, and `made`, which yields its files (name, bytes) one
    at a time, each image drawn and encoded as it is reached (None when nothing was made)."""

    problems: list[Diagnostic]
    made: Callable[[], Iterator[tuple[str, bytes]]] | None

    @cached_property
    def files(self) -> dict[str, bytes]:
        """Every file by name, all in memory at once (for a caller that wants them so: a small export)."""
        return dict(self.made()) if self.made is not None else {}

    def write(self, folder: Path) -> folders.Replaced:
        """Write the files (when something was made) into a new folder and swap it in for `folder` whole,
        replacing only the files of the last export there (`deckdsl.folders.replace`)."""
        return folders.replace(folder, self.made())


def check_size(deck: Deck, options: render.Options, profile: Profile | None, dpi: float) -> None:
    """`TooLarge` when an image of the export, or all of them together, would have more pixels than
    `MAX_IMAGE_PIXELS` or `MAX_EXPORT_PIXELS`: reckoned from the options and the deck, before the render."""
    sides_mm = (options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed)
    pixels = _pixels(sides_mm, dpi)
    if pixels > MAX_IMAGE_PIXELS:
        width, height = (math.ceil(side / 25.4 * dpi) for side in sides_mm)
        raise TooLarge(
            f"at {dpi:g} dpi a {sides_mm[0]:g}×{sides_mm[1]:g} mm card (with its bleed) is an image of "
            f"{width:,}×{height:,} px, {pixels / 1e6:,.1f} million pixels; an image may have at most "
            f"{MAX_IMAGE_PIXELS / 1e6:.1f} million: {_lower(sides_mm, 1, MAX_IMAGE_PIXELS)}choose a smaller "
            "--card-size or --bleed-mm"
        )
    sides = _most_sides(deck, profile)
    if sides * pixels > MAX_EXPORT_PIXELS:
        raise TooLarge(
            f"the export draws up to {sides:,} images (a face and a back for each distinct card and component) "
            f"of {pixels / 1e6:,.1f} million pixels, {sides * pixels / 1e6:,.0f} million in all; an export may "
            f"draw at most {MAX_EXPORT_PIXELS / 1e6:,.0f} million: {_lower(sides_mm, sides, MAX_EXPORT_PIXELS)}"
            "export fewer cards at a time"
        )


def _pixels(sides_mm: tuple[float, float], dpi: float) -> int:
    return math.ceil(sides_mm[0] / 25.4 * dpi) * math.ceil(sides_mm[1] / 25.4 * dpi)


def _lower(sides_mm: tuple[float, float], count: int, bound: int) -> str:
    """`lower --dpi to N or less, or ` for the largest whole dpi at which `count` images keep within
    `bound` pixels, when `--dpi` can go that low."""
    dpi = math.floor(25.4 * math.sqrt(bound / count / (sides_mm[0] * sides_mm[1])))
    while dpi > 0 and count * _pixels(sides_mm, dpi) > bound:
        dpi -= 1
    return f"lower --dpi to {dpi} or less, or " if dpi >= 30 else ""


def _most_sides(deck: Deck, profile: Profile | None) -> int:
    """The most images an export draws, known before the render: a face and a back for each distinct card,
    each kind of the game's components, and the reference card the playing-card design adds."""
    extras = len(profile.components or {}) + 1 if profile is not None else 0
    return 2 * (sum(1 for card in deck.cards if card.copies >= 1) + extras)


def rasterize(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float,
              bleed: bool = True) -> Rasterized:
    """Render the deck one card to a page, ready to draw every distinct card (then the game's components
    and reference card) at `dpi`, with their bleed or (`bleed` False) cut to the trim.  `TooLarge` first,
    past the pixel bounds (`check_size`)."""
    check_size(deck, options, profile, dpi)
    single = replace(options, paper=(options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed),
                     gutter=0.0, mark_length=0.0, flip="long", back_offset=(0.0, 0.0))
    once = ast.construct(type(deck), **{**deck.__dict__, "cards": tuple(
        ast.construct(type(card), **{**card.__dict__, "copies": 1}) for card in deck.cards if card.copies >= 1)})
    printed = render.print_pdf(once, deck_path, single, profile)
    if printed.pdf is None:
        return Rasterized(printed.problems, 0, None, dpi)
    pages = _pages(deck, printed.pages)
    crop = round(options.bleed / 25.4 * dpi) if not bleed else 0
    language = language_of(options.language or deck.language)
    drawn = partial(_drawn, printed.pdf, pages, dpi, crop, language) if pages else None
    return Rasterized(printed.problems, len(pages), drawn, dpi)


def cards(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float,
          bleed: bool = True) -> tuple[list[Card], list[Diagnostic]]:
    """Every distinct card of the deck as images, all in memory at once (a few cards at a low dpi: a
    preview, a test), and the render's problems (no card when one is an error); see `rasterize`."""
    drawn = rasterize(deck, deck_path, options, profile, dpi, bleed)
    return (list(drawn.cards()) if drawn.cards is not None else []), drawn.problems


@dataclass
class _Page:
    """A distinct card's place in the PDF (its face at `index`, its back next), and what the export says of
    it: `name`, `kind`, the deck's `card` (None for a component), `copies`."""

    index: int
    name: str
    kind: str
    card: ast.Card | None
    copies: int


def _pages(deck: Deck, printed: list[tuple[str, str] | None]) -> list[_Page]:
    """The faces of the PDF, one per distinct card: a game piece printed once per piece is one, its copies
    counted."""
    found: list[_Page] = []
    for index, page in enumerate(printed):
        if page is None or index + 1 >= len(printed):
            continue
        name, kind = page
        card = deck.card(name) if kind == "face" else None
        if card is None and kind == "face":
            kind = "component"
        if found and found[-1].name == name and found[-1].kind == kind and card is None:
            found[-1].copies += 1
            continue
        found.append(_Page(index, name, kind, card, card.copies if card is not None else 1))
    return found


def _drawn(pdf: bytes, pages: list[_Page], dpi: float, crop: int, language: str) -> Iterator[Card]:
    """Each distinct card, its face and back rasterized when it is reached."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in pages:
            face, back = (_image(document, at, dpi, crop) for at in (page.index, page.index + 1))
            text = " ".join(card_text(page.card, language).lines) if page.card is not None else ""
            yield Card(page.name, page.kind, page.copies, text, face, back)
    finally:
        document.close()


def _image(document, index: int, dpi: float, crop: int):
    """Page `index` at `dpi`, RGB, less `crop` pixels on every side; pdfium's page and bitmap are closed
    before it returns, so only the image is left in memory."""
    page = document[index]
    try:
        bitmap = page.render(scale=dpi / 72)
        try:
            image = bitmap.to_pil()
            if image.mode != "RGB":
                image = image.convert("RGB")
        finally:
            bitmap.close()
    finally:
        page.close()
    if crop:
        image = image.crop((crop, crop, image.width - crop, image.height - crop))
    return image


def png(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float = 300.0,
        bleed: bool = True) -> Exported:
    """One PNG per distinct card and component, and the back (see the module docstring)."""
    drawn = rasterize(deck, deck_path, options, profile, dpi, bleed)
    return Exported(drawn.problems, partial(_png_files, drawn) if drawn.cards is not None else None)


def _png_files(drawn: Rasterized) -> Iterator[tuple[str, bytes]]:
    """Each card's face as it is drawn; the backs: `back.png` at the end while they are all the same
    picture, else one per card — those before the first that differs being the first back."""
    width = len(str(drawn.count))
    first: tuple[bytes, bytes] | None = None  # the first back: its digest and its PNG
    waiting: list[str] | None = []  # the cards whose back is the first, not written while the backs may all be one
    for number, card in enumerate(drawn.cards(), 1):
        stem = f"{number:0{width}d}-{slug(card.name)}"
        yield f"{stem}.png", _png(card.face, drawn.dpi)
        digest = _digest(card.back)
        if first is None:
            first = digest, _png(card.back, drawn.dpi)
        if waiting is not None and digest != first[0]:
            yield from ((f"{earlier}-back.png", first[1]) for earlier in waiting)
            waiting = None
        if waiting is None:
            yield f"{stem}-back.png", first[1] if digest == first[0] else _png(card.back, drawn.dpi)
        else:
            waiting.append(stem)
        del card  # else it is held while the next card is drawn
    if first is not None and waiting is not None:
        yield "back.png", first[1]


def tts(deck: Deck, deck_path: Path, options: render.Options, profile: Profile | None, dpi: float = 300.0,
        base_url: str | None = None, folder: Path | None = None) -> Exported:
    """Tabletop Simulator sheets, backs and saved object (see the module docstring).  The images are
    referred to as `base_url` + their name (default: `file://` URLs of `folder`, where they are written)."""
    inches = (options.card[0] / 25.4, options.card[1] / 25.4)
    fitting = min(dpi, math.floor(TTS_MAX_PIXELS / (TTS_COLUMNS * inches[0])),
                  math.floor(TTS_MAX_PIXELS / (TTS_ROWS * inches[1])))
    drawn = rasterize(deck, deck_path, options, profile, fitting, bleed=False)
    stem = slug(deck.title or deck_path.stem)
    if drawn.cards is None:
        return Exported(drawn.problems, None)
    base = base_url if base_url is not None else ((folder or Path(".")).resolve().as_uri() + "/")
    title = deck.title or deck_path.stem
    saved = _Saved(title, f"{title} {deck.version or ''}".strip() + " — deckdsl", stem, base)
    return Exported(drawn.problems, partial(_tts_files, drawn, saved))


@dataclass
class _Saved:
    """What the saved object says besides its cards: the deck's `title`, its `description`, and where its
    images are (`base` + `stem`-…)."""

    title: str
    description: str
    stem: str
    base: str


def _tts_files(drawn: Rasterized, saved: _Saved) -> Iterator[tuple[str, bytes]]:
    """The sheets of faces, each made as its cards are drawn (one sheet's cards in memory at a time); the
    back, or the sheets of backs once one differs (the sheets before it are of the first back); then the
    saved object."""
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    drawing = drawn.cards()
    sheets: list[tuple[tuple[int, int], list[Card]]] = []  # each sheet's grid and cards (their images dropped)
    first: tuple[bytes, object] | None = None  # the first back: its digest and its image
    unique = False
    for number in itertools.count(1):
        on_sheet = list(itertools.islice(drawing, per_sheet))
        if not on_sheet:
            break
        grid = _grid(len(on_sheet))
        yield f"{saved.stem}-faces-{number}.png", _png(_sheet([card.face for card in on_sheet], *grid),
                                                       drawn.dpi)
        digests = [_digest(card.back) for card in on_sheet]
        if first is None:
            first = digests[0], on_sheet[0].back
        if not unique and any(digest != first[0] for digest in digests):
            unique = True
            for earlier, (earlier_grid, cards_before) in enumerate(sheets, 1):
                yield f"{saved.stem}-backs-{earlier}.png", _png(_sheet([first[1]] * len(cards_before), *earlier_grid),
                                                                      drawn.dpi)
        if unique:
            yield f"{saved.stem}-backs-{number}.png", _png(_sheet([card.back for card in on_sheet], *grid),
                                                           drawn.dpi)
        sheets.append((grid, [replace(card, face=None, back=None) for card in on_sheet]))
        del on_sheet  # else it is held while the next sheet's cards are drawn
    if first is not None and not unique:
        yield f"{saved.stem}-back.png", _png(first[1], drawn.dpi)
    yield f"{saved.stem}.json", _saved_object(saved, sheets, unique)


def _saved_object(saved: _Saved, sheets: list[tuple[tuple[int, int], list[Card]]], unique: bool) -> bytes:
    """The saved object TTS imports: the deck's cards as one deck, and each game piece printed with it (a
    component: stars, brindes; the reference card) as its own deck — or a single card — beside it, each
    with the sheets, and so the backs, of its own cards; a card per copy."""
    customs: dict[str, dict] = {}
    groups: dict[tuple[str, str], list[tuple[dict, str]]] = {}
    for sheet_number, ((columns, rows), on_sheet) in enumerate(sheets, 1):
        back = f"{saved.stem}-backs-{sheet_number}.png" if unique else f"{saved.stem}-back.png"
        customs[str(sheet_number)] = {
            "FaceURL": f"{saved.base}{saved.stem}-faces-{sheet_number}.png", "BackURL": saved.base + back,
            "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
        for slot, card in enumerate(on_sheet):
            identifier, custom = sheet_number * 100 + slot, {str(sheet_number): customs[str(sheet_number)]}
            group = groups.setdefault(("deck", "") if card.kind == "face" else (card.kind, card.name), [])
            group.extend(({"Name": "Card", "Nickname": card.name, "Description": card.text, "CardID": identifier,
                           "CustomDeck": custom, "Transform": _TRANSFORM}, str(sheet_number))
                         for _ in range(card.copies))
    objects = []
    for place, ((kind, name), cards) in enumerate(groups.items()):
        where = {**_TRANSFORM, "posX": _SPACING * place}
        used = {number: customs[number] for number in dict.fromkeys(number for _, number in cards)}
        contained = [card for card, _ in cards]
        if len(contained) == 1:
            objects.append({**contained[0], "Name": "CardCustom", "Transform": where})
            continue
        objects.append({
            "Name": "DeckCustom", "Nickname": saved.title if kind == "deck" else name,
            "Description": saved.description if kind == "deck" else "", "Transform": where,
            "DeckIDs": [card["CardID"] for card in contained], "CustomDeck": used, "ContainedObjects": contained,
        })
    document = {
        "SaveName": saved.title, "GameMode": "", "Date": "", "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "VersionNumber": "",
        "ObjectStates": objects,
    }
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


_SPACING = 3.0
"""How far apart (TTS units, a card is about 2 wide) the deck and each component's pile lie on the table."""

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


def _digest(image) -> bytes:
    """What tells two pictures apart: a digest of their pixels, read a strip at a time (not a copy of the
    whole image)."""
    digest = hashlib.sha256()
    for top in range(0, image.height, 256):
        digest.update(image.crop((0, top, image.width, min(top + 256, image.height))).tobytes())
    return digest.digest()


def _png(image, dpi: float) -> bytes:
    """The image as PNG, its resolution written in (`pHYs`), so a print shop's software prints it at size."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def slug(name: str) -> str:
    """A file name's part from a card's name: lower case, `-` between words, Latin letters without their
    accents (`Joia Cobiçada` → `joia-cobicada`); other scripts as they are (`Туз червей` → `туз-червей`)."""
    plain = "".join(_unaccented(char) for char in unicodedata.normalize("NFC", name))
    return "-".join(re.findall(r"\w+", plain.casefold()))[:60] or "card"


def _unaccented(char: str) -> str:
    base = "".join(part for part in unicodedata.normalize("NFKD", char) if not unicodedata.combining(part))
    return base if base and base.isascii() else char
