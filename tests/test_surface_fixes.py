"""`deckdsl check --fix` and `deckdsl fmt`, hardened (issue 26): fixes applied in one sweep and under
`--timeout`, honest about safety, `fmt` idempotent for every Unicode line break, and both commands writing
through a symbolic link and keeping a file's mode.

Work is counted, never timed: the calls `apply` makes (tests/budget.py), the checks `fix_text` runs.  The
reproducers are in tests/crashes/surfaces/ (README.md there).
"""

from __future__ import annotations

import functools
import os
import re
import signal
import stat
from pathlib import Path

import pytest
from budget import per_character, within
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from surfaces import ROOT, assert_clean, cards_apart, deckdsl, places, reproducer

import deckdsl as library
from deckdsl.check import fixes
from deckdsl.check.fixes import MAX_PASSES, SEARCH_CHECKS, added_errors, apply, fix_text
from deckdsl.cli import main
from deckdsl.diagnostics import Diagnostic, Edit, Fix
from deckdsl.lang.ast import without_spans
from deckdsl.escapes import escape
from deckdsl.lang.fmt import FormatError, format_source
from deckdsl.lang.parse import blocks
from deckdsl.limits import TimeUp
from deckdsl.span import Span

JANKEN = ROOT / "tests" / "crashes" / "surfaces" / "janken-wars.deck"


def invoke(*args: str):
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def check_of(path: Path):
    return lambda text: library.loads(text, str(path)).diagnostics


# ------------------------------------------------------------------ --fix: one sweep, bounded ---


@pytest.fixture(scope="module")
def unclosed(tmp_path_factory) -> tuple[Path, str]:
    """The 12,000 unclosed `card` lines (230 KB)."""
    path = reproducer("fix_quadratic_12000_unclosed.deck", tmp_path_factory.mktemp("unclosed"))
    return path, path.read_text(encoding="utf-8")


def test_apply_takes_thousands_of_fixes_in_one_sweep(unclosed, monkeypatch):
    """Each edit was tested against every edit taken: 72 million `_conflict` calls for the 12,000 braces this
    file lacks.  Now each is placed by a binary search among the taken ones: the calls stay linear."""
    _, text = unclosed
    ends = [m.end() for m in re.finditer(r'^card "Muro Alto" \{(?=\ncard|\n*\Z)', text, re.M)]
    braces = [Fix("add `}`", (Edit(Span.point(text, end), "\n}"),)) for end in ends]
    assert len(braces) == 12_000
    conflicts = 0
    original = fixes._conflict

    def counting(a, b):
        nonlocal conflicts
        conflicts += 1
        return original(a, b)

    monkeypatch.setattr(fixes, "_conflict", counting)
    with within(per_character(len(text), calls_per_character=10, floor=500_000)):
        new, applied = apply(text, braces)
    assert len(applied) == 12_000 and conflicts == 0  # single-edit fixes: nothing to compare within one
    assert new.count("\n}") == text.count("\n}") + 12_000


def test_fix_text_checks_the_text_again_once_a_pass_not_once_per_fix(unclosed):
    """A check lists at most 1,000 findings of a code and reads at most 1,000 broken blocks, so a pass fixes
    1,000 braces; each pass is one check."""
    path, text = unclosed
    checks = 0

    def check(new: str) -> list[Diagnostic]:
        nonlocal checks
        checks += 1
        return library.loads(new, str(path)).diagnostics

    found = check(text)
    outcome = fix_text(text, check, diagnostics=found, blocks=blocks, max_passes=2)
    assert checks == 1 + outcome.passes == 3 and not outcome.held
    assert len(outcome.fixed) >= 1_000 * outcome.passes


def test_check_fix_on_the_reproducer_writes_the_braces(tmp_path):
    path = reproducer("fix_quadratic_12000_unclosed.deck", tmp_path)
    before = path.read_text(encoding="utf-8")
    proc = deckdsl("check", "--fix", "--format", "concise", path.name, cwd=tmp_path)
    output = assert_clean(proc, 1, "problems in fix_quadratic_12000_unclosed.deck")
    fixed = int(re.search(r"fixed (\d+) problems", output).group(1))
    assert fixed >= 10_000 and "not applied" not in output
    assert path.read_text(encoding="utf-8").count("\n}") == before.count("\n}") + fixed


def test_fixing_runs_under_the_timeout_and_a_file_out_of_time_is_left_alone(tmp_path, monkeypatch):
    """`--fix` ran with no limit (30 s of CPU past `--timeout 20`).  It now runs under the same timer as the
    check: the fake `fix_text` below finds the timer set, then stands in for a fix that runs out of time."""
    path = tmp_path / "typo.deck"
    path.write_text(JANKEN.read_text(encoding="utf-8").replace("condition:", "conditon:", 1), encoding="utf-8")
    before = path.read_bytes()
    seen = []

    def out_of_time(*args, **kwargs):
        seen.append(signal.getitimer(signal.ITIMER_REAL)[0])
        raise TimeUp

    monkeypatch.setattr(fixes, "fix_text", out_of_time)
    result = CliRunner().invoke(main, ["check", "--fix", "--timeout", "20", str(path)])
    assert result.exit_code == 2, result.output
    assert seen and 0 < seen[0] <= 20
    assert "DK013" in result.output and "fixing this file took longer than 20 s" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert path.read_bytes() == before


def _lines_check(bad: set[int]):
    """A check of a text of lines `wN`: each `w` is a finding whose safe fix writes `v`, and a `v` on a line
    of `bad` does not read (DK001).  `check.calls` counts its calls."""
    def check(text: str) -> list[Diagnostic]:
        check.calls += 1
        found = []
        at = 0
        for number, line in enumerate(text.split("\n")):
            span = Span(number + 1, 1, number + 1, 2, at, at + 1)
            if line.startswith("w"):
                found.append(Diagnostic("DK101", f"w{number}", span, fix=Fix("w -> v", (Edit(span, "v"),))))
            elif number in bad:
                found.append(Diagnostic("DK001", f"v{number} does not read", span))
            at += len(line) + 1
        return found

    check.calls = 0
    return check


@pytest.mark.parametrize("bad", [set(), {7}, {5, 1500, 3999}], ids=["none", "one", "three"])
def test_the_fixes_that_add_errors_are_found_in_a_few_checks_and_the_others_applied(bad):
    text = "\n".join(f"w{n}" for n in range(4000))
    check = _lines_check(bad)
    outcome = fix_text(text, check, diagnostics=check(text))
    assert check.calls <= 2 + 2 * len(bad) + 1  # the pass, the others without the suspects, then halving
    assert len(outcome.fixed) == 4000 - len(bad)
    assert sorted(int(h.diagnostic.message[1:]) for h in outcome.held) == sorted(bad)
    assert all([d.code for d in h.added] == ["DK001"] for h in outcome.held)
    lines = outcome.text.split("\n")
    assert all(lines[n].startswith("w") == (n in bad) for n in range(4000))


def test_the_search_is_bounded_when_every_fix_adds_an_error():
    text = "\n".join(f"w{n}" for n in range(1500))
    check = _lines_check(set(range(1500)))
    outcome = fix_text(text, check, diagnostics=check(text))
    assert check.calls <= 1 + MAX_PASSES + SEARCH_CHECKS
    assert outcome.text == text and not outcome.fixed and len(outcome.held) == 1500
    assert any(not h.added for h in outcome.held)  # the ones never reached say so


# ---------------------------------------------------------------------------- honest safety ---


@pytest.mark.parametrize("name, field", [("fix_undone_misspelt_empty_field.deck", "valeu"),
                                         ("fix_undone_acton_with_broken_effect.deck", "acton")])
def test_a_field_whose_value_does_not_read_gets_an_unsafe_fix(name, field, tmp_path):
    path = reproducer(name, tmp_path)
    before = path.read_bytes()
    output = assert_clean(deckdsl("check", path.name, cwd=tmp_path), 1, "(unsafe, --fix --unsafe-fixes)",
                          f"note: what follows `{field}:` does not read as")
    assert "(safe, --fix)" not in output and "fixable with `deckdsl check --fix`" not in output
    output = assert_clean(deckdsl("check", "--fix", path.name, cwd=tmp_path), 1, f"no field `{field}`")
    assert "bug" not in output and not re.search(r"\bfixed \d", output)
    output = assert_clean(deckdsl("check", "--fix", "--unsafe-fixes", path.name, cwd=tmp_path), 1,
                          f"deckdsl: not applied to {path.name}:", "it would add an error (DK001")
    assert "bug" not in output
    assert path.read_bytes() == before


def test_a_fix_that_adds_no_error_is_applied_beside_one_that_would(tmp_path):
    """The empty `valeu:` stays (its fix would add DK001); the misspelt `conditon:` of another card is fixed
    in the same pass, with or without --unsafe-fixes."""
    for unsafe in ((), ("--unsafe-fixes",)):
        path = reproducer("fix_undone_misspelt_empty_field.deck", tmp_path)
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("  condition: value = count", "  conditon: value = count"), encoding="utf-8")
        output = assert_clean(deckdsl("check", "--fix", *unsafe, path.name, cwd=tmp_path), 1,
                              "fixed 1 problem", "replace `conditon` by `condition` (DK101)")
        assert path.read_text(encoding="utf-8") == text
        assert ("it would add an error (DK001" in output) == bool(unsafe)


def test_added_errors_maps_positions_through_the_edits_and_counts_them():
    text = "abc\ndef\n"  # two blocks: `abc` and `def`
    two = [(0, 3), (4, 7)]
    edits = [Edit(Span.of_range(text, 0, 0), "zz\n")]  # three characters in front of the first block
    fixed = "zz\n" + text

    def error(code: str, at: int) -> Diagnostic:
        return Diagnostic(code, f"{code}@{at}", Span.of_range(fixed, at, at + 1))

    before = [Diagnostic("DK101", "in def", Span.of_range(text, 4, 5))]
    assert added_errors(text, before, [error("DK101", 7)], edits, blocks=two) == []  # the same, moved
    inserted = error("DK001", 1)  # inside the inserted text: at the edit's start, where no DK001 was
    assert added_errors(text, before, [error("DK101", 7), inserted], edits, blocks=two) == [inserted]
    again = error("DK102", 4)  # in `abc`, the block edited, which had no error
    assert added_errors(text, before, [error("DK101", 7), again], edits, blocks=two) == [again]
    assert added_errors(text, [*before, Diagnostic("DK103", "in abc", Span.of_range(text, 1, 2))],
                        [error("DK101", 7), again], edits, blocks=two) == []  # `abc` had an error: not judged
    assert added_errors(text, before, [error("DK101", 7), error("DK102", 8)], edits, blocks=two) == []  # `def`
    twice = [error("DK101", 7), error("DK101", 7)]  # counted: a second one where there was one is new
    assert added_errors(text, before, twice, edits) == []  # one block, which had an error
    assert added_errors(text, before, twice, edits, blocks=[(0, 7)]) == [] and added_errors(
        text, [], twice, edits, blocks=[(0, 7)]) == twice


@functools.cache
def readable_decks() -> list[tuple[Path, str]]:
    """The decks under decks/ and tests/ (but the crash reproducers) that read without a DK0xx error."""
    found = []
    for path in sorted([*(ROOT / "decks").rglob("*.deck"), *(ROOT / "tests").rglob("*.deck")]):
        if "crashes" in path.parts or path.stat().st_size > 60_000:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        result = library.loads(text, str(path))
        if result.deck is not None and not any(d.code.startswith("DK0") for d in result.diagnostics):
            found.append((path, text))
    return found


_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|([^\W\d_]\w{3,})')


@st.composite
def slipped(draw):
    """A deck that reads, with one slip in one word outside strings and comments (a field's name, a
    keyword, a zone, an attribute's value): a letter added, dropped, changed, or two swapped."""
    path, text = draw(st.sampled_from(readable_decks()))
    words = [m for m in _WORD.finditer(text) if m.group(1)]
    word = draw(st.sampled_from(words))
    written = word.group(1)
    at = draw(st.integers(0, len(written) - 2))
    letter = draw(st.sampled_from("abcdeilmnorstuvz"))
    slip = draw(st.sampled_from(["add", "drop", "change", "swap"]))
    wrong = {"add": written[:at] + letter + written[at:], "drop": written[:at] + written[at + 1:],
             "change": written[:at] + letter + written[at + 1:],
             "swap": written[:at] + written[at + 1] + written[at] + written[at + 2:]}[slip]
    return path, text[: word.start(1)] + wrong + text[word.end(1):]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(slipped())
def test_a_safe_fix_adds_no_error_and_changes_no_other_card(case):
    """Property: every safe fix of a deck with one slip, applied alone, adds no error (as `fixes` defines
    it: no reading error anywhere, no error in a block it edits that had none) and leaves every card it
    does not edit as it was."""
    path, text = case
    result = library.loads(text, str(path))
    for diagnostic in result.diagnostics:
        if diagnostic.fix is None or not diagnostic.fix.safe:
            continue
        edits = list(diagnostic.fix.edits)
        new, applied = apply(text, [diagnostic.fix])
        assert applied, diagnostic
        after = library.loads(new, str(path))
        assert added_errors(text, result.diagnostics, after.diagnostics, edits, blocks=blocks(text)) == [], (
            diagnostic.code, diagnostic.fix.message)
        before_places, after_places = places(edits)
        assert cards_apart(after, after_places) == cards_apart(result, before_places), diagnostic.fix.message


def test_a_header_field_renamed_game_is_safe_only_for_the_game_the_deck_is_read_with():
    local = (ROOT / "tests" / "lsp" / "local.deck")
    text = local.read_text(encoding="utf-8").replace("  game: my-game", "  gme: my-game")
    (typo,) = [d for d in library.loads(text, str(local)).diagnostics if d.code == "DK116"]
    assert not typo.fix.safe and "another game's profile" in typo.notes[0]
    text = JANKEN.read_text(encoding="utf-8").replace("  game: janken-wars", "  gaem: janken-wars")
    (typo,) = [d for d in library.loads(text, str(JANKEN)).diagnostics if d.code == "DK116"]
    assert typo.fix.safe and not typo.notes


@pytest.mark.parametrize("line, safe", [
    ("valeu: 3", True), ("valeu: *", True), ("valeu:", False), ("copeis: 3", True), ("copeis: -3", False),
    ('flavr: "x"', True), ("flavr: x", False), ("acton: discard", False),
    ("acton: discard a card from the table", True), ("acton: discard a card from the table ))", False),
    ("conditon: discarded first", True), ("tipe: pedra", True),
])
def test_a_misspelt_field_is_safely_renamed_only_when_its_value_reads_as_that_field(line, safe):
    text = JANKEN.read_text(encoding="utf-8").replace("  value: 4\n", f"  value: 4\n  {line}\n", 1)
    (typo,) = [d for d in library.loads(text, "x.deck").diagnostics if d.code == "DK101"]
    assert typo.fix.safe == safe and bool(typo.notes) != safe


# ---------------------------------------------------------------------- fmt and line breaks ---

BREAKS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]
"""Every character `str.splitlines` ends a line at, but the deck grammar does not (it ends lines at LF,
CR and CRLF only)."""

PLACES = {
    "at the end": lambda text, char: text + char,
    "in a comment": lambda text, char: text.replace("# Texto do GDD", f"# Texto{char} do GDD", 1),
    "in a string": lambda text, char: text.replace('"Equipe do', f'"Equipe{char} do', 1),
    "between blocks": lambda text, char: text.replace("\n\n# ----", f"\n{char}\n# ----", 1),
    "after a block": lambda text, char: text.replace("}\n\n# ----", f"}}{char}\n\n# ----", 1),
}


def meaning(text: str):
    result = library.loads(text, "x.deck", check=False)
    return without_spans(result.deck.model_dump(mode="json")), sorted(d.code for d in result.diagnostics)


def _flagged(char: str, place: str) -> bool:
    """Whether the reading flags `char` at `place` (DK018, issue 45): every one of them but a form feed, which
    is white space between the words and in a comment, and only flagged inside a text."""
    return char != "\x0c" or place == "in a string"


def _fixed(text: str) -> str:
    """`text` after `check --fix` (its safe fixes: DK018's writes the character as an escape, or a space)."""
    return fix_text(text, lambda fixing: library.loads(fixing, "x.deck").diagnostics).text


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("char", BREAKS, ids=lambda c: f"U+{ord(c):04X}")
def test_fmt_is_idempotent_and_keeps_the_meaning_around_every_line_break(char, place):
    """A line break the grammar does not know is DK018 at the character, which `fmt` refuses (it formats only
    files that read cleanly); once `check --fix` has written it as an escape (in a text or a comment) or a
    space (between the words), the file formats idempotently to what the original meant."""
    text = PLACES[place](JANKEN.read_text(encoding="utf-8"), char)
    assert text != JANKEN.read_text(encoding="utf-8")
    found = [d for d in library.loads(text, "x.deck").diagnostics if d.code == "DK018"]
    if _flagged(char, place):
        assert [text[d.span.start] for d in found] == [char]
        with pytest.raises(FormatError):
            format_source(text)
        fixed = _fixed(text)
        assert char not in fixed and (escape(char) in fixed) == (place in ("in a comment", "in a string"))
    else:
        assert found == []
        fixed = text
    once = format_source(fixed)
    assert format_source(once) == once
    assert meaning(once)[0] == meaning(fixed)[0] == meaning(text)[0]
    assert "DK018" not in meaning(once)[1]


@pytest.mark.parametrize("char", BREAKS, ids=lambda c: f"U+{ord(c):04X}")
def test_fmt_then_fmt_check_is_clean(char, tmp_path):
    """At the end of the file: a form feed is white space, formatted away; any other is DK018, which `fmt`
    reports without touching the file, and `check --fix` then `fmt` clean it."""
    path = tmp_path / "f.deck"
    path.write_text(JANKEN.read_text(encoding="utf-8") + char, encoding="utf-8")
    if _flagged(char, "at the end"):
        before = path.read_bytes()
        result = invoke("fmt", path)
        assert result.exit_code == 2 and "DK018" in result.output and path.read_bytes() == before
        assert invoke("check", "--fix", path).exit_code == 0
    assert invoke("fmt", path).exit_code == 0
    result = invoke("fmt", "--check", path)
    assert result.exit_code == 0 and "would reformat" not in result.output


def test_fmt_of_the_reproducer_is_idempotent(tmp_path):
    path = reproducer("fmt_not_idempotent_trailing_u2028.deck", tmp_path)
    assert_clean(deckdsl("fmt", path.name, cwd=tmp_path), 2, "error[DK018]", "U+2028 LINE SEPARATOR")
    assert_clean(deckdsl("check", "--fix", path.name, cwd=tmp_path), 0, "fixed 1 problem")
    assert_clean(deckdsl("fmt", path.name, cwd=tmp_path), 0, "reformatted")
    output = assert_clean(deckdsl("fmt", "--check", path.name, cwd=tmp_path), 0)
    assert "would reformat" not in output


# ----------------------------------------------------------------- modes and symbolic links ---


def _messy(path: Path, mode: int) -> Path:
    path.write_text(JANKEN.read_text(encoding="utf-8").replace("  type:", "    type:"), encoding="utf-8")
    path.chmod(mode)
    return path


def _typo(path: Path, mode: int) -> Path:
    path.write_text(JANKEN.read_text(encoding="utf-8").replace("condition:", "conditon:", 1), encoding="utf-8")
    path.chmod(mode)
    return path


COMMANDS = {"fmt": (_messy, ("fmt",), 0), "check --fix": (_typo, ("check", "--fix"), 0)}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_private_file_stays_private(command, tmp_path):
    make, args, code = COMMANDS[command]
    path = make(tmp_path / "private.deck", 0o600)
    before = path.read_bytes()
    assert_clean(deckdsl(*args, path.name, cwd=tmp_path), code)
    assert path.read_bytes() != before and stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_stays_a_link_and_its_target_changes(command, tmp_path):
    make, args, code = COMMANDS[command]
    target = make(tmp_path / "v3.deck", 0o640)
    before = target.read_bytes()
    (tmp_path / "current.deck").symlink_to("v3.deck")
    assert_clean(deckdsl(*args, "current.deck", cwd=tmp_path), code)
    assert os.readlink(tmp_path / "current.deck") == "v3.deck"
    assert target.read_bytes() != before and stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_file_is_refused_and_left_as_it_was(command, tmp_path):
    make, args, _ = COMMANDS[command]
    path = make(tmp_path / "ro.deck", 0o444)
    before = path.read_bytes()
    output = assert_clean(deckdsl(*args, path.name, cwd=tmp_path), 2, "ro.deck", "read-only")
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ro.deck"], output  # no temporary file left


@pytest.mark.parametrize("line, fixed", [("  valeu 3", "  value: 3"), ("  acton discard a card from the table",
                                                                       "  action: discard a card from the table")])
def test_a_misspelt_field_without_its_colon_is_fixed_whole(line, fixed):
    """fuzz (fix_safe_adds_error): `valeu 3` fixed to `value 3` traded the unknown word for a missing `:`;
    the fix writes the name with its `:`, and adds no error."""
    text = 'deck "X" {\n  game: janken-wars\n}\n\ncard "Lupa" {\n  type: papel\n  rarity: simples\n  copies: 2\n' \
           f'{line}\n}}\n'
    found = library.loads(text, "x.deck").diagnostics
    (typo,) = [d for d in found if d.fix is not None and d.code == "DK004"]
    assert typo.fix.safe
    after = apply(text, [typo.fix])[0]
    assert fixed + "\n" in after
    assert added_errors(text, found, library.loads(after, "x.deck").diagnostics, typo.fix.edits,
                        blocks=blocks(text)) == []


@pytest.mark.parametrize("game, safe", [("janken-wars", True), ("embate-dos-guardioes", False),
                                        ("fmt-width-big", False)])
def test_the_colon_of_a_header_game_is_safe_only_for_the_game_the_deck_is_read_with(game, safe):
    """fuzz (fix_safe_changes_cards): `game fmt-width-big` does not read, so the deck is read as Janken
    Wars; the `:` makes every card read as another game's (or as no game's), which no safe fix may do."""
    text = f'deck "X" {{\n  game {game}\n}}\n\ncard "Lupa" {{\n  type: papel\n  rarity: simples\n  copies: 2\n}}\n'
    (colon,) = [d for d in library.loads(text, "x.deck").diagnostics if d.fix is not None]
    assert colon.fix.message == "add `:` after the field name" and colon.fix.safe is safe
    assert f"game: {game}\n" in apply(text, [colon.fix])[0]
