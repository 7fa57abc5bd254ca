"""The deck's `print` block (`deckdsl.check.style`, `deckdsl.printing.look`): how the cards look, as data —
parsed with positions, every wrong setting a DK308 (a file outside the folder DK301) at its line before
anything is printed, near misses accepted, and each setting seen in the printed PDF."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.lang import ast
from deckdsl.printing import render

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
QUEENS = ROOT / "decks" / "queens-vs-kings.deck"
FONT = ROOT / "templates" / "fonts" / "DejaVuSans-Oblique.ttf"


def with_print(source: Path, block: str, folder: Path) -> Path:
    """A copy of `source` in `folder` whose header holds `print { block }` (the block's lines indented)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = source.read_text(encoding="utf-8")
    at = text.index("{", text.index('deck "')) + 1
    body = "".join(f"    {line}\n" for line in block.strip().splitlines())
    target = folder / source.name
    target.write_text(text[:at] + "\n  print {\n" + body + "  }" + text[at:], encoding="utf-8")
    return target


def problems(deck: Path) -> list[tuple[str, int, str]]:
    result = deckdsl.load(deck)
    return [(d.code, d.span.line, d.message) for d in result.diagnostics if d.code in ("DK301", "DK308")]


def test_the_block_is_parsed_with_its_tables_and_positions(tmp_path):
    deck = with_print(STANDARD, 'colours: { rock: "#7a5230", papel: "#2d5f8f" }\nframe: square', tmp_path)
    printing = deckdsl.load(deck).deck.printing
    assert [(s.name, s.value) for s in printing] == [("colours", None), ("frame", "square")]
    colours = printing[0].entries
    assert [(e.key, e.value) for e in colours] == [("rock", "#7a5230"), ("papel", "#2d5f8f")]
    text = deck.read_text(encoding="utf-8")
    assert text[colours[1].span.start:colours[1].span.end] == 'papel: "#2d5f8f"'
    dumped = deckdsl.load(deck).deck.model_dump(exclude_computed_fields=True)
    assert ast.Deck.model_validate(dumped).printing == printing


FLAGGED = [
    ('colour: { rock: "#7a5230" }', "`colour` is not a setting of the `print` block"),
    ('colours: { rock: "7a5230" }', "`7a5230` is not a colour"),
    ('colours: { rock: "#7a523" }', "`#7a523` is not a colour"),
    ('colours: { lava: "#7a5230" }', "`lava` is not a value of `type`"),
    ('colours: "#7a5230"', "`colours` takes a table"),
    ("frame: round", "`frame` takes one of rounded, square, none"),
    ("back_pattern: stripes", "`back_pattern` takes one of checks, dots, lines, plain"),
    ('rarity_marks: { simple: "●●●●●●●" }', "a rarity mark is 1 to 6 characters"),
    ('rarity_marks: { common: "●" }', "`common` is not a value of `rarity`"),
    ('font: "fonts/missing.ttf"', "the font file `fonts/missing.ttf` does not exist"),
    ('font: "notes.txt"', "`notes.txt` is not a font file"),
    ("font: 12", "`font` takes the path of a font file"),
    ('back_image: "art/none.png"', "the picture file `art/none.png` does not exist"),
    ("frame: square\nframe: none", "`frame` is set twice"),
]


@pytest.mark.parametrize(("block", "message"), FLAGGED, ids=[message.split(" ")[0] + str(i)
                                                            for i, (_, message) in enumerate(FLAGGED)])
def test_a_wrong_setting_is_a_dk308_at_its_line(tmp_path, block, message):
    found = problems(with_print(STANDARD, block, tmp_path))
    assert len(found) == 1 and found[0][0] == "DK308" and message in found[0][2], found
    assert found[0][1] == 6 + block.count("\n")  # the setting's (or its entry's) own line


@pytest.mark.parametrize("written", ['"../outside.ttf"', '"https://example.com/f.ttf"', '"/etc/f.ttf"'])
def test_a_file_outside_the_deck_folder_is_dk301(tmp_path, written):
    (tmp_path / "outside.ttf").write_bytes(FONT.read_bytes())
    found = problems(with_print(STANDARD, f"font: {written}", tmp_path / "deck"))
    assert [code for code, _, _ in found] == ["DK301"], found


def test_near_misses_are_accepted(tmp_path):  # OK: every spelling the profile allows, short colours, any mark
    folder = tmp_path / "deck"
    (folder / "fonts").mkdir(parents=True)
    shutil.copy(FONT, folder / "fonts" / "Mine.TTF")
    deck = with_print(STANDARD, '\n'.join([
        'colours: { pedra: "#7A5", papel: "#2d5f8f", "tesoura": "#8c2f5d" }',
        'rarity_marks: { simples: "•", advanced: "♦♦", special: "★★★★★★" }',
        'font: "fonts/Mine.TTF"', "frame: none", "back_pattern: plain"]), folder)
    assert problems(deck) == []


def test_the_printed_cards_show_each_setting(tmp_path):
    folder = tmp_path / "deck"
    (folder / "fonts").mkdir(parents=True)
    shutil.copy(FONT, folder / "fonts" / "Mine.ttf")
    deck = with_print(STANDARD, '\n'.join([
        'colours: { rock: "#7a5230" }', 'rarity_marks: { simple: "✿" }', 'font: "fonts/Mine.ttf"',
        "frame: square", "back_pattern: dots"]), folder)
    result = deckdsl.load(deck)
    page = render.html(result.deck, folder, render.Options(), result.profile)
    assert "background-color: #7a5230" in page and "border-radius: 0" in page and "radial-gradient(rgba" in page
    run = CliRunner().invoke(main, ["render", str(deck), "-o", str(tmp_path / "out.pdf")])
    assert run.exit_code == 0, run.output
    first = pypdf.PdfReader(tmp_path / "out.pdf").pages[0]
    fonts = {str(font.get_object()["/BaseFont"]) for font in first["/Resources"]["/Font"].values()}
    assert any("Deck-Own" in name for name in fonts), fonts
    assert "✿" in first.extract_text() and "●" not in first.extract_text()
    import pypdfium2

    picture = pypdfium2.PdfDocument(str(tmp_path / "out.pdf"))[0].render(scale=1).to_pil().convert("RGB")
    assert picture.getpixel((40, 40)) == (0x7a, 0x52, 0x30)  # the first card's bleed, rock-coloured


def test_a_back_image_replaces_the_back_design(tmp_path):
    folder = tmp_path / "deck"
    (folder / "art").mkdir(parents=True)
    from PIL import Image

    Image.new("RGB", (60, 90), (200, 30, 40)).save(folder / "art" / "back.png")
    deck = with_print(STANDARD, 'back_image: "art/back.png"', folder)
    result = deckdsl.load(deck)
    assert problems(deck) == []
    page = render.html(result.deck, folder, render.Options(), result.profile)
    assert (folder / "art" / "back.png").resolve().as_uri() in page
    run = CliRunner().invoke(main, ["render", str(deck), "-o", str(tmp_path / "out.pdf")])
    assert run.exit_code == 0, run.output
    import pypdfium2

    back = pypdfium2.PdfDocument(str(tmp_path / "out.pdf"))[1].render(scale=1).to_pil().convert("RGB")
    width, height = back.size
    assert back.getpixel((width // 2, height // 2)) == (200, 30, 40)


def test_a_playing_card_game_takes_its_colours_from_the_block(tmp_path):
    deck = with_print(QUEENS, 'colours: { elves: "#123456", "orcs": "#654321" }', tmp_path)
    result = deckdsl.load(deck)
    assert problems(deck) == []
    page = render.html(result.deck, tmp_path, render.Options(), result.profile)
    assert "#123456" in page and "#654321" in page


def test_fmt_puts_the_block_after_the_header_fields_and_keeps_it(tmp_path):
    deck = with_print(STANDARD, 'frame: square\ncolours: { rock: "#7a5230" }', tmp_path)
    run = CliRunner().invoke(main, ["fmt", str(deck)])
    assert run.exit_code == 0, run.output
    text = deck.read_text(encoding="utf-8")
    assert text.index("language:") < text.index("print {") < text.index("rules {") < text.index('card "')
    assert [(s.name, s.value) for s in deckdsl.load(deck).deck.printing] == [("frame", "square"), ("colours", None)]
    assert CliRunner().invoke(main, ["fmt", "--check", str(deck)]).exit_code == 0


def test_the_editor_documents_every_setting():
    from deckdsl.check import style
    from deckdsl.editor.lsp_assist import PRINT_DOCS

    assert set(PRINT_DOCS) == set(style.SETTINGS)


def test_the_profile_gives_the_defaults_and_the_deck_wins(tmp_path):
    """A profile's `type` colours and `rarity` symbols colour and mark a Janken face; the deck's block wins."""
    profile = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8")
    folder = tmp_path / "deck"
    folder.mkdir()
    text = STANDARD.read_text(encoding="utf-8").replace("game: janken-wars", "game: mine")
    (folder / "mine.deck").write_text(text, encoding="utf-8")
    marked = re.sub(r"(attribute rarity[^{]*\{)", r'\1\n    symbols: { simple: "s", advanced: "a", special: "x" }',
                    profile, count=1)
    marked = re.sub(r"(attribute type[^{]*\{)", r'\1\n    colours: { rock: "#101010" }', marked, count=1)
    marked = marked.replace("id: janken-wars", "id: mine")
    (folder / "mine.game").write_text(marked, encoding="utf-8")
    result = deckdsl.load(folder / "mine.deck")
    assert result.profile is not None, [str(d) for d in result.diagnostics if d.code.startswith("DK5")]
    page = render.html(result.deck, folder, render.Options(), result.profile)
    assert "background-color: #101010" in page and ">s</div>" in page
    deck = with_print(folder / "mine.deck", 'rarity_marks: { simple: "✿" }', tmp_path / "other")
    shutil.copy(folder / "mine.game", tmp_path / "other" / "mine.game")
    result = deckdsl.load(deck)
    page = render.html(result.deck, deck.parent, render.Options(), result.profile)
    assert ">✿</div>" in page and ">s</div>" not in page and "background-color: #101010" in page


def test_show_chooses_the_attributes_under_the_name(tmp_path):
    for block, line in (("show: [raridade, type]", "simples · pedra"), ("show: []", None)):
        deck = with_print(STANDARD, block, tmp_path / str(len(block)))
        result = deckdsl.load(deck)
        assert problems(deck) == []
        page = render.html(result.deck, deck.parent, render.Options(), result.profile)
        meta = re.search(r'<div class="meta">([^<]*)</div>', page).group(1)
        assert meta == (line or "")
    assert "`colour` is not an attribute" in problems(with_print(STANDARD, "show: [colour]", tmp_path / "x"))[0][2]
