"""The print-and-play PDF: read back with pypdf (pages, sizes, text, fonts), determinism, security."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import deckdsl
from deckdsl.printing import render

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def standard_pdf(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("pdf") / "janken-wars.pdf"
    result = deckdsl.load(STANDARD)
    assert render.render(result.deck, STANDARD, target, profile=result.profile) == []
    return target


def test_pages_and_paper(standard_pdf):
    reader = pypdf.PdfReader(standard_pdf)
    # 36 cards then 5 stars and 10 brindes, 9 per A4 sheet: 4 + 2 sheets, each followed by its backs,
    # then the rules summary.
    assert len(reader.pages) == 13
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(297 * MM, abs=0.5)


def test_every_card_and_its_generated_text_is_printed(standard_pdf):
    reader = pypdf.PdfReader(standard_pdf)
    faces = " ".join(reader.pages[i].extract_text() for i in range(0, 8, 2))
    flat = " ".join(faces.split())
    for card in deckdsl.load(STANDARD).deck.cards:
        assert card.name in flat
    assert "Ação: escolha uma carta do oponente para ele descartar." in flat
    assert "Se não funcionou, é porque você não usou fita o suficiente." in flat
    assert flat.count("Muro Alto") == 6
    components = " ".join(" ".join(reader.pages[i].extract_text() for i in (8, 10)).split())
    assert components.count("Estrela") == 5 and components.count("Brinde") >= 10
    assert "Quem tiver 3 estrelas no domínio no fim de uma rodada vence a partida." in components
    summary = " ".join(reader.pages[12].extract_text().split())
    assert "Resumo das regras" in summary and "ganhar uma estrela a cada 8 pontos" in summary


def test_fonts_are_embedded(standard_pdf):
    reader = pypdf.PdfReader(standard_pdf)
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for font in fonts.values():
        font = font.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), font


def test_same_deck_same_bytes(tmp_path):
    deck = deckdsl.load(STANDARD).deck
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render.render(deck, STANDARD, first)
    render.render(deck, STANDARD, second)
    assert first.read_bytes() == second.read_bytes()


def _deck(folder: Path, card: str) -> Path:
    path = folder / "deck.deck"
    path.write_text('deck "Teste" {\n  game: janken-wars\n}\n\n' + card, encoding="utf-8")
    return path


def test_markup_in_a_name_prints_as_text(tmp_path):
    path = _deck(tmp_path, 'card "<img src=\\"file:///etc/passwd\\">" {\n  type: rock\n  rarity: simple\n'
                           "  value: 1\n}\n")
    target = tmp_path / "out.pdf"
    assert render.render(deckdsl.load(path).deck, path, target) == []
    text = pypdf.PdfReader(target).pages[0].extract_text()
    assert '<imgsrc="file:///etc/passwd">' in "".join(text.split())  # printed as text (wrapped anywhere)
    assert "root:" not in text


@pytest.mark.parametrize("art", ["../outside.png", "/etc/hostname", "http://127.0.0.1:9/x.png", "link.png"])
def test_files_outside_the_deck_folder_are_refused(tmp_path, art):
    deck_folder = tmp_path / "deck"
    deck_folder.mkdir()
    shutil.copy(ROOT / "templates" / "fonts" / "LICENSE-DejaVu.txt", tmp_path / "outside.png")
    (deck_folder / "link.png").symlink_to(tmp_path / "outside.png")
    path = _deck(deck_folder, f'card "A" {{\n  type: rock\n  rarity: simple\n  value: 1\n  art: "{art}"\n}}\n')
    target = deck_folder / "out.pdf"
    target.write_bytes(b"the good PDF of an earlier run")
    problems = render.render(deckdsl.load(path).deck, path, target)
    assert [p.code for p in problems] == ["DK301"]
    assert problems[0].span.line == 9  # the `art:` line
    assert target.read_bytes() == b"the good PDF of an earlier run"  # nothing replaced


def test_art_inside_the_deck_folder_is_used(tmp_path):
    # A 1×1 PNG.
    png = bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b1f7950000000049454e44ae426082"
    )
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "a.png").write_bytes(png)
    path = _deck(tmp_path, 'card "A" {\n  type: rock\n  rarity: simple\n  value: 1\n  art: "art/a.png"\n}\n')
    assert render.render(deckdsl.load(path).deck, path, tmp_path / "out.pdf") == []
    assert b"/Image" in (tmp_path / "out.pdf").read_bytes()


def test_a_missing_image_is_a_warning_and_the_pdf_is_written(tmp_path):
    path = _deck(tmp_path, 'card "A" {\n  type: rock\n  rarity: simple\n  value: 1\n  art: "art/none.png"\n}\n')
    problems = render.render(deckdsl.load(path).deck, path, tmp_path / "out.pdf")
    assert [(p.code, p.severity.value, p.span.line) for p in problems] == [("DK302", "warning", 9)]
    assert (tmp_path / "out.pdf").exists()


def test_render_command(tmp_path):
    from click.testing import CliRunner

    from deckdsl.cli import main

    target = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["render", str(STANDARD), "-o", str(target), "--paper", "letter",
                                       "--flip", "short", "--back-offset", "0.5,-1"])
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(target).pages[0]
    assert float(page.mediabox.width) == pytest.approx(215.9 * MM, abs=0.5)
    bad = CliRunner().invoke(main, ["render", str(STANDARD), "-o", str(target), "--card-size", "huge"])
    assert bad.exit_code == 2 and "card size" in bad.output


def test_the_pdf_gets_ordinary_file_permissions(tmp_path):
    import os
    import stat

    target = tmp_path / "deck.pdf"
    render.render(deckdsl.load(STANDARD).deck, STANDARD, target)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("art", ["x'); background: url('/etc/hostname", "http://a/b'); width: 9000mm; x: url('c"])
def test_art_paths_cannot_inject_css(tmp_path, art):
    path = _deck(tmp_path, f'card "A" {{\n  type: rock\n  rarity: simple\n  value: 1\n  art: "{art}"\n}}\n')
    import html as markup
    import re

    document = render.html(deckdsl.load(path).deck, tmp_path)
    (style,) = re.findall(r'<div class="art" style="([^"]*)"', document)
    css = markup.unescape(style)  # what the CSS parser sees
    assert css.startswith("background-image: url('") and css.endswith("')")
    inner = css[len("background-image: url('") : -2]
    assert not any(char in inner for char in "'\"();"), inner


pdfplumber = pytest.importorskip("pdfplumber")


def _rects(pdf_path: Path, page: int, colour: tuple[float, ...], min_size: float = 0.0) -> list[tuple[float, ...]]:
    """Rectangles of a page filled with `colour`, in mm (x, y from the top-left, width, height), at least
    `min_size` on each side (to leave out a label drawn in the same colour)."""
    with pdfplumber.open(pdf_path) as pdf:
        found = []
        for rect in pdf.pages[page].rects:
            fill = rect.get("non_stroking_color")
            if not isinstance(fill, tuple) or not all(isinstance(c, (int, float)) for c in fill):
                continue  # a pattern fill
            box = tuple(v / MM for v in (rect["x0"], rect["top"], rect["width"], rect["height"]))
            if tuple(round(c, 3) for c in fill) == colour and min(box[2:]) >= min_size:
                found.append(box)
        return found


ROCK = (0.788, 0.765, 0.722)  # #c9c3b8, the rock background
BACK = (0.149, 0.196, 0.29)  # #26324a, the back
BLACK = (0.0, 0.0, 0.0)


def _same(found, expected, tolerance=0.2):
    assert len(found) == len(expected)
    for rect in expected:
        assert any(all(abs(a - b) <= tolerance for a, b in zip(rect, other, strict=True)) for other in found), rect


def test_card_boxes_and_crop_marks_where_the_layout_puts_them(standard_pdf):
    from deckdsl.printing import layout

    sheet = layout.sheet()
    # The first sheet holds 9 rock cards (6 Muro Alto, 3 Joia Cobiçada): their backgrounds are the bleeds.
    _same(_rects(standard_pdf, 0, ROCK), [(r.x, r.y, r.width, r.height) for r in sheet.bleeds])
    marks = _rects(standard_pdf, 0, BLACK)
    assert len(marks) == len(sheet.marks) == 16
    for x, y, width, height in marks:
        assert min(width, height) == pytest.approx(0.2, abs=0.05)
        outside = x + width <= sheet.bleeds[0].x + 1e-6 or x >= sheet.bleeds[-1].right - 1e-6 or (
            y + height <= sheet.bleeds[0].y + 1e-6 or y >= sheet.bleeds[-1].bottom - 1e-6)
        assert outside, (x, y, width, height)


@pytest.mark.parametrize(("flip", "offset"), [("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long", (1.5, -1.0))])
def test_backs_line_up_behind_their_faces(tmp_path, flip, offset):
    from deckdsl.printing import layout

    target = tmp_path / "deck.pdf"
    options = render.Options(flip=flip, back_offset=offset)
    assert render.render(deckdsl.load(STANDARD).deck, STANDARD, target, options) == []
    sheet = layout.sheet(flip=flip, back_offset=offset)
    faces = _rects(target, 0, ROCK)
    backs = _rects(target, 1, BACK, min_size=20)
    _same(backs, [(r.x, r.y, r.width, r.height) for r in sheet.back_bleeds])
    # Turning the sheet over its flip edge brings each back onto its face (less the calibration offset).
    for x, y, width, height in faces:
        if flip == "long":
            turned = (210 - x - width + offset[0], y + offset[1], width, height)
        else:
            turned = (x + offset[0], 297 - y - height + offset[1], width, height)
        assert any(all(abs(a - b) <= 0.2 for a, b in zip(turned, back, strict=True)) for back in backs), turned


def _long_card(tmp_path: Path, words: int) -> Path:
    text = "Ação: " + " ".join(["descarte uma carta da mesa"] * words) + "."
    return _deck(tmp_path, f'card "Longa" {{\n  type: rock\n  rarity: simple\n  value: 1\n  text: "{text}"\n}}\n')


def test_a_long_text_is_shrunk_to_fit(tmp_path):
    path = _long_card(tmp_path, 40)
    deck = deckdsl.load(path).deck
    assert [p.code for p in render.lint(deck, path)] == ["DK312"]  # it fits, squeezing the art frame
    assert [p.code for p in render.render(deck, path, tmp_path / "out.pdf")] == ["DK312"]
    assert (tmp_path / "out.pdf").exists()
    document = render.html(deck, tmp_path, sizes={"Longa": 6.0})
    assert "font-size: 6.0pt" in document


def test_a_text_that_cannot_fit_fails_the_render(tmp_path):
    path = _long_card(tmp_path, 200)
    deck = deckdsl.load(path).deck
    target = tmp_path / "out.pdf"
    problems = render.render(deck, path, target)
    assert [(p.code, p.span.line) for p in problems] == [("DK303", 5)]
    assert "Longa" in problems[0].message
    assert not target.exists()
    from click.testing import CliRunner

    from deckdsl.cli import main

    result = CliRunner().invoke(main, ["check", "--render-lint", "--format", "concise", str(path)])
    assert "DK303" in result.output and result.exit_code == 1


def test_html_golden():
    """The sheets' HTML for the standard deck, as a reviewed file: a template change shows up in the diff.
    Refresh with DECKDSL_UPDATE_SNAPSHOTS=1."""
    import os

    result = deckdsl.load(STANDARD)
    document = render.html(result.deck, STANDARD.parent, profile=result.profile)
    document = document.replace((ROOT / "templates").resolve().as_uri(), "TEMPLATES")
    golden = ROOT / "tests" / "golden" / "janken-wars.html"
    if os.environ.get("DECKDSL_UPDATE_SNAPSHOTS"):
        golden.write_text(document, encoding="utf-8")
    assert document == golden.read_text(encoding="utf-8")


def test_a_render_that_takes_too_long_is_stopped_and_writes_nothing(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"previous")
    problems = render.render(deckdsl.load(STANDARD).deck, STANDARD, target, render.Options(timeout=0.05))
    assert [p.code for p in problems] == ["DK304"]
    assert target.read_bytes() == b"previous"


def test_a_word_wider_than_the_card_is_reported_outside_the_safe_zone(tmp_path):
    path = _deck(tmp_path, 'card "Pneumoultramicroscopicossilicovulcanoconiótico" {\n  type: rock\n'
                           "  rarity: simple\n  value: 1\n}\n")
    problems = render.lint(deckdsl.load(path).deck, path)
    assert [(p.code, p.severity.value, p.span.line) for p in problems] == [("DK305", "warning", 5)]
    standard = deckdsl.load(STANDARD)
    assert render.lint(standard.deck, STANDARD, profile=standard.profile) == []


def _picture(folder: Path, name: str, pixels: tuple[int, int]) -> None:
    from PIL import Image

    (folder / "art").mkdir(exist_ok=True)
    Image.new("RGB", pixels, (200, 80, 40)).save(folder / "art" / name, dpi=(300, 300))


@pytest.mark.parametrize(
    ("pixels", "short"),
    [((750, 1050), True),  # 63.5×88.9 mm at 300 dpi: made for the cut, not the bleed
     ((821, 1121), False)],  # 69.5×94.9 mm: the card with 3 mm of bleed all round
)
def test_full_bleed_art_that_stops_short_of_the_bleed_is_reported(tmp_path, pixels, short):
    _picture(tmp_path, "a.png", pixels)
    path = _deck(tmp_path, 'card "A" {\n  type: rock\n  rarity: simple\n  value: 1\n  art: "art/a.png"\n}\n')
    deck = deckdsl.load(path).deck
    full = render.render(deck, path, tmp_path / "full.pdf", render.Options(art="full"))
    assert [(p.code, p.span.line) for p in full] == ([("DK306", 9)] if short else [])
    assert (tmp_path / "full.pdf").exists()  # a warning: the PDF is written
    assert render.render(deck, path, tmp_path / "framed.pdf") == []  # framed art never reaches the bleed
