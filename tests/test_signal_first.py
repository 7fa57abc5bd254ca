"""Signal first (issue 29): one cause gives one error, and the finding about the check itself (DK131: what
could not be checked) is one short line after the errors that caused it — in every output and in the
preview."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.check.fixes import apply
from deckdsl.cli import main
from deckdsl.editor import preview as previewer

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
MURO = '  rarity: simples\n  copies: 6\n  value: 2\n  condition: discarded first'


def misspelt(tmp_path: Path, old: str, new: str) -> Path:
    text = STANDARD.read_text(encoding="utf-8")
    assert MURO in text
    path = tmp_path / "deck" / "janken-wars.deck"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text.replace(MURO, MURO.replace(old, new, 1), 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "field"), [
    ("rarity:", "rarty:", "rarity"), ("rarity:", "raridde:", "rarity"), ("value: 2", "valeu: 2", "value"),
    ("rarity:", "rarity_:", "rarity")])
def test_a_misspelt_field_name_is_one_error_with_its_fix(tmp_path, old, new, field):
    path = misspelt(tmp_path, old, new)
    result = deckdsl.load(path)
    assert [d.code for d in result.errors] == ["DK101"], [str(d) for d in result.errors]
    (error,) = result.errors
    assert f"so `Muro Alto` has no {field}" in error.notes
    assert error.fix is not None and error.fix.safe
    fixed = deckdsl.loads(apply(result.text, [error.fix])[0], str(path))
    assert fixed.errors == []


def test_a_missing_field_that_no_unknown_name_misspells_is_still_its_own_error(tmp_path):
    path = misspelt(tmp_path, "  rarity: simples\n", "  sabor_raro: simples\n")
    codes = sorted(d.code for d in deckdsl.load(path).errors)
    assert codes == ["DK101", "DK104"]


def broken(tmp_path: Path) -> Path:
    return misspelt(tmp_path, "rarity:", "rarty:")


def test_dk131_is_one_short_line_after_the_errors_in_every_output(tmp_path):
    path = str(broken(tmp_path))
    full = CliRunner().invoke(main, ["check", path])
    lines = full.output.splitlines()
    (line,) = [number for number, text in enumerate(lines) if "DK131" in text]
    assert lines[line].startswith(f"{path}:21:3: warning[DK131] ") and len(lines[line]) - len(path) < 110
    assert not lines[line + 1].strip().startswith(("-->", "|", "="))
    assert max(number for number, text in enumerate(lines) if text.startswith(("error[", "warning["))) < line
    concise = CliRunner().invoke(main, ["check", path, "--format", "concise"]).output.splitlines()
    findings = [text for text in concise if text.startswith(path)]
    assert "DK131" in findings[-1] and all("DK131" not in text for text in findings[:-1])
    github = [text for text in CliRunner().invoke(main, ["check", path, "--format", "github"]).output.splitlines()
              if text.startswith("::")]
    assert "DK131" in github[-1]
    data = json.loads(CliRunner().invoke(main, ["check", path, "--format", "json"]).output)
    codes = [d["code"] for d in data["diagnostics"]]
    assert codes[-1] == "DK131" and codes.count("DK131") == 1
    notes = data["diagnostics"][-1]["notes"]
    assert any("skipped" in note for note in notes), "the details stay in the data"


def test_dk131_follows_every_card_and_its_errors_in_the_preview(tmp_path):
    path = broken(tmp_path)
    good = path.read_text(encoding="utf-8")
    path.write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    preview = previewer.Preview(path)
    preview.reload()
    path.write_text(good, encoding="utf-8")
    preview.reload()
    page = preview.content
    assert page.count("[DK131]") == 1 and "[DK101]" in page
    assert page.index("[DK101]") < page.index("[DK131]")
    assert page.rindex('class="card-entry has-diagnostics') < page.index('class="afterword')
    top, by_card, after = previewer.place(deckdsl.load(path))
    assert [d.code for d in after] == ["DK131"] and "DK131" not in {d.code for d in top}
    fresh = previewer.Preview(path)  # broken from the start: no cards, the line follows the errors
    fresh.reload()
    page = fresh.content
    assert page.index("[DK101]") < page.index('class="afterword') and "card-entry" not in page
