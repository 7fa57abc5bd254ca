"""The bots of any game (deckdsl.games.search), on small games with known answers.  Work is counted in
playouts and games, never timed."""

from __future__ import annotations

import random

import pytest

from deckdsl.games.interface import TERMINAL, State, play_out
from deckdsl.games.search import ISMCTSBot, RandomBot, RolloutBot, make_bot, parse_bot


class Nim(State):
    """Take 1 to 3 counters; who takes the last wins.  From 10, the first player wins by leaving a
    multiple of 4."""

    seats = 2

    def __init__(self, counters: int = 10, turn: int = 0) -> None:
        self.counters, self.turn = counters, turn

    def current_player(self) -> int:
        return TERMINAL if self.counters == 0 else self.turn

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.counters]

    def apply(self, action: int) -> None:
        self.counters -= action
        self.turn = 1 - self.turn

    def returns(self) -> list[float]:
        if self.counters:
            return [0.0, 0.0]
        winner = 1 - self.turn
        return [1.0 if seat == winner else -1.0 for seat in (0, 1)]

    def information(self, seat: int) -> str:
        return f"{self.counters} left"

    def clone(self) -> Nim:
        return Nim(self.counters, self.turn)

    def describe(self, action: int) -> str:
        return f"take {action}"


class Guess(State):
    """Hidden information: seat 0 holds a hidden card 0–2 and bets `high` (1) or `low` (0); seat 1 then
    calls `fold` (0: seat 0 wins 1/3) or `see` (1: a high bet wins on card 2, loses otherwise; a low bet
    wins on 0).  A bot that reads its own card bets well; determinize redraws the card for seat 1."""

    seats = 2

    def __init__(self, card: int, bet: int | None = None, call: int | None = None) -> None:
        self.card, self.bet, self.call = card, bet, call

    def current_player(self) -> int:
        return 0 if self.bet is None else 1 if self.call is None else TERMINAL

    def legal_actions(self) -> list[int]:
        return [0, 1]

    def apply(self, action: int) -> None:
        if self.bet is None:
            self.bet = action
        else:
            self.call = action

    def returns(self) -> list[float]:
        if self.call is None:
            return [0.0, 0.0]
        if self.call == 0:
            score = 1 / 3
        else:
            score = 1.0 if (self.card == 2 if self.bet == 1 else self.card == 0) else -1.0
        return [score, -score]

    def information(self, seat: int) -> str:
        return f"card {self.card if seat == 0 else '?'}, bet {self.bet}, call {self.call}"

    def clone(self) -> Guess:
        return Guess(self.card, self.bet, self.call)

    def describe(self, action: int) -> str:
        return ("low", "high")[action] if self.bet is None else ("fold", "see")[action]

    def determinize(self, seat: int, rng: random.Random) -> Guess:
        return self.clone() if seat == 0 else Guess(rng.randrange(3), self.bet, self.call)


def first_player_wins(bot_a, bot_b, games: int, seed: int) -> int:
    wins = 0
    for index in range(games):
        rng = random.Random(seed * 1000 + index)
        bots = [bot_a(random.Random(rng.getrandbits(32))), bot_b(random.Random(rng.getrandbits(32)))]
        state = Nim()
        while not state.is_terminal():
            state.apply(bots[state.current_player()].act(state))
        wins += state.returns()[0] > 0
    return wins


def test_ismcts_finds_the_winning_nim_move():
    bot = ISMCTSBot(random.Random(1), iterations=400)
    assert bot.act(Nim(10)) == 2  # leave 8, a multiple of 4
    assert bot.act(Nim(7)) == 3


def test_ismcts_and_rollout_beat_random_at_nim():
    assert first_player_wins(lambda r: ISMCTSBot(r, 200), RandomBot, 40, seed=2) >= 36
    assert first_player_wins(lambda r: RolloutBot(r, 20), RandomBot, 40, seed=3) >= 30
    assert first_player_wins(RandomBot, RandomBot, 200, seed=4) < 170


def test_ismcts_reads_only_what_it_sees():
    """Seat 0 knows its card: high on 2, low on 0.  Seat 1 does not: it must not play as if it knew."""
    bot = ISMCTSBot(random.Random(5), iterations=600)
    assert bot.act(Guess(2)) == 1 and bot.act(Guess(0)) == 0
    called = {bot.act(Guess(card, bet=1)) for card in (0, 1, 2)}
    assert len(called) == 1  # the same call whatever the hidden card: it was not peeked at


def test_the_same_seed_plays_the_same_game():
    def moves(seed):
        state, bot, played = Nim(15), ISMCTSBot(random.Random(seed), 50), []
        while not state.is_terminal():
            played.append(bot.act(state))
            state.apply(played[-1])
        return played

    assert moves(7) == moves(7)


def test_play_out_ends_or_raises():
    assert play_out(Nim(30), random.Random(1)).is_terminal()

    class Endless(Nim):
        def apply(self, action):
            self.turn = 1 - self.turn

    with pytest.raises(RuntimeError, match="did not end"):
        play_out(Endless(5), random.Random(1), limit=100)


@pytest.mark.parametrize("name", ["random", "rollout:5", "ismcts:30"])
def test_bots_by_name(name):
    assert make_bot(name, random.Random(1)).act(Nim(5)) in (1, 2, 3)


@pytest.mark.parametrize("name", ["greedy", "random:5", "ismcts:0", "ismcts:x"])
def test_bad_bot_names(name):
    with pytest.raises(ValueError):
        parse_bot(name)
