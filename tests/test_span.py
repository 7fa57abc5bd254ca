"""`deckdsl.span.Span`: a span the parser anchors to its block reads, compares, hashes, pickles and
serializes like a span of the file's own positions, and follows its anchor when the block moves."""

from __future__ import annotations

import copy
import pickle

import pytest
from pydantic import BaseModel

from deckdsl.lang.reuse import anchored
from deckdsl.span import Anchor, Span


def test_an_anchored_span_reads_its_anchor_plus_its_own_numbers():
    anchor = Anchor(start=100, line=7)
    span = Span.within(anchor, 2, 5, 3, 9, 20, 31)
    assert (span.line, span.column, span.end_line, span.end_column, span.start, span.end) == (9, 5, 10, 9, 120, 131)
    assert span == Span(9, 5, 10, 9, 120, 131) and hash(span) == hash(Span(9, 5, 10, 9, 120, 131))
    anchor.start, anchor.line = 150, 9
    assert (span.line, span.end_line, span.start, span.end) == (11, 12, 170, 181)
    assert span.column == 5 and span.anchor is anchor and Span(1, 1, 1, 1, 0, 0).anchor is None


def test_a_span_cannot_be_changed():
    span = Span(1, 2, 1, 3, 1, 2)
    for name in ("line", "column", "start", "_line"):
        with pytest.raises(AttributeError):
            setattr(span, name, 5)


def test_a_pickled_or_copied_anchored_span_keeps_its_numbers_not_its_anchor():
    anchor = Anchor(10, 1)
    span = Span.within(anchor, 1, 3, 1, 6, 2, 5)
    for other in (pickle.loads(pickle.dumps(span)), copy.deepcopy(span)):
        anchor.start += 1
        assert other == Span(2, 3, 2, 6, 12, 15) and other.anchor is None
        anchor.start -= 1


def test_cover_of_two_spans_of_one_block_moves_with_the_block():
    anchor = Anchor(0, 0)
    first, last = Span.within(anchor, 1, 1, 1, 4, 0, 3), Span.within(anchor, 2, 3, 2, 8, 10, 15)
    both = last.cover(first)
    assert both == Span(1, 1, 2, 8, 0, 15) and both.anchor is anchor
    assert first.cover(Span(5, 1, 5, 2, 40, 41)) == Span(1, 1, 5, 2, 0, 41)


def test_anchoring_a_finding_copies_only_what_holds_a_position_of_the_file():
    from deckdsl.diagnostics import Diagnostic, Label

    anchor = Anchor(10, 1)
    inside = Diagnostic("JW101", "m", Span.within(anchor, 1, 1, 1, 2, 0, 1),
                        labels=(Label(Span.within(anchor, 1, 3, 1, 4, 2, 3), "l"),))
    assert anchored(inside, anchor) is inside
    mixed = Diagnostic("JW101", "m", Span.within(anchor, 1, 1, 1, 2, 0, 1),
                       labels=(Label(Span(2, 3, 2, 4, 12, 13), "l"),))
    rebased = anchored(mixed, anchor)
    assert rebased is not mixed and rebased.span is mixed.span and rebased == mixed
    anchor.start, anchor.line = 20, 3
    assert rebased.labels[0].span == Span(4, 3, 4, 4, 22, 23) and rebased.labels[0].span.anchor is anchor


def test_a_model_dumps_and_validates_a_span_as_its_six_numbers():
    class Holder(BaseModel):
        span: Span

    held = Holder(span=Span.within(Anchor(5, 2), 1, 1, 1, 3, 0, 2))
    numbers = {"line": 3, "column": 1, "end_line": 3, "end_column": 3, "start": 5, "end": 7}
    assert held.model_dump() == {"span": numbers}
    assert Holder.model_validate({"span": numbers}) == held
    assert Holder.model_validate_json(held.model_dump_json()) == held
    assert Holder.model_json_schema()["$defs"]["Span"]["required"] == list(numbers)
