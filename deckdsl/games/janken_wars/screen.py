"""`deckdsl play`: a person against a bot, in the terminal.

`Human` is a `Player` that asks every decision with numbered options and asks again on a bad answer;
`Narrator` listens to the game's events and tells what happens, quoting each card's rules text (the text
printed on the card, generated from the same AST the engine plays).  End of input or Ctrl-C end the
game cleanly (`Quit`).  The screen speaks the language of the card texts — Portuguese (`pt-BR`) or
English — from one table of words per language (`WORDS`); card names are the deck's own.
"""

from __future__ import annotations

from collections.abc import Callable

from ...text import card_text
from ..table import option_number
from .engine import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE, ZONE_OWNER, Game, Player, Request

WORDS: dict[str, dict] = {
    "en": {
        "ask": "{question} [1-{n}, q quits]", "again": "  please answer with a number from 1 to {n}",
        "yes": "yes", "no": "no", "quit": ("q", "quit", "exit"),
        "does": {"take": ("you take", "the bot takes"), "gain": ("you gain", "the bot gains"),
                 "put": ("you put", "the bot puts"), "exchange": ("you exchange", "the bot exchanges"),
                 "discard": ("you discard", "the bot discards")},
        "component": "component",
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
        "bot won": "the bot wins ({why}), round {round}", "left": "game left",
        "intro": "{title} — you against {bot} · seed {seed} (replay with --seed {seed})",
        "goal": "first to {stars} stars; a star costs {cost} points",
    },
    "pt-BR": {
        "ask": "{question} [1-{n}, q sai]", "again": "  responda com um número de 1 a {n}",
        "yes": "sim", "no": "não", "quit": ("q", "quit", "exit", "sair"),
        "does": {"take": ("você pega", "o bot pega"), "gain": ("você ganha", "o bot ganha"),
                 "put": ("você põe", "o bot põe"), "exchange": ("você troca", "o bot troca"),
                 "discard": ("você descarta", "o bot descarta")},
        "component": "componente",
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
        "bot won": "o bot venceu ({why}), rodada {round}", "left": "partida abandonada",
        "intro": "{title} — você contra {bot} · semente {seed} (repita com --seed {seed})",
        "goal": "vence quem tiver {stars} estrelas; uma estrela custa {cost} pontos",
    },
}
"""What the screen says, per language (the languages of `deckdsl.text`)."""


class Quit(Exception):
    """The person left the game (end of input, Ctrl-C or `q`)."""


class Console:
    """Where the game talks (`say`) and reads answers (`ask`), in `language`; click's streams by default."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None], language: str = "en"):
        self.read, self.write = read, write
        self.words = WORDS[language if language in WORDS else "en"]

    def say(self, text: str = "") -> None:
        self.write(text)

    def ask(self, question: str, options: list[str]) -> int:
        """The index of the option the person picks (numbered from 1 on screen)."""
        for number, option in enumerate(options, 1):
            self.say(f"  {number}) {option}")
        while True:
            try:
                answer = self.read(self.words["ask"].format(question=question, n=len(options))).strip().lower()
            except (EOFError, KeyboardInterrupt) as stop:
                raise Quit() from stop
            if answer in self.words["quit"]:
                raise Quit()
            number = option_number(answer, len(options))
            if number is not None:
                return number - 1
            self.say(self.words["again"].format(n=len(options)))

    def yes(self, question: str) -> bool:
        return self.ask(question, [self.words["yes"], self.words["no"]]) == 0


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


class Human(Player):
    """A person at the terminal."""

    name = "you"

    def __init__(self, console: Console, describer: Describer):
        self.console, self.describe = console, describer
        self.words = describer.words

    def throw(self, game, me):
        show_state(game, self.console, self.describe)
        return self.console.ask(self.words["throw?"], self.describe.throws)

    def take(self, game, me, options):
        index = self.console.ask(self.words["take?"], [self.describe.card(c) for c in options])
        return options[index]

    def fallback(self, game, me, brinde):
        table = game.zones[TABLE]
        self.console.say(self.words["no type"])
        choices = ([self.words["brinde"]] if brinde else []) + [
            self.words["bottom"].format(card=self.describe.card(c)) for c in table
        ]
        index = self.console.ask(self.words["what?"], choices)
        if brinde:
            return None if index == 0 else table[index - 1]
        return table[index]

    def choose(self, game, me, request: Request, options, count):
        source = game.compiled.name(request.card)
        verb = self.words["verbs"].get(request.verb, "")
        picked: list[int] = []
        left = list(options)
        while len(picked) < count:
            labels = [self.words["from"].format(card=self.describe.card(c), zone=self.describe.zone(game.loc[c]))
                      for c in left]
            question = self.words["choose"].format(source=source, verb=verb, i=len(picked) + 1, n=count)
            picked.append(left.pop(self.console.ask(question, labels)))
        return picked

    def may(self, game, me, request: Request):
        return self.console.yes(self.words["may"].format(source=game.compiled.name(request.card)))

    def exchange(self, game, me, stars):
        points = game.domain_value(me) + game.credit[me]
        if stars < 1:  # the GDD lets a changed domain be discarded even when it buys nothing
            return self.console.yes(self.words["discard?"].format(points=points))
        return self.console.yes(self.words["exchange?"].format(points=points, stars=stars, s="s" if stars > 1 else ""))


def show_state(game: Game, console: Console, describe: Describer) -> None:
    words = describe.words
    console.say("")
    console.say(words["round"].format(round=game.round, deck=len(game.zones[DECK])))
    console.say(words["table"].format(cards=", ".join(describe.card(c) for c in game.zones[TABLE])))
    for seat in (describe.human, 1 - describe.human):
        domain = game.zones[DOMAIN + seat]
        console.say(words["state"].format(
            who=words["me"] if seat == describe.human else words["bot"], stars=game.stars(seat),
            points=game.domain_value(seat), cards=", ".join(describe.card(c) for c in domain) or words["empty"],
            discarded=len(game.zones[DISCARD + seat]),
        ))


class Narrator:
    """Listens to a game and tells what happens."""

    def __init__(self, game: Game, console: Console, describer: Describer):
        self.game, self.console, self.describe = game, console, describer
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
        self.console.say(self.words["throws"].format(mine=names[mine], theirs=names[theirs], verdict=verdict))

    def on_take(self, data):
        self.console.say(f"{self.describe.does(data['seat'], 'take')} {self.describe.card(data['card'])}")
        for line in self.describe.rules_text(data["card"]):
            self.console.say(f"    {line}")

    def on_brinde(self, data):
        self.console.say(self.words["got brinde"].format(who=self.describe.does(data["seat"], "gain")))

    def on_bottom(self, data):
        self.console.say(self.words["put back"].format(who=self.describe.does(data["seat"], "put"),
                                                       card=self.describe.card(data["card"])))

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
        self.console.say(self.words["swap"].format(first=self.describe.card(data["first"]),
                                                   second=self.describe.card(data["second"])))

    def on_trigger(self, data):
        self.console.say(self.words["triggers"].format(name=self.game.compiled.name(data["card"])))

    def on_exchange(self, data):
        if not data["stars"]:
            self.console.say(self.words["discarded"].format(
                who=self.describe.does(data["seat"], "discard"), n=len(data["cards"]), points=data["points"]))
            return
        self.console.say(self.words["exchanged"].format(
            who=self.describe.does(data["seat"], "exchange"), n=len(data["cards"]), points=data["points"],
            stars=data["stars"]))

    def on_impossible(self, data):
        kind = self.words["kinds"].get(data["kind"], data["kind"])
        self.console.say(self.words["impossible"].format(name=self.game.compiled.name(data["card"]), kind=kind))

    def on_end(self, data):
        winner, reason = data["winner"], data["reason"]
        why = self.words["why"].get(reason, reason)
        self.console.say("")
        if winner is None:
            self.console.say(self.words["draw"].format(why=why))
        else:
            key = "you won" if winner == self.describe.human else "bot won"
            self.console.say(self.words[key].format(why=why, round=self.game.round))


def play(engine, *, bot: str, seed: int, read: Callable[[str], str], write: Callable[[str], None], language: str,
         title: str) -> None:
    """`deckdsl play` on Janken Wars: the person at seat 1, answering inside the engine; `bot` at seat 2 —
    one of the game's own players answers inside the engine too, a bot for any game (`ismcts:N`) decides
    every choice through the interface.  The same seed and answers replay the same game."""
    import random

    from ..search import make_bot
    from .state import JankenBot

    rng = random.Random(seed)
    state = engine.seat(rng, [None, None])
    opponent = make_bot(bot, random.Random(rng.getrandbits(64)), engine.bots)
    console = Console(read=read, write=write, language=language)
    describer = Describer(state.game, engine.profile, language, human=0)
    state.natives[:] = [Human(console, describer), opponent.player if isinstance(opponent, JankenBot) else None]
    state.listener = Narrator(state.game, console, describer)
    console.say(console.words["intro"].format(title=title, bot=bot, seed=seed))
    console.say(console.words["goal"].format(stars=engine.rules.stars_to_win, cost=engine.rules.star_cost))
    try:
        state.begin()
        while not state.is_terminal():
            state.apply(opponent.act(state))
    except Quit:
        console.say("")
        console.say(console.words["left"])
