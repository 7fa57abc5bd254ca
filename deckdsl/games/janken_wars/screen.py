"""Janken Wars at the terminal (`deckdsl play`, on the one screen, `deckdsl.games.table`): what a person
is shown, asked and told, in the language of the card texts — from the game's Fluent catalogs,
`locales/<tag>.ftl` (pt-BR, en, ru: CLDR plurals, each language's grammar in its file); card names are the
deck's own.

`Screen` is what `JankenState.follow` sets up: `show` (the round, the table, both domains), `question` and
`describe` (each decision and its options in words) and `news`, filled by a `Narrator` that listens to the
game's events and tells what happens — each throw, take, effect and exchange, quoting the rules text of
each card taken (the text printed on the card, generated from the same AST the engine plays).
"""

from __future__ import annotations

from ...escapes import visible
from ...text import card_text
from ...text.catalog import Catalog, speaking
from .engine import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE, ZONE_OWNER, Game
from .state import BRINDE, CHOOSE, EXCHANGE, FALLBACK, MAY, TAKE, THROW, YES

SCREEN = __package__
"""The package whose `locales/<tag>.ftl` hold what the screen says (`deckdsl.text.catalog.speaking`)."""
ZONES = {DECK: "deck", TABLE: "table", SUPPLY: "supply", HAND: "hand", DOMAIN: "domain", DISCARD: "discard",
         STARS: "stars"}
"""Each zone's key in the catalog's `jw-zone` (an owned zone: its first seat's index)."""


def throw_names(game: Game, profile, words: Catalog) -> list[str]:
    """Each throw as the screen names it (`jw-throw-name`): `rock (pedra)` in English, the profile's label
    (`pedra`) in Portuguese, `камень` in Russian."""
    attribute = profile.attributes.get(profile.dispute_attribute)
    names = []
    for throw in game.compiled.throws:
        label = attribute.labels.get(throw) if attribute else None
        others = attribute.values.get(throw, ()) if attribute else ()
        native = label or (others[0] if others else None)
        names.append(words.say("jw-throw-name", throw=throw, native=native) if native else throw)
    return names


class Describer:
    """Card and zone names for the screen."""

    def __init__(self, game: Game, profile, language: str, human: int):
        self.game, self.language, self.human = game, language, human
        self.words = speaking(language, SCREEN)
        self.throws = throw_names(game, profile, self.words)

    def who(self, seat: int) -> str:
        """`you` or `bot`: the catalog's `$who`."""
        return "you" if seat == self.human else "bot"

    def card(self, card: int) -> str:
        compiled = self.game.compiled
        definition = compiled.defs[compiled.def_of[card]]
        value = self.game.value(card)
        kind = (self.throws[definition.throw].split(" ")[0] if definition.throw >= 0
                else self.words.say("jw-component"))
        in_domain = DOMAIN <= self.game.loc[card] < DISCARD
        printed = "*" if definition.base is None and not in_domain else value
        return f"{visible(definition.name)} ({kind}, {printed})"

    def zone(self, zone: int) -> str:
        """`the table`, `your domain`, `the bot's discard pile` (per language: possessives agree)."""
        owner = ZONE_OWNER[zone]
        key = ZONES[zone if zone < HAND else HAND + 2 * ((zone - HAND) // 2)]
        return self.words.say("jw-zone", zone=key, who="bot" if owner is None else self.who(owner))

    def rules_text(self, card: int) -> list[str]:
        definition = self.game.compiled.defs[self.game.compiled.def_of[card]]
        if definition.node is None:
            return []
        return list(card_text(definition.node, self.language).shown())


class Narrator:
    """Listens to a game and tells what happens."""

    def __init__(self, game: Game, say, describer: Describer):
        self.game, self.say, self.describe = game, say, describer
        self.words = describer.words

    def __call__(self, event: str, data: dict) -> None:
        method = getattr(self, f"on_{event}", None)
        if method is not None:
            method(data)

    def on_throws(self, data):
        names = self.describe.throws
        mine, theirs = data["throws"][self.describe.human], data["throws"][1 - self.describe.human]
        verdict = self.words.say("jw-tie" if mine == theirs else
                                 "jw-won" if self.game.compiled.beats[mine] == theirs else "jw-lost")
        self.say(self.words.say("jw-throws", mine=names[mine], theirs=names[theirs], verdict=verdict))

    def on_take(self, data):
        self.say(self.words.say("jw-take", who=self.describe.who(data["seat"]),
                                card=self.describe.card(data["card"])))
        for line in self.describe.rules_text(data["card"]):
            self.say(f"    {line}")

    def on_brinde(self, data):
        self.say(self.words.say("jw-got-brinde", who=self.describe.who(data["seat"])))

    def on_bottom(self, data):
        self.say(self.words.say("jw-put-back", who=self.describe.who(data["seat"]),
                                card=self.describe.card(data["card"])))

    def on_move(self, data):
        source, target = data["from"], data["to"]
        if source in (HAND, HAND + 1) or target in (HAND, HAND + 1) or source == TABLE and target == HAND:
            return
        if source == SUPPLY or target == SUPPLY and source in (STARS, STARS + 1):
            return
        if source == DECK and target == TABLE:
            return
        self.say(f"  {self.describe.card(data['card'])}: {self.describe.zone(source)} → "
                         f"{self.describe.zone(target)}")

    def on_swap(self, data):
        self.say("  " + self.words.say("jw-swap", first=self.describe.card(data["first"]),
                                       second=self.describe.card(data["second"])))

    def on_trigger(self, data):
        self.say("  " + self.words.say("jw-triggers", name=self.game.compiled.name(data["card"])))

    def on_exchange(self, data):
        who = self.describe.who(data["seat"])
        if not data["stars"]:
            self.say(self.words.say("jw-discarded", who=who, count=len(data["cards"]), points=data["points"]))
            return
        self.say(self.words.say("jw-exchanged", who=who, count=len(data["cards"]), points=data["points"],
                                stars=data["stars"]))

    def on_impossible(self, data):
        self.say("  " + self.words.say("jw-impossible", name=self.game.compiled.name(data["card"]),
                                       kind=data["kind"]))

    def on_end(self, data):
        winner, reason = data["winner"], data["reason"]
        why = self.words.say("jw-why", reason=reason)
        self.say("")
        if winner is None:
            self.say(self.words.say("jw-draw", why=why))
        else:
            key = "jw-you-won" if winner == self.describe.human else "jw-bot-won"
            self.say(self.words.say(key, why=why, round=self.game.round))


class Screen:
    """What a person at `seat` is shown, asked and told (`JankenState.follow`), in `language`."""

    def __init__(self, state, profile, seat: int, language: str):
        self.state, self.seat = state, seat
        self.lines: list[str] = []
        self.describer = Describer(state.game, profile, language, human=seat)
        self.words = self.describer.words
        self.narrator = Narrator(state.game, self.lines.append, self.describer)
        rules = state.game.rules
        self.lines.append(self.words.say("jw-goal", stars=rules.stars_to_win, cost=rules.star_cost))

    def news(self) -> list[str]:
        lines, self.lines[:] = list(self.lines), []
        return lines

    def show(self) -> str:
        """The round, the deck, the table and both domains, the person's first."""
        game, words, card = self.state.game, self.words, self.describer.card
        lines = [words.say("jw-round", round=game.round, deck=len(game.zones[DECK])),
                 words.say("jw-table",
                           cards=", ".join(card(c) for c in game.zones[TABLE]) or words.say("jw-empty"))]
        for seat in (self.seat, 1 - self.seat):
            domain = game.zones[DOMAIN + seat]
            lines.append(words.say(
                "jw-state", who=self.describer.who(seat), stars=game.stars(seat),
                points=game.domain_value(seat), cards=", ".join(card(c) for c in domain) or words.say("jw-empty"),
                discarded=len(game.zones[DISCARD + seat])))
        return "\n".join(lines)

    def question(self, decision) -> str:
        words, kind, game = self.words, decision.kind, self.state.game
        if kind == THROW:
            return words.say("jw-throw-question")
        if kind == TAKE:
            return words.say("jw-take-question")
        if kind == FALLBACK:
            return words.say("jw-choice", first=words.say("jw-no-type"), then=words.say("jw-what"))
        if kind == CHOOSE:
            return words.say("jw-choose", source=game.compiled.name(decision.request.card),
                             verb=decision.request.verb, number=len(decision.picked) + 1, count=decision.count)
        if kind == MAY:
            return words.say("jw-may", source=game.compiled.name(decision.request.card))
        points = game.domain_value(decision.seat) + game.credit[decision.seat]
        if decision.stars < 1:
            return words.say("jw-discard-question", points=points)
        return words.say("jw-exchange-question", points=points, stars=decision.stars)

    def confirm(self, decision, action: int) -> str:
        """The question that confirms a discard of the whole domain for no star ("" for any other answer)."""
        if decision.kind != EXCHANGE or action != YES or decision.stars >= 1:
            return ""
        game = self.state.game
        return self.words.say("jw-confirm-discard", count=len(game.zones[DOMAIN + decision.seat]),
                              points=game.domain_value(decision.seat) + game.credit[decision.seat])

    def describe(self, decision, action: int) -> str:
        words, kind, card = self.words, decision.kind, self.describer.card
        if kind == THROW:
            return self.describer.throws[action]
        if kind == TAKE:
            return card(action)
        if kind == FALLBACK:
            return words.say("jw-brinde") if action == BRINDE else words.say("jw-bottom", card=card(action))
        if kind == CHOOSE:
            return words.say("jw-from", card=card(action), zone=self.describer.zone(self.state.game.loc[action]))
        if kind == MAY:
            return words.say("jw-yes" if action == YES else "jw-no")
        if action != YES:
            return words.say("jw-keep")
        return words.say("jw-discard" if decision.stars < 1 else "jw-exchange")
