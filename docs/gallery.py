"""The pictures of docs/print.md: a printed page of each shipped deck (each game, in its design) and of the
standard deck in each shipped theme, plus the pages that show the drawn art (Janken Wars' components, the
court cards).  `make docs` runs it; it writes docs/images/page-*.png, the same bytes for the same sources.

    .venv/bin/python docs/gallery.py
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
DPI = 60
SHOWCASE = {("janken-wars", None): {8: "components"}, ("embate-dos-guardioes", None): {2: "courts"},
            ("queens-vs-kings", None): {8: "courts"}}
"""Pages beyond the first worth showing, by what they show: Janken Wars' Stars and Brindes, court cards."""


def pictures() -> list[tuple[str, str | None, int, str]]:
    """(deck, theme, page index, file name) of every picture: every deck in decks/, every theme in
    decks/themes/ (on the standard deck), and `SHOWCASE`."""
    decks = sorted(path.stem for path in (ROOT / "decks").glob("*.deck"))
    themes = sorted(path.name for path in (ROOT / "decks" / "themes").iterdir() if (path / "theme.html.j2").is_file())
    found = []
    for deck, theme in [(deck, None) for deck in decks] + [("janken-wars", theme) for theme in themes]:
        for page, shows in {0: None, **SHOWCASE.get((deck, theme), {})}.items():
            name = "-".join(["page", deck, *([theme] if theme else []), *([shows] if shows else [])])
            found.append((deck, theme, page, f"{name}.png"))
    return found


def draw(deck: str, theme: str | None, page: int) -> bytes:
    """Page `page` of `deck`'s sheets (in `theme`), as PNG bytes at `DPI`."""
    import pypdfium2

    import deckdsl
    from deckdsl.printing import render

    path = ROOT / "decks" / f"{deck}.deck"
    loaded = deckdsl.load(path)
    options = render.Options(theme=ROOT / "decks" / "themes" / theme if theme else None)
    printed = render.print_pdf(loaded.deck, path, options, loaded.profile)
    if printed.pdf is None:
        raise SystemExit(f"{deck} ({theme or 'no theme'}) does not print: {[str(p.message) for p in printed.problems]}")
    document = pypdfium2.PdfDocument(printed.pdf)
    try:
        image = document[page].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main() -> int:
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    IMAGES.mkdir(parents=True, exist_ok=True)
    from deckdsl.files import write_atomic

    for deck, theme, page, name in pictures():
        write_atomic(IMAGES / name, draw(deck, theme, page))
        print(f"wrote docs/images/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
