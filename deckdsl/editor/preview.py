"""`deckdsl preview DECK`: every card as it will print, live in the browser, with its diagnostics beside it.

Why it is built this way:

- **The same HTML as the PDF.**  The cards come from `deckdsl.printing.render.html`, the function that
  writes the HTML WeasyPrint prints, with one change of options: the paper is one card with its bleed, so
  each sheet holds exactly one card and its page can be cut out of the document as that card's own
  document.  Each card is then shown in a sandboxed `<iframe srcdoc>` (no scripts), so the print template's
  CSS applies to it exactly as in the PDF and never leaks into the page around it.  WeasyPrint is never
  imported (it costs ~0.65 s and is not needed for HTML).  What differs from the PDF: the PDF shrinks a
  rules text that overflows (WeasyPrint measures it); the preview shows it at the first size, clipped.
- **Browser URLs.**  The print HTML points at `file:` URLs (the fonts, a card's art); a page served over
  HTTP cannot load them, so those of the deck's folder and of the templates' fonts are rewritten to
  `/files/…` and `/assets/…`.  Only the template's own `url('…')` can match: a deck's text is escaped, so
  it never contains `url('`.
- **Live.**  A watchfiles thread watches the folders of the deck, its game profile, its art and the
  templates (not recursively: only the files that matter), reloads, and wakes every `/events`
  (server-sent events) stream; the page's few lines of JS then fetch `/content` and swap it in.
- **Never a traceback.**  A deck whose reading has errors (DK0xx, DK1xx, DK5xx: what parsed may be half a
  card) shows its diagnostics and the last cards that rendered; a guideline finding (JW…, DK2xx) still
  renders, since the cards are what the designer is working on.  An internal error becomes a message on
  the page, and the server keeps running.
- **Local and closed.**  127.0.0.1 only; a `Host` other than 127.0.0.1/localhost is refused (a DNS
  rebinding page could otherwise read the deck); files are served only from the deck's folder (images)
  and the templates (fonts, CSS), by a path checked segment by segment and then resolved (symlinks
  included) inside its root, else 404, never a listing; every response carries a Content-Security-Policy
  without external origins and `nosniff`.
"""

from __future__ import annotations

import dataclasses
import html as _html
import os
import re
import secrets
import shutil
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from jinja2 import TemplateError

from .. import files, load
from ..check import report
from ..diagnostics import AFTERWORDS, Diagnostic, Severity
from ..escapes import visible
from ..printing import artwork, render, themes
from ..profiles.profile import find

TEMPLATES = render.TEMPLATES.resolve()

IMAGES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
          ".webp": "image/webp", ".avif": "image/avif", ".bmp": "image/bmp", ".svg": "image/svg+xml",
          ".ttf": "font/ttf", ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2"}
"""What `/files/` serves from the deck's folder: pictures, and fonts for its theme (`theme.html.j2`) — nothing
else (a deck folder may hold `.git`, notes …)."""

ASSETS = {".css": "text/css; charset=utf-8", **IMAGES}
"""What `/assets/` serves from the templates' folder (never the `.j2` templates themselves)."""

READING = re.compile(r"DK[015]\d\d")
"""Codes of errors after which the deck is not rendered: the reading and the profile's, not the guidelines'."""

PAGE_POLICY = ("default-src 'none'; script-src 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'self'; "
               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""The page's CSP (the card iframes inherit it): only this server; inline styles, since the print templates
position every card with `style` attributes (deck text is escaped, so it cannot add one)."""

STRICT_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
"""Every other response's CSP: an SVG opened on its own runs no script and loads nothing."""

FRAME_STYLE = ("<style>html, body { overflow: hidden; } "
               ".card { outline: 0.25mm dashed rgba(0, 0, 0, .4); }</style>\n")
"""Added to each card's document: no scrollbars, and the cut line (the rest, outside it, is bleed)."""

_PAGE = re.compile(r'<div class="page (faces|backs|summary)">')
_TAG = re.compile(r' data-(?:card|back)="[^"]*"')


# --------------------------------------------------------------------------------- the cards ---


@dataclasses.dataclass(frozen=True)
class Cards:
    """A render: each deck card (`name`, `copies`, `face`: its HTML document, None when it prints no
    copy), the game's other cards and the backs (`face`, `name`, `count`, each distinct one once), the
    rules summary page (A4, None when the profile has none) and the size of a card with its bleed (mm)."""

    cards: tuple[dict, ...]
    extras: tuple[dict, ...]
    backs: tuple[dict, ...]
    rules: str | None
    size: tuple[float, float]


def browser_urls(document: str, folder: Path, version: int, theme: Path | None = None) -> str:
    """The print HTML with its `file:` URLs of the deck's folder, of a theme's folder (`--theme DIR`) and of
    the fonts made server paths (`?v=`: a new URL per reload, so a changed picture is fetched again), and
    the art deckdsl draws (`deckdsl-art:`) served from `/art/`."""
    if theme is not None and theme.resolve() != folder:
        theme_prefix = re.escape(theme.resolve().as_uri() + "/")
        document = re.sub(r"url\((['\"])" + theme_prefix + r"([^'\"]*)\1\)", rf"url(\1/theme/\2?v={version}\1)",
                          document)
    deck_prefix = re.escape(folder.as_uri() + "/")
    fonts_prefix = re.escape((TEMPLATES / "fonts").as_uri() + "/")
    document = re.sub(r"url\((['\"])" + deck_prefix + r"([^'\"]*)\1\)", rf"url(\1/files/\2?v={version}\1)", document)
    document = re.sub(r"url\((['\"])" + fonts_prefix + r"([^'\"]*)\1\)", r"url(\1/assets/fonts/\2\1)", document)
    return re.sub(r"""(url\(['"]|src=")""" + artwork.SCHEME + ":", r"\1/art/", document)


def split_pages(document: str) -> tuple[str, list[tuple[str, str]]]:
    """(the document's head, its pages as (side, HTML)).  The print templates open each page with
    `<div class="page SIDE">`, which a deck's escaped text cannot write."""
    head = document[: document.index("</head>")]
    body = document[document.index("<body>") + len("<body>") : document.rindex("</body>")]
    starts = list(_PAGE.finditer(body))
    pages = [(m.group(1), body[m.start() : starts[i + 1].start() if i + 1 < len(starts) else len(body)])
             for i, m in enumerate(starts)]
    return head, pages


def _document(head: str, page: str) -> str:
    return f"{head}{FRAME_STYLE}</head>\n<body>{page}</body>\n</html>\n"


def _distinct(head: str, pages: list[str]) -> tuple[dict, ...]:
    """Each distinct page once, in order, with how many times it prints and the name it carries (pages that
    differ only in the card name they are tagged with, like the backs, are one)."""
    first: dict[str, str] = {}
    counts: dict[str, int] = {}
    for page in pages:
        key = _TAG.sub("", page)
        first.setdefault(key, page)
        counts[key] = counts.get(key, 0) + 1
    names = {key: re.search(r'data-card="([^"]*)"', page) for key, page in first.items()}
    return tuple({"face": _document(head, first[key]), "count": count,
                  "name": _html.unescape(names[key].group(1)) if names[key] else ""}
                 for key, count in counts.items())


def print_cards(deck, folder: Path, profile, version: int = 0, theme: Path | None = None) -> Cards:
    """The deck rendered by the print templates, one document per distinct card (see the module's doc) — in
    the theme `theme` (a folder), else the deck's when its folder has one (`deckdsl.printing.themes`)."""
    options = render.Options(theme=themes.find(folder, theme))
    size = (options.card[0] + 2 * options.bleed, options.card[1] + 2 * options.bleed)
    one = dataclasses.replace(options, paper=size)
    head, pages = split_pages(browser_urls(render.html(deck, folder, one, profile), folder, version, options.theme))
    faces = [page for side, page in pages if side == "faces"]
    cards, index = [], 0
    for card in deck.cards:
        copies = max(card.copies, 0)
        if index + copies > len(faces):
            raise RuntimeError("the print HTML has fewer card pages than the deck has copies")
        cards.append({"name": card.name, "copies": card.copies,
                      "face": _document(head, faces[index]) if copies else None})
        index += copies
    rules = None
    if profile is not None and profile.summary:
        sheets = browser_urls(render.html(deck, folder, options, profile), folder, version, options.theme)
        sheet_head, sheet_pages = split_pages(sheets)
        rules = next((_document(sheet_head, page) for side, page in sheet_pages if side == "summary"), None)
    return Cards(tuple(cards), _distinct(head, faces[index:]),
                 _distinct(head, [page for side, page in pages if side == "backs"]), rules, size)


# --------------------------------------------------------------------------- the diagnostics ---


def _view(diagnostic: Diagnostic, text: str) -> dict:
    """What `deckdsl check` says about a finding: where, code, message, notes, help, the source excerpt."""
    span = diagnostic.span
    return {"severity": diagnostic.severity.value, "code": diagnostic.code, "name": diagnostic.name,
            "message": diagnostic.message, "where": f"{diagnostic.path}:{span.line}:{span.column}",
            "notes": list(diagnostic.notes), "help": diagnostic.help, "source": report.full(diagnostic, text)}


def _say(error: BaseException) -> None:
    """An internal error on stderr, one line (the page shows it too)."""
    print(f"deckdsl preview: internal error: {type(error).__name__}: {visible(str(error))}", file=sys.stderr)


def internal(error: BaseException) -> dict:
    """An internal error as the page shows it: like a diagnostic, never a traceback."""
    return {"severity": "error", "code": "internal", "name": "internal-error", "where": "deckdsl preview",
            "message": f"{type(error).__name__}: {error}", "notes": [], "source": "",
            "help": "the page shows the last cards that rendered; please report this, with the deck file"}


def place(result) -> tuple[list[Diagnostic], dict[str, list[Diagnostic]], list[Diagnostic]]:
    """(the deck-level diagnostics, those of each card by name, the afterwords): a finding belongs to the
    card whose block holds its position, else to the card a balance finding names first, else to the deck;
    a finding about the check itself (DK131: what could not be checked) is an afterword, a line shown after
    every finding, not above the errors that caused it."""
    cards = result.deck.cards if result.deck is not None else []
    names = {card.name for card in cards}
    top, by_card, after = [], {}, []
    for diagnostic in result.diagnostics:
        if diagnostic.code in AFTERWORDS:
            after.append(diagnostic)
            continue
        start = diagnostic.span.start
        owner = next((card.name for card in cards if card.span.start <= start < card.span.end), None)
        if owner is None and diagnostic.cards and diagnostic.cards[0] in names:
            owner = diagnostic.cards[0]
        if owner is None or diagnostic.path != result.path:
            top.append(diagnostic)
        else:
            by_card.setdefault(owner, []).append(diagnostic)
    return top, by_card, after


# ---------------------------------------------------------------------------- the live state ---


def _environment():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


class Preview:
    """The deck's current view: `generation` (one more per reload), the `/content` fragment, the last
    cards that rendered (kept for a deck that breaks), and the files and folders to watch."""

    def __init__(self, deck_path: Path, theme: Path | None = None) -> None:
        self.path = Path(deck_path)
        self.folder = files.folder_of(self.path)
        self.theme = None if theme is None else Path(theme).resolve()
        """The theme folder `deckdsl preview --theme DIR` names (None: the deck's folder's theme, if any)."""
        self.generation = 0
        self.content = ""
        self.last_good: Cards | None = None
        self.files: set[Path] = set()
        self.changed = threading.Condition()
        self.stopping = threading.Event()
        self.watching = threading.Event()
        self._template = _environment().get_template("preview.html.j2")
        self._reloading = threading.Lock()
        self.reload()

    def reload(self) -> int:
        """Read, check and render the deck again; wake the event streams.  Never raises: an error in the
        checker or the renderer is shown with the last good cards, one in the page itself by hand."""
        with self._reloading:
            generation = self.generation + 1
            try:
                content = self._build(generation)
            except Exception as error:  # noqa: BLE001 — the page must say something, whatever happened
                _say(error)
                try:
                    content = self._render(generation, problems=[internal(error)])
                except Exception as again:  # noqa: BLE001
                    _say(again)
                    content = (f'<div id="generation" data-generation="{generation}"><p class="stale">internal '
                               f"error: {_html.escape(type(again).__name__)}: {_html.escape(str(again))}</p></div>")
            with self.changed:
                self.generation, self.content = generation, content
                self.changed.notify_all()
            return generation

    def _build(self, generation: int) -> str:
        result = load(self.path)
        problems: list[dict] = []
        fresh = False
        if result.deck is not None and not any(READING.fullmatch(d.code) for d in result.errors):
            try:
                self.last_good = print_cards(result.deck, self.folder, result.profile, generation, self.theme)
                fresh = True
            except (TemplateError, RecursionError) as error:  # the theme: DK307, the last good cards stay
                theme = themes.find(self.folder, self.theme)
                if theme is None:
                    raise
                found = themes.problem(error, theme)
                problems.append(_view(found, themes.source_of(found) or ""))
            except Exception as error:  # noqa: BLE001 — shown on the page, the last good cards stay
                _say(error)
                problems.append(internal(error))
        self._remember(result)
        top, by_card, after = place(result)
        shown = {card["name"] for card in self.last_good.cards} if self.last_good else set()
        top += [d for name, found in by_card.items() if name not in shown for d in found]
        return self._render(
            generation, problems=problems, fresh=fresh, title=result.deck.title if result.deck else "",
            counts={s.value: sum(d.severity is s for d in result.diagnostics) for s in Severity},
            top=[_view(d, result.text) for d in sorted(top, key=Diagnostic.sort_key)],
            by_card={name: [_view(d, result.text) for d in found] for name, found in by_card.items()},
            after=[_view(d, result.text) for d in after], refused=bool(result.errors),
        )

    def _render(self, generation: int, *, problems: list[dict], fresh: bool = False, title: str = "",
                counts: dict | None = None, top=(), by_card=None, after=(), refused: bool = False) -> str:
        """The `/content` fragment: the counts, the problems and deck-level diagnostics, the cards (the last
        good ones) with theirs, then the afterwords, a line each."""
        return self._template.render(
            fragment=True, generation=generation, path=str(self.path), title=title, problems=problems,
            counts=counts or {s.value: 0 for s in Severity}, top=top, by_card=by_card or {}, after=after,
            refused=refused,
            cards=self.last_good, stale=not fresh and self.last_good is not None,
        )

    def _remember(self, result) -> None:
        """The files whose change reloads: the deck, its profile and the art its cards name."""
        watched = {files.inside(self.folder, self.path.name), files.inside(self.theme or self.folder, themes.THEME_FILE)}
        if result.deck is not None:
            profile = find(result.deck.game, self.folder) if result.deck.game else None
            if profile is not None:
                watched.add(files.inside(profile.parent, profile.name))
            for card in result.deck.cards:
                if card.art and not re.match(r"[A-Za-z][\w+.-]*:", card.art):
                    watched.add(files.inside(self.folder, card.art))
        self.files = watched - {None}

    def folders(self) -> set[Path]:
        """The folders to watch (each without its subfolders): the deck's, its profile's, its art's (the
        nearest that exists), and the templates'."""
        found = {self.folder, TEMPLATES, TEMPLATES / "fonts"}
        for file in self.files:
            folder = file.parent
            while not folder.is_dir() and folder != folder.parent:
                folder = folder.parent
            found.add(folder)
        return found

    def relevant(self, change, path: str) -> bool:
        """Whether a change reloads: a watched file, a `*.game` (a new profile next to the deck), the
        templates, or a folder on the way to a watched file (an `art/` folder created)."""
        changed = Path(path)
        return (changed in self.files or changed.suffix == ".game" or changed.parent in (TEMPLATES, TEMPLATES / "fonts")
                or any(file.is_relative_to(changed) for file in self.files))

    def watch(self) -> None:
        """Reload on every relevant change until `stopping` is set (run in a thread).  Starts the watch
        again when the folders change; an error in the watcher is reported and the watch retried."""
        import watchfiles

        said = ""
        restarted = False
        while not self.stopping.is_set():
            folders = self.folders()
            try:
                for changes in watchfiles.watch(*sorted(folders), watch_filter=self.relevant, recursive=False,
                                                stop_event=self.stopping, rust_timeout=500, yield_on_timeout=True,
                                                raise_interrupt=False):
                    self.watching.set()  # the first (empty) yield: the watcher is in place
                    if restarted:  # a save between the last watch and this one was seen by neither
                        restarted = False
                        self.reload()
                    if changes:
                        self.reload()
                        if self.folders() != folders:
                            restarted = True
                            break
            except Exception as error:  # noqa: BLE001 — a folder that vanished: say so (once), look again soon
                message = f"deckdsl preview: watching stopped: {type(error).__name__}: {visible(str(error))}"
                if message != said:
                    print(message, file=sys.stderr)
                said = message
                restarted = True
                self.stopping.wait(1.0)

    def wait(self, seen: int | None, timeout: float) -> int:
        """The generation, once it differs from `seen` (or after `timeout`, or when stopping)."""
        with self.changed:
            self.changed.wait_for(lambda: self.generation != seen or self.stopping.is_set(), timeout)
            return self.generation

    def page(self, nonce: str) -> str:
        from markupsafe import Markup

        with self.changed:
            content, generation = self.content, self.generation
        return self._template.render(fragment=False, nonce=nonce, content=Markup(content), generation=generation,
                                     path=str(self.path))

    def stop(self) -> None:
        self.stopping.set()
        with self.changed:
            self.changed.notify_all()


# ---------------------------------------------------------------------------------- the server ---


def served(root: Path, relative: str, types: dict[str, str]) -> Path | None:
    """The file `relative` (already percent-decoded, `/`-separated) names under `root`, or None: no empty,
    `.`, `..` or hidden segment, no backslash or NUL, a served type, and a file still under `root` with every
    link on the way followed by what it says (`deckdsl.files.inside`: nothing outside is looked at)."""
    if "\\" in relative or "\x00" in relative:
        return None
    parts = relative.split("/")
    if any(not part or part.startswith(".") for part in parts):
        return None
    resolved = files.inside(root, os.path.join(*parts))
    if resolved is None or not os.path.isfile(resolved) or resolved.suffix.lower() not in types:
        return None
    return resolved


class Handler(BaseHTTPRequestHandler):
    """GET `/` (the page), `/content` (its live part), `/events` (server-sent events), `/files/…` (the
    deck's pictures), `/assets/…` (fonts); anything else is 404."""

    server: PreviewServer
    server_version = "deckdsl-preview"
    policy = STRICT_POLICY

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format, *args) -> None:  # noqa: A002 — the base class's name
        pass  # a request per card and font: the terminal would scroll with noise

    def do_GET(self) -> None:  # noqa: N802 — the base class's name
        try:
            self._route()
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as error:  # noqa: BLE001 — one request failed; the server goes on
            _say(error)
            try:
                self._send(500, b"internal error\n", "text/plain; charset=utf-8")
            except OSError:
                pass

    def _route(self) -> None:
        if self.headers.get("Host", "").rsplit(":", 1)[0] not in ("127.0.0.1", "localhost"):
            return self._send(421, b"this server answers only to 127.0.0.1\n", "text/plain; charset=utf-8")
        path = urlsplit(self.path).path if self.path.startswith("/") else ""
        preview = self.server.preview
        if path == "/":
            nonce = secrets.token_urlsafe(16)
            self.policy = PAGE_POLICY.format(nonce=nonce)
            return self._send(200, preview.page(nonce).encode(), "text/html; charset=utf-8")
        if path == "/content":
            with preview.changed:
                content = preview.content
            return self._send(200, content.encode(), "text/html; charset=utf-8")
        if path == "/events":
            return self._events()
        if path.startswith("/art/") and (drawn := artwork.drawn(f"{artwork.SCHEME}:{path[len('/art/'):]}")):
            return self._send(200, drawn, "image/svg+xml")
        for prefix, root, types in (("/files/", preview.folder, IMAGES), ("/assets/", TEMPLATES, ASSETS),
                                    ("/theme/", preview.theme, IMAGES)):
            if root is None:
                continue
            if path.startswith(prefix):
                try:
                    found = served(root, unquote(path[len(prefix):], errors="strict"), types)
                except UnicodeDecodeError:
                    found = None
                if found is not None:
                    return self._file(found, types[found.suffix.lower()])
        return self._send(404, b"not found\n", "text/plain; charset=utf-8")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _file(self, path: Path, kind: str) -> None:
        with open(path, "rb") as handle:
            size = path.stat().st_size
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            shutil.copyfileobj(handle, self.wfile)

    def _events(self) -> None:
        """`hello` with the current generation, then `reload` with each new one; a comment every 15 s,
        so that a closed tab ends its thread."""
        preview = self.server.preview
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.end_headers()
        seen = preview.wait(None, 0)
        self.wfile.write(f"retry: 1000\nevent: hello\ndata: {seen}\n\n".encode())
        self.wfile.flush()
        while not preview.stopping.is_set():
            generation = preview.wait(seen, 15.0)
            message = ": still here\n\n" if generation == seen else f"event: reload\ndata: {generation}\n\n"
            seen = generation
            self.wfile.write(message.encode())
            self.wfile.flush()


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server on 127.0.0.1 and the watcher thread of its `preview`.  `run()` serves until
    `close()` (or Ctrl-C in the caller); `start()` serves in a background thread (tests)."""

    daemon_threads = True

    def __init__(self, deck_path: Path, port: int = 0, theme: Path | None = None) -> None:
        self.preview = Preview(deck_path, theme)
        super().__init__(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        self._watcher = threading.Thread(target=self.preview.watch, name="deckdsl-preview-watch", daemon=True)
        self._serving: threading.Thread | None = None

    def run(self) -> None:
        if not self._watcher.is_alive():
            self._watcher.start()
        self.serve_forever(poll_interval=0.2)

    def start(self) -> PreviewServer:
        self._serving = threading.Thread(target=self.run, name="deckdsl-preview-http", daemon=True)
        self._serving.start()
        return self

    def close(self) -> None:
        """Stop the watcher and the event streams, then the server (from any thread but the serving one)."""
        self.preview.stop()
        if self._serving is not None:
            self.shutdown()
            self._serving.join(timeout=10)
        self.server_close()
        if self._watcher.is_alive():
            self._watcher.join(timeout=10)
