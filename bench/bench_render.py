"""Render benchmark: `deckdsl render` time by number of cards (the target is linear growth).

Run: `.venv/bin/python bench/bench_render.py` (or `make bench`).  Prints figures; asserts nothing.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pypdfium2  # noqa: E402

import deckdsl  # noqa: E402
from deckdsl.printing import export, render  # noqa: E402


def deck_with(copies_factor: int, folder: Path) -> Path:
    """The standard deck with every card's copies multiplied (36 × factor cards)."""
    text = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
    text = re.sub(r"copies: (\d+)", lambda m: f"copies: {int(m.group(1)) * copies_factor}", text)
    path = folder / f"deck-{copies_factor}.deck"
    path.write_text(text, encoding="utf-8")
    return path


def main() -> int:
    print("deckdsl render benchmark (A4, poker, 9 cards a sheet, plus 15 component cards and a summary page)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for factor in (1, 3, 9):
            path = deck_with(factor, folder)
            deck = deckdsl.load(path, check=False).deck
            profile = deckdsl.load(path, check=False).profile
            times = []
            for _ in range(2):
                started = time.perf_counter()
                problems = render.render(deck, path, folder / "out.pdf", profile=profile)
                times.append(time.perf_counter() - started)
                assert not [p for p in problems if p.severity.value == "error"], problems
            cards = sum(card.copies for card in deck.cards)
            pages = len(pypdfium2.PdfDocument(str(folder / "out.pdf")))
            rows.append((cards, statistics.median(times), pages))
    base_cards, base_time, _ = rows[0]
    for cards, seconds, pages in rows:
        per_card = 1000 * seconds / cards
        print(f"  {cards:5d} cards  {seconds:6.2f} s  {per_card:6.1f} ms/card  {pages / seconds:5.1f} pages/s  "
              f"×{seconds / base_time:4.1f} time for ×{cards / base_cards:.0f} cards")
    print("the render lint (DK311–DK313) on a laid-out deck: reading WeasyPrint's boxes, after layout")
    from deckdsl.printing import boxes

    for name in ("janken-wars", "queens-vs-kings"):
        path = ROOT / "decks" / f"{name}.deck"
        result = deckdsl.load(path, check=False)
        _, laid_out, _, _ = render._layout(result.deck, path.parent, render.Options(), result.profile)
        times = []
        for _ in range(3):
            started = time.perf_counter()
            boxes.look(laid_out)
            times.append(time.perf_counter() - started)
        cards = sum(card.copies for card in result.deck.cards)
        seconds = statistics.median(times)
        print(f"  {name:16s} {cards:3d} cards, {len(laid_out.pages):2d} pages  {seconds * 1000:7.1f} ms  "
              f"{seconds * 1000 / cards:5.2f} ms/card")
    print("deckdsl export png (the standard deck: its distinct cards, components and back, one render and one "
          "rasterization)")
    path = ROOT / "decks" / "janken-wars.deck"
    result = deckdsl.load(path)
    for dpi in (150, 300):
        times, count = [], 0
        for _ in range(2):
            started = time.perf_counter()
            made = export.png(result.deck, path, render.Options(), result.profile, dpi=dpi)
            times.append(time.perf_counter() - started)
            count = len(made.files)
        seconds = statistics.median(times)
        print(f"  {dpi} dpi  {count} PNGs  {seconds:6.2f} s  {count / seconds:5.1f} PNGs/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
