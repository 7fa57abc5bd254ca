"""Spreadsheets, hardened (issue 26): `import csv` is linear in the sheet and its memory a small multiple of
it (20,000 rows; 600,000 blank rows), a deck past the deck file limit is refused at its row, the formula
guard is undone exactly (`export csv` then `import csv --into` gives back the deck's bytes, whatever
Unicode its strings hold), and a full disk, a read-only deck or a deck that is a link leave the files as
they should.  Work is counted (calls, lines run), never timed."""

from __future__ import annotations

import csv
import errno
import os
import re
import sys
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

import pytest
from budget import OverBudget, per_character, within
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from surfaces import ROOT, assert_clean, deckdsl, reproducer

import deckdsl as dsl
from deckdsl.cli import main
from deckdsl.diagnostics import Diagnostic
from deckdsl.files import MAX_FILE_BYTES, decode
from deckdsl.lang.spelling import quoted
from deckdsl.printing import spreadsheet
from deckdsl.profiles import profile as profiles
from deckdsl.span import Span

JANKEN = profiles.load("janken-wars", ROOT)
NEW = spreadsheet.frame("T", {"game": "janken-wars"})


@contextmanager
def lines_within(limit: int, module=spreadsheet):
    """Run the block counting the lines `module` runs (the loops of a quadratic search make no calls, so
    `budget.within` would not see them); raise OverBudget as soon as they pass `limit`."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > limit:
                raise OverBudget(f"more than {limit:,} lines of {module.__name__}")
        return local

    previous = sys.gettrace()
    sys.settrace(lambda frame, event, arg: local if frame.f_code.co_filename == module.__file__ else None)
    try:
        yield
    finally:
        sys.settrace(previous)


def _sheet(path: Path) -> str:
    text, problem = decode(path.read_bytes())  # as `import csv` reads it
    assert problem is None
    return text


def _peak(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# ------------------------------------------------------------------------------- linear work ---


def _a_finding_per_cell(text: str) -> list[Diagnostic]:
    """A finding at each card's name and each field's value of the written deck: the most a check can say
    (deckdsl's own stops at 1,000 of a kind)."""
    return [Diagnostic("DK103", "here", Span(1, 1, 1, 1, found.start(1), found.end(1)))
            for found in re.finditer(r"^(?:card |  \w+: )(.*)$", text, re.MULTILINE)]


def test_20000_rows_are_read_in_linear_work_and_memory(tmp_path):
    """The reproducer took 140 s: each finding of the deck's check searched all the cells for its own.  Here
    every cell has one, the most a check can give (the lines run are counted: a search loop makes no calls)."""
    sheet = _sheet(reproducer("import_quadratic_20000_rows.csv", tmp_path))
    findings = _a_finding_per_cell(spreadsheet.read(sheet, JANKEN, NEW).text)
    assert len(findings) == 100_001  # the header's `game:`, then 5 cells a row
    with within(per_character(len(sheet), 10)), lines_within(20 * len(sheet)):
        imported = spreadsheet.read(sheet, JANKEN, NEW, lambda text: findings)
    assert _peak(lambda: spreadsheet.read(sheet, JANKEN, NEW)) < 50 * len(sheet)
    assert len(imported.problems) == len(findings)
    places = [(cell.row, cell.column_name, sheet[cell.span.start:cell.span.end]) for _, cell in imported.problems]
    assert imported.problems[0][0].message == "here"  # the header's: at the first card's name, no column named
    assert places[:6] == [(2, "name", "Carta0"), (2, "name", "Carta0"), (2, "type", "rock"), (2, "rarity", "simple"),
                          (2, "copies", "1"), (2, "value", "1")]
    assert places[-1] == (20_001, "value", "1") and places[-5] == (20_001, "name", "Carta19999")


@pytest.mark.parametrize("sheet", [
    "name,copies,type,rarity,value" + "\n" * 600_000,  # the command of the issue
    "name,copies,type,rarity,value,cost,action,condition,flavor,art,text\r\n" + ",,,,,,,,,,\r\n" * 600_000,  # 7.2 MB
], ids=["newlines", "empty-cells"])
def test_600000_blank_rows_cost_a_look_each(sheet):
    """The second sheet took 1.88 GB: a list of its rows, and a Cell and a Span for each of 6.6 M cells."""
    with within(per_character(len(sheet), 10)):
        imported = spreadsheet.read(sheet, JANKEN, NEW, lambda text: dsl.loads(text, "t.deck").diagnostics)
    assert imported.text.count("card ") == 0 and imported.errors  # no cards: the deck's size is wrong
    assert _peak(lambda: spreadsheet.read(sheet, JANKEN, NEW)) < 50 * len(sheet)
    last = sheet + "Muro Alto,6,pedra,simples,2\r\n"  # a card after them all is placed by counting on
    [(problem, cell)] = spreadsheet.read(last, JANKEN, NEW, lambda text: [
        d for d in dsl.loads(text, "t.deck").diagnostics if d.code == "DK201"]).problems
    assert cell.row == cell.span.line == sheet.count("\n") + 1 and cell.column == 1


def test_a_sheet_whose_deck_would_pass_the_file_limit_is_refused_at_its_row(tmp_path):
    rows = ["name,copies,type,rarity,value"] + [f"C{i},1,pedra,simples,1" for i in range(130_000)]
    sheet = tmp_path / "big.csv"
    sheet.write_text("\r\n".join(rows) + "\r\n", encoding="utf-8")
    assert sheet.stat().st_size < MAX_FILE_BYTES  # the sheet is readable; the deck from it would not be
    target = tmp_path / "big.deck"
    proc = deckdsl("import", "csv", sheet, "--game", "janken-wars", "-o", target)
    output = assert_clean(proc, 1, "error[DK006]: the deck would be more than 8,388,608 bytes from this row on",
                          "nothing written")
    row = int(re.search(rf"{re.escape(str(sheet))}:(\d+):1\n", output).group(1))
    assert 100_000 < row < 130_000 and f"{row} | C{row - 2},1,pedra,simples,1" in output
    assert not target.exists()
    [(problem, cell)] = spreadsheet.read("name,flavor\r\nA," + "x" * MAX_FILE_BYTES, JANKEN, NEW).problems
    assert problem.code == "DK006" and (cell.row, cell.column) == (2, 1)


def test_a_header_of_too_many_columns_and_a_row_of_many_extra_cells_are_one_problem_each():
    [(problem, cell)] = spreadsheet.read(",".join(["nome"] * 500_000) + "\r\n", JANKEN, NEW).problems
    assert "500,000 columns" in problem.message and (cell.row, cell.column) == (1, spreadsheet.MAX_COLUMNS + 1)
    sheet = "name,copies,type,rarity,value\r\nA,1,pedra,simples,1," + ",".join(["x"] * 200_000) + "\r\n"
    with within(per_character(len(sheet), 10)):
        imported = spreadsheet.read(sheet, JANKEN, NEW)
    [(problem, cell)] = imported.problems
    assert "(`x`) is not read, nor the 199,999 filled after it" in problem.message and (cell.row, cell.column) == (2, 6)


def test_a_sheet_without_a_header_row_is_refused():
    for sheet in ("", "\r\n\r\nA,1\r\n", ",,,\r\n"):
        [(problem, cell)] = spreadsheet.read(sheet, JANKEN, NEW).problems
        assert "no header row" in problem.message and (cell.row, cell.column) == (1, 1)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='a",\r\n '))
def test_the_place_of_each_cell_is_where_the_csv_module_reads_it(body):
    """Cells are placed by a scan of their own record (the csv module says what is in them, not where)."""
    sheet = "name,flavor,text\r\n" + body
    records = spreadsheet._Lines(sheet)
    start = 0
    for values in csv.reader(records):
        for value, (begin, end) in zip(values, spreadsheet._bounds(sheet, start, records.end)):
            assert (next(csv.reader([sheet[begin:end]]), [""]) if begin < end else [""]) == [value]
        start = records.end


# --------------------------------------------------------------------------------- round trip ---

_TEXT = st.text(st.characters(exclude_characters="\r\x00", exclude_categories=("Cs",)))
"""What a string of a deck file can hold: anything but a CR (no escape writes one; a lone one is a line
break when the file is read) and NUL (a file holding one is binary)."""


@st.composite
def _decks(draw) -> str:
    names = draw(st.lists(_TEXT, min_size=1, max_size=4, unique=True))
    cards = []
    for name in names:
        lines = [f"card {quoted(name)} {{", "  type: pedra", "  rarity: simples",
                 f"  copies: {draw(st.integers(1, 9))}", f"  value: {draw(st.sampled_from(['1', '-2', '*']))}"]
        lines += [f"  {field}: {quoted(draw(_TEXT))}" for field in spreadsheet.STRINGS if draw(st.booleans())]
        cards.append(draw(st.sampled_from(["\n\n", "\n", "\n\n# papel\n\n"])) + "\n".join([*lines, "}"]))
    return 'deck "T" {\n  game: janken-wars\n}' + "".join(cards) + draw(st.sampled_from(["\n", "", "\n\n", "\n# fim\n"]))


def _fields(card) -> tuple:
    """What a card says, without where (an empty string is no string: a sheet has one empty cell for both)."""
    return (card.name, card.copies, card.value, [(a.name, a.value) for a in card.attributes],
            *(getattr(card, name) or None for name in spreadsheet.STRINGS))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_decks())
def test_export_then_import_gives_back_the_deck_whatever_its_strings_hold(text):
    result = dsl.loads(text, "t.deck")
    assert not [d for d in result.diagnostics if d.code.startswith("DK0")]
    sheet, problem = decode(spreadsheet.export(result.deck, result.profile, text))  # as `import csv` reads it
    assert problem is None
    into = spreadsheet.read(sheet, result.profile, spreadsheet.frame_of(result.deck, result.profile, text))
    assert into.text == text  # --into: the same bytes
    new = spreadsheet.read(sheet, result.profile, NEW)  # a new deck: every card written anew, the same cards
    again = dsl.loads(new.text, "t.deck")
    assert [_fields(card) for card in again.deck.cards] == [_fields(card) for card in result.deck.cards]
    assert decode(spreadsheet.export(again.deck, again.profile, new.text))[0] == sheet


@given(_TEXT)
def test_the_formula_guard_is_undone_exactly(cell):
    guarded = spreadsheet.guard(cell)
    assert spreadsheet.unguard(guarded) == cell
    if re.match(r"[=+\-@\t\r']", cell) and not re.fullmatch(r"[+-]?\d+(?:[.,]\d+)?", cell):
        assert guarded == "'" + cell  # a spreadsheet reads it as text


def test_the_apostrophes_of_the_reproducer_survive_the_round_trip_through_the_cli(tmp_path):
    deck = reproducer("csv_roundtrip_apostrophe.deck", tmp_path)
    sheet = tmp_path / "rt.csv"
    assert_clean(deckdsl("export", "csv", deck, "-o", sheet), 0, "wrote")
    rows = sheet.read_bytes().decode("utf-8")
    assert "\r\n''-Tis the Season,2,papel," in rows and ",\"''+ Bônus: Se não funcionou" in rows
    assert_clean(deckdsl("import", "csv", sheet, "--into", deck), 0, "wrote")
    assert deck.read_bytes() == (ROOT / "tests/crashes/surfaces/csv_roundtrip_apostrophe.deck").read_bytes()


# ------------------------------------------------------------------------- files on the disk ---


def _janken(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the Janken Wars deck and its sheet with one value changed (so that import writes)."""
    deck = reproducer("janken-wars.deck", tmp_path)
    sheet = tmp_path / "jw.csv"
    result = dsl.load(deck)
    rows = spreadsheet.export(result.deck, result.profile, result.text).decode("utf-8")
    sheet.write_text(rows.replace("Muro Alto,6,pedra,simples,2", "Muro Alto,6,pedra,simples,3"), encoding="utf-8")
    return deck, sheet


def test_import_into_a_link_writes_its_target_and_keeps_its_mode(tmp_path):
    deck, sheet = _janken(tmp_path)
    deck.chmod(0o600)
    link = tmp_path / "current.deck"
    link.symlink_to(deck.name)
    assert_clean(deckdsl("import", "csv", sheet, "--into", link), 0, "wrote")
    assert link.is_symlink() and os.readlink(link) == deck.name
    assert "  value: 3\n" in deck.read_text(encoding="utf-8")
    assert oct(deck.stat().st_mode & 0o777) == oct(0o600)


def test_import_into_a_read_only_deck_leaves_it(tmp_path):
    deck, sheet = _janken(tmp_path)
    before = deck.read_bytes()
    deck.chmod(0o444)
    assert_clean(deckdsl("import", "csv", sheet, "--into", deck), 2, f"deckdsl: {deck}: the file is read-only")
    assert deck.read_bytes() == before and oct(deck.stat().st_mode & 0o777) == oct(0o444)


@pytest.mark.parametrize("failing", ["fsync", "replace"])
@pytest.mark.parametrize("command", ["export", "import --into", "import -o"])
def test_a_full_disk_is_an_io_error_that_leaves_the_old_file(tmp_path, monkeypatch, command, failing):
    deck, sheet = _janken(tmp_path)
    target = {"export": tmp_path / "old.csv", "import --into": deck, "import -o": tmp_path / "old.deck"}[command]
    if command != "import --into":
        target.write_text("the old file", encoding="utf-8")
    before = target.read_bytes()
    args = {"export": ["export", "csv", str(deck), "-o", str(target)],
            "import --into": ["import", "csv", str(sheet), "--into", str(deck)],
            "import -o": ["import", "csv", str(sheet), "--game", "janken-wars", "-o", str(target), "--force"]}[command]

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, failing, full)
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 2, run.output
    assert f"deckdsl: {target}: cannot write it (No space left on device); nothing was replaced" in run.output
    assert "internal error" not in run.output and "Traceback" not in run.output
    assert target.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")) == []


@pytest.mark.parametrize("art", ["x.png", "not " * 75 + ".png"], ids=["missing", "too-long-for-a-file-name"])
def test_an_art_cell_naming_no_file_is_a_missing_image_at_that_cell(tmp_path, art):
    """fuzz (art_47): a sheet's `art` cell of 300 characters made the check of the deck it imports raise
    ENAMETOOLONG; the picture is missing (DK302), as for any name no file has — reported at the `art`
    cell (it was put at the cell before it: the finding points at the field's name, not its value)."""
    (tmp_path / "cards.csv").write_text(f"name,copies,type,rarity,value,art\r\nMuro Alto,1,pedra,simples,2,{art}\r\n",
                                        encoding="utf-8")
    proc = deckdsl("import", "csv", "cards.csv", "-o", "new.deck", "--game", "janken-wars", cwd=tmp_path)
    output = assert_clean(proc, 1, "warning[DK302]", "(column `art`)")
    assert re.search(r"cards\.csv:2:6\n.*\n2 \| Muro Alto,1,pedra,simples,2,[^\n]+\n +\| {29}\^", output), output
