"""`deckdsl play` for every game on the interface: a person's seat sees only its own information and
picks from numbered menus; `q` or the end of input leave."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.games import table
from deckdsl.games.interface import engine_for

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["embate-dos-guardioes", "cooperativo", "queens-vs-kings", "janken-wars"]


@pytest.mark.parametrize("name", ["embate-dos-guardioes", "queens-vs-kings"])
def test_a_person_plays_a_whole_game(name):
    result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
    engine = engine_for(result.deck, result.profile, {})
    lines: list[str] = []
    answers = iter(["9999", "x"] + ["1"] * 10_000)
    returns = table.play(engine, 0, "random", 7, lambda question: next(answers), lines.append)
    assert returns is not None and sum(returns) == 0
    assert any(line.startswith("answer a number") for line in lines)  # a bad answer is asked again
    assert lines[-1] in ("you win", "you lose", "a draw")


@pytest.mark.parametrize("name", GAMES[:3])
def test_play_from_the_command_line_and_leave(name):
    output = CliRunner().invoke(main, ["play", str(ROOT / "decks" / f"{name}.deck"), "--seed", "3",
                                       "--bot", "random"], input="1\nq\n")
    assert output.exit_code == 0, output.output
    assert "you are seat 1 against random, seed 3" in output.output and "you left the game" in output.output


@pytest.mark.parametrize("name", ["embate-dos-guardioes", "queens-vs-kings", "cooperativo"])
def test_what_the_person_is_shown_is_their_own_information(name):
    """At each question the screen shows exactly the person's information — not another seat's."""
    result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
    engine = engine_for(result.deck, result.profile, {})
    made = []
    new_state = engine.new_state
    engine.new_state = lambda rng: made.append(new_state(rng)) or made[-1]
    shown: list[str] = []
    checked = []

    def answer(question: str) -> str:
        state = made[0]
        view = next(line for line in reversed(shown) if line == state.information(1) or "\n" in line)
        assert view == state.information(1)
        others = {state.information(seat) for seat in range(engine.seats) if seat != 1}
        assert view not in others
        checked.append(view)
        return "1" if len(checked) < 5 else "q"

    table.play(engine, 1, "random", 11, answer, shown.append)
    assert len(checked) == 5


def test_bad_bot_and_seat_are_usage_errors():
    deck = str(ROOT / "decks" / "queens-vs-kings.deck")
    assert CliRunner().invoke(main, ["play", deck, "--bot", "yomi"]).exit_code == 2
    assert CliRunner().invoke(main, ["play", deck, "--seat", "3"]).exit_code == 2
