"""Work bounded by the input, counted rather than timed (issue 16): inputs the fuzzer found slow."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import deckdsl
from deckdsl.lang import misspelt, syntax


class Counting:
    """A compiled pattern whose `search` records how many characters each call was given."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.spans: list[int] = []

    def search(self, text, start=0, end=None):
        end = len(text) if end is None else end
        self.spans.append(end - start)
        return self.pattern.search(text, start, end)


def test_a_typo_is_looked_for_in_a_window_not_along_a_whole_long_line(monkeypatch):
    counting = Counting(misspelt._WORD_BEFORE)
    monkeypatch.setattr(misspelt, "_WORD_BEFORE", counting)
    for length in (100, 10_000):
        text = 'deck "D" { game: janken-wars }\ncard "A" {\n  type:"' + "x" * length + '" roc\n}\n'
        found = deckdsl.loads(text, "long.deck").diagnostics
        assert found and all(d.code != "DK012" for d in found)
    assert counting.spans and max(counting.spans) <= misspelt.LONGEST_TYPO


def test_a_typo_just_before_the_error_is_still_found():
    text = 'deck "D" { game: janken-wars }\ncard "A" {\n  type: rock\n  rarity: simple\n  value: 1\n' \
           '  condition: whenevr opponent gains a card, discard this\n}\n'
    found = deckdsl.loads(text, "typo.deck").diagnostics
    assert any(d.code == "DK004" and "whenevr" in d.message for d in found), found


FINDINGS = sorted((Path(__file__).resolve().parent.parent / "fuzz" / "findings").glob("*.deck*"))


def _text(path: Path) -> str:
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return data.decode("utf-8", "replace")


@pytest.mark.parametrize("path", FINDINGS, ids=lambda p: p.name)
def test_every_fuzz_finding_is_checked_without_an_internal_error(path):
    """fuzz/findings: decks that once raised inside deckdsl (KeyError and NotImplementedError in the hazard
    worlds, over an unknown zone or a zone read as a number) or ran past the fuzzer's time limit."""
    result = deckdsl.loads(_text(path), "finding.deck")
    assert result.diagnostics, path
    failed = [d.message for d in result.diagnostics if d.code == "DK012"]
    assert not failed


def lengths_read(monkeypatch, module) -> list[int]:
    """The length of every line `module.blank_strings` is given from now on (the work of reading a line
    around an error)."""
    seen: list[int] = []
    real = module.blank_strings

    def blank_strings(line):
        seen.append(len(line))
        return real(line)

    monkeypatch.setattr(module, "blank_strings", blank_strings)
    return seen


def test_a_slip_is_looked_for_around_the_error_not_along_a_whole_long_line(monkeypatch):
    from deckdsl.lang import slips

    seen = lengths_read(monkeypatch, slips)
    text = "x " * 100_000 + "of your choice " + "y " * 100_000
    assert slips.slip(text, 200_000 + len("of your choice ")) is not None
    assert slips.slip("  action: discard a card of your choice from your domain", 40) is not None
    assert max(seen) <= 2 * slips.SLIP_WINDOW


def test_the_words_before_an_error_are_read_from_a_window_of_the_line(monkeypatch):
    seen = lengths_read(monkeypatch, syntax)
    text = "(1 + " * 20_000 + "\n"
    found = deckdsl.loads(text, "nested.deck").diagnostics
    assert found and seen and max(seen) <= syntax._LOOK_BEHIND


def test_the_modifiers_in_force_are_worked_out_once_per_move(monkeypatch):
    """Values that read each other ask a hazard world for its modifiers hundreds of thousands of times
    (fuzz/findings/slow-deck-hazards-841.deck: 380,000 scans of both domains, 5 s); they are worked out
    again only after a card moved."""
    from deckdsl.check.hazards import board

    asked, worked = [0], [0]
    modifiers, in_force = board.Board.modifiers, board.Board._in_force

    def counted_modifiers(self):
        asked[0] += 1
        return modifiers(self)

    def counted_in_force(self):
        worked[0] += 1
        return in_force(self)

    monkeypatch.setattr(board.Board, "modifiers", counted_modifiers)
    monkeypatch.setattr(board.Board, "_in_force", counted_in_force)
    path = Path(__file__).resolve().parent.parent / "fuzz" / "findings" / "slow-deck-hazards-841.deck"
    deckdsl.loads(_text(path), "slow.deck")
    assert asked[0] > 100_000 and worked[0] * 5 < asked[0], (asked, worked)


def test_a_search_for_a_hazard_stops_at_its_budget_of_work(monkeypatch):
    """Two copies of a trigger that loops (fuzz/findings/deck-Hang-world_222.deck) make every run of every
    situation go to the end of its steps; a search gives up at `MAX_SEARCH_WORK` (plus the one situation
    it was playing), undecided."""
    from deckdsl.check.hazards import search

    spent: list[int] = []
    first = search.Search._first

    def counted(self, *args, **kwargs):
        try:
            return first(self, *args, **kwargs)
        finally:
            spent.append(self.spent)

    monkeypatch.setattr(search.Search, "_first", counted)
    path = Path(__file__).resolve().parent.parent / "fuzz" / "findings" / "deck-Hang-world_222.deck"
    deckdsl.loads(_text(path), "loop.deck")
    assert spent and search.MAX_SEARCH_WORK < max(spent) < 1.5 * search.MAX_SEARCH_WORK


def test_each_over_long_number_is_reported_once_without_searching_every_finding(monkeypatch):
    """A file of thousands of over-long numbers (fuzz/findings build_211, 2 MB): each is DK010 once, and the
    check that it was not reported already looks at this block's numbers, not at every finding so far."""
    from deckdsl.span import Span

    compared = [0]
    equal = Span.__eq__

    def counted(self, other):
        compared[0] += 1
        return equal(self, other)

    from deckdsl.lang.parse import MAX_LOST_BLOCKS

    monkeypatch.setattr(Span, "__eq__", counted)
    cards = MAX_LOST_BLOCKS - 1  # each block has an error: past the limit, the rest is not read (DK014)
    text = 'deck "D" { game: janken-wars }\n' + "".join(
        f'card "C{i}" {{ type: pedra\n rarity: simples\n value: {"9" * 12} }}\n' for i in range(cards))
    found = deckdsl.loads(text, "long-numbers.deck", check=False).diagnostics
    assert sum(d.code == "DK010" for d in found) == cards
    assert compared[0] < 5 * cards, compared


def test_reading_stops_after_a_thousand_blocks_that_do_not_read(monkeypatch):
    """200 KB of `}` was 200,000 blocks, each parsed and reported (58 s, fuzz parse_98): reading stops after
    `MAX_LOST_BLOCKS` (DK014), and the file is cut into at most `MAX_BLOCKS` + 1 blocks."""
    from deckdsl.lang import parse

    parsed = [0]
    real = parse._parse_block

    def counted(*args):
        parsed[0] += 1
        return real(*args)

    monkeypatch.setattr(parse, "_parse_block", counted)
    found = deckdsl.loads("}" * 200_000, "braces.deck").diagnostics
    assert parsed[0] == parse.MAX_LOST_BLOCKS
    assert [d.code for d in found].count("DK014") == 1 and len(found) < parse.MAX_LOST_BLOCKS + 10
    monkeypatch.setattr(parse, "MAX_BLOCKS", 500)
    assert len(parse._chunks("}" * 100_000)) == 501
    assert len(parse._chunks('card "A" { }\n' * 600)) == 501


def test_a_long_source_line_is_shown_as_a_window_around_its_mark():
    from deckdsl.check import report
    from deckdsl.diagnostics import Diagnostic
    from deckdsl.span import Span

    line = "".join(chr(ord("a") + i % 26) for i in range(5_000))
    for column in (1, 100, 2_500, 4_990):
        shown = report.full(Diagnostic("DK001", "here", Span(1, column, 1, column + 3, column - 1, column + 2)), line)
        source, carets = shown.splitlines()[3], shown.splitlines()[4]
        assert len(source) < report.LONG_LINE + 10
        at = carets.index("^")
        assert carets.count("^") == 3 and source[at:at + 3] == line[column - 1:column + 2]


def test_loads_refuses_a_text_over_the_file_limit_as_the_cli_does():
    """The fuzzer once made a 1 GB deck text and handed it to `deckdsl.loads`, which has no file to stat."""
    from deckdsl.files import MAX_FILE_BYTES

    found = deckdsl.loads("#" * (MAX_FILE_BYTES + 1), "huge.deck").diagnostics
    assert [d.code for d in found] == ["DK006"]


def test_blocks_on_one_line_have_their_columns():
    """A block's column is counted from the last line break before it, found once per block and not by
    searching back to the line's start each time (a 5 MB line of 31,000 blocks: 1 s of `rfind`)."""
    text = 'deck "D" { game: janken-wars } ' + " ".join(f'card "C{i}" {{ value: x{i} }}' for i in range(300))
    found = [d for d in deckdsl.loads(text, "one-line.deck").diagnostics if d.span.line == 1]
    assert len(found) >= 300 and all(d.span.start == d.span.column - 1 for d in found)
    lines = "\n\n" + text
    found = [d for d in deckdsl.loads(lines, "one-line.deck").diagnostics if d.span.line == 3]
    assert len(found) >= 300 and all(d.span.start == d.span.column + 1 for d in found)
