"""Choosing findings: config files found upward, --select/--ignore/--fail-on, inline suppressions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.check.config import Config, ConfigError, discover
from deckdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
SMALL = '''deck "Pequeno" {
  game: janken-wars
}

card "Muro Alto" {
  type: rock
  rarity: simple
  copies: 6
  value: 2
}
'''


def codes(result) -> list[str]:
    return sorted({d.code for d in result.diagnostics})


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------ selection ---


@pytest.mark.parametrize(
    ("select", "ignore", "code", "expected"),
    [
        ((), (), "JW101", True),
        (("JW",), (), "JW101", True),
        (("JW",), (), "DK202", False),
        (("JW",), ("JW1",), "JW101", False),
        (("JW101",), ("JW1",), "JW101", True),   # the longer prefix decides
        (("JW1",), ("JW101",), "JW101", False),
        (("JW101",), ("JW101",), "JW101", False),  # a tie: ignore wins
        ((), ("DK",), "DK001", True),  # syntax errors cannot be ignored
    ],
)
def test_enabled(select, ignore, code, expected):
    assert Config(select=select, ignore=ignore).enabled(code) is expected


def test_select_and_ignore_filter_findings():
    assert "DK202" in codes(deckdsl.loads(SMALL))
    assert codes(deckdsl.loads(SMALL, config=Config(select=("DK201",)))) == ["DK201"]
    assert "DK202" not in codes(deckdsl.loads(SMALL, config=Config(ignore=("DK2",))))


# ------------------------------------------------------------------------------ discovery ---


def test_deckdsl_toml_is_found_upward(tmp_path):
    write(tmp_path, "deckdsl.toml", 'ignore = ["DK202"]\nfail-on = "warning"\n')
    deck = write(tmp_path, "decks/sub/small.deck", SMALL)
    config = discover(deck)
    assert config.ignore == ("DK202",) and config.fail_on == "warning"
    assert config.source == tmp_path / "deckdsl.toml"


def test_pyproject_without_a_deckdsl_table_is_skipped(tmp_path):
    write(tmp_path, "pyproject.toml", '[tool.deckdsl]\nselect = ["DK201"]\n')
    write(tmp_path, "decks/pyproject.toml", '[project]\nname = "x"\n')
    deck = write(tmp_path, "decks/small.deck", SMALL)
    assert discover(deck).select == ("DK201",)


def test_the_nearest_file_wins(tmp_path):
    write(tmp_path, "deckdsl.toml", 'ignore = ["DK201"]\n')
    write(tmp_path, "decks/pyproject.toml", '[tool.deckdsl]\nignore = ["DK202"]\n')
    assert discover(write(tmp_path, "decks/small.deck", SMALL)).ignore == ("DK202",)


@pytest.mark.parametrize(
    "content", ['ignore = "DK2', 'ignore = [1]', 'fail-on = "never"', 'colour = "red"']
)
def test_a_bad_config_is_a_usage_error(tmp_path, content):
    write(tmp_path, "deckdsl.toml", content + "\n")
    deck = write(tmp_path, "small.deck", SMALL)
    with pytest.raises(ConfigError):
        discover(deck)
    result = CliRunner().invoke(main, ["check", str(deck)])
    assert result.exit_code == 2
    assert "deckdsl.toml" in result.output


def test_cli_uses_the_config_and_options_override_it(tmp_path):
    write(tmp_path, "deckdsl.toml", 'select = ["DK201"]\n')
    deck = write(tmp_path, "small.deck", SMALL)
    run = CliRunner().invoke
    only_size = run(main, ["check", "--format", "concise", str(deck)])
    assert only_size.exit_code == 1 and "DK201" in only_size.output and "DK202" not in only_size.output
    groups = run(main, ["check", "--format", "concise", "--select", "DK202", str(deck)])
    assert "DK202" in groups.output and "DK201" not in groups.output
    everything = run(main, ["check", "--format", "concise", "--no-config", str(deck)])
    assert "DK201" in everything.output and "DK202" in everything.output


def test_fail_on(tmp_path):
    deck = write(tmp_path, "warned.deck", SMALL.replace('deck "Pequeno" {\n  game: janken-wars\n}\n', ""))
    # DK117 (no header) is a warning; the structure errors are ignored here.
    run = CliRunner().invoke
    assert run(main, ["check", "--ignore", "DK2", str(deck)]).exit_code == 0
    assert run(main, ["check", "--ignore", "DK2", "--fail-on", "warning", str(deck)]).exit_code == 1


# --------------------------------------------------------------------------- suppressions ---


def at(result, code: str) -> list[int]:
    return [d.span.line for d in result.diagnostics if d.code == code]


def test_a_suppression_on_the_card_line_covers_the_card():
    seven = SMALL.replace("copies: 6", "copies: 7")
    assert 5 in at(deckdsl.loads(seven), "DK202")  # `rock` / `simple` has 7 of 6, reported on the card
    text = seven.replace('card "Muro Alto" {', 'card "Muro Alto" {  # deckdsl: allow DK202')
    result = deckdsl.loads(text)
    assert 5 not in at(result, "DK202")
    assert 1 in at(result, "DK202")  # the missing types are reported on the deck title: not covered
    assert "DK130" not in codes(result)


def test_a_suppression_alone_before_the_card_covers_it():
    seven = SMALL.replace("copies: 6", "copies: 7")
    text = seven.replace('card "Muro Alto" {', '# deckdsl: allow DK202, DK201\ncard "Muro Alto" {')
    result = deckdsl.loads(text)
    assert 6 not in at(result, "DK202")
    assert at(result, "DK130") == [5]  # DK201 points at the deck title, not at this card: that allow is unused


def test_a_suppression_elsewhere_covers_its_line_only():
    text = SMALL + '\ncard "Muro Alto" {\n  type: rock\n  rarity: simple\n  value: 2\n}\n'
    duplicate = codes(deckdsl.loads(text))
    assert "DK105" in duplicate
    on_line = text.replace('\ncard "Muro Alto" {\n  type: rock\n  rarity: simple\n  value: 2',
                           '\ncard "Muro Alto" {\n  type: rock  # deckdsl: allow DK105\n  rarity: simple\n  value: 2')
    result = deckdsl.loads(on_line)
    assert "DK105" in codes(result)  # DK105 is on the name line, not on the `type` line
    assert any(d.code == "DK130" and d.span.line == 13 for d in result.diagnostics)


def test_unknown_codes_and_strings_are_not_suppressions():
    text = SMALL.replace('card "Muro Alto" {', 'card "Muro Alto" {  # deckdsl: allow XX999')
    result = deckdsl.loads(text)
    assert any(d.code == "DK130" and "XX999" in d.message for d in result.diagnostics)
    quoted = SMALL.replace("  value: 2\n", '  value: 2\n  flavor: "# deckdsl: allow DK202"\n')
    assert "DK202" in codes(deckdsl.loads(quoted))


def test_an_ignored_code_is_not_an_unused_suppression():
    text = SMALL.replace('card "Muro Alto" {', 'card "Muro Alto" {  # deckdsl: allow DK105')
    assert "DK130" in codes(deckdsl.loads(text))
    assert "DK130" not in codes(deckdsl.loads(text, config=Config(ignore=("DK105",))))


def test_syntax_errors_cannot_be_suppressed():
    text = SMALL.replace("  value: 2\n", "  value 2  # deckdsl: allow DK001\n")
    assert "DK001" in codes(deckdsl.loads(text))


def test_sarif_format_from_the_command_line(tmp_path):
    deck = write(tmp_path, "small.deck", SMALL)
    proc = subprocess.run([sys.executable, "-m", "deckdsl", "check", "--format", "sarif", str(deck)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    assert '"version": "2.1.0"' in proc.stdout and '"ruleId": "DK202"' in proc.stdout
