"""A person plays any game on the interface in the terminal: `deckdsl play`, the one screen of every game.

The person's seat sees only what the state shows it (`State.show`: its information — hidden cards stay
hidden) and picks from a numbered menu of the legal actions in the engine's words (`State.describe`) —
or, in a game of many moves, a menu in groups (`State.menu`: a line per group, each move under a short
key such as `b2`) — under the state's question (`State.question`); the other seats are bots.  A game that narrates
(`State.follow`: Janken Wars tells each throw, take, effect and exchange, quoting the rules text of the
cards taken) says what happened before each question (`State.news`); for one that does not, a bot's move
is announced without its content (it may be a face-down card) and the person's own move is echoed.  `q`,
Ctrl-C or the end of input leave the game.  The same seed and answers replay the same game.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from ..text.catalog import Catalog, speaking
from .interface import Engine
from .search import make_bot


class Quit(Exception):
    """The person left the game."""


QUIT = ("q", "quit", "exit", "sair", "выход", "выйти")
"""Answers that leave the game, in every language."""


def words_for(language: str | None) -> Catalog:
    """The table's words in `language` (`pt-BR`, `ru`, else English): `deckdsl/games/locales/`, the catalogs
    the engines' own screens sit beside (their `show`, `question`, `describe` and `news` speak it too)."""
    return speaking(language, __package__)


def play(engine: Engine, human: int, bot: str, seed: int, read: Callable[[str], str],
         write: Callable[[str], None], language: str | None = None, title: str = "") -> list[float] | None:
    """Play one game with the person at seat `human` and `bot` at every other seat, speaking `language`
    (`pt-BR`, `ru`, else English).  Returns the returns per seat, or None when the person left."""
    words = words_for(language)
    heading = engine.name if title in ("", engine.name) else f"{title} — {engine.name}"
    write(words.say("table-intro", heading=heading, seat=human + 1, bot=bot, seed=seed))
    rng = _random.Random(seed)
    bots = {seat: make_bot(bot, _random.Random(rng.getrandbits(64)), engine.bots)
            for seat in range(engine.seats) if seat != human}
    state = engine.new_game(_random.Random(rng.getrandbits(64)), [bots.get(seat) for seat in range(engine.seats)])
    narrated = state.follow(human, language or "en")
    try:
        while not state.is_terminal():
            for line in state.news():
                write(line)
            seat = state.current_player()
            if seat == human:
                write("")
                write(state.show(human))
                action = _ask(state, read, write, words)
                if not narrated:
                    write(words.say("table-yours", move=state.describe(action)))
            else:
                action = bots[seat].act(state)
                if not narrated:
                    move = state.announce(action, human)
                    write(words.say("table-did", seat=seat + 1, bot=bot, move=move) if move
                          else words.say("table-moves", seat=seat + 1, bot=bot))
            state.apply(action)
    except Quit:
        write("")
        write(words.say("table-left"))
        return None
    returns = state.returns()
    if narrated:
        for line in state.news():
            write(line)
        return returns
    write("")
    write(state.show(human))
    if engine.cooperative:
        write(words.say("table-success" if returns[human] > 0 else "table-failure"))
    else:
        best = max(returns)
        write(words.say("table-win" if returns[human] == best and returns.count(best) == 1
                        else "table-draw" if returns.count(best) > 1 else "table-lose"))
    return returns


def option_number(answer: str, count: int) -> int | None:
    """The option (1 … `count`) a typed answer names, or None.  Only ASCII digits, and never more of them
    than `count` has: `²` and `٣` are digits to `str.isdigit` but not to `int`, and 5,000 digits would
    pass the first and break the second."""
    if answer.isascii() and answer.isdigit() and len(answer) <= len(str(count)) and 1 <= int(answer) <= count:
        return int(answer)
    return None


def keys(state) -> dict[str, int] | None:
    """The short keys of a menu in groups (`State.menu`), in the order shown — a letter per group (`q`
    left out: it leaves), and a number after it where the group holds more than one move (`b2`) — or
    None for a game whose moves are one numbered list."""
    groups: dict[str, list[int]] = {}
    for action in state.legal_actions():
        group, _ = state.menu(action)
        groups.setdefault(group or f"\0{action}", []).append(action)
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1) if chr(c) != "q"]
    if len(groups) == len(state.legal_actions()) or len(groups) > len(letters):
        return None
    found: dict[str, int] = {}
    for letter, actions in zip(letters, groups.values(), strict=False):
        for number, action in enumerate(actions, 1):
            found[letter if len(actions) == 1 else f"{letter}{number}"] = action
    return found


def _menu(state, write, words: Catalog) -> tuple[dict[str, int], str, str]:
    """Show the legal moves: (the answer that picks each, the question's brackets, what a wrong answer is
    told)."""
    actions = state.legal_actions()
    grouped = keys(state)
    if grouped is None:
        for number, action in enumerate(actions, 1):
            write(f"  {number}) {state.describe(action)}")
        return ({str(number): action for number, action in enumerate(actions, 1)},
                "table-ask", words.say("table-number", count=len(actions)))
    lines: dict[str, list[str]] = {}
    for key, action in grouped.items():
        group, option = state.menu(action)
        lines.setdefault(key[0], [group] if group else []).append(f"{key}) {option}" if group else option)
    for letter, (first, *rest) in lines.items():
        write(f"  {letter}) {first}" + (": " + " · ".join(rest) if rest else ""))
    last = next(reversed(lines))
    return grouped, "table-ask-keys", words.say("table-key", last=last)


def _ask(state, read, write, words: Catalog) -> int:
    answers, brackets, wrong = _menu(state, write, words)
    count = len(answers)
    question = words.say(brackets, question=state.question() or words.say("table-move"), count=count,
                         last=next(reversed(answers))[0])
    while True:
        try:
            answer = read(question).strip()
        except (EOFError, KeyboardInterrupt) as stop:
            raise Quit() from stop
        if answer.casefold() in QUIT:
            raise Quit()
        picked = answers.get(answer.casefold().replace(" ", "")) if brackets == "table-ask-keys" else None
        number = option_number(answer, count) if brackets == "table-ask" else None
        if picked is None and number is None:
            write("  " + wrong)
            continue
        action = picked if picked is not None else answers[str(number)]
        check = state.confirm(action)
        if not check:
            return action
        try:
            sure = read(words.say("table-confirm", question=check)).strip().casefold()
        except (EOFError, KeyboardInterrupt) as stop:
            raise Quit() from stop
        if sure in words.say("table-yes-words").split():
            return action
        write("  " + words.say("table-not-done"))
