"""`check --format json` is written a finding at a time (`deckdsl.check.report.iter_json`): the same bytes
as the whole document dumped at once, without holding it twice."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

import deckdsl
from deckdsl.check import report

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted((ROOT / "decks").rglob("*.deck"))


def whole(diagnostics, files, fixed=None, total=None) -> str:
    """The report as one `json.dumps` of the whole document (how it was written before streaming)."""
    items = [report.as_dict(d) for d in diagnostics]
    counted = total if total is not None else diagnostics
    summary = {s.value: sum(1 for d in counted if d.severity is s) for s in report.Severity}
    log = {"files": files, "summary": summary, "diagnostics": items}
    if total is not None and len(total) > len(items):
        log["omitted"] = len(total) - len(items)
    if fixed is not None:
        log["fixed"] = fixed
    return json.dumps(log, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_the_streamed_report_is_the_whole_report_byte_for_byte(path):
    found = deckdsl.load(path).diagnostics
    fixed = [{"path": str(path), "code": "DK001", "message": "a\nb \"quoted\" ção", "safe": True}]
    cases = ((found, 1), ([], 3), (found[:1], 2, None, found), (found, 1, fixed), ([], 1, []),
             (found[:2], 1, [], found))
    for args in cases:
        assert report.to_json(*args) == whole(*args)


def many_findings(cards: int) -> list:
    text = 'deck "D" { game: janken-wars }\n' + "".join(
        f'card "C{i}" {{ tipe: pedra\n rarity: simples\n value: 2 }}\n' for i in range(cards))
    found = deckdsl.loads(text, "many.deck").diagnostics
    assert len(found) >= cards
    return found


def test_streaming_holds_one_finding_at_a_time():
    found = many_findings(600)

    def peak(write) -> int:
        tracemalloc.start()
        try:
            write()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    largest = max(len(json.dumps(report.as_dict(d), indent=2)) for d in found)
    streamed = peak(lambda: sum(len(piece) for piece in report.iter_json(found, 1)))
    at_once = peak(lambda: len(whole(found, 1)))
    assert streamed < 10 * largest and streamed * 5 < at_once
