"""Print-and-play PDF sheets: the HTML of `deckdsl.printing.sheets` (the `janken` design) or
`deckdsl.printing.playing` (the `playing-card` design, by the profile's `print { face: … }`) through WeasyPrint.

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
- Text that does not fit shrinks, card by card, through `TEXT_SIZES`; a card whose text does not fit even
  at the smallest size fails the render (DK303).  Then, for both designs, the one-page rules summary: the
  profile's `summary` in the deck's language, or the first language it has.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from jinja2 import TemplateError

from ..check import pictures
from ..check.art import art_problems
from ..diagnostics import Diagnostic
from ..files import folder_of, inside, write_atomic
from ..limits import TimeUp, time_limit
from ..lang.ast import Card, Deck
from ..profiles.profile import Profile
from ..said import said
from ..span import Span
from . import artwork, boxes, playing, sheets, themes
from .sheets import TEMPLATES, TEXT_SIZES, Options, _art_size

__all__ = ["TEMPLATES", "TEXT_SIZES", "Options", "Printed", "html", "lint", "print_pdf", "render"]


@dataclass
class SafeFetcherLog:
    """What the fetcher turned down: `refused` (outside the allowed folders, or not a file URL) and
    `missing` (inside them, but no such file)."""

    refused: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    too_large: list[str] = field(default_factory=list)
    outside_safe_zone: dict[str, tuple[float, float]] = field(default_factory=dict)
    seen: list[boxes.Seen] = field(default_factory=list)


def _safe_fetcher(roots: list[Path], log: SafeFetcherLog):
    from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

    class SafeFetcher(URLFetcher):
        """Serves `file:` URLs inside the allowed folders — every link on the way followed by what it says,
        `deckdsl.files.inside`: nothing outside them is opened or even stat'ed — `data:` URLs, and the
        art deckdsl draws (`deckdsl-art:`, `deckdsl.printing.artwork`)."""

        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme == "data":
                return super().fetch(url, headers)
            if parts.scheme == artwork.SCHEME and (svg := artwork.drawn(url)) is not None:
                return URLFetcherResponse(url, body=svg, headers={"Content-Type": "image/svg+xml"})
            if parts.scheme == "file" and not parts.netloc:
                written = unquote(parts.path)
                path = next((found for root in roots if (found := inside(root, written)) is not None), None)
                if path is not None:
                    if not os.path.isfile(path):
                        log.missing.append(url)
                        raise URLFetchingError(f"no such file: {url}")
                    try:
                        return URLFetcherResponse(url, body=pictures.read(path))
                    except pictures.PictureTooLarge as error:
                        log.too_large.append(url)
                        raise URLFetchingError(str(error)) from error
            log.refused.append(url)
            raise URLFetchingError(f"deckdsl refuses to read {url}")

    return SafeFetcher(allowed_protocols={"file", "data"}, allow_redirects=False)



def html(
    deck: Deck, deck_folder: Path, options: Options = Options(), profile: Profile | None = None,
    sizes: dict[str, float] | None = None,
) -> str:
    """The HTML of the sheets, in the design the profile's `print { face: … }` chooses: the deck's cards, then
    the game's component cards, each sheet followed by its backs, then a page summarising the rules."""
    if profile is not None and profile.printing.get("face") == "playing-card":
        return playing.html(deck, deck_folder, options, profile, sizes or {})
    return sheets.html(deck, deck_folder, options, profile, sizes)


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


def _layout(deck, folder, options, profile):
    """Lay the sheets out, shrinking the rules text of the cards whose text overflows or squeezes the art
    frame, step by step (`TEXT_SIZES`).  Returns (the HTML, WeasyPrint's laid-out document, the fetcher's
    log — with what the render lint saw, `deckdsl.printing.boxes` — and the names of the cards that still do
    not fit at the smallest size)."""
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
        seen = boxes.look(laid_out)
        squeezed = {item.card for item in seen if item.code == "DK312"}
        shrinkable = {name for name in overflowing | squeezed if sizes.get(name, TEXT_SIZES[0]) > TEXT_SIZES[-1]}
        if not shrinkable:
            log.outside_safe_zone.update(sorted(item for item in _outside_safe_zone(laid_out, options.safe).items()
                                               if item[0] not in overflowing))  # DK303 says it
            log.seen.extend(seen)
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


def _outside_safe_zone(laid_out, safe: float) -> dict[str, tuple[float, float]]:
    """Cards with a line of text reaching into the `safe` mm inside the cut, on any side — a long
    unbreakable word pushes it sideways, a theme's narrower padding moves it there — with how near the cut
    (mm) their text comes, and `safe`."""
    found: dict[str, float] = {}
    for box in _card_boxes(laid_out):
        x0, y0 = box.border_box_x(), box.border_box_y()
        x1, y1 = x0 + box.border_width(), y0 + box.border_height()
        nearest = min((min(inner.position_x - x0, x1 - inner.position_x - inner.width,
                           inner.position_y - y0, y1 - inner.position_y - inner.height)
                       for inner in box.descendants() if type(inner).__name__ == "TextBox" and inner.text.strip()),
                      default=None)
        name = box.element.get("data-card")
        if nearest is not None and nearest * 25.4 / 96 < safe - 0.15:
            found[name] = round(min(found.get(name, safe), max(nearest * 25.4 / 96, 0.0)), 1)
    return {name: (distance, safe) for name, distance in found.items()}


def _card_boxes(laid_out):
    for page in laid_out.pages:
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is not None and element.get("class") == "card" and getattr(box, "children", None):
                yield box


def lint(deck: Deck, deck_path: Path, options: Options = Options(), profile: Profile | None = None) -> list[Diagnostic]:
    """What `render` would report, without writing a PDF (`deckdsl check --render-lint`), within the same
    time limit (`options.timeout`)."""
    folder = folder_of(deck_path)
    try:
        with time_limit(options.timeout):
            _, _, log, overflowing = _layout(deck, folder, options, profile)
    except TimeUp:
        return [_timed_out(deck, deck_path, options)]
    except (TemplateError, RecursionError) as error:
        if options.theme is None:
            raise
        return [themes.problem(error, options.theme)]
    return _problems(deck, deck_path, log, overflowing) + _art_problems(deck, deck_path, options)


def _timed_out(deck: Deck, deck_path: Path, options: Options) -> Diagnostic:
    return Diagnostic(
        "DK304", said("print-timed-out", "rendering took longer than {seconds:g} s and was stopped; nothing was "
                      "written", seconds=options.timeout), deck.title_span or Span(1, 1, 1, 1, 0, 0),
        help=said("print-timed-out-help", "render fewer cards at a time, or raise --timeout"),
        path=str(deck_path),
    )


def _art_problems(deck: Deck, deck_path: Path, options: Options) -> list[Diagnostic]:
    need = (options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed)
    pixels = (round(need[0] / 25.4 * options.dpi), round(need[1] / 25.4 * options.dpi))
    oversize = [problem.at(str(deck_path)) for problem in art_problems(deck, folder_of(deck_path))
                if problem.code == "DK310"]  # the fetcher left these pictures out
    return oversize + [
        Diagnostic(
            "DK306",
            said("print-short-of-bleed", "the art of `{card}` prints {width:.1f}×{height:.1f} mm, short of the bleed "
                 "({need_width:.1f}×{need_height:.1f} mm): a white edge will show where the cut wanders",
                 card=card.name, width=size[0], height=size[1], need_width=need[0], need_height=need[1]),
            card.field_spans.get("art", card.name_span),
            help=said("print-short-of-bleed-help", "make the picture at least {width:.1f}×{height:.1f} mm "
                      "({across}×{down} px at {dpi:g} dpi)", width=need[0], height=need[1], across=pixels[0],
                      down=pixels[1], dpi=options.dpi),
            path=str(deck_path),
        )
        for card, size in _short_of_bleed(deck, folder_of(deck_path), options)
    ]


def _problems(deck, deck_path, log, overflowing) -> list[Diagnostic]:
    found = [
        Diagnostic(
            "DK303", said("print-overflow", "the text of `{card}` does not fit on the card, even at {size:g} pt",
                          card=name, size=TEXT_SIZES[-1]),
            (deck.card(name).name_span if deck.card(name) else deck.title_span) or Span(1, 1, 1, 1, 0, 0),
            help=said("print-overflow-help", 'say it in fewer words (the GDD: "menos é mais"), or choose a larger '
                      "--card-size"),
            path=str(deck_path),
        )
        for name in overflowing
    ]
    found += [
        Diagnostic(
            "DK301", said("print-refused", "rendering refused to read `{url}`: decks may only use files inside their "
                          "own folder", url=url), _art_span(deck, url),
            help=said("print-refused-help", "put the image next to the deck file and use a relative path"),
            path=str(deck_path),
        )
        for url in dict.fromkeys(log.refused)
    ]
    found += [  # a card's own art over the bound is DK310 from the art check (`_art_problems`)
        Diagnostic(
            "DK310", said("print-theme-picture-large", "the picture `{path}` the theme uses has more pixels than any "
                          "printed card needs (at most {limit:,}); it is not read", path=unquote(urlsplit(url).path),
                          limit=pictures.MAX_ART_PIXELS), _art_span(deck, url),
            help=said("print-scale-down", "scale it down to the size it prints at"), path=str(deck_path),
        )
        for url in dict.fromkeys(log.too_large) if _art_card(deck, url) is None
    ]
    found += [
        Diagnostic(
            "DK305", said("print-outside-safe-zone", "text of `{card}` comes {distance:.1f} mm from the cut, inside "
                          "the safe zone ({safe:g} mm)", card=name, distance=distance, safe=safe),
            (deck.card(name).name_span if deck.card(name) else deck.title_span) or Span(1, 1, 1, 1, 0, 0),
            help=said("print-outside-safe-zone-help", "break a long word or choose a wider --card-size; in a theme, "
                      "keep the card's padding at the safe zone"),
            path=str(deck_path),
        )
        for name, (distance, safe) in log.outside_safe_zone.items()
    ]
    cascading = set(overflowing) | set(log.outside_safe_zone)  # a part pushed aside by text that does not fit
    found += boxes.diagnostics([seen for seen in log.seen if seen.code == "DK313" or seen.card not in cascading],
                               deck, str(deck_path))
    found += [
        Diagnostic(
            "DK302", said("print-missing-image", "the image `{path}` does not exist; the card is printed without it",
                          path=unquote(urlsplit(url).path)), _art_span(deck, url),
            help=said("print-missing-image-help", "check the path, relative to the deck file"), path=str(deck_path),
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
    folder = folder_of(deck_path)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    try:
        with time_limit(options.timeout):
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
    except TimeUp:
        return Printed(None, [], [_timed_out(deck, deck_path, options)])
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


def _art_span(deck: Deck, url: str) -> Span:
    card = _art_card(deck, url)
    if card is not None:
        return card.field_spans.get("art", card.name_span)
    return deck.title_span or Span(1, 1, 1, 1, 0, 0)


def _art_card(deck: Deck, url: str) -> Card | None:
    """The card whose `art:` the fetched `url` is, if any (else a theme's own file)."""
    name = Path(unquote(urlsplit(url).path)).name
    return next((card for card in deck.cards if card.art and Path(card.art).name == name), None)

