"""Janken Wars at the terminal (`deckdsl play`, on the one screen, `deckdsl.games.table`): what a person
is shown, asked and told, in the language of the card texts — Portuguese (`pt-BR`) or English — from one
table of words per language (`WORDS`); card names are the deck's own.

`Screen` is what `JankenState.follow` sets up: `show` (the round, the table, both domains), `question` and
`describe` (each decision and its options in words) and `news`, filled by a `Narrator` that listens to the
game's events and tells what happens — each throw, take, effect and exchange, quoting the rules text of
each card taken (the text printed on the card, generated from the same AST the engine plays).
"""

from __future__ import annotations

from ...text import card_text
from .engine import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE, ZONE_OWNER, Game
from .state import BRINDE, CHOOSE, FALLBACK, MAY, TAKE, THROW, YES

WORDS: dict[str, dict] = {
    "en": {
        "does": {"take": ("you take", "the bot takes"), "gain": ("you gain", "the bot gains"),
                 "put": ("you put", "the bot puts"), "exchange": ("you exchange", "the bot exchanges"),
                 "discard": ("you discard", "the bot discards")},
        "yes": "yes", "no": "no", "keep": "no, keep the domain", "exchange": "yes, exchange it",
        "discard": "yes, discard it", "component": "component",
        "zones": {DECK: "the deck", TABLE: "the table", SUPPLY: "the supply",
                  HAND: ("your hand", "the bot's hand"), DOMAIN: ("your domain", "the bot's domain"),
                  DISCARD: ("your discard pile", "the bot's discard pile"), STARS: ("your stars", "the bot's stars")},
        "throw?": "your throw", "take?": "you won — which card do you take?",
        "no type": "you won, but the table has no card of your type",
        "brinde": "take a Brinde (a generic 1-point card)", "bottom": "put {card} on the bottom of the deck",
        "what?": "what do you do?", "from": "{card} from {zone}",
        "verbs": {"discard": "to discard", "gain": "to gain", "swap": "to swap", "bottom": "to put on the bottom",
                  "cancel": "to cancel", "modify": "for its effect"},
        "choose": "{source}: choose a card {verb} ({i} of {n})", "may": "{source}: do you want to do it?",
        "exchange?": "exchange your whole domain ({points} points) for {stars} star{s}?",
        "discard?": "discard your whole domain ({points} points) for no star?",
        "round": "── round {round} · deck {deck} cards ──", "table": "table: {cards}", "empty": "empty",
        "state": "{who}: {stars} star(s) · domain {points} points [{cards}] · {discarded} discarded",
        "me": "you    ", "bot": "the bot",
        "tie": "a tie: throw again", "won": "you win", "lost": "the bot wins",
        "throws": "you throw {mine}, the bot throws {theirs}: {verdict}",
        "got brinde": "{who} a Brinde (1 point)", "put back": "{who} {card} on the bottom of the deck",
        "swap": "  {first} and {second} swap places", "triggers": "  {name} triggers",
        "exchanged": "{who} {n} card(s) worth {points} points for {stars} star(s)",
        "discarded": "{who} the whole domain, {n} card(s) worth {points} points, for no star",
        "impossible": "  {name}: the {kind} cannot happen, it is disregarded",
        "kinds": {"action": "action", "cost": "cost"},
        "why": {"stars": "with the stars to win", "deck-stars": "the deck ran out; more stars",
                "deck-domain": "the deck ran out; stars tied, greater domain value",
                "deck-dispute": "the deck ran out; everything tied, the last dispute decided",
                "stars-stars": "more stars", "stars-domain": "stars tied, greater domain value",
                "stars-dispute": "everything tied, the last dispute decided",
                "round-limit": "the round limit cut the game"},
        "draw": "draw ({why})", "you won": "YOU WIN ({why}), round {round}",
        "bot won": "the bot wins ({why}), round {round}",
        "goal": "first to {stars} stars; a star costs {cost} points", "choice": "{first} — {then}",
    },
    "pt-BR": {
        "does": {"take": ("você pega", "o bot pega"), "gain": ("você ganha", "o bot ganha"),
                 "put": ("você põe", "o bot põe"), "exchange": ("você troca", "o bot troca"),
                 "discard": ("você descarta", "o bot descarta")},
        "yes": "sim", "no": "não", "keep": "não, manter o domínio", "exchange": "sim, trocar",
        "discard": "sim, descartar", "component": "componente",
        "zones": {DECK: "baralho", TABLE: "mesa", SUPPLY: "reserva",
                  HAND: ("sua mão", "mão do bot"), DOMAIN: ("seu domínio", "domínio do bot"),
                  DISCARD: ("sua pilha de descarte", "pilha de descarte do bot"),
                  STARS: ("suas estrelas", "estrelas do bot")},
        "throw?": "sua jogada", "take?": "você venceu — que carta você pega?",
        "no type": "você venceu, mas a mesa não tem carta do seu tipo",
        "brinde": "ganhar um Brinde (carta genérica de 1 ponto)", "bottom": "pôr {card} no fundo do baralho",
        "what?": "o que você faz?", "from": "{card} — {zone}",
        "verbs": {"discard": "para descartar", "gain": "para ganhar", "swap": "para trocar",
                  "bottom": "para pôr no fundo", "cancel": "para cancelar", "modify": "para o seu efeito"},
        "choose": "{source}: escolha uma carta {verb} ({i} de {n})", "may": "{source}: você quer fazer isso?",
        "exchange?": "trocar seu domínio inteiro ({points} pontos) por {stars} estrela{s}?",
        "discard?": "descartar seu domínio inteiro ({points} pontos) sem ganhar estrela?",
        "round": "── rodada {round} · baralho com {deck} cartas ──", "table": "mesa: {cards}", "empty": "vazio",
        "state": "{who}: {stars} estrela(s) · domínio {points} pontos [{cards}] · {discarded} descartada(s)",
        "me": "você   ", "bot": "o bot  ",
        "tie": "empate: joguem de novo", "won": "você vence", "lost": "o bot vence",
        "throws": "você joga {mine}, o bot joga {theirs}: {verdict}",
        "got brinde": "{who} um Brinde (1 ponto)", "put back": "{who} {card} no fundo do baralho",
        "swap": "  {first} e {second} trocam de lugar", "triggers": "  a condição de {name} acontece",
        "exchanged": "{who} {n} carta(s) que valem {points} pontos por {stars} estrela(s)",
        "discarded": "{who} o domínio inteiro, {n} carta(s) que valem {points} pontos, sem ganhar estrela",
        "impossible": "  {name}: {kind} impossível, desconsiderada",
        "kinds": {"action": "ação", "cost": "custo"},
        "why": {"stars": "com as estrelas para vencer", "deck-stars": "o baralho acabou; mais estrelas",
                "deck-domain": "o baralho acabou; estrelas empatadas, domínio de maior valor",
                "deck-dispute": "o baralho acabou; tudo empatado, a derradeira disputa decidiu",
                "stars-stars": "mais estrelas", "stars-domain": "estrelas empatadas, domínio de maior valor",
                "stars-dispute": "tudo empatado, a derradeira disputa decidiu",
                "round-limit": "o limite de rodadas encerrou a partida"},
        "draw": "empate ({why})", "you won": "VOCÊ VENCEU ({why}), rodada {round}",
        "bot won": "o bot venceu ({why}), rodada {round}",
        "goal": "vence quem tiver {stars} estrelas; uma estrela custa {cost} pontos", "choice": "{first} — {then}",
    },
}
"""What the screen says, per language (the languages of `deckdsl.text`)."""


def throw_names(game: Game, profile, language: str = "en") -> list[str]:
    """Each throw as the screen names it: `rock (pedra)` in English, the profile's label (`pedra`) in
    another language."""
    attribute = profile.attributes.get(profile.dispute_attribute)
    names = []
    for throw in game.compiled.throws:
        label = attribute.labels.get(throw) if attribute else None
        others = attribute.values.get(throw, ()) if attribute else ()
        native = label or (others[0] if others else None)
        if language != "en" and native:
            names.append(native)
        else:
            names.append(f"{throw} ({native})" if native else throw)
    return names


class Describer:
    """Card and zone names for the screen."""

    def __init__(self, game: Game, profile, language: str, human: int):
        self.game, self.language, self.human = game, language, human
        self.words = WORDS[language if language in WORDS else "en"]
        self.throws = throw_names(game, profile, language)

    def does(self, seat: int, verb: str) -> str:
        """`you take` / `the bot takes`."""
        mine, theirs = self.words["does"][verb]
        return mine if seat == self.human else theirs

    def card(self, card: int) -> str:
        compiled = self.game.compiled
        definition = compiled.defs[compiled.def_of[card]]
        value = self.game.value(card)
        kind = self.throws[definition.throw].split(" ")[0] if definition.throw >= 0 else self.words["component"]
        in_domain = DOMAIN <= self.game.loc[card] < DISCARD
        printed = "*" if definition.base is None and not in_domain else value
        return f"{definition.name} ({kind}, {printed})"

    def zone(self, zone: int) -> str:
        """`the table`, `your domain`, `the bot's discard pile` (per language: possessives agree)."""
        owner = ZONE_OWNER[zone]
        names = self.words["zones"][zone if zone < HAND else HAND + 2 * ((zone - HAND) // 2)]
        return names if owner is None else names[0 if owner == self.human else 1]

    def rules_text(self, card: int) -> list[str]:
        definition = self.game.compiled.defs[self.game.compiled.def_of[card]]
        if definition.node is None:
            return []
        return list(card_text(definition.node, self.language).lines)


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
        verdict = self.words["tie"] if mine == theirs else (
            self.words["won"] if self.game.compiled.beats[mine] == theirs else self.words["lost"])
        self.say(self.words["throws"].format(mine=names[mine], theirs=names[theirs], verdict=verdict))

    def on_take(self, data):
        self.say(f"{self.describe.does(data['seat'], 'take')} {self.describe.card(data['card'])}")
        for line in self.describe.rules_text(data["card"]):
            self.say(f"    {line}")

    def on_brinde(self, data):
        self.say(self.words["got brinde"].format(who=self.describe.does(data["seat"], "gain")))

    def on_bottom(self, data):
        self.say(self.words["put back"].format(who=self.describe.does(data["seat"], "put"),
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
        self.say(self.words["swap"].format(first=self.describe.card(data["first"]),
                                                   second=self.describe.card(data["second"])))

    def on_trigger(self, data):
        self.say(self.words["triggers"].format(name=self.game.compiled.name(data["card"])))

    def on_exchange(self, data):
        if not data["stars"]:
            self.say(self.words["discarded"].format(
                who=self.describe.does(data["seat"], "discard"), n=len(data["cards"]), points=data["points"]))
            return
        self.say(self.words["exchanged"].format(
            who=self.describe.does(data["seat"], "exchange"), n=len(data["cards"]), points=data["points"],
            stars=data["stars"]))

    def on_impossible(self, data):
        kind = self.words["kinds"].get(data["kind"], data["kind"])
        self.say(self.words["impossible"].format(name=self.game.compiled.name(data["card"]), kind=kind))

    def on_end(self, data):
        winner, reason = data["winner"], data["reason"]
        why = self.words["why"].get(reason, reason)
        self.say("")
        if winner is None:
            self.say(self.words["draw"].format(why=why))
        else:
            key = "you won" if winner == self.describe.human else "bot won"
            self.say(self.words[key].format(why=why, round=self.game.round))


class Screen:
    """What a person at `seat` is shown, asked and told (`JankenState.follow`), in `language`."""

    def __init__(self, state, profile, seat: int, language: str):
        self.state, self.seat = state, seat
        self.lines: list[str] = []
        self.describer = Describer(state.game, profile, language, human=seat)
        self.words = self.describer.words
        self.narrator = Narrator(state.game, self.lines.append, self.describer)
        rules = state.game.rules
        self.lines.append(self.words["goal"].format(stars=rules.stars_to_win, cost=rules.star_cost))

    def news(self) -> list[str]:
        lines, self.lines[:] = list(self.lines), []
        return lines

    def show(self) -> str:
        """The round, the deck, the table and both domains, the person's first."""
        game, words, card = self.state.game, self.words, self.describer.card
        lines = [words["round"].format(round=game.round, deck=len(game.zones[DECK])),
                 words["table"].format(cards=", ".join(card(c) for c in game.zones[TABLE]))]
        for seat in (self.seat, 1 - self.seat):
            domain = game.zones[DOMAIN + seat]
            lines.append(words["state"].format(
                who=words["me"] if seat == self.seat else words["bot"], stars=game.stars(seat),
                points=game.domain_value(seat), cards=", ".join(card(c) for c in domain) or words["empty"],
                discarded=len(game.zones[DISCARD + seat])))
        return "\n".join(lines)

    def question(self, decision) -> str:
        words, kind, game = self.words, decision.kind, self.state.game
        if kind == THROW:
            return words["throw?"]
        if kind == TAKE:
            return words["take?"]
        if kind == FALLBACK:
            return words["choice"].format(first=words["no type"], then=words["what?"])
        if kind == CHOOSE:
            return words["choose"].format(source=game.compiled.name(decision.request.card),
                                          verb=words["verbs"].get(decision.request.verb, ""),
                                          i=len(decision.picked) + 1, n=decision.count)
        if kind == MAY:
            return words["may"].format(source=game.compiled.name(decision.request.card))
        points = game.domain_value(decision.seat) + game.credit[decision.seat]
        if decision.stars < 1:
            return words["discard?"].format(points=points)
        return words["exchange?"].format(points=points, stars=decision.stars, s="s" if decision.stars > 1 else "")

    def describe(self, decision, action: int) -> str:
        words, kind, card = self.words, decision.kind, self.describer.card
        if kind == THROW:
            return self.describer.throws[action]
        if kind == TAKE:
            return card(action)
        if kind == FALLBACK:
            return words["brinde"] if action == BRINDE else words["bottom"].format(card=card(action))
        if kind == CHOOSE:
            return words["from"].format(card=card(action), zone=self.describer.zone(self.state.game.loc[action]))
        if kind == MAY:
            return words["yes"] if action == YES else words["no"]
        if action != YES:
            return words["keep"]
        return words["discard"] if decision.stars < 1 else words["exchange"]
