"""The printed face of a Janken Wars card: finished without art (a placeholder from the card's own data),
rarity a mark seen across the table, the effect labels set off, a legible footer — checked on the HTML,
on the PDF's text and against a reviewed picture of the faces (at low resolution, with a tolerance).

Refresh the picture with DECKDSL_UPDATE_SNAPSHOTS=1 after a reviewed change of the design."""

from __future__ import annotations

import os
from pathlib import Path

import pypdf
from PIL import Image, ImageChops

import deckdsl
from deckdsl.printing import export, render

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
GOLDEN = ROOT / "tests" / "golden" / "janken-wars-faces.png"
DPI = 36


def _strip(images: list) -> Image.Image:
    strip = Image.new("RGB", (sum(image.width for image in images), max(image.height for image in images)), "white")
    left = 0
    for image in images:
        strip.paste(image, (left, 0))
        left += image.width
    return strip


def test_the_faces_look_as_reviewed():
    result = deckdsl.load(STANDARD)
    cards, problems = export.cards(result.deck, STANDARD, render.Options(), result.profile, DPI)
    assert not problems
    picture = _strip([card.face for card in cards])
    if os.environ.get("DECKDSL_UPDATE_SNAPSHOTS"):
        picture.save(GOLDEN)
    golden = Image.open(GOLDEN).convert("RGB")
    assert picture.size == golden.size
    difference = ImageChops.difference(picture, golden).convert("L")
    histogram = difference.histogram()
    pixels = picture.width * picture.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    far = sum(histogram[48:]) / pixels
    assert mean <= 4 and far <= 0.02, f"mean difference {mean:.2f}, {far:.1%} of the pixels far off"


def test_a_card_without_art_shows_its_drawn_scene_on_its_types_colour(tmp_path):
    result = deckdsl.load(STANDARD)
    document = render.html(result.deck, STANDARD.parent, profile=result.profile)
    assert document.count('class="art placeholder pattern-rock"') == sum(
        card.copies for card in result.deck.cards if card.type == "rock")
    assert document.count("deckdsl-art:scene/rock/") == sum(card.copies for card in result.deck.cards
                                                               if card.type == "rock")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "a.png").write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b1f7950000000049454e44ae426082"))
    deck = tmp_path / "a.deck"
    deck.write_text('card "A" {\n  type: pedra\n  rarity: simples\n  value: 1\n  art: "art/a.png"\n}\n',
                    encoding="utf-8")
    with_art = deckdsl.load(deck)
    document = render.html(with_art.deck, tmp_path, profile=with_art.profile)
    assert 'placeholder pattern-rock' not in document and "art/a.png" in document


def test_rarity_marks_and_effect_labels_are_printed(tmp_path):
    result = deckdsl.load(STANDARD)
    target = tmp_path / "deck.pdf"
    assert not render.render(result.deck, STANDARD, target, profile=result.profile)
    text = "".join(page.extract_text() for page in pypdf.PdfReader(target).pages[:8])
    for marks in ("●", "◆◆", "★★★"):
        assert marks in text
    document = render.html(result.deck, STANDARD.parent, profile=result.profile)
    assert '<b class="label">Condição:</b> precisa ser descartada antes das outras cartas do jogador.' in document
    assert '<b class="label">Ação:</b> descarte uma carta da mesa.' in document
    english = render.html(result.deck, STANDARD.parent, render.Options(language="en"), result.profile)
    assert '<b class="label">Action:</b>' in english
    assert ".small { font-size: 6.5pt;" in document


def test_a_type_named_in_the_rules_text_gets_its_icon_and_keeps_its_word():
    result = deckdsl.load(ROOT / "decks" / "examples" / "new-deck-examples.deck")
    document = render.html(result.deck, ROOT / "decks" / "examples", profile=result.profile)
    assert ('uma carta do tipo <span class="typed"><svg class="inline-icon" xmlns="http://www.w3.org/2000/svg" '
            'viewBox="0 0 24 24"><circle cx="6.5"') in document
    assert "</svg>tesoura</span> do oponente escolhida pelo oponente." in document
    assert '<div class="name">Pedra Portuguesa</div>' in document  # only the rules text gets icons
    english = render.html(result.deck, ROOT / "decks" / "examples", render.Options(language="en"), result.profile)
    assert "</svg>scissors</span>" in english
