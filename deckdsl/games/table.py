"""A person plays any game on the interface in the terminal (`deckdsl play` for games other than Janken
Wars, which has its own narrated table in `deckdsl.games.play`).

The person's seat sees only its `information` — hidden cards stay hidden — and picks from a numbered menu
of the legal actions in the engine's words; the other seats are bots.  Every action is told to every seat
as its `describe`; `q`, Ctrl-C or the end of input leave the game.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from .interface import Engine
from .search import make_bot


class Quit(Exception):
    """The person left the game."""


def play(engine: Engine, human: int, bot: str, seed: int, read: Callable[[str], str],
         write: Callable[[str], None]) -> list[float] | None:
    """Play one game with the person at seat `human` and `bot` at every other seat.  Returns the
    returns per seat, or None when the person left."""
    rng = _random.Random(seed)
    bots = {seat: make_bot(bot, _random.Random(rng.getrandbits(64)), engine.bots)
            for seat in range(engine.seats) if seat != human}
    state = engine.new_state(_random.Random(rng.getrandbits(64)))
    try:
        while not state.is_terminal():
            seat = state.current_player()
            if seat == human:
                write("")
                write(state.information(human))
                action = _ask(state, read, write)
                write(f"you: {state.describe(action)}")
            else:
                action = bots[seat].act(state)
                write(f"seat {seat + 1} ({bot}): {state.describe(action)}")
            state.apply(action)
    except Quit:
        write("you left the game")
        return None
    returns = state.returns()
    write("")
    write(state.information(human))
    if engine.cooperative:
        write("the table succeeded" if returns[human] > 0 else "the table failed")
    else:
        best = max(returns)
        write("you win" if returns[human] == best and returns.count(best) == 1
              else "a draw" if returns.count(best) > 1 else "you lose")
    return returns


def _ask(state, read, write) -> int:
    actions = state.legal_actions()
    for number, action in enumerate(actions, 1):
        write(f"  {number}. {state.describe(action)}")
    while True:
        try:
            answer = read(f"your move (1–{len(actions)}, q to leave)").strip()
        except EOFError as stop:
            raise Quit() from stop
        if answer.casefold() in ("q", "quit", "sair"):
            raise Quit()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        write(f"answer a number from 1 to {len(actions)}")
