"""Rules text from the AST, in Portuguese (pt-BR) and English: what the printed card says it does.

One writer class per language, one `<node>_text` method per effect node (`gain_text` writes `Gain`); a
node without one raises, and a test writes every node kind in both languages.  Steps are written in the
voice the GDD uses: actions address the card's owner in the imperative ("descarte uma carta da mesa"),
conditions describe ("o valor é o número de cartas do jogador").  The Portuguese follows the GDD's card
list word for word for the nine standard cards (golden tests compare them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..lang import ast

LANGUAGES = ("pt-BR", "en")


@dataclass(frozen=True)
class CardText:
    """A card's rules text: one line per effect (`Custo: …`, `Ação: …`, `Condição: …`), in order."""

    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def language_of(tag: str | None) -> str:
    """The writer for a BCP 47 tag: `pt`, `pt-BR`, `pt-PT` → `pt-BR`; anything else → `en`."""
    return "pt-BR" if (tag or "").lower().startswith("pt") else "en"


def card_text(card: ast.Card, language: str = "pt-BR", *, generated: bool = False) -> CardText:
    """The rules text of `card` in `language` (see `LANGUAGES`): the card's own `text:` when it has one
    (unless `generated`), else the text generated from its effects."""
    if card.text is not None and not generated:
        return CardText(tuple(card.text.splitlines()))
    writer = _WRITERS[language_of(language)]()
    return CardText(tuple(writer.card(card)))


@dataclass(frozen=True)
class AddendumText:
    """An addendum as the players read it: its `title` and `lines` — its own `text:`, then one sentence
    per `order:` saying which card's effects come first."""

    title: str
    lines: tuple[str, ...]


def addendum_text(addendum: ast.Addendum, language: str = "pt-BR") -> AddendumText:
    """The rules text of `addendum` in `language` (its `text:` is printed as written)."""
    portuguese = language_of(language) == "pt-BR"
    lines = list(addendum.text.splitlines()) if addendum.text else []
    for order in addendum.orders:
        names = list(dict.fromkeys(ref.name for ref in order.cards))
        if len(names) < 2:
            continue
        if portuguese:
            listed = ", ".join(names[:-1]) + " e " + names[-1]
            after = (f"os de {names[0]} vêm primeiro" if len(names) == 2
                     else f"eles vêm nesta ordem: {', '.join(names)}")
            lines.append(f"Quando efeitos de {listed} se aplicam ao mesmo tempo, {after}.")
        else:
            listed = ", ".join(names[:-1]) + " and " + names[-1]
            after = (f"{names[0]}'s come first" if len(names) == 2
                     else f"they come in this order: {', '.join(names)}")
            lines.append(f"When effects of {listed} apply at the same moment, {after}.")
    return AddendumText(addendum.title, tuple(lines))


# Grammatical number words: feminine (carta, estrela) and masculine (ponto) in Portuguese.
_PT_FEMININE = {
    1: "uma",
    2: "duas",
    3: "três",
    4: "quatro",
    5: "cinco",
    6: "seis",
    7: "sete",
    8: "oito",
    9: "nove",
    10: "dez",
}
_PT_MASCULINE = {**_PT_FEMININE, 1: "um", 2: "dois"}
_EN = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


class _Writer:
    """Shared machinery: dispatch by node name, sentence assembly, the voice of the current effect."""

    LABELS: dict[str, str]

    def __init__(self) -> None:
        self.voice = "action"  # or "condition"
        self.in_trigger = False
        self.card_name = ""

    def card(self, card: ast.Card):
        self.card_name = card.name
        for label, effect, voice in (
            ("cost", card.cost, "action"),
            ("action", card.action, "action"),
            ("condition", card.condition, "condition"),
        ):
            if effect is None:
                continue
            self.voice = voice
            parts = [self.write(node) for node in (effect.steps if voice == "action" else effect.clauses)]
            yield f"{self.LABELS[label]}: {self.join(parts)}."

    def write(self, node: ast.Node, **options) -> str:
        method: Callable | None = getattr(self, f"{_snake(type(node).__name__)}_text", None)
        if method is None:
            raise NotImplementedError(f"{type(self).__name__} has no {_snake(type(node).__name__)}_text")
        return method(node, **options)

    def join(self, parts: list[str]) -> str:
        raise NotImplementedError

    # -- what every language writes the same way, with its own words --------------------------

    OPERATORS: dict[str, str]
    COMPARATORS: dict[str, str]

    def number_text(self, node: ast.Number, **_) -> str:
        return str(node.value)

    def binary_op_text(self, node: ast.BinaryOp, **_) -> str:
        return f"{self.write(node.left)} {self.OPERATORS[node.op]} {self.write(node.right)}"

    def negate_text(self, node: ast.Negate, **_) -> str:
        return f"{self.OPERATORS['-']} {self.write(node.operand)}"

    def comparison_text(self, node: ast.Comparison) -> str:
        return f"{self.write(node.left)} {self.COMPARATORS[node.comparator]} {self.write(node.right)}"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _number(expr: ast.Node) -> int | None:
    return expr.value if isinstance(expr, ast.Number) else None


def _zone(name: str) -> str:
    text = " ".join(name.split()).casefold()
    return {
        "discard pile": "discard",
        "descarte": "discard",
        "domínio": "domain",
        "dominio": "domain",
        "mesa": "table",
        "baralho": "deck",
        "estrelas": "stars",
    }.get(text, text)


# --------------------------------------------------------------------------- Portuguese ---


class _Portuguese(_Writer):
    LABELS = {"cost": "Custo", "action": "Ação", "condition": "Condição"}
    OPERATORS = {"+": "mais", "-": "menos", "*": "vezes", "/": "dividido por"}
    # verb: (imperative, infinitive, third person present, future subjunctive)
    VERBS = {
        "gain": ("ganhe", "ganhar", "ganha", "ganhar"),
        "discard": ("descarte", "descartar", "descarta", "descartar"),
        "lose": ("perca", "perder", "perde", "perder"),
        "put": ("coloque", "colocar", "coloca", "colocar"),
        "swap": ("troque", "trocar", "troca", "trocar"),
        "cancel": ("anule", "anular", "anula", "anular"),
    }
    COMPARATORS = {
        ">=": "for pelo menos",
        "<=": "for no máximo",
        "==": "for igual a",
        "!=": "for diferente de",
        ">": "for maior que",
        "<": "for menor que",
    }
    ZONE_NAMES = {
        "domain": "domínio",
        "discard": "pilha de descarte",
        "stars": "estrelas",
        "table": "mesa",
        "deck": "baralho",
    }

    def join(self, parts: list[str]) -> str:
        return ", depois ".join(parts) if self.voice == "action" else "; ".join(parts)

    def verb(self, verb: str, player: str | None, mood: str = "default") -> str:
        imperative, infinitive, third, future = self.VERBS[verb]
        if mood == "infinitive":
            return infinitive
        if mood == "future":
            return f"{'você' if player == 'you' else 'o oponente'} {future}"
        if player == "opponent":
            return f"o oponente {third}"
        return imperative if self.voice == "action" else f"o jogador {third}"

    # -- card sets --------------------------------------------------------------------------

    def owner(self, owner: str | None) -> str:
        if owner == "opponent":
            return "do oponente"
        return "do seu" if self.voice == "action" else "do jogador"

    def location(self, zone: ast.Zone, actor: str | None = None) -> str:
        """Where cards are taken from: `da mesa`, `do oponente` (a domain), `da pilha de descarte do jogador`."""
        kind = _zone(zone.name)
        if kind == "table":
            return "da mesa"
        if kind == "deck":
            return "do baralho"
        if kind == "domain":
            if zone.owner == "opponent":
                return "do oponente" if actor != "opponent" else "dele"
            return "do seu domínio" if self.voice == "action" else "do jogador"
        place = self.ZONE_NAMES.get(kind, zone.name)
        whose = "do oponente" if zone.owner == "opponent" else ("sua" if self.voice == "action" else "do jogador")
        return f"da sua {place}" if whose == "sua" else f"da {place} {whose}"

    def cards(self, count: int | None, other: bool = False, up_to: bool = False) -> str:
        outras = "outras " if other else ""
        if count is None:
            return f"todas as {outras}cartas"
        if count == 1:
            return "uma outra carta" if other else "uma carta"
        amount = _PT_FEMININE.get(count, str(count))
        return f"{'até ' if up_to else ''}{amount} {outras}cartas"

    def selection_text(self, node: ast.Selection, actor: str | None = None, chooser_shown: bool = True) -> str:
        words = [self.cards(node.count, node.other, node.up_to)]
        words += [self.write(item) for item in node.filters if not isinstance(item, ast.ValueFilter)]
        own = _zone(node.zone.name) == "domain" and node.zone.owner == (actor or "you") and actor == "opponent"
        if not (own and node.count is None):
            words.append(self.location(node.zone, actor))
        words += [self.write(item) for item in node.filters if isinstance(item, ast.ValueFilter)]
        if chooser_shown and node.chooser == "random":
            words.append("ao acaso")
        elif chooser_shown and node.chooser and node.chooser != (actor or "you"):
            chosen = "escolhida" if node.count == 1 else "escolhidas"
            words.append(f"{chosen} {'por você' if node.chooser == 'you' else 'pelo oponente'}")
        return " ".join(words)

    def zone_text(self, node: ast.Zone, actor: str | None = None) -> str:
        kind = _zone(node.name)
        if kind == "domain":
            return (
                "as cartas do oponente"
                if node.owner == "opponent"
                else ("as suas cartas" if self.voice == "action" else "as cartas do jogador")
            )
        return f"as cartas {self.location(node)}"

    def this_card_text(self, node: ast.ThisCard, **_) -> str:
        return "esta carta"

    def event_card_text(self, node: ast.EventCard, **_) -> str:
        return "ela"

    def deck_top_text(self, node: ast.DeckTop, **_) -> str:
        if node.count == 1:
            return "a carta no topo do baralho"
        return f"as {_PT_FEMININE.get(node.count, str(node.count))} cartas no topo do baralho"

    def type_filter_text(self, node: ast.TypeFilter) -> str:
        return f"do tipo {_PT_TYPES.get(node.value, node.value)}"

    def name_filter_text(self, node: ast.NameFilter) -> str:
        return f"chamada {node.name}"

    def value_filter_text(self, node: ast.ValueFilter) -> str:
        return f"que {self.COMPARATORS[node.comparator].replace('for ', 'valha ')} {self.write(node.amount)}"

    # -- numbers ----------------------------------------------------------------------------

    def function_text(self, node: ast.Function, **_) -> str:
        if node.name == "ceil":
            return f"{self.write(node.argument)}, arredondado para cima"
        if node.name == "floor":
            return f"{self.write(node.argument)}, arredondado para baixo"
        what = self.counted(node.argument)
        return f"o número de {what}" if node.name == "count" else f"a soma dos valores de {what}"

    def counted(self, cards: ast.Node) -> str:
        """Cards as counted: `cartas do jogador`, `cartas na pilha de descarte do jogador`."""
        if isinstance(cards, ast.Zone):
            kind = _zone(cards.name)
            whose = "do oponente" if cards.owner == "opponent" else "do jogador"
            if kind == "domain":
                return f"cartas {whose}"
            if kind == "stars":
                return f"estrelas {whose}"
            if kind in ("table", "deck"):
                return f"cartas {'na mesa' if kind == 'table' else 'no baralho'}"
            return f"cartas na {self.ZONE_NAMES.get(kind, cards.name)} {whose}"
        text = self.write(cards)
        return text.removeprefix("todas as ").removeprefix("as ").removeprefix("uma ")

    # -- steps ------------------------------------------------------------------------------

    def gain_text(self, node: ast.Gain, mood: str = "default") -> str:
        also = (
            " também"
            if self.voice == "action" and mood == "default" and node.actor == "you" and not self.in_trigger
            else ""
        )
        return f"{self.verb('gain', node.player, mood)}{also} {self.write(node.cards, actor=node.actor)}"

    def stars(self, amount: ast.Node) -> str:
        count = _number(amount)
        if count is None:
            return f"{self.write(amount)} estrelas"
        return f"{_PT_FEMININE.get(count, str(count))} estrela{'s' if count != 1 else ''}"

    def gain_stars_text(self, node: ast.GainStars, mood: str = "default") -> str:
        return f"{self.verb('gain', node.player, mood)} {self.stars(node.amount)}"

    def lose_stars_text(self, node: ast.LoseStars, mood: str = "default") -> str:
        return f"{self.verb('lose', node.player, mood)} {self.stars(node.amount)}"

    def discard_text(self, node: ast.Discard, mood: str = "default") -> str:
        cards = node.cards
        if (
            isinstance(cards, ast.Selection)
            and cards.chooser in ("you", "opponent")
            and cards.chooser != node.actor
            and mood == "default"
        ):
            chooser = "escolha" if cards.chooser == "you" else "o oponente escolhe"
            target = "ele" if node.actor == "opponent" else "você"
            chosen = self.selection_text(cards, actor="you", chooser_shown=False)
            return f"{chooser} {chosen} para {target} descartar"
        return f"{self.verb('discard', node.player, mood)} {self.write(cards, actor=node.actor)}"

    def swap_text(self, node: ast.Swap, mood: str = "default") -> str:
        if (
            isinstance(node.first, ast.ThisCard)
            and self.voice == "action"
            and mood == "default"
            and not self.in_trigger
        ):
            return f"deve ser trocada com {self.write(node.second, actor=node.actor)}"
        return (
            f"{self.verb('swap', node.player, mood)} {self.write(node.first, actor=node.actor)} com "
            f"{self.write(node.second, actor=node.actor)}"
        )

    def put_on_bottom_text(self, node: ast.PutOnBottom, mood: str = "default") -> str:
        return f"{self.verb('put', node.player, mood)} {self.write(node.cards, actor=node.actor)} no fundo do baralho"

    def cancel_action_text(self, node: ast.CancelAction, mood: str = "default") -> str:
        whose = (
            "dela" if node.cards is None or isinstance(node.cards, ast.EventCard) else (f"de {self.write(node.cards)}")
        )
        return f"{self.verb('cancel', node.player, mood)} a ação {whose}"

    def optional_text(self, node: ast.Optional, mood: str = "default") -> str:
        subject = (
            "o oponente pode"
            if node.actor == "opponent"
            else ("você pode" if self.voice == "action" else "o jogador pode")
        )
        return f"{subject} {self.write(node.step, mood='infinitive')}"

    def conditional_text(self, node: ast.Conditional, mood: str = "default") -> str:
        return f"se {self.write(node.test)}, {self.write(node.step, mood=mood)}"

    # -- conditions -------------------------------------------------------------------------

    def value_definition_text(self, node: ast.ValueDefinition) -> str:
        return f"o valor é {self.write(node.expr)}"

    def value_modifier_text(self, node: ast.ValueModifier) -> str:
        amount = _number(node.amount)
        shown = self.write(node.amount)
        points = (
            f"{_PT_MASCULINE.get(amount, shown)} ponto{'s' if amount != 1 else ''}"
            if amount is not None
            else f"{shown} pontos"
        )
        chosen = node.chosen_on_entry and isinstance(node.cards, ast.Selection)
        one = chosen and node.cards.count == 1
        verb = "vale" if one else "valem"
        if node.op == "add":
            change = f"{verb} {points} a mais"
        elif node.op == "subtract":
            change = f"{verb} {points} a menos"
        elif node.op == "multiply":
            change = f"{verb} o dobro" if amount == 2 else f"{verb} {shown} vezes o seu valor"
        else:
            change = f"{verb} {points}"
        if not chosen:
            return f"{self.write(node.cards)} {change}"
        saved, self.voice = self.voice, "action"  # the choice is made like an action's: "escolha …"
        picked = self.selection_text(node.cards, chooser_shown=False)
        self.voice = saved
        chooser = node.cards.chooser
        if chooser == "random":
            told = f"{picked} {'é escolhida' if one else 'são escolhidas'} ao acaso"
        else:
            told = f"{'o oponente escolhe' if chooser == 'opponent' else 'escolha'} {picked}"
        return f"quando esta carta entrar no seu domínio, {told}: {'ela' if one else 'elas'} {change}"

    def discard_priority_text(self, node: ast.DiscardPriority) -> str:
        when = "antes" if node.order == "first" else "depois"
        return f"precisa ser descartada {when} das outras cartas do jogador"

    def trigger_text(self, node: ast.Trigger) -> str:
        saved, self.voice, self.in_trigger = self.voice, "action", True
        event = self.write(node.event)
        steps = [self.write(step) for step in node.steps]
        self.voice, self.in_trigger = saved, False
        return f"sempre que {event}, {' e '.join(steps)}"

    def gain_event_text(self, node: ast.GainEvent) -> str:
        return f"{self.verb('gain', node.player, 'future')} {self.write(node.cards, actor=node.player)}"

    def discard_event_text(self, node: ast.DiscardEvent) -> str:
        return f"{self.verb('discard', node.player, 'future')} {self.write(node.cards, actor=node.player)}"

    def dispute_event_text(self, node: ast.DisputeEvent) -> str:
        who = "você" if node.player == "you" else "o oponente"
        verb = "vencer" if node.outcome == "win" else "perder"
        throw = f" com {_PT_TYPES.get(node.throw, node.throw)}" if node.throw else ""
        return f"{who} {verb} uma disputa{throw}"


_PT_TYPES = {"rock": "pedra", "paper": "papel", "scissors": "tesoura"}


# ------------------------------------------------------------------------------ English ---


class _English(_Writer):
    LABELS = {"cost": "Cost", "action": "Action", "condition": "Condition"}
    OPERATORS = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}
    COMPARATORS = {
        ">=": "is at least",
        "<=": "is at most",
        "==": "is",
        "!=": "is not",
        ">": "is more than",
        "<": "is less than",
    }
    ZONE_NAMES = {"domain": "domain", "discard": "discard pile", "stars": "stars", "table": "table", "deck": "deck"}

    def join(self, parts: list[str]) -> str:
        return ", then ".join(parts) if self.voice == "action" else "; ".join(parts)

    def verb(self, verb: str, player: str | None, mood: str = "default") -> str:
        if mood in ("infinitive",):
            return verb
        if player == "opponent":
            return f"the opponent {verb}es" if verb.endswith("sh") else f"the opponent {_third(verb)}"
        if mood == "future":
            return f"you {verb}"
        return verb if self.voice == "action" else f"its owner {_third(verb)}"

    def location(self, zone: ast.Zone, actor: str | None = None) -> str:
        kind = _zone(zone.name)
        if kind == "table":
            return "from the table"
        if kind == "deck":
            return "from the deck"
        if kind == "domain":
            if zone.owner == "opponent":
                return "of the opponent" if actor != "opponent" else "of theirs"
            return "from your domain" if self.voice == "action" else "of its owner"
        place = self.ZONE_NAMES.get(kind, zone.name)
        if zone.owner == "opponent":
            return f"from the opponent's {place}"
        return f"from your {place}" if self.voice == "action" else f"from its owner's {place}"

    def cards(self, count: int | None, other: bool = False, up_to: bool = False) -> str:
        others = "other " if other else ""
        if count is None:
            return f"all {others}cards"
        if count == 1:
            return "another card" if other else "a card"
        return f"{'up to ' if up_to else ''}{_EN.get(count, str(count))} {others}cards"

    def selection_text(self, node: ast.Selection, actor: str | None = None, chooser_shown: bool = True) -> str:
        own = _zone(node.zone.name) == "domain" and node.zone.owner == actor == "opponent"
        words = [self.cards(node.count, node.other, node.up_to)]
        if own and node.count is None:
            words = [f"all their {'other ' if node.other else ''}cards"]
        words += [self.write(item) for item in node.filters if not isinstance(item, ast.ValueFilter)]
        if not (own and node.count is None):
            words.append(self.location(node.zone, actor))
        words += [self.write(item) for item in node.filters if isinstance(item, ast.ValueFilter)]
        if chooser_shown and node.chooser == "random":
            words.append("at random")
        elif chooser_shown and node.chooser and node.chooser != (actor or "you"):
            words.append(f"chosen by {'you' if node.chooser == 'you' else 'the opponent'}")
        return " ".join(words)

    def zone_text(self, node: ast.Zone, actor: str | None = None) -> str:
        kind = _zone(node.name)
        if kind == "domain":
            return (
                "the opponent's cards"
                if node.owner == "opponent"
                else ("your cards" if self.voice == "action" else "its owner's cards")
            )
        return f"the cards {self.location(node).replace('from ', 'in ')}"

    def this_card_text(self, node: ast.ThisCard, **_) -> str:
        return "this card"

    def event_card_text(self, node: ast.EventCard, **_) -> str:
        return "it"

    def deck_top_text(self, node: ast.DeckTop, **_) -> str:
        return (
            "the top card of the deck"
            if node.count == 1
            else (f"the top {_EN.get(node.count, str(node.count))} cards of the deck")
        )

    def type_filter_text(self, node: ast.TypeFilter) -> str:
        return f"of type {node.value}"

    def name_filter_text(self, node: ast.NameFilter) -> str:
        return f"named {node.name}"

    def value_filter_text(self, node: ast.ValueFilter) -> str:
        return f"whose value {self.COMPARATORS[node.comparator]} {self.write(node.amount)}"

    def function_text(self, node: ast.Function, **_) -> str:
        if node.name == "ceil":
            return f"{self.write(node.argument)}, rounded up"
        if node.name == "floor":
            return f"{self.write(node.argument)}, rounded down"
        what = self.counted(node.argument)
        return f"the number of {what}" if node.name == "count" else f"the total value of {what}"

    def counted(self, cards: ast.Node) -> str:
        if isinstance(cards, ast.Zone):
            kind = _zone(cards.name)
            whose = "the opponent's" if cards.owner == "opponent" else "its owner's"
            if kind == "domain":
                return f"{whose} cards"
            if kind == "stars":
                return f"{whose} stars"
            if kind in ("table", "deck"):
                return f"cards {'on the table' if kind == 'table' else 'in the deck'}"
            return f"cards in {whose} {self.ZONE_NAMES.get(kind, cards.name)}"
        return self.write(cards).removeprefix("all ").removeprefix("a ")

    def gain_text(self, node: ast.Gain, mood: str = "default") -> str:
        also = (
            "also "
            if self.voice == "action" and mood == "default" and node.actor == "you" and not self.in_trigger
            else ""
        )
        return f"{also}{self.verb('gain', node.player, mood)} {self.write(node.cards, actor=node.actor)}"

    def stars(self, amount: ast.Node) -> str:
        count = _number(amount)
        if count is None:
            return f"{self.write(amount)} stars"
        return f"{'a' if count == 1 else _EN.get(count, str(count))} star{'s' if count != 1 else ''}"

    def gain_stars_text(self, node: ast.GainStars, mood: str = "default") -> str:
        return f"{self.verb('gain', node.player, mood)} {self.stars(node.amount)}"

    def lose_stars_text(self, node: ast.LoseStars, mood: str = "default") -> str:
        return f"{self.verb('lose', node.player, mood)} {self.stars(node.amount)}"

    def discard_text(self, node: ast.Discard, mood: str = "default") -> str:
        cards = node.cards
        if (
            isinstance(cards, ast.Selection)
            and cards.chooser in ("you", "opponent")
            and cards.chooser != node.actor
            and mood == "default"
        ):
            chooser = "choose" if cards.chooser == "you" else "the opponent chooses"
            target = "them" if node.actor == "opponent" else "you"
            return f"{chooser} {self.selection_text(cards, actor='you', chooser_shown=False)} for {target} to discard"
        return f"{self.verb('discard', node.player, mood)} {self.write(cards, actor=node.actor)}"

    def swap_text(self, node: ast.Swap, mood: str = "default") -> str:
        if (
            isinstance(node.first, ast.ThisCard)
            and self.voice == "action"
            and mood == "default"
            and not self.in_trigger
        ):
            return f"must be swapped with {self.write(node.second, actor=node.actor)}"
        return (
            f"{self.verb('swap', node.player, mood)} {self.write(node.first, actor=node.actor)} with "
            f"{self.write(node.second, actor=node.actor)}"
        )

    def put_on_bottom_text(self, node: ast.PutOnBottom, mood: str = "default") -> str:
        cards = self.write(node.cards, actor=node.actor)
        return f"{self.verb('put', node.player, mood)} {cards} on the bottom of the deck"

    def cancel_action_text(self, node: ast.CancelAction, mood: str = "default") -> str:
        whose = (
            "its action"
            if node.cards is None or isinstance(node.cards, ast.EventCard)
            else (f"the action of {self.write(node.cards)}")
        )
        return f"{self.verb('cancel', node.player, mood)} {whose}"

    def optional_text(self, node: ast.Optional, mood: str = "default") -> str:
        subject = (
            "the opponent may"
            if node.actor == "opponent"
            else ("you may" if self.voice == "action" else "its owner may")
        )
        return f"{subject} {self.write(node.step, mood='infinitive')}"

    def conditional_text(self, node: ast.Conditional, mood: str = "default") -> str:
        return f"if {self.write(node.test)}, {self.write(node.step, mood=mood)}"

    def value_definition_text(self, node: ast.ValueDefinition) -> str:
        return f"its value is {self.write(node.expr)}"

    def value_modifier_text(self, node: ast.ValueModifier) -> str:
        amount = _number(node.amount)
        shown = self.write(node.amount)
        points = f"{shown} point{'s' if amount != 1 else ''}"
        chosen = node.chosen_on_entry and isinstance(node.cards, ast.Selection)
        one = chosen and node.cards.count == 1
        verb = "is" if one else "are"
        change = {
            "add": f"{verb} worth {points} more",
            "subtract": f"{verb} worth {points} less",
            "multiply": f"{verb} worth double" if amount == 2 else f"{verb} worth {shown} times as much",
            "set": f"{verb} worth {points}",
        }[node.op]
        if not chosen:
            return f"{self.write(node.cards)} {change}"
        saved, self.voice = self.voice, "action"  # the choice is made like an action's: "choose …"
        picked = self.selection_text(node.cards, chooser_shown=False)
        self.voice = saved
        if node.cards.chooser == "random":
            told = f"{picked} {'is' if one else 'are'} chosen at random"
        else:
            told = f"{'the opponent chooses' if node.cards.chooser == 'opponent' else 'choose'} {picked}"
        return f"when this card enters your domain, {told}: {'it' if one else 'they'} {change}"

    def discard_priority_text(self, node: ast.DiscardPriority) -> str:
        when = "before" if node.order == "first" else "after"
        return f"must be discarded {when} its owner's other cards"

    def trigger_text(self, node: ast.Trigger) -> str:
        saved, self.voice, self.in_trigger = self.voice, "action", True
        event = self.write(node.event)
        steps = [self.write(step) for step in node.steps]
        self.voice, self.in_trigger = saved, False
        return f"whenever {event}, {' and '.join(steps)}"

    def gain_event_text(self, node: ast.GainEvent) -> str:
        return f"{self.verb('gain', node.player, 'future')} {self.write(node.cards, actor=node.player)}"

    def discard_event_text(self, node: ast.DiscardEvent) -> str:
        return f"{self.verb('discard', node.player, 'future')} {self.write(node.cards, actor=node.player)}"

    def dispute_event_text(self, node: ast.DisputeEvent) -> str:
        who = "you" if node.player == "you" else "the opponent"
        verb = (
            ("win" if node.player == "you" else "wins")
            if node.outcome == "win"
            else ("lose" if node.player == "you" else "loses")
        )
        throw = f" with {node.throw}" if node.throw else ""
        return f"{who} {verb} a dispute{throw}"


def _third(verb: str) -> str:
    return verb + ("es" if verb.endswith(("sh", "ch", "s", "x")) else "s")


_WRITERS: dict[str, type[_Writer]] = {"pt-BR": _Portuguese, "en": _English}


def effect_labels(language: str = "pt-BR") -> tuple[str, ...]:
    """The words that open a line of rules text in `language` (`Custo`, `Ação`, `Condição`): the printed
    card sets them off."""
    return tuple(_WRITERS[language_of(language)].LABELS.values())
