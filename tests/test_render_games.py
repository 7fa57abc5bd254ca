"""The print-and-play PDF of the games printed as playing cards (Embate dos Guardiões, the cooperative game,
Queens vs Kings): read back with pdfplumber card by card (each card's text is what lies inside its cut)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import deckdsl
from deckdsl.printing import layout, render

pdfplumber = pytest.importorskip("pdfplumber")

ROOT = Path(__file__).resolve().parent.parent
DECKS = {name: ROOT / "decks" / f"{name}.deck" for name in ("embate-dos-guardioes", "cooperativo", "queens-vs-kings")}
MM = 72 / 25.4
SHEET = layout.sheet()
SAFE = render.Options().safe
RED, BLACK = (0.753, 0.094, 0.169), (0.09, 0.09, 0.102)  # render.INK


def _flat(text: str) -> str:
    return " ".join(text.split())


class Rendered:
    """One deck rendered once: its load result, the PDF, the render's diagnostics, the text of every
    printed slot (faces in print order, then the reference card) and of its back, the characters of each
    face's corners, and the reference card's text read with a tighter word gap (`tables`)."""

    def __init__(self, path: Path, target: Path):
        self.result = deckdsl.load(path)
        self.pdf = target
        self.problems = render.render(self.result.deck, path, target, profile=self.result.profile)
        self.cards = [card for card in self.result.deck.cards for _ in range(card.copies)]
        self.faces: list[str] = []
        self.backs: list[str] = []
        self.corners: list[tuple[list[dict], list[dict]]] = []
        with pdfplumber.open(target) as pdf:
            self.pages = len(pdf.pages)
            self.summary = _flat(pdf.pages[-1].extract_text())
            slots = len(self.cards) + 1  # and the reference card
            for index in range(slots):
                sheet, slot = divmod(index, SHEET.per_sheet)
                trim = SHEET.trims[slot]
                face, back = pdf.pages[2 * sheet], pdf.pages[2 * sheet + 1]
                self.faces.append(_flat(_crop(face, trim).extract_text()))
                self.backs.append(_flat(_crop(back, SHEET.backs[slot]).extract_text()))
                corner = (SAFE + 9, SAFE + 16)  # width, height (mm) of a corner, with its margin
                top = _crop(face, layout.Rect(trim.x, trim.y, *corner)).chars
                bottom = _crop(face, layout.Rect(trim.right - corner[0], trim.bottom - corner[1], *corner)).chars
                self.corners.append((top, bottom))
            # The reference card's tables have narrow cells: read them with a tighter gap between words.
            self.tables = _flat(_crop(face, trim).extract_text(x_tolerance=1))

    def face(self, name: str) -> str:
        return self.faces[[card.name for card in self.cards].index(name)]


def _crop(page, rect: layout.Rect):
    return page.crop((rect.x * MM, rect.y * MM, rect.right * MM, rect.bottom * MM))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[str, Rendered]:
    folder = tmp_path_factory.mktemp("games")
    return {name: Rendered(path, folder / f"{name}.pdf") for name, path in DECKS.items()}


@pytest.mark.parametrize("name", DECKS)
def test_renders_without_problems(rendered, name):
    assert rendered[name].result.errors == []
    assert rendered[name].problems == []
    assert rendered[name].pdf.stat().st_size > 0


@pytest.mark.parametrize(("name", "pages"), [("embate-dos-guardioes", 5), ("cooperativo", 13), ("queens-vs-kings", 13)])
def test_pages_are_the_sheets_of_the_cards_and_the_reference_card_then_the_summary(rendered, name, pages):
    deck = rendered[name]
    sheets = math.ceil((len(deck.cards) + 1) / SHEET.per_sheet)  # the cards, then one reference card
    assert deck.pages == 2 * sheets + 1 == pages  # each sheet of faces followed by its backs; the summary


@pytest.mark.parametrize("name", DECKS)
def test_every_card_is_printed_with_its_name_and_corners(rendered, name):
    deck = rendered[name]
    profile = deck.result.profile
    for card, text, (top, bottom) in zip(deck.cards, deck.faces, deck.corners, strict=False):
        assert card.name in text
        rank, suit = profile.value_of(card, "rank"), profile.value_of(card, "suit")
        symbol = profile.attributes["suit"].symbols[suit]
        assert "".join(c["text"] for c in top) == rank + symbol, card.name  # top left, upright
        assert sorted(c["text"] for c in bottom) == sorted(rank + symbol), card.name  # bottom right, turned
        assert all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in bottom), card.name  # turned 180°
        ink = RED if symbol in "♥♦" else BLACK
        for char in top + bottom:
            assert tuple(round(v, 3) for v in char["non_stroking_color"]) == ink, (card.name, char["text"])
        assert f"{deck.result.deck.title} · {deck.result.deck.version}" in text


def test_queens_vs_kings_faces_show_race_power_and_mana(rendered):
    deck = rendered["queens-vs-kings"]
    races = {"hearts": "эльфы", "diamonds": "люди", "spades": "нежить", "clubs": "орки"}
    for card, text in zip(deck.cards, deck.faces, strict=False):
        suit = deck.result.profile.value_of(card, "suit")
        assert races[suit] in text.casefold(), card.name  # the band prints it in capitals
        assert [race for race in races.values() if race in text.casefold()] == [races[suit]]
    assert "сила 14 · мана 11" in deck.face("Король пик")
    assert "сила 14 · мана 0" in deck.face("Туз бубен")
    assert "сила 11 · мана 10" in deck.face("Десятка червей")
    assert "сила 11 · мана 11" in deck.face("Валет треф")
    assert "сила 3 · мана 2" in deck.face("Двойка пик")


def test_queens_vs_kings_backs_carry_their_colour(rendered):
    deck = rendered["queens-vs-kings"]
    for card, back in zip(deck.cards, deck.backs, strict=False):
        colour = deck.result.profile.value_of(card, "colour")
        mine, other = ("красные", "чёрные") if colour == "red" else ("чёрные", "красные")
        assert mine in back.casefold() and other not in back.casefold(), card.name
        assert "Дамы против Королей" in back
    reference_back = deck.backs[-1].casefold()
    assert "красные" not in reference_back and "чёрные" not in reference_back


def test_queens_vs_kings_reference_card(rendered):
    deck = rendered["queens-vs-kings"]
    reference = deck.faces[-1]
    assert reference.startswith("ПАМЯТКА")
    assert "Валет, Дама, Король" in reference and "K > Q" in reference and "Q > J" in reference
    assert "J > K" in reference
    assert "Туз" in reference and "A > 2 3 4 5 6 7 8 9 10 J Q K" in reference
    assert "JQK бьют все остальные карты, кроме туза." in reference
    tables = deck.tables
    assert "A 2 3 4 5 6 7 8 9 10 J Q K сила 14 2 3 4 5 6 7 8 9 10 11 12 13" in tables  # per rank
    assert "мана 0 2 3 4 5 6 7 8 9 10 11 11 11" in tables
    assert "♥ ♦ ♠ ♣ сила +1 0 +1 0" in tables  # the suits' bonus
    assert "номинал с бонусом масти: черви и пики +1" in reference


def test_queens_vs_kings_summary_is_in_russian(rendered):
    summary = rendered["queens-vs-kings"].summary
    assert "Краткие правила · Дамы против Королей" in summary
    assert "Побеждает набравший больше маны" in summary


def test_guardians_print_their_value(rendered):
    deck = rendered["embate-dos-guardioes"]
    values = {"J": 11, "Q": 12, "K": 13, "A": 14}
    printed = set()
    for card, text in zip(deck.cards, deck.faces, strict=False):
        rank = deck.result.profile.value_of(card, "rank")
        value = values.get(rank) or int(rank)
        if rank in values:
            assert f"Valor {value}" in text, card.name
            printed.add(value)
        else:  # «Valor 2» would only repeat the 2 in the corner
            assert "Valor" not in text, card.name
    assert printed == set(values.values())
    reference = deck.faces[-1]
    assert reference.startswith("REFERÊNCIA") and "Embate" in reference
    assert "2 3 4 5 6 7 8 9 10 J Q K A Valor 2 3 4 5 6 7 8 9 10 11 12 13 14" in deck.tables
    assert "Resumo das regras · Embate dos Guardiões" in deck.summary
    for back in deck.backs:
        assert back == "Embate dos Guardiões"  # one back design, the title only


def test_cooperative_game_prints_no_numbers_but_the_order_on_its_reference(rendered):
    deck = rendered["cooperativo"]
    assert "Ás de Copas" in deck.faces[0] and "Rei de Paus" in deck.faces[51]
    assert "A 2 3 4 5 6 7 8 9 10 J Q K Ordem 1 2 3 4 5 6 7 8 9 10 11 12 13" in deck.tables
    assert "Objetivo" in deck.faces[-1]
    assert "Resumo das regras" in deck.summary


@pytest.mark.parametrize("name", DECKS)
def test_same_deck_same_bytes(rendered, name, tmp_path):
    again = tmp_path / "again.pdf"
    deck = rendered[name]
    assert render.render(deck.result.deck, DECKS[name], again, profile=deck.result.profile) == []
    assert again.read_bytes() == deck.pdf.read_bytes()


def test_render_command(tmp_path):
    from click.testing import CliRunner

    from deckdsl.cli import main

    target = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["render", str(DECKS["embate-dos-guardioes"]), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"%PDF")


def _game(folder: Path, label: str, name: str) -> Path:
    """A game next to its deck: Embate dos Guardiões' profile with a suit label and a card name of our own."""
    profile = (ROOT / "deckdsl" / "games" / "embate_dos_guardioes" / "embate-dos-guardioes.game").read_text(encoding="utf-8")
    profile = profile.replace("id: embate-dos-guardioes", "id: meu-jogo")
    profile = profile.replace("labels: { spades: Espadas }", f"labels: {{ spades: {label} }}")
    profile = profile.replace("show: [value]", "show: [value, suit]\n    theme: suit\n    back: suit")
    (folder / "meu-jogo.game").write_text(profile, encoding="utf-8")
    deck = folder / "deck.deck"
    deck.write_text(f'deck "T" {{\n  game: meu-jogo\n}}\n\ncard "{name}" {{\n  rank: 2\n  suit: espadas\n}}\n',
                    encoding="utf-8")
    return deck


def test_markup_in_names_and_labels_prints_as_text(tmp_path):
    path = _game(tmp_path, '"<b>Esp</b>"', '<img src=\\"file:///etc/passwd\\">')
    result = deckdsl.load(path)
    assert result.profile is not None and result.profile.printing["theme"] == "suit"
    document = render.html(result.deck, tmp_path, profile=result.profile)
    assert "<img" not in document and "<b>Esp" not in document
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in document and "&lt;b&gt;Esp&lt;/b&gt;" in document
    target = tmp_path / "out.pdf"
    assert render.render(result.deck, path, target, profile=result.profile) == []
    with pdfplumber.open(target) as pdf:
        face = "".join(_crop(pdf.pages[0], SHEET.trims[0]).extract_text().split())
        back = "".join(_crop(pdf.pages[1], SHEET.backs[0]).extract_text().split())
    assert '<imgsrc="file:///etc/passwd">' in face and "<B>ESP</B>" in face  # the theme band, in capitals
    assert "<B>ESP</B>" in back.upper() and "root:" not in face


def test_janken_wars_keeps_its_own_design():
    result = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
    assert result.profile.printing["face"] == "janken"
    document = render.html(result.deck, ROOT / "decks", profile=result.profile)
    assert "playing-card" not in document and 'data-kind="face"' not in document
