"""Rules text from the AST: what the printed card says it does, in every language with a catalog.

The writer walks an effect and asks the language's catalog (`deckdsl.text.catalog`, `locales/*.ftl`) for
each piece: one `visit_<Node>` method per effect node (`visit_Gain` writes `Gain` with the message `gain`);
a node without one raises, and a test writes every node kind in every language.  What is decided here is
what the sentence says — who acts, whether a choice is shown, which voice the effect is in — never how a
language says it: the words, their order, plurals and agreement are the catalog's.

Steps are written in the voice the GDD uses: actions address the card's owner in the imperative
("descarte uma carta da mesa"), conditions describe ("o valor é o número de cartas do jogador").  The
Portuguese follows the GDD's card list word for word for the nine standard cards (golden tests compare
them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..escapes import visible
from ..lang import ast
from .catalog import Catalog, catalog, languages, matching

LANGUAGES = languages()
"""The languages rules text is written in: one per catalog in `locales/`."""

DEFAULT_LANGUAGE = "en"
"""The language of a deck whose language has no catalog."""


@dataclass(frozen=True)
class CardText:
    """A card's rules text: one line per effect (`Custo: …`, `Ação: …`, `Condição: …`), in order, or the
    lines of the card's own `text:` (`written`)."""

    lines: tuple[str, ...]
    written: bool = False

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def shown(self) -> tuple[str, ...]:
        """The lines for a terminal or a log, each made visible (`deckdsl.escapes.visible`); the card's own
        text is one line, its line breaks shown as `\\n`: a value's newline never starts a line of output
        (a printed card breaks its lines there)."""
        return shown(self.lines, len(self.lines) if self.written else 0)


def shown(lines: tuple[str, ...], written: int) -> tuple[str, ...]:
    """`lines` for a terminal, the first `written` of them (a text as the deck wrote it) joined into one."""
    own = (visible("\n".join(lines[:written])),) if written else ()
    return (*own, *(visible(line) for line in lines[written:]))


def language_of(tag: str | None) -> str:
    """The catalog for a BCP 47 tag: the one with the same tag, else the one of its language (`pt`,
    `pt-PT` → `pt-BR`; `ru-RU` → `ru`); `en` when no catalog speaks it."""
    return matching(tag, LANGUAGES) or DEFAULT_LANGUAGE


def card_text(card: ast.Card, language: str = "pt-BR", *, generated: bool = False) -> CardText:
    """The rules text of `card` in `language` (see `LANGUAGES`): the card's own `text:` when it has one
    (unless `generated`), else the text generated from its effects."""
    if card.text is not None and not generated:
        return CardText(tuple(card.text.splitlines()), written=True)
    return CardText(tuple(Writer(catalog(language_of(language))).card(card)))


def no_effect(language: str = "pt-BR") -> str:
    """What stands for the rules text of a card with no effect (`deckdsl text`)."""
    return phrase(language, "no-effect")


PHRASES = ("no-effect", "addenda-title", "sheet-summary", "sheet-reference")
"""The messages of a catalog that `phrase` reads: words of the tools around the rules text."""


def phrase(language: str, message: str) -> str:
    """A message of `language`'s catalog that takes no facts: `no-effect`, `addenda-title`, `sheet-summary`
    (the title of a rules-summary card), `sheet-reference` (of the reference card)."""
    return catalog(language_of(language)).say(message)


@dataclass(frozen=True)
class AddendumText:
    """An addendum as the players read it: its `title` and `lines` — its own `text:`, then one sentence
    per `order:` saying which card's effects come first."""

    title: str
    lines: tuple[str, ...]
    written: int = 0
    """How many of the lines are the addendum's own `text:`."""

    def shown(self) -> tuple[str, ...]:
        """The lines for a terminal or a log (see `CardText.shown`): the own text one line, then each sentence."""
        return shown(self.lines, self.written)


def addendum_text(addendum: ast.Addendum, language: str = "pt-BR") -> AddendumText:
    """The rules text of `addendum` in `language` (its `text:` is printed as written)."""
    words = catalog(language_of(language))
    lines = list(addendum.text.splitlines()) if addendum.text else []
    written = len(lines)
    for order in addendum.orders:
        names = list(dict.fromkeys(ref.name for ref in order.cards))
        if len(names) < 2:
            continue
        listed = words.separator("list-separator").join(names[:-1]) + words.separator("list-last") + names[-1]
        lines.append(words.say("addendum-order", listed=listed, first=names[0], count=len(names),
                               names=words.separator("list-separator").join(names)))
    return AddendumText(addendum.title, tuple(lines), written)


def effect_labels(language: str = "pt-BR") -> tuple[str, ...]:
    """The words that open a line of rules text in `language` (`Custo`, `Ação`, `Condição`): the printed
    card sets them off."""
    words = catalog(language_of(language))
    return tuple(words.say(f"label-{part}") for part in ("cost", "action", "condition"))


_OPERATORS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
_COMPARATORS = {">=": "at-least", "<=": "at-most", "==": "equal", "!=": "not-equal", ">": "more", "<": "less"}
_ZONES = {"discard pile": "discard", "descarte": "discard", "domínio": "domain", "dominio": "domain",
          "mesa": "table", "baralho": "deck", "estrelas": "stars"}
_KNOWN_ZONES = frozenset({"domain", "discard", "stars", "table", "deck"})


def _zone(node: ast.Zone) -> tuple[str, str]:
    """The zone's kind for the catalogs (`domain`, `discard`, `stars`, `table`, `deck`, or `other`) and
    its name as written (for `other`)."""
    text = " ".join(node.name.split()).casefold()
    kind = _ZONES.get(text, text)
    return (kind if kind in _KNOWN_ZONES else "other"), node.name


def _count(expr: ast.Node | int | None) -> int | str:
    """A count as the catalogs select on it: the number, or `all` (no count), or `expr` (a formula)."""
    if expr is None:
        return "all"
    if isinstance(expr, int):
        return expr
    return expr.value if isinstance(expr, ast.Number) else "expr"


class Writer:
    """Writes a card's effects with one language's `Catalog`.

    State while writing: `voice` (`action` or `condition`: the effect being written), `trigger` (inside a
    trigger's steps, which are written as actions).
    """

    def __init__(self, words: Catalog) -> None:
        self.words = words
        self.voice = "action"
        self.trigger = False

    def card(self, card: ast.Card):
        for label, effect, voice in (("cost", card.cost, "action"), ("action", card.action, "action"),
                                     ("condition", card.condition, "condition")):
            if effect is None:
                continue
            self.voice = voice
            parts = [self.write(node) for node in (effect.steps if voice == "action" else effect.clauses)]
            joined = self.words.separator("steps-separator" if voice == "action" else "clauses-separator").join(parts)
            yield self.words.say("card-line", label=self.words.say(f"label-{label}"), text=joined)

    def write(self, node: ast.Node, **options) -> str:
        method: Callable | None = getattr(self, f"visit_{type(node).__name__}", None)
        if method is None:
            raise NotImplementedError(f"{type(self).__name__} has no visit_{type(node).__name__}")
        return method(node, **options)

    def say(self, message: str, **facts) -> str:
        """`message` of the catalog, told the voice of the effect and whether it is inside a trigger."""
        return self.words.say(message, voice=self.voice, trigger=self.trigger, **facts)

    # -- numbers ----------------------------------------------------------------------------

    def visit_Number(self, node: ast.Number, **_) -> str:
        return self.say("number", value=node.value)

    def visit_BinaryOp(self, node: ast.BinaryOp, role: str = "object", **_) -> str:
        return self.say("binary-op", op=_OPERATORS[node.op], left=self.write(node.left, role=role),
                        right=self.write(node.right))

    def visit_Negate(self, node: ast.Negate, **_) -> str:
        return self.say("negate", operand=self.write(node.operand))

    def visit_Comparison(self, node: ast.Comparison, **_) -> str:
        return self.say("comparison", comparator=_COMPARATORS[node.comparator], left=self.write(node.left),
                        right=self.write(node.right))

    def visit_Function(self, node: ast.Function, role: str = "object", **_) -> str:
        if node.name in ("ceil", "floor"):
            return self.say("rounded", direction="up" if node.name == "ceil" else "down",
                            number=self.write(node.argument))
        argument = node.argument
        if isinstance(argument, ast.Zone):
            kind, place = _zone(argument)
            counted = self.say("counted-zone", zone=kind, place=place, owner=argument.owner or "you")
        else:
            counted = self.write(argument, role="counted")
        return self.say("count" if node.name == "count" else "sum", cards=counted, role=role)

    # -- cards ------------------------------------------------------------------------------

    def location(self, zone: ast.Zone, actor: str | None = None, use: str = "from") -> str:
        kind, place = _zone(zone)
        return self.say("location", zone=kind, place=place, owner=zone.owner or "you", actor=actor, use=use)

    def visit_Selection(self, node: ast.Selection, actor: str | None = None, chooser_shown: bool = True,
                        role: str = "object", **_) -> str:
        count = _count(node.count)
        kind, _place = _zone(node.zone)
        own = kind == "domain" and node.zone.owner == actor == "opponent"
        chooser = "none"
        if chooser_shown and node.chooser == "random":
            chooser = "random"
        elif chooser_shown and node.chooser and node.chooser != (actor or "you"):
            chooser = node.chooser
        filters = " ".join(self.write(item) for item in node.filters if not isinstance(item, ast.ValueFilter))
        values = " ".join(self.write(item) for item in node.filters if isinstance(item, ast.ValueFilter))
        cards = self.say("cards", count=count, other=node.other, up_to=node.up_to, role=role)
        return self.say("selection", cards=cards, count=count, other=node.other, own=own, filters=filters,
                        location=self.location(node.zone, actor), values=values, chooser=chooser, role=role)

    def visit_Zone(self, node: ast.Zone, role: str = "object", **_) -> str:
        kind, place = _zone(node)
        return self.say("zone", zone=kind, place=place, owner=node.owner or "you", role=role,
                        location=self.location(node, use="in"))

    def visit_ThisCard(self, node: ast.ThisCard, role: str = "object", **_) -> str:
        return self.say("this-card", role=role)

    def visit_EventCard(self, node: ast.EventCard, role: str = "object", **_) -> str:
        return self.say("event-card", role=role)

    def visit_DeckTop(self, node: ast.DeckTop, role: str = "object", **_) -> str:
        return self.say("deck-top", count=node.count, role=role)

    def visit_TypeFilter(self, node: ast.TypeFilter, **_) -> str:
        return self.say("type-filter", type=node.value)

    def visit_NameFilter(self, node: ast.NameFilter, **_) -> str:
        return self.say("name-filter", name=node.name)

    def visit_ValueFilter(self, node: ast.ValueFilter, **_) -> str:
        return self.say("value-filter", comparator=_COMPARATORS[node.comparator], amount=self.write(node.amount))

    # -- steps ------------------------------------------------------------------------------

    def step(self, message: str, verb: str, node: ast.Node, mood: str, **facts) -> str:
        """A step's message, told its verb, its player and the mood it is written in (`default`,
        `infinitive` after "may", `future` in an event: "whenever you gain …")."""
        return self.say(message, verb=verb, player=getattr(node, "player", None) or "you", mood=mood, **facts)

    def visit_Gain(self, node: ast.Gain, mood: str = "default") -> str:
        also = self.voice == "action" and mood == "default" and node.actor == "you" and not self.trigger
        return self.step("gain", "gain", node, mood, also=also, cards=self.write(node.cards, actor=node.actor))

    def stars(self, amount: ast.Node) -> str:
        return self.say("stars", count=_count(amount), amount=self.write(amount))

    def visit_GainStars(self, node: ast.GainStars, mood: str = "default") -> str:
        return self.step("gain-stars", "gain", node, mood, stars=self.stars(node.amount))

    def visit_LoseStars(self, node: ast.LoseStars, mood: str = "default") -> str:
        return self.step("lose-stars", "lose", node, mood, stars=self.stars(node.amount))

    def visit_Discard(self, node: ast.Discard, mood: str = "default") -> str:
        cards = node.cards
        if (isinstance(cards, ast.Selection) and cards.chooser in ("you", "opponent") and cards.chooser != node.actor
                and mood == "default"):
            chosen = self.visit_Selection(cards, actor="you", chooser_shown=False)
            return self.step("discard-chosen", "discard", node, mood, chooser=cards.chooser, actor=node.actor or "you",
                             cards=chosen, count=_count(cards.count))
        return self.step("discard", "discard", node, mood, cards=self.write(cards, actor=node.actor))

    def visit_Swap(self, node: ast.Swap, mood: str = "default") -> str:
        passive = (isinstance(node.first, ast.ThisCard) and self.voice == "action" and mood == "default"
                   and not self.trigger)
        return self.step("swap", "swap", node, mood, passive=passive,
                         first=self.write(node.first, actor=node.actor),
                         second=self.write(node.second, actor=node.actor, role="swapped-for"))

    def visit_PutOnBottom(self, node: ast.PutOnBottom, mood: str = "default") -> str:
        return self.step("put-on-bottom", "put", node, mood, cards=self.write(node.cards, actor=node.actor))

    def visit_CancelAction(self, node: ast.CancelAction, mood: str = "default") -> str:
        own = node.cards is None or isinstance(node.cards, ast.EventCard)
        cards = "" if own else self.write(node.cards, role="owner")
        return self.step("cancel-action", "cancel", node, mood, whose="it" if own else "cards", cards=cards)

    def visit_Optional(self, node: ast.Optional, mood: str = "default") -> str:
        return self.say("optional", actor=node.actor or "you", step=self.write(node.step, mood="infinitive"))

    def visit_Conditional(self, node: ast.Conditional, mood: str = "default") -> str:
        return self.say("conditional", test=self.write(node.test), step=self.write(node.step, mood=mood))

    # -- conditions -------------------------------------------------------------------------

    def visit_ValueDefinition(self, node: ast.ValueDefinition) -> str:
        return self.say("value-definition", expr=self.write(node.expr))

    def visit_ValueModifier(self, node: ast.ValueModifier) -> str:
        chosen = node.chosen_on_entry and isinstance(node.cards, ast.Selection)
        one = chosen and node.cards.count == 1
        change = self.say("value-change", op=node.op, count=_count(node.amount), amount=self.write(node.amount),
                          one=one)
        if not chosen:
            return self.say("value-modifier", cards=self.write(node.cards, role="subject"), change=change)
        saved, self.voice = self.voice, "action"  # the choice is made like an action's: "choose …"
        picked = self.visit_Selection(node.cards, chooser_shown=False,
                                      role="subject" if node.cards.chooser == "random" else "object")
        self.voice = saved
        return self.say("value-modifier-chosen", chooser=node.cards.chooser or "you", cards=picked, one=one,
                        change=change)

    def visit_DiscardPriority(self, node: ast.DiscardPriority) -> str:
        return self.say("discard-priority", order=node.order)

    def visit_Trigger(self, node: ast.Trigger) -> str:
        saved, self.voice, self.trigger = self.voice, "action", True
        event = self.write(node.event)
        steps = [self.write(step) for step in node.steps]
        self.voice, self.trigger = saved, False
        return self.say("trigger", event=event, steps=self.words.separator("trigger-separator").join(steps))

    def visit_GainEvent(self, node: ast.GainEvent) -> str:
        return self.step("gain-event", "gain", node, "future", cards=self.write(node.cards, actor=node.player))

    def visit_DiscardEvent(self, node: ast.DiscardEvent) -> str:
        return self.step("discard-event", "discard", node, "future", cards=self.write(node.cards, actor=node.player))

    def visit_DisputeEvent(self, node: ast.DisputeEvent) -> str:
        return self.say("dispute-event", player=node.player or "you", outcome=node.outcome, throw=node.throw)
