"""Themes (`deckdsl.printing.themes`): a `theme.html.j2` that overrides the shipped design's blocks, found
next to the deck or given with `--theme`; the two shipped examples; and, since a theme is untrusted code,
the sandbox, the loader and the fetcher — every failure a DK307 at its line, nothing printed."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

import deckdsl
from deckdsl.cli import main
from deckdsl.printing import export, render, themes

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
SHIPPED = sorted((ROOT / "decks" / "themes").iterdir())


def _deck_in(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(STANDARD, folder / "deck.deck")
    return folder / "deck.deck"


def _render(deck: Path, theme: Path | None = None) -> tuple[list, Path]:
    result = deckdsl.load(deck)
    target = deck.parent / "out.pdf"
    options = render.Options(theme=themes.find(deck.parent, theme))
    return render.render(result.deck, deck, target, options, result.profile), target


def _faces(deck: Path, theme: Path | None) -> Image.Image:
    result = deckdsl.load(deck)
    options = render.Options(theme=themes.find(deck.parent, theme))
    cards, problems = export.cards(result.deck, deck, options, result.profile, 24)
    assert not problems
    return cards[0].face


@pytest.mark.parametrize("theme", SHIPPED, ids=lambda path: path.name)
def test_each_shipped_theme_prints_the_standard_deck_its_own_way(theme):
    plain, themed = _faces(STANDARD, None), _faces(STANDARD, theme)
    assert plain.size == themed.size
    difference = ImageChops.difference(plain, themed).convert("L")
    changed = sum(difference.histogram()[16:]) / (plain.width * plain.height)
    assert changed > 0.05, f"{theme.name} changes only {changed:.0%} of the face"


def test_the_two_shipped_themes_differ_from_each_other():
    first, second = (_faces(STANDARD, theme) for theme in SHIPPED[:2])
    difference = ImageChops.difference(first, second).convert("L")
    assert sum(difference.histogram()[32:]) / (first.width * first.height) > 0.3


def test_a_theme_next_to_the_deck_is_used_without_asking(tmp_path):
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}{% block footer %}Meu tema: {{ title }}{% endblock %}'
        "{% block back %}<span>costas</span>{% endblock %}", encoding="utf-8")
    problems, target = _render(deck)
    assert problems == []
    import pypdf

    pages = pypdf.PdfReader(target).pages
    assert "Meu tema: Janken Wars" in pages[0].extract_text()
    assert "costas" in pages[1].extract_text()


def test_a_theme_reads_its_font_from_its_own_folder(tmp_path):
    theme = ROOT / "decks" / "themes" / "aquarela"
    problems, target = _render(_deck_in(tmp_path / "deck"), theme)
    assert problems == []
    import pypdf

    fonts = {str(font.get_object()["/BaseFont"]) for font in
             pypdf.PdfReader(target).pages[0]["/Resources"]["/Font"].values()}
    assert any("Aquarela-Serif" in name for name in fonts), fonts  # the @font-face of its own file


THEME_FAILURES = [
    ("{% extends \"deck.html.j2\" %}\n{% block footer %}{{ titel }}{% endblock %}\n", 2, "titel"),
    ("{% extends \"deck.html.j2\" %}\n\n{% block footer %}{{ title }\n", 3, "unexpected"),
    ("{% extends \"nowhere.html.j2\" %}\n", 1, "nowhere.html.j2"),
    ("{% extends \"deck.html.j2\" %}\n{% block footer %}{% include \"../../../../etc/hostname\" %}{% endblock %}\n",
     2, "etc/hostname"),
    ("{% extends \"deck.html.j2\" %}\n{% block footer %}{{ title.__class__.__mro__ }}{% endblock %}\n", 2, ""),
    ("{% extends \"deck.html.j2\" %}\n{% block footer %}{{ slot.labels.append('x') }}{% endblock %}\n", 2, ""),
    ("{% extends \"deck.html.j2\" %}{% block footer %}{{ self.footer() }}{% endblock %}\n", 1, "without end"),
]


@pytest.mark.parametrize(("text", "line", "named"), THEME_FAILURES,
                         ids=["unknown-name", "syntax", "missing-base", "include-outside", "internals", "mutation",
                              "recursion"])
def test_a_theme_that_fails_is_a_diagnostic_at_its_line_and_nothing_is_written(tmp_path, text, line, named):
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").write_text(text, encoding="utf-8")
    (deck.parent / "out.pdf").write_bytes(b"the good PDF")
    problems, target = _render(deck)
    [problem] = problems
    assert problem.code == "DK307" and problem.span.line == line, problem
    assert named in problem.message
    assert Path(problem.path) == deck.parent / "theme.html.j2"
    assert target.read_bytes() == b"the good PDF"


def test_a_theme_that_links_out_of_its_folder_is_not_read(tmp_path):
    (tmp_path / "secret.html.j2").write_text("{{ 'SECRET' }}", encoding="utf-8")
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").symlink_to(tmp_path / "secret.html.j2")
    problems, _ = _render(deck)
    assert [p.code for p in problems] == ["DK307"]


def test_a_theme_cannot_make_the_page_fetch_a_file_outside(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}{% block style %}.card { background: url("../secret.png"); }{% endblock %}',
        encoding="utf-8")
    problems, _ = _render(deck)
    assert "DK301" in [p.code for p in problems]


def test_the_render_command_shows_a_theme_problem_with_the_themes_line(tmp_path):
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}\n{% block footer %}{{ titel }}{% endblock %}\n', encoding="utf-8")
    run = CliRunner().invoke(main, ["render", str(deck), "-o", str(tmp_path / "out.pdf")])
    assert run.exit_code == 1
    assert "error[DK307]" in run.output and "theme.html.j2:2:1" in run.output
    assert "2 | {% block footer %}{{ titel }}{% endblock %}" in run.output
    assert not (tmp_path / "out.pdf").exists()


def test_export_uses_the_theme_too(tmp_path):
    deck = _deck_in(tmp_path / "deck")
    theme = ROOT / "decks" / "themes" / "noir"
    run = CliRunner().invoke(main, ["export", "png", str(deck), "--dpi", "30", "--theme", str(theme),
                                    "-o", str(tmp_path / "png")])
    assert run.exit_code == 0, run.output
    back = Image.open(io.BytesIO((tmp_path / "png" / "back.png").read_bytes())).convert("RGB")
    gold = [pixel for _, pixel in back.getcolors(maxcolors=100_000) if pixel[0] > 150 and pixel[2] < 110]
    assert gold  # noir's gold frame and title, not the shipped blue back


def test_check_render_lint_reads_the_theme_next_to_the_deck(tmp_path):
    deck = _deck_in(tmp_path / "deck")
    (deck.parent / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}\n{% block footer %}{{ titel }}{% endblock %}\n', encoding="utf-8")
    run = CliRunner().invoke(main, ["check", "--render-lint", str(deck)])
    assert run.exit_code == 1
    assert "error[DK307]" in run.output and "theme.html.j2:2:1" in run.output
    assert "2 | {% block footer %}{{ titel }}{% endblock %}" in run.output


def test_check_render_lint_takes_a_theme_folder(tmp_path):
    deck = _deck_in(tmp_path / "deck")
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}\n\n{% block footer %}{{ titel }}{% endblock %}\n', encoding="utf-8")
    assert CliRunner().invoke(main, ["check", "--render-lint", str(deck)]).exit_code == 0
    run = CliRunner().invoke(main, ["check", "--render-lint", "--theme", str(folder), str(deck)])
    assert run.exit_code == 1
    assert "error[DK307]" in run.output and "theme.html.j2:3:1" in run.output
