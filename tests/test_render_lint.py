"""The render lint from the real layout (DK311 parts over parts, DK312 squeezed art, DK313 contrast), and the
art deckdsl draws (scenes, court figures): fixtures laid out by WeasyPrint and read back from its boxes.

tests/render/<case>/ holds a deck (and, for most, the theme next to it); a case whose name ends in `.ok` is a
near-miss that must stay clean.  `expected.snap` is the concise output of `check --render-lint`, reviewed;
refresh with DECKDSL_UPDATE_SNAPSHOTS=1.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.printing import artwork, colours, render, themes

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(path for path in (ROOT / "tests" / "render").iterdir() if path.is_dir())
LINT = ("DK311", "DK312", "DK313")


@pytest.mark.parametrize("case", CASES, ids=lambda path: path.name)
def test_render_lint_fixture(case):
    deck = case / "deck.deck"
    run = CliRunner().invoke(main, ["check", "--render-lint", "--select", "DK3", "--format", "concise", str(deck)])
    output = run.output.replace(str(deck), "deck.deck")
    snapshot = case / "expected.snap"
    if os.environ.get("DECKDSL_UPDATE_SNAPSHOTS"):
        snapshot.write_text(output, encoding="utf-8")
    assert output == snapshot.read_text(encoding="utf-8")
    found = re.findall(r"^deck\.deck:(\d+):(\d+): (\w+)\[(DK3\d\d)\]", output, re.MULTILINE)
    if case.name.endswith(".ok"):
        assert found == [] and run.exit_code == 0
    else:
        assert found, "a flagged fixture must be flagged"
        named = {number for number, line in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1)
                 if line.startswith(("card ", "deck "))}  # a card's name, or the deck's title (a component's)
        assert {int(line) for line, _column, _severity, _code in found} <= named
        assert run.exit_code == (1 if any(severity == "error" for _, _, severity, _ in found) else 0)


@pytest.mark.parametrize(("deck", "theme"), [
    ("janken-wars", None), ("janken-wars", "noir"), ("janken-wars", "aquarela"),
    ("embate-dos-guardioes", None), ("cooperativo", None), ("queens-vs-kings", None),
])
def test_shipped_decks_and_themes_print_with_no_lint(deck, theme):
    path = ROOT / "decks" / f"{deck}.deck"
    loaded = deckdsl.load(path)
    options = render.Options(theme=ROOT / "decks" / "themes" / theme if theme else None)
    found = [(p.code, str(p.message)) for p in render.lint(loaded.deck, path, options, loaded.profile)]
    assert found == []


def test_contrast_is_wcag_s():
    assert colours.ratio(colours.rgb("#000000"), colours.rgb("#ffffff")) == pytest.approx(21)
    assert colours.ratio(colours.rgb("#777777"), colours.rgb("#ffffff")) == pytest.approx(4.48, abs=0.01)
    better = colours.nearest("#9a9a9a", "#cfe0ea", 4.5)
    assert colours.ratio(colours.rgb(better), colours.rgb("#cfe0ea")) >= 4.5
    assert colours.ink_on("#7a5230") == "#ffffff" and colours.ink_on("#f3ead2") == "#17171a"


def test_drawn_art_is_deterministic_differs_by_card_and_refuses_other_addresses():
    one = artwork.drawn(artwork.scene_url("Muro Alto", "rock"))
    assert one.startswith(b"<svg") and one == artwork.drawn(artwork.scene_url("Muro Alto", "rock"))
    assert one != artwork.drawn(artwork.scene_url("Joia Cobiçada", "rock"))
    assert b"<ellipse" in artwork.drawn(artwork.scene_url("Brinde", "brinde"))  # no icon: a rosette
    assert artwork.court_url("7", "♠", "#17171a") is None
    for rank in "JQK":
        assert artwork.drawn(artwork.court_url(rank, "♠", "#c0182b")).startswith(b"<svg")
    assert "&lt;♠&gt;".encode() in artwork.drawn(artwork.court_url("K", "<♠>", "#c0182b"))
    for url in ("deckdsl-art:scene/rock/zz", "deckdsl-art:court/K/x/12345g", "deckdsl-art:court/A/x/123456",
                "deckdsl-art:../etc/passwd"):
        assert artwork.drawn(url) is None


def test_no_empty_frame_no_empty_text_bar():
    path = ROOT / "decks" / "janken-wars.deck"
    loaded = deckdsl.load(path)
    document = render.html(loaded.deck, path.parent, profile=loaded.profile)
    assert "radial-gradient(#" not in document.split("</style>")[1]
    faces = re.findall(r'data-card="[^"]+".*?<div class="small">', document, re.DOTALL)
    assert len(faces) == 36 + 15 and all("deckdsl-art:scene/" in face for face in faces)
    bare = deckdsl.loads('deck "T" {\n  game: janken-wars\n}\n\ncard "Sem Efeito" {\n  type: rock\n'
                         "  rarity: simple\n  value: 4\n}\n", check=False)
    html = render.html(bare.deck, path.parent, profile=bare.profile)
    card = re.search(r'data-card="Sem Efeito".*?<div class="small">', html, re.DOTALL).group(0)
    assert 'class="text"' not in card and "deckdsl-art:scene/" in card


def test_court_cards_and_no_line_repeating_the_corner():
    embate = ROOT / "decks" / "embate-dos-guardioes.deck"
    loaded = deckdsl.load(embate)
    document = render.html(loaded.deck, embate.parent, profile=loaded.profile)
    faces = dict(re.findall(r'data-card="([^"]+)" data-kind="face".*?(<div class="panel".*?)<div class="small">',
                            document, re.DOTALL))
    assert "deckdsl-art:court/K/" in faces["Rei de Espadas"] and "deckdsl-art:court/J/" in faces["Valete de Espadas"]
    assert "deckdsl-art:court" not in faces["Dez de Espadas"] + faces["Ás de Espadas"]
    assert "Valor" not in faces["Dois de Espadas"] and "<b>11</b>" in faces["Valete de Espadas"]
    qvk = ROOT / "decks" / "queens-vs-kings.deck"
    loaded = deckdsl.load(qvk)
    document = render.html(loaded.deck, qvk.parent, profile=loaded.profile)
    assert document.count("сила <b>") == sum(card.copies for card in loaded.deck.cards)  # a line with сила stays


def test_the_render_lint_is_said_in_every_language():
    """Every word of DK311–DK313 (the parts, the lists, the notes) is `said` with a key every catalog has,
    and a designer reading Portuguese or Russian reads no English."""
    from test_said import _words, catalog_keys

    from deckdsl.said import Said

    keys = {tag: catalog_keys(tag) for tag in ("pt-BR", "ru")}
    seen = set()
    for case in CASES:
        if case.name.endswith(".ok"):
            continue
        loaded = deckdsl.load(case / "deck.deck")
        options = render.Options(theme=themes.find(case))
        for finding in render.lint(loaded.deck, case / "deck.deck", options, loaded.profile):
            if finding.code not in LINT:
                continue
            seen.add(finding.code)
            for words in _words(finding):
                assert isinstance(words, Said), words
                stack = [words]
                while stack:
                    said = stack.pop()
                    for tag, known in keys.items():
                        assert said.key in known, f"{tag} has no `{said.key}`"
                    stack += [fact for _, fact in said.facts if isinstance(fact, Said)]
    assert seen == set(LINT)
    deck = CASES[[case.name for case in CASES].index("value-over-name")] / "deck.deck"
    for tag, english in (("pt-BR", "lies over"), ("ru", "lies over")):
        run = CliRunner().invoke(main, ["check", "--render-lint", "--select", "DK3", "--lang", tag, str(deck)])
        assert "DK311" in run.output and english not in run.output and "the value" not in run.output


def test_docs_show_a_printed_page_of_every_game_and_theme():
    """docs/print.md shows each picture docs/gallery.py makes (`make docs`): every deck of decks/ and every
    theme of decks/themes/, each a real PNG page at the gallery's resolution."""
    import importlib.util

    from PIL import Image

    spec = importlib.util.spec_from_file_location("gallery", ROOT / "docs" / "gallery.py")
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    pictures = gallery.pictures()
    decks = {path.stem for path in (ROOT / "decks").glob("*.deck")}
    themes = {path.name for path in (ROOT / "decks" / "themes").iterdir() if (path / "theme.html.j2").is_file()}
    assert {deck for deck, theme, _, _ in pictures if theme is None} == decks and len(decks) >= 4
    assert {theme for _, theme, _, _ in pictures} - {None} == themes and len(themes) >= 2
    page = (ROOT / "docs" / "print.md").read_text(encoding="utf-8")
    for *_, name in pictures:
        assert f"](images/{name})" in page, name
        with Image.open(ROOT / "docs" / "images" / name) as image:
            width, height = image.size  # pdfium rounds the page's points up or down
            assert abs(width - 210 / 25.4 * gallery.DPI) < 1.5 and abs(height - 297 / 25.4 * gallery.DPI) < 1.5
