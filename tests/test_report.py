"""The HTML report of `deckdsl simulate --report`, on Janken Wars' own view (the other games':
tests/test_arena_report.py): read back with the stdlib's html.parser (well-formed, the charts and their
bars, the matchup matrix), determinism, escaping of deck text, offline, the CLI."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.games.interface import engine_for
from deckdsl.lab import arena, report

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
VOID = {"meta", "link", "br", "img", "input", "hr", "col", "source", "wbr"}
EVIL = "<script>alert(1)</script>"


class Page(HTMLParser):
    """The page as the tests need it: nesting errors, ids, and per SVG chart its title, description and
    marks (`rect`s with a class: bars, matrix cells, segments) with the text of their `<title>` tooltip."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.ids: list[str] = []
        self.tags: list[str] = []
        self.charts: list[dict] = []
        self.texts: list[str] = []
        self.rows: dict[str, int] = {}
        self._text_target: tuple[dict, str] | None = None
        self._table: str | None = None
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append(f"unclosed {self.stack}")

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "svg":
            self.charts.append({"kind": attrs.get("class", ""), "attrs": attrs, "title": "", "desc": "",
                                "marks": []})
        elif tag in ("title", "desc") and self.stack and self.stack[-1] == "svg":
            self._text_target = (self.charts[-1], tag)
        elif tag == "rect" and attrs.get("class"):
            self.charts[-1]["marks"].append({"class": attrs["class"], "title": ""})
        elif tag == "title" and self.stack and self.stack[-1] == "rect" and self.charts[-1]["marks"]:
            self._text_target = (self.charts[-1]["marks"][-1], "title")
        elif tag == "table":
            self._table = attrs.get("class", "")
        elif tag == "tr" and "tbody" in self.stack and self._table is not None:
            self.rows[self._table] = self.rows.get(self._table, 0) + 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        self._text_target = None

    def handle_data(self, data):
        self.texts.append(data)
        if self._text_target:
            target, key = self._text_target
            target[key] += data

    def chart(self, kind: str) -> list[dict]:
        return [chart for chart in self.charts if kind in chart["kind"].split()]

    def bars(self, chart: dict) -> list[dict]:
        return [mark for mark in chart["marks"] if "bar" in mark["class"].split()]


@pytest.fixture(scope="module")
def loaded():
    result = deckdsl.load(STANDARD)
    return result.deck, result.profile, {}


@pytest.fixture(scope="module")
def engine(loaded):
    return engine_for(*loaded)


@pytest.fixture(scope="module")
def figures(loaded) -> dict:
    return arena.simulate(*loaded, games=100, seed=7, players=("random", "greedy"))


@pytest.fixture(scope="module")
def matchups(loaded) -> dict:
    return arena.matchups(*loaded, strategies=["random", "greedy"], games=30, seed=3)


def _well_formed(text: str) -> Page:
    page = Page(text)
    assert page.errors == []
    assert text.startswith("<!DOCTYPE html>")
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    for chart in page.charts:
        assert chart["attrs"]["role"] == "img"
        assert chart["title"].strip() and chart["desc"].strip()
        assert all(name in page.ids for name in chart["attrs"]["aria-labelledby"].split())
    return page


def test_one_pairing_has_every_chart(figures, engine):
    page = _well_formed(report.html(figures, engine))
    for kind in ("outcome", "rounds", "contribution", "exchange-rounds", "exchange-sizes"):
        assert len(page.chart(kind)) == 1, kind
    assert page.chart("matrix") == []
    text = " ".join("".join(page.texts).split())
    assert "Janken Wars" in text and "random (first) vs greedy" in text
    assert f"n = {figures['first_player_win_rate']['n']}" in text  # the headline rate with its CI


def test_rounds_histogram_has_a_bar_per_round_count(figures, engine):
    page = Page(report.html(figures, engine))
    bars = page.bars(page.chart("rounds")[0])
    histogram = figures["rounds"]["histogram"]
    assert len(bars) == len(histogram)
    assert [bar["title"].split(" rounds:")[0] for bar in bars] == list(histogram)
    assert sum(int(re.search(r": (\d+) games", bar["title"]).group(1)) for bar in bars) == figures["games"]
    markers = page.chart("rounds")[0]["desc"]
    assert f"median {figures['rounds']['median']}" in markers and f"p95 {figures['rounds']['p95']}" in markers


def test_contribution_chart_has_a_bar_per_card(figures, engine):
    page = Page(report.html(figures, engine))
    chart = page.chart("contribution")[0]
    bars = page.bars(chart)
    known = {name: card for name, card in figures["cards"].items() if card["win_contribution"] is not None}
    assert len(bars) == len(known) == len(figures["cards"])
    for bar in bars:
        name = bar["title"].split(":")[0]
        card = known[name]
        assert ("neg" in bar["class"]) == (card["win_contribution"] < 0)
        low, high = card["winner_rate"]["ci95"]
        assert f"95% CI {100 * low:.1f}–{100 * high:.1f}%" in bar["title"]


def test_exchange_histograms_and_card_table(figures, engine):
    page = Page(report.html(figures, engine))
    assert len(page.bars(page.chart("exchange-rounds")[0])) == len(figures["exchange"]["round_histogram"])
    assert len(page.bars(page.chart("exchange-sizes")[0])) == len(figures["exchange"]["domain_size_histogram"])
    assert page.rows["cards"] == len(figures["cards"])


def test_matchups_matrix_and_every_pairing(matchups, engine):
    page = _well_formed(report.html(matchups, engine))
    size = len(matchups["strategies"])
    cells = [mark for mark in page.chart("matrix")[0]["marks"] if mark["class"] == "cell"]
    assert len(cells) == size * size
    for index, cell in enumerate(cells):
        row, column = divmod(index, size)
        rate = matchups["win_rate"][row][column]
        assert cell["title"].startswith(f"{matchups['strategies'][row]} (seat 1) vs {matchups['strategies'][column]}")
        assert f"{100 * rate['rate']:.1f}% (95% CI" in cell["title"]
    assert page.rows["pairings"] == size * size
    assert page.tags.count("details") == size * size
    assert len(page.chart("rounds")) == len(page.chart("contribution")) == size * size
    for chart, pairing in zip(page.chart("rounds"), matchups["pairings"], strict=True):
        assert len(page.bars(chart)) == len(pairing["rounds"]["histogram"])


def test_deterministic(loaded, figures, matchups, engine):
    assert report.html(figures, engine) == report.html(copy.deepcopy(figures), engine)
    again = arena.simulate(*loaded, games=100, seed=7, players=("random", "greedy"))
    assert report.html(again, engine) == report.html(figures, engine)
    assert report.html(matchups, engine) == report.html(copy.deepcopy(matchups), engine)


def test_offline(figures, matchups, engine):
    for text in (report.html(figures, engine), report.html(matchups, engine)):
        page = Page(text)
        assert not {"script", "link", "img", "iframe", "object"} & set(page.tags)
        assert not re.search(r"\b(src|href)=\"(?!#)|url\(|@import", text)
        assert set(re.findall(r"https?://[^\s\"'<>]+", text)) <= {"http://www.w3.org/2000/svg"}


def _hostile(figures: dict) -> dict:
    """The figures with deck text an attacker chose: a card name, a deck title, bot and rule names."""
    hostile = copy.deepcopy(figures)
    cards = hostile["cards"]
    hostile["cards"] = {EVIL: cards.pop("Muro Alto"), **cards, 'x" onload="y': cards["Brinde"]}
    hostile["deck"] = EVIL
    hostile["players"] = [EVIL, "<b>bold</b>"]
    hostile["end"] = {EVIL: 1, **hostile["end"]}
    hostile["rules"] = {EVIL: EVIL, **hostile["rules"]}
    return hostile


def test_deck_text_is_escaped(figures, matchups, engine):
    hostile = _hostile(figures)
    text = report.html(hostile, engine)
    page = _well_formed(text)
    assert "<script" not in text and "<b>" not in text and 'onload="' not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "script" not in page.tags and "b" not in page.tags
    assert EVIL in "".join(page.texts)  # shown as text, in the table and the headline
    assert any(bar["title"].startswith(EVIL) for bar in page.bars(page.chart("contribution")[0]))
    hostile_matchups = copy.deepcopy(matchups)
    hostile_matchups["strategies"] = [EVIL, "<i>x</i>"]
    hostile_matchups["pairings"] = [_hostile(pairing) for pairing in matchups["pairings"]]
    text = report.html(hostile_matchups, engine)
    assert "<script" not in text and "<i>" not in text
    _well_formed(text)


def test_missing_figures_still_render(figures, engine):
    """No exchanges, one game length, a card with no contribution (every player took it): no crash, and
    the charts say so instead of drawing nothing."""
    sparse = copy.deepcopy(figures)
    sparse["exchange"]["round_histogram"] = sparse["exchange"]["domain_size_histogram"] = {}
    sparse["rounds"].update(histogram={"1000": 3}, mean=1000, median=1000, p95=1000)
    sparse["cards"]["Brinde"]["win_contribution"] = None
    sparse["cards"]["Brinde"]["mean_value_when_exchanged"] = None
    sparse["deck"] = None
    page = _well_formed(report.html(sparse, engine))
    assert len(page.bars(page.chart("rounds")[0])) == 1
    assert page.bars(page.chart("exchange-rounds")[0]) == []
    assert page.chart("exchange-rounds")[0]["desc"] == "No exchanges."
    assert len(page.bars(page.chart("contribution")[0])) == len(figures["cards"]) - 1


def test_cli_writes_the_report(tmp_path):
    target = tmp_path / "tmp" / "x.html"
    result = CliRunner().invoke(main, ["simulate", str(STANDARD), "--games", "50", "--report", str(target)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert target.exists()
    page = _well_formed(target.read_text(encoding="utf-8"))
    assert len(page.chart("rounds")) == 1
