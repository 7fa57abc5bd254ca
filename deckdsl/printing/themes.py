"""Themes: a deck's own look, written as a template, without Python.

A theme is a folder holding `theme.html.j2` — the deck's folder itself when it holds one, or the folder
`deckdsl render --theme DIR` names — and the files it uses (fonts, pictures).  `theme.html.j2` extends the
shipped design and overrides its blocks, one by one (Jinja2's template inheritance):

    {% extends "deck.html.j2" %}
    {% block style %}
    @font-face { font-family: "Mine"; src: url("{{ theme }}/MyFont.ttf"); }
    .card { font-family: "Mine"; }
    .rock { background: #3a3a3a; }
    {% endblock %}

The blocks of `deck.html.j2` (Janken Wars' design): `style` (CSS added after the shipped rules, so it wins),
`face` (everything on a card's face; `slot` is the card), `back` (what a back shows), `footer` (the line at
the bottom of a face).  `theme` is the theme folder's address, for `url()`s.  docs/print.md lists what a
slot holds and shows the two example themes (`decks/themes/`).

Themes arrive in pull requests like decks, so a theme is untrusted code: it runs in Jinja2's immutable
sandbox (no attribute of Python's internals, no method that changes anything), every text is escaped, it
reads no template but `theme.html.j2` from its folder and the shipped ones (nothing through a link or
`..`), and the page it makes fetches only files inside the deck's folder, the theme's folder and the
package's templates.  A theme that does not work — a syntax error, an unknown name, something the sandbox
forbids — is a diagnostic (DK307) at its line in `theme.html.j2`, and nothing is printed.  The sandbox is
bounded (`deckdsl.printing.sandbox`): loop turns and calls, the length of each text or list a theme makes,
and all it makes in all; a theme past a bound is a DK309 at its line, and the command exits with status 2.
The shipped designs, rendered without a theme, are trusted and run in the plain immutable sandbox.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

from ..diagnostics import Diagnostic
from ..files import inside
from ..said import said
from ..span import Span

THEME_FILE = "theme.html.j2"
TEMPLATES = Path(__file__).parent.parent / "templates"


def find(deck_folder: Path, given: Path | None = None) -> Path | None:
    """The theme folder: `given`, else the deck's folder when it holds `theme.html.j2` (or a link by that name
    leading out of it, which the loader then refuses: DK307), else None."""
    if given is not None:
        return given
    found = inside(deck_folder, THEME_FILE)
    return deck_folder if found is None or os.path.isfile(found) else None


def environment(theme: Path | None, cards: int = 0):
    """Jinja2 for untrusted text and, with a theme, untrusted templates: every value escaped, an undefined
    name an error, the sandbox — with a theme, the bounded one, for a document of `cards` cards and new
    for each render, since its counts are not reset — and only `theme.html.j2` read from the theme's folder."""
    from jinja2 import BaseLoader, StrictUndefined, TemplateNotFound, TemplateSyntaxError
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    roots = {"theme": theme.resolve() if theme is not None else None, "shipped": TEMPLATES.resolve()}

    class Loader(BaseLoader):
        def get_source(self, environment, template):
            root = roots["theme"] if template == THEME_FILE else roots["shipped"]
            if root is None:
                raise TemplateNotFound(template)
            path = inside(root, template)
            if path is None or not os.path.isfile(path):
                raise TemplateNotFound(template)
            try:
                data = path.read_bytes()
                source = data.decode("utf-8")
            except OSError as error:
                raise TemplateNotFound(template) from error
            except UnicodeDecodeError as error:
                raise TemplateSyntaxError(said("print-theme-not-utf8", "the theme is not UTF-8 text (byte 0x{byte} at "
                                               "offset {offset}): save it as UTF-8", byte=f"{data[error.start]:02x}",
                                               offset=error.start), data.count(b"\n", 0, error.start) + 1,
                                          template, str(path)) from None
            mtime = path.stat().st_mtime_ns
            return source, str(path), lambda: path.is_file() and path.stat().st_mtime_ns == mtime

    options = {"loader": Loader(), "autoescape": True, "undefined": StrictUndefined, "trim_blocks": True,
               "lstrip_blocks": True}
    if theme is None:
        return ImmutableSandboxedEnvironment(**options)
    from .sandbox import Bounded

    return Bounded(cards, **options)


def template(theme: Path | None, shipped: str) -> str:
    """The template to render: the theme's, or the shipped design `shipped`."""
    return THEME_FILE if theme is not None else shipped


def problem(error: Exception, theme: Path) -> Diagnostic:
    """DK307 for a theme that failed, DK309 for one past a bound of the sandbox, at its line in
    `theme.html.j2` when the error says which (else its first line)."""
    from jinja2 import TemplateNotFound, TemplateSyntaxError
    from jinja2.exceptions import SecurityError

    from .sandbox import OverBudget

    path = theme / THEME_FILE
    real = inside(theme, THEME_FILE)
    line = getattr(error, "lineno", None) if isinstance(error, TemplateSyntaxError) else None
    if line is None:
        line = next((frame.lineno for frame in reversed(traceback.extract_tb(error.__traceback__))
                     if frame.filename == str(real)), None)
    text = _text(path)
    lines = text.split("\n")
    line = line if line is not None and 1 <= line <= len(lines) else 1
    start = sum(len(previous) + 1 for previous in lines[: line - 1])
    span = Span(line, 1, line, len(lines[line - 1]) + 1, start, start + len(lines[line - 1]))
    if isinstance(error, OverBudget):
        return Diagnostic("DK309", error.message, span, path=str(path),
                          help=said("print-over-budget-help", "a theme describes how cards look: its loops go over "
                                    "the cards, its texts are short (the bounds: docs/print.md, Themes)"))
    if isinstance(error, TemplateNotFound):
        message = said("print-theme-missing", "the theme's template `{name}` is not there (a theme reads `{file}` "
                       "from its folder and extends a shipped design)", name=error.name, file=THEME_FILE)
    elif isinstance(error, SecurityError):
        message = said("print-theme-forbidden", "the theme does something themes may not: {reason}", reason=str(error))
    elif isinstance(error, RecursionError):
        message = said("print-theme-recursion", "the theme calls itself without end (a block that renders itself)")
    else:
        message = said("print-theme-broken", "the theme does not work: {reason}",
                       reason=getattr(error, "message", None) or str(error))
    return Diagnostic("DK307", message, span, path=str(path),
                      help=said("print-theme-help", 'start it with `{{% extends "deck.html.j2" %}}` and override '
                                "blocks: docs/print.md, Themes"))


def _text(path: Path) -> str:
    """The text of the theme file at `path` — nothing when it is a link out of its folder (`inside`): the
    lines a diagnostic shows are never read from outside."""
    real = inside(path.parent, path.name)
    try:
        return real.read_text(encoding="utf-8") if real is not None else ""
    except (OSError, UnicodeDecodeError):
        return ""


def source_of(problem: Diagnostic) -> str | None:
    """The text a DK307 or DK309 points into (for showing its line), or None for any other diagnostic."""
    return _text(Path(problem.path)) if problem.code in ("DK307", "DK309") and problem.path else None
