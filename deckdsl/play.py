"""`deckdsl play`: a person against a bot, in the terminal.

`Human` is a `Player` that asks every decision with numbered options and asks again on a bad answer;
`Narrator` listens to the game's events and tells what happens, quoting each card's rules text (the text
printed on the card, generated from the same AST the engine plays).  End of input or Ctrl-C end the
game cleanly (`Quit`).  The screen talks English; card names and card texts are the deck's own.
"""

from __future__ import annotations

from collections.abc import Callable

from .engine import (DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE, ZONE_OWNER, Game, Player, Request)
from .text import card_text


class Quit(Exception):
    """The person left the game (end of input, Ctrl-C or `q`)."""


class Console:
    """Where the game talks (`say`) and reads answers (`ask`); click's streams by default."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]):
        self.read, self.write = read, write

    def say(self, text: str = "") -> None:
        self.write(text)

    def ask(self, question: str, options: list[str]) -> int:
        """The index of the option the person picks (numbered from 1 on screen)."""
        for number, option in enumerate(options, 1):
            self.say(f"  {number}) {option}")
        while True:
            try:
                answer = self.read(f"{question} [1-{len(options)}, q quits]").strip().lower()
            except (EOFError, KeyboardInterrupt) as stop:
                raise Quit() from stop
            if answer in ("q", "quit", "exit"):
                raise Quit()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            self.say(f"  please answer with a number from 1 to {len(options)}")

    def yes(self, question: str) -> bool:
        return self.ask(question, ["yes", "no"]) == 0


def throw_names(game: Game, profile) -> list[str]:
    """Each throw as `rock (pedra)`: the canonical name with the profile's first other spelling."""
    attribute = profile.attributes.get(profile.dispute_attribute)
    names = []
    for throw in game.compiled.throws:
        others = attribute.values.get(throw, ()) if attribute else ()
        names.append(f"{throw} ({others[0]})" if others else throw)
    return names


class Describer:
    """Card and zone names for the screen."""

    def __init__(self, game: Game, profile, language: str, human: int):
        self.game, self.language, self.human = game, language, human
        self.throws = throw_names(game, profile)

    def who(self, seat: int | None) -> str:
        return "you" if seat == self.human else "the bot"

    def does(self, seat: int, verb: str) -> str:
        """`you take` / `the bot takes`."""
        return f"you {verb}" if seat == self.human else f"the bot {verb}s"

    def card(self, card: int) -> str:
        compiled = self.game.compiled
        definition = compiled.defs[compiled.def_of[card]]
        value = self.game.value(card)
        kind = self.throws[definition.throw].split(" ")[0] if definition.throw >= 0 else "component"
        in_domain = DOMAIN <= self.game.loc[card] < DISCARD
        printed = "*" if definition.base is None and not in_domain else value
        return f"{definition.name} ({kind}, {printed})"

    def zone(self, zone: int) -> str:
        owner = ZONE_OWNER[zone]
        whose = "" if owner is None else ("your " if owner == self.human else "the bot's ")
        name = {DECK: "deck", TABLE: "table", SUPPLY: "supply", HAND: "hand", DOMAIN: "domain",
                DISCARD: "discard pile", STARS: "stars"}[zone if zone < HAND else HAND + 2 * ((zone - HAND) // 2)]
        return f"{whose}{name}" if owner is not None else f"the {name}"

    def rules_text(self, card: int) -> list[str]:
        definition = self.game.compiled.defs[self.game.compiled.def_of[card]]
        if definition.node is None:
            return []
        return list(card_text(definition.node, self.language).lines)


class Human(Player):
    """A person at the terminal."""

    name = "you"

    def __init__(self, console: Console, describer: Describer):
        self.console, self.describe = console, describer

    def throw(self, game, me):
        show_state(game, self.console, self.describe)
        return self.console.ask("your throw", self.describe.throws)

    def take(self, game, me, options):
        index = self.console.ask("you won — which card do you take?", [self.describe.card(c) for c in options])
        return options[index]

    def fallback(self, game, me, brinde):
        table = game.zones[TABLE]
        self.console.say("you won, but the table has no card of your type")
        choices = (["take a Brinde (a generic 1-point card)"] if brinde else []) + [
            f"put {self.describe.card(c)} on the bottom of the deck" for c in table
        ]
        index = self.console.ask("what do you do?", choices)
        if brinde:
            return None if index == 0 else table[index - 1]
        return table[index]

    def choose(self, game, me, request: Request, options, count):
        source = game.compiled.name(request.card)
        verb = {"discard": "to discard", "gain": "to gain", "swap": "to swap", "bottom": "to put on the bottom",
                "cancel": "to cancel"}.get(request.verb, "")
        picked: list[int] = []
        left = list(options)
        while len(picked) < count:
            labels = [f"{self.describe.card(c)} from {self.describe.zone(game.loc[c])}" for c in left]
            index = self.console.ask(f"{source}: choose a card {verb} ({len(picked) + 1} of {count})", labels)
            picked.append(left.pop(index))
        return picked

    def may(self, game, me, request: Request):
        return self.console.yes(f"{game.compiled.name(request.card)}: do you want to do it?")

    def exchange(self, game, me, stars):
        points = game.domain_value(me) + game.credit[me]
        return self.console.yes(
            f"exchange your whole domain ({points} points) for {stars} star{'s' if stars > 1 else ''}?"
        )


def show_state(game: Game, console: Console, describe: Describer) -> None:
    console.say("")
    console.say(f"── round {game.round} · deck {len(game.zones[DECK])} cards ──")
    console.say("table: " + ", ".join(describe.card(c) for c in game.zones[TABLE]))
    for seat in (describe.human, 1 - describe.human):
        domain = game.zones[DOMAIN + seat]
        cards = ", ".join(describe.card(c) for c in domain) or "empty"
        console.say(
            f"{'you    ' if seat == describe.human else 'the bot'}: {game.stars(seat)} star(s) · domain "
            f"{game.domain_value(seat)} points [{cards}] · {len(game.zones[DISCARD + seat])} discarded"
        )


class Narrator:
    """Listens to a game and tells what happens."""

    def __init__(self, game: Game, console: Console, describer: Describer):
        self.game, self.console, self.describe = game, console, describer

    def __call__(self, event: str, data: dict) -> None:
        method = getattr(self, f"on_{event}", None)
        if method is not None:
            method(data)

    def on_throws(self, data):
        names = self.describe.throws
        mine, theirs = data["throws"][self.describe.human], data["throws"][1 - self.describe.human]
        verdict = "a tie: throw again" if mine == theirs else (
            "you win" if self.game.compiled.beats[mine] == theirs else "the bot wins")
        self.console.say(f"you throw {names[mine]}, the bot throws {names[theirs]}: {verdict}")

    def on_take(self, data):
        self.console.say(f"{self.describe.does(data['seat'], 'take')} {self.describe.card(data['card'])}")
        for line in self.describe.rules_text(data["card"]):
            self.console.say(f"    {line}")

    def on_brinde(self, data):
        self.console.say(f"{self.describe.does(data['seat'], 'gain')} a Brinde (1 point)")

    def on_bottom(self, data):
        self.console.say(f"{self.describe.does(data['seat'], 'put')} {self.describe.card(data['card'])} "
                         "on the bottom of the deck")

    def on_move(self, data):
        source, target = data["from"], data["to"]
        if source in (HAND, HAND + 1) or target in (HAND, HAND + 1) or source == TABLE and target == HAND:
            return
        if source == SUPPLY or target == SUPPLY and source in (STARS, STARS + 1):
            return
        if source == DECK and target == TABLE:
            return
        self.console.say(f"  {self.describe.card(data['card'])}: {self.describe.zone(source)} → "
                         f"{self.describe.zone(target)}")

    def on_swap(self, data):
        self.console.say(f"  {self.describe.card(data['first'])} and {self.describe.card(data['second'])} swap places")

    def on_trigger(self, data):
        name = self.game.compiled.name(data["card"])
        self.console.say(f"  {name} triggers")

    def on_exchange(self, data):
        seat = data["seat"]
        self.console.say(f"{self.describe.does(seat, 'exchange')} "
                         f"{len(data['cards'])} card(s) worth {data['points']} points for {data['stars']} star(s)")

    def on_impossible(self, data):
        name = self.game.compiled.name(data["card"])
        self.console.say(f"  {name}: the {data['kind']} cannot happen, it is disregarded")

    def on_end(self, data):
        winner, reason = data["winner"], data["reason"]
        why = {"stars": "with the stars to win", "deck-stars": "the deck ran out; more stars",
               "deck-domain": "the deck ran out; stars tied, greater domain value",
               "deck-dispute": "the deck ran out; everything tied, the last dispute decided",
               "stars-stars": "more stars", "stars-domain": "stars tied, greater domain value",
               "stars-dispute": "everything tied, the last dispute decided",
               "round-limit": "the round limit cut the game"}.get(reason, reason)
        self.console.say("")
        if winner is None:
            self.console.say(f"draw ({why})")
        else:
            self.console.say(("YOU WIN" if winner == self.describe.human else "the bot wins") + f" ({why}), "
                             f"round {self.game.round}")

