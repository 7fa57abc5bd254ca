"""`deckdsl simulate` for every game on the one interface, past the win rates: per-card figures,
`--matchups`, the HTML `--report` (parsed back, escaped, byte-identical), and Janken Wars played by the
bots for any game (`--players ismcts:N,greedy`, `play --bot ismcts:N`)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.games.interface import engine_for
from deckdsl.lab import arena, report

ROOT = Path(__file__).resolve().parent.parent
EMBATE, QVK, COOP, JANKEN = (str(ROOT / "decks" / f"{name}.deck") for name in
                             ("embate-dos-guardioes", "queens-vs-kings", "cooperativo", "janken-wars"))


def run(*args, ok=True):
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


class Page(HTMLParser):
    """The report's elements and text: the tags seen (by name), each svg's title, every text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags, self.texts, self.ids = [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.ids += [value for name, value in attrs if name == "id"]

    def handle_data(self, data):
        if data.strip():
            self.texts.append(data.strip())


@pytest.mark.parametrize("deck, use", [(EMBATE, "drafted and kept"), (QVK, "played")])
def test_per_card_figures_where_cards_are_distinct(deck, use):
    result = deckdsl.load(deck)
    found = arena.simulate(result.deck, result.profile, {}, games=60, seed=2, players=("random", "random"))
    cards = found["cards"]
    assert found["card_use"] == use
    assert set(cards) <= {card.name for card in result.deck.cards} and len(cards) >= 10
    assert list(cards) == [card.name for card in result.deck.cards if card.name in cards]  # the deck's order
    decided_seats = (found["games"] - found["draws"]) * 2
    for card in cards.values():
        holder, others = card["winner_rate"], card["others_rate"]
        assert holder["n"] + others["n"] == decided_seats  # every decided seat-game is one or the other
        assert 0 < card["had"] <= found["games"] * 2
        if card["win_contribution"] is not None:
            assert card["win_contribution"] == pytest.approx(holder["rate"] - others["rate"], abs=2e-4)
    assert "cards (a seat that had it wins" in arena.text_report(found)


def test_no_card_figures_in_a_cooperative_game():
    result = deckdsl.load(COOP)
    found = arena.simulate(result.deck, result.profile, {"players": "3", "move_limit": "30"}, games=3, seed=1,
                           players=("random",) * 3)
    assert "cards" not in found and found["cooperative"] is True


def test_matchups_for_a_two_player_game():
    result = run("simulate", QVK, "--matchups", "random,rollout:2", "-n", "12", "--format", "json")
    found = json.loads(result.stdout)
    assert found["strategies"] == ["random", "rollout:2"] and len(found["pairings"]) == 4
    assert [pairing["players"] for pairing in found["pairings"]] == [
        ["random", "random"], ["random", "rollout:2"], ["rollout:2", "random"], ["rollout:2", "rollout:2"]]
    assert found["win_rate"][1][0] == found["pairings"][2]["win_rate"][0]
    text = run("simulate", QVK, "--matchups", "random,rollout:2", "-n", "12").output
    assert "every pairing" in text and text.count("%") == 4


def test_matchups_are_refused_for_a_cooperative_game():
    result = run("simulate", COOP, "--matchups", "random,random", "-n", "2", ok=False)
    assert result.exit_code == 2 and "two-player games" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("deck", [EMBATE, QVK, COOP])
def test_the_report_of_every_game(deck, tmp_path):
    target = tmp_path / "report.html"
    extra = ["--set", "players=3", "--set", "move_limit=40"] if deck == COOP else []
    run("simulate", deck, "-n", "20", "--seed", "3", "--report", target, *extra)
    html = target.read_text(encoding="utf-8")
    page = Page(html)
    assert page.tags.count("svg") >= 2 and "script" not in page.tags and "link" not in page.tags
    assert "balance report" in page.texts[0] or any("balance report" in text for text in page.texts)
    assert "How long games last" in page.texts and "Rules played" in page.texts
    if deck == COOP:
        assert "Success" in page.texts and "Which cards go with winning" not in page.texts
    else:
        assert "Which cards go with winning" in page.texts and "Seat 1 wins (random)" in page.texts
    again = tmp_path / "again.html"
    run("simulate", deck, "-n", "20", "--seed", "3", "--report", again, "--jobs", "2", *extra)
    assert again.read_bytes() == target.read_bytes()


def test_the_matchups_report(tmp_path):
    target = tmp_path / "m.html"
    run("simulate", EMBATE, "--matchups", "random,rollout:2", "-n", "10", "--report", target)
    page = Page(target.read_text(encoding="utf-8"))
    assert "Matchup matrix" in page.texts and page.tags.count("details") == 4
    assert {"p0", "p1", "p2", "p3"} <= set(page.ids)


def test_card_names_are_escaped_in_the_report(tmp_path):
    hostile = "<script>alert(1)</script> & Ás"
    text = Path(EMBATE).read_text(encoding="utf-8").replace('card "Ás de Espadas"', f'card "{hostile}"')
    deck = tmp_path / "hostile.deck"
    deck.write_text(text, encoding="utf-8")
    result = deckdsl.load(deck)
    assert result.deck is not None and any(card.name == hostile for card in result.deck.cards)
    found = arena.simulate(result.deck, result.profile, {}, games=30, seed=1, players=("random", "random"))
    assert hostile in found["cards"]
    html = report.html(found, engine_for(result.deck, result.profile, {}))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert any(hostile in text for text in Page(html).texts)


def test_janken_wars_with_a_bot_for_any_game():
    """One simulator: a bot for any game and Janken Wars' own bots sit at one table, and the run has
    Janken Wars' own figures (its tally counts the games the search played too)."""
    found = json.loads(run("simulate", JANKEN, "--players", "ismcts:8,greedy", "-n", "4", "--format", "json").stdout)
    assert found["players"] == ["ismcts:8", "greedy"] and sum(found["wins"]) + found["draws"] == 4
    assert found["rounds"]["mean"] > 0 and found["exchange"]["count"] > 0
    assert sum(card["won"] for card in found["cards"].values()) >= found["rounds"]["mean"] * 4 * 0.5
    own = json.loads(run("simulate", JANKEN, "--players", "greedy,random", "-n", "4", "--format", "json").stdout)
    assert set(own) == set(found)


def test_play_janken_wars_against_a_search_bot():
    result = CliRunner().invoke(main, ["play", JANKEN, "--bot", "ismcts:5", "--seed", "3"],
                                input="1\n1\n1\n1\n1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "ismcts:5" in result.output and "Traceback" not in result.output
