"""`deckdsl play` for every game on the interface: a person's seat sees only its own information and
picks from numbered menus; `q` or the end of input leave."""

from __future__ import annotations

import re
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
    returns = table.play(engine, 0, "random", 7, lambda question: next(answers), lines.append, result.deck.language)
    assert returns is not None and sum(returns) == 0
    words = table.words_for(result.deck.language)
    asked_again = "  " + words.say("table-number", count=1)[:12]
    assert any(line.startswith(asked_again) for line in lines)  # a bad answer is asked again
    assert lines[-1] in {words.say(f"table-{key}") for key in ("win", "lose", "draw")}


@pytest.mark.parametrize("name", GAMES[:3])
def test_play_from_the_command_line_and_leave(name):
    output = CliRunner().invoke(main, ["play", str(ROOT / "decks" / f"{name}.deck"), "--seed", "3",
                                       "--bot", "random"], input="1\nq\n")
    assert output.exit_code == 0, output.output
    intro, left = {"queens-vs-kings": ("вы — игрок 1, ваш соперник — random · сид 3", "вы вышли из игры")}.get(
        name, ("você é o Jogador 1 contra random · semente 3", "partida abandonada"))  # the deck's language
    assert intro in output.output and left in output.output


@pytest.mark.parametrize("name", ["embate-dos-guardioes", "queens-vs-kings", "cooperativo"])
def test_what_the_person_is_shown_is_their_own_information(name):
    """At each question the screen shows exactly the person's information — not another seat's."""
    result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
    engine = engine_for(result.deck, result.profile, {})
    made = []
    new_game = engine.new_game  # what the table calls (a compiled engine's own calls are not looked up)
    engine.new_game = lambda rng, bots: made.append(new_game(rng, bots)) or made[-1]
    shown: list[str] = []
    checked = []

    def answer(question: str) -> str:
        state = made[0]
        view = next(line for line in reversed(shown) if line == state.information(1) or "\n" in line)
        assert view == state.information(1)
        others = {state.information(seat) for seat in range(engine.seats) if seat != 1}
        assert view not in others
        checked.append(view)
        return next(iter(table.keys(state) or {"1": 0})) if len(checked) < 5 else "q"

    table.play(engine, 1, "random", 11, answer, shown.append)
    assert len(checked) == 5


def test_bad_bot_and_seat_are_usage_errors():
    deck = str(ROOT / "decks" / "queens-vs-kings.deck")
    assert CliRunner().invoke(main, ["play", deck, "--bot", "yomi"]).exit_code == 2
    assert CliRunner().invoke(main, ["play", deck, "--seat", "3"]).exit_code == 2


def test_a_bots_hidden_move_is_not_told():
    """In Queens vs Kings the opponent's discard is face down: the screen must not name the card."""
    result = deckdsl.load(ROOT / "decks" / "queens-vs-kings.deck")
    engine = engine_for(result.deck, result.profile, {})
    made = []
    new_game = engine.new_game  # what the table calls (a compiled engine's own calls are not looked up)
    engine.new_game = lambda rng, bots: made.append(new_game(rng, bots)) or made[-1]
    shown: list[str] = []
    answers = iter(["1"] * 3 + ["q"])
    table.play(engine, 1, "random", 2, lambda question: next(answers), shown.append, "ru")
    told = [line for line in shown if line.startswith("Игрок 1")]
    assert told and set(told) == {"Игрок 1 (random) сбросил карту"}  # said, without the card


def test_each_bot_move_is_said_in_words():
    """Issue 29: a person follows the bots — the cards Queens vs Kings lays open are named, the moves of the
    cooperative game said as the person sees them (a card of their own hand is one they do not see)."""
    for name, language, expected in (
            ("queens-vs-kings", "ru", re.compile(r"^Игрок 2 \(random\) (сбросил карту|спасовал|сыграл карту «.+»)$")),
            ("cooperativo", "pt-BR", re.compile(r"^Jogador [234] \(random\) (retirou .+ e a deu (para .+)|"
                                                r"retirou .+ e a reciclou|comprou .+|bateu .+|não bateu)$"))):
        result = deckdsl.load(ROOT / "decks" / f"{name}.deck")
        engine = engine_for(result.deck, result.profile, {})
        shown: list[str] = []
        answers = iter(["a1", "1"] * 15 + ["q"])  # a key where the menu has keys, else a number
        table.play(engine, 0, "random", 4, lambda question, given=answers: next(given), shown.append, language)
        told = [line for line in shown if line.startswith(("Игрок 2", "Jogador 2", "Jogador 3", "Jogador 4"))]
        assert told and all(expected.match(line) for line in told), told
        assert not any(line.endswith(("ходит", " joga")) for line in shown)


def test_menus_grouped_by_kind_with_short_keys():
    """Issue 29: the cooperative game's 53 moves are a line per card taken, each move under a short key
    (`d2`: take K♦ from Player 2, give it to Player 3); a wrong key is asked again; a game of few moves keeps
    its numbered list."""
    result = deckdsl.load(ROOT / "decks" / "cooperativo.deck")
    engine = engine_for(result.deck, result.profile, {})
    lines: list[str] = []
    answers = iter(["zz", "1", "d2", "q"])
    table.play(engine, 0, "random", 3, lambda question: next(answers), lines.append, "pt-BR")
    menu = [line for line in lines if re.match(r"  [a-z]\) ", line)]
    assert len(menu) == 13 and not any(re.match(r"  \d+\) ", line) for line in lines[:lines.index(menu[-1])])
    assert ("  d) retirar K♦ do Jogador 2: d1) para você · d2) para o Jogador 3 · d3) para o Jogador 4 · "
            "d4) reciclar") in menu
    assert menu[-1].startswith('  m) comprar uma carta da "reserva": m1) para você')
    wrong = "  " + table.words_for("pt-BR").say("table-key", last="m")
    assert lines.count(wrong) == 2  # `zz`, and a number where keys are asked for
    assert "Você: retirar K♦ do Jogador 2 e dá-la para o Jogador 3" in lines
    assert "  1) bater as suas cartas (iniciar a checagem)" in lines  # two moves: a numbered list again
    state = engine.new_game(__import__("random").Random(1), [None] * engine.seats)
    keys = table.keys(state)
    assert keys is not None and sorted(keys.values()) == sorted(state.legal_actions())
    assert len(set(keys)) == len(keys) and "q" not in {key[0] for key in keys}
    qvk = deckdsl.load(ROOT / "decks" / "queens-vs-kings.deck")
    other = engine_for(qvk.deck, qvk.profile, {}).new_game(__import__("random").Random(1), [None, None])
    assert table.keys(other) is None
