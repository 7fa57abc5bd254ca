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


BLOWUP = Path(__file__).parent / "crashes" / "surfaces-2" / "profile-combinatorial-blowup" / "n8"


def test_a_count_per_more_groups_than_a_game_has_is_a_profile_error():
    """tests/crashes/surfaces-2/profile-combinatorial-blowup: 8 attributes of 4 values counted per all of them
    are 65,536 groups, a check of minutes; the profile is refused (DK503) and the deck is DK507 at once."""
    from deckdsl.profiles.profile import MAX_GROUPS

    profile = deckdsl.load_game(BLOWUP / "blocks.game")
    [found] = [d for d in profile.errors if d.code == "DK503"]
    assert "65,536 groups" in found.message and f"{MAX_GROUPS:,}" in found.message
    assert [d.code for d in deckdsl.load(BLOWUP / "one.deck").errors] == ["DK507"]


def test_the_groups_a_finer_count_explains_are_summed_once_per_count(monkeypatch, tmp_path):
    """At the bound (4 attributes of 10 values, 10,000 groups, 9,999 of them reported for a one-card deck), a
    coarser count asks one table whether the finer groups explain each of its groups: the reports are
    projected once per count, not once per group (which was groups × reports comparisons)."""
    from deckdsl.check.rules import group_size

    values = ", ".join(f"v{n}" for n in range(10))
    attributes = "".join(f"  attribute a{i} {{ values: [{values}] }}\n" for i in range(4))
    (tmp_path / "dez.game").write_text(f'game "Dez" {{\n  id: dez\n{attributes}  structure {{\n'
                                       "    count per a0 a1 a2 a3: 1\n    count per a3: 1000\n  }\n}\n",
                                       encoding="utf-8")
    (tmp_path / "um.deck").write_text('deck "Um" {\n  game: dez\n}\ncard "A" {\n  a0: v0\n  a1: v0\n  a2: v0\n'
                                      "  a3: v0\n}\n", encoding="utf-8")
    projected = []
    project = group_size._project
    monkeypatch.setattr(group_size, "_project", lambda *args: projected.append(1) or project(*args))
    result = deckdsl.load(tmp_path / "um.deck")
    assert sum(d.code == "DK202" for d in result.diagnostics) == 1_000  # 9,999, the first 1,000 listed
    assert "8,999 more `DK202` findings" in next(d.message for d in result.diagnostics if d.code == "DK016")
    assert len(projected) == 9_999  # each report onto `a3`, once


def test_a_new_deck_starts_from_at_most_as_many_cards_as_a_count_has_groups(tmp_path, monkeypatch):
    """`deckdsl new` writes a card per combination of values: 5 attributes of 7 values (16,807 cards) is
    refused as a usage error, and nothing is written."""
    from click.testing import CliRunner

    from deckdsl.cli import main

    values = ", ".join(f"v{n}" for n in range(7))
    attributes = "".join(f"  attribute a{i} {{ values: [{values}] }}\n" for i in range(5))
    (tmp_path / "sete.game").write_text(f'game "Sete" {{\n  id: sete\n{attributes}}}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--game", "sete"])
    assert result.exit_code == 2 and "16,807 combinations" in result.output and "at most 10,000" in result.output
    assert not (tmp_path / "sete.deck").exists()
