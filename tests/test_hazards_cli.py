"""Ordering hazards as a designer meets them: `check` (exit status, the witness note, the help), `text` (the
addenda in words), and `play` / `simulate` with a hazard left unordered by the configuration (a warning on
stderr, `unresolved_hazards` in the JSON)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "decks" / "examples" / "gdd-addendum-example.deck"


def _without_addendum(tmp_path: Path) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "sem-adendo.deck"
    path.write_text(text[: text.index('addendum "Somar antes de dobrar"')], encoding="utf-8")
    return path


def test_the_gdd_example_is_clean_with_its_addendum_and_an_error_without_it(tmp_path):
    assert not [d for d in deckdsl.load(EXAMPLE).diagnostics if d.code in ("JW113", "JW114", "DK123")]
    result = CliRunner().invoke(main, ["check", str(_without_addendum(tmp_path))])
    assert result.exit_code == 1
    assert "error[JW113]: `Moldura Dourada` (`+1`) and `Lupa Dobradora` (`x2`)" in result.stdout
    assert "= note: your domain holds `Moldura Dourada`, `Lupa Dobradora` and" in result.stdout
    assert "`Moldura Dourada` first → " in result.stdout and "`Lupa Dobradora` first → " in result.stdout
    assert 'order: "Moldura Dourada" then "Lupa Dobradora"' in result.stdout


def test_json_and_sarif_carry_the_witness(tmp_path):
    path = _without_addendum(tmp_path)
    found = json.loads(CliRunner().invoke(main, ["check", str(path), "--format", "json"]).stdout)
    hazard = next(d for d in found["diagnostics"] if d["code"] == "JW113")
    assert hazard["notes"] and "first →" in hazard["notes"][0]
    assert hazard["labels"][0]["message"] == "the modifier of `Moldura Dourada`"
    sarif = json.loads(CliRunner().invoke(main, ["check", str(path), "--format", "sarif"]).stdout)
    text = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "JW113")["message"]["text"]
    assert "\nnote: your domain holds" in text and "\nhelp: add an addendum" in text


def test_text_prints_the_addenda_after_the_cards_in_the_decks_language():
    portuguese = CliRunner().invoke(main, ["text", str(EXAMPLE)]).stdout
    assert portuguese.index("Lupa Dobradora") < portuguese.index("Adendos às regras")
    assert "escolha uma outra carta do seu domínio: ela vale um ponto a mais" in portuguese
    assert "Quando efeitos de Moldura Dourada e Lupa Dobradora se aplicam ao mesmo tempo, os de Moldura " \
           "Dourada vêm primeiro." in portuguese
    english = CliRunner().invoke(main, ["text", str(EXAMPLE), "--lang", "en"]).stdout
    assert "Addenda to the rules" in english
    assert "choose another card from your domain: it is worth 1 point more" in english
    assert "Moldura Dourada's come first" in english


def _ignoring(tmp_path: Path) -> Path:
    path = _without_addendum(tmp_path)
    (tmp_path / "deckdsl.toml").write_text('ignore = ["JW113"]\n', encoding="utf-8")
    return path


def test_simulate_plays_an_ignored_hazard_and_says_so(tmp_path):
    path = _ignoring(tmp_path)
    done = subprocess.run([sys.executable, "-m", "deckdsl", "simulate", str(path), "--games", "20", "--format", "json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "warning[JW113]: no addendum orders `Moldura Dourada` and `Lupa Dobradora`" in done.stderr
    assert "`Lupa Dobradora` first (set, then multiply" in done.stderr
    hazards = json.loads(done.stdout)["unresolved_hazards"]
    assert [(h["code"], h["cards"]) for h in hazards] == [("JW113", ["Moldura Dourada", "Lupa Dobradora"])]
    assert "first →" in hazards[0]["situation"]
    text = subprocess.run([sys.executable, "-m", "deckdsl", "simulate", str(path), "--games", "20"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert "played with 1 unresolved ordering hazard (JW113)" in text.stdout


def test_a_deck_with_its_addendum_has_no_unresolved_hazard(tmp_path):
    done = CliRunner().invoke(main, ["simulate", str(EXAMPLE), "--games", "10", "--format", "json"])
    assert done.exit_code == 0
    assert json.loads(done.stdout)["unresolved_hazards"] == []
    assert "warning[" not in done.stderr


def test_the_hazard_still_refuses_to_play_when_not_ignored(tmp_path):
    result = CliRunner().invoke(main, ["simulate", str(_without_addendum(tmp_path)), "--games", "5"])
    assert result.exit_code == 1
    assert "fix them before playing" in result.stderr


def test_play_announces_the_hazard_before_the_game(tmp_path):
    path = _ignoring(tmp_path)
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "3", "--lang", "en"], input="q\n")
    assert "warning[JW113]: no addendum orders `Moldura Dourada` and `Lupa Dobradora`" in result.stderr
    assert result.exit_code == 0


def test_rule_pages_explain_the_new_codes():
    for code, words in (("JW117", "one event sets off"), ("JW118", "read each other"),
                        ("JW119", "discard priority"), ("JW113", "by meaning")):
        page = CliRunner().invoke(main, ["rule", code]).stdout
        assert words in page and "## What deckdsl says" in page, code
