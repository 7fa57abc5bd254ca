"""A person plays any game on the interface in the terminal (`deckdsl play` for games other than Janken
Wars, which has its own narrated table in `deckdsl.games.janken_wars.screen`).

The person's seat sees only its `information` — hidden cards stay hidden — and picks from a numbered menu
of the legal actions in the engine's words; the other seats are bots.  A bot's move is announced without
its content (it may be a face-down card): what the person may know of it is in their `information`, shown
before each of their moves.  `q`, Ctrl-C or the end of input leave the game.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from .interface import Engine
from .search import make_bot


class Quit(Exception):
    """The person left the game."""


WORDS = {
    "en": {"intro": "{title} — {game}: you are seat {seat} against {bot}, seed {seed}", "you": "you", "seat": "seat {n} ({bot}) moves", "ask": "your move (1–{n}, q to leave)",
           "number": "answer a number from 1 to {n}", "left": "you left the game", "win": "you win",
           "lose": "you lose", "draw": "a draw", "success": "the table succeeded", "failure": "the table failed"},
    "pt": {"intro": "{title} — {game}: você é o Jogador {seat} contra {bot}, semente {seed}", "you": "você", "seat": "Jogador {n} ({bot}) joga", "ask": "sua jogada (1–{n}, q para sair)",
           "number": "responda um número de 1 a {n}", "left": "você saiu da partida", "win": "você venceu",
           "lose": "você perdeu", "draw": "empate", "success": "a mesa conseguiu", "failure": "a mesa não conseguiu"},
    "ru": {"intro": "{title} — {game}: вы игрок {seat} против {bot}, зерно {seed}", "you": "вы", "seat": "игрок {n} ({bot}) ходит", "ask": "ваш ход (1–{n}, q — выйти)",
           "number": "ответьте числом от 1 до {n}", "left": "вы вышли из игры", "win": "вы победили",
           "lose": "вы проиграли", "draw": "ничья", "success": "стол справился", "failure": "стол не справился"},
}
"""The table's own words, in the deck's language (the engine's `information` and `describe` speak it too)."""


def words_for(language: str | None) -> dict[str, str]:
    """The table's words in `language` (`pt-BR`, `ru`, else English)."""
    return WORDS.get((language or "en").split("-")[0].casefold(), WORDS["en"])


def play(engine: Engine, human: int, bot: str, seed: int, read: Callable[[str], str],
         write: Callable[[str], None], language: str | None = None) -> list[float] | None:
    """Play one game with the person at seat `human` and `bot` at every other seat, speaking `language`
    (`pt-BR`, `ru`, else English).  Returns the returns per seat, or None when the person left."""
    words = words_for(language)
    rng = _random.Random(seed)
    bots = {seat: make_bot(bot, _random.Random(rng.getrandbits(64)), engine.bots)
            for seat in range(engine.seats) if seat != human}
    state = engine.new_game(_random.Random(rng.getrandbits(64)), [bots.get(seat) for seat in range(engine.seats)])
    try:
        while not state.is_terminal():
            seat = state.current_player()
            if seat == human:
                write("")
                write(state.information(human))
                action = _ask(state, read, write, words)
                write(f"{words['you']}: {state.describe(action)}")
            else:
                action = bots[seat].act(state)
                write(words["seat"].format(n=seat + 1, bot=bot))
            state.apply(action)
    except Quit:
        write(words["left"])
        return None
    returns = state.returns()
    write("")
    write(state.information(human))
    if engine.cooperative:
        write(words["success"] if returns[human] > 0 else words["failure"])
    else:
        best = max(returns)
        write(words["win"] if returns[human] == best and returns.count(best) == 1
              else words["draw"] if returns.count(best) > 1 else words["lose"])
    return returns


def option_number(answer: str, count: int) -> int | None:
    """The option (1 … `count`) a typed answer names, or None.  Only ASCII digits, and never more of them
    than `count` has: `²` and `٣` are digits to `str.isdigit` but not to `int`, and 5,000 digits would
    pass the first and break the second."""
    if answer.isascii() and answer.isdigit() and len(answer) <= len(str(count)) and 1 <= int(answer) <= count:
        return int(answer)
    return None


def _ask(state, read, write, words) -> int:
    actions = state.legal_actions()
    for number, action in enumerate(actions, 1):
        write(f"  {number}. {state.describe(action)}")
    while True:
        try:
            answer = read(words["ask"].format(n=len(actions))).strip()
        except EOFError as stop:
            raise Quit() from stop
        if answer.casefold() in ("q", "quit", "sair", "выход"):
            raise Quit()
        number = option_number(answer, len(actions))
        if number is not None:
            return actions[number - 1]
        write(words["number"].format(n=len(actions)))
