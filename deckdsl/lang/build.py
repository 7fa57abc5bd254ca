"""Build AST nodes as Lark's LALR parser reduces rules (an inline transformer: no parse tree, no recursion).

`Builder` is given to `Lark(transformer=…)`; Lark calls `rule(children)` on each reduction and each method
returns a node (`deckdsl.lang.ast`) or a small intermediate value.  With `keep_all_tokens`, children include
keywords and punctuation, which give every node a span covering all it was written with.  Positions are
relative to the block being parsed (`reset`: its `Anchor`), since blocks are parsed one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token

from ..diagnostics import Diagnostic, Label
from ..escapes import decoded
from ..profiles.profile import Profile
from ..said import said
from ..span import Anchor, Span
from . import ast

MAX_DEPTH = 48
"""Deepest nesting of effect nodes accepted (DK007); pydantic's own limit is ~255."""


@dataclass(frozen=True)
class _Piece:
    """An intermediate value of a helper rule (a player, an amount, a field) and where it was."""

    value: object
    span: Span


MAX_DIGITS = 9
MAX_NUMBER = 999_999_999
"""The longest number a deck may write (docs/language.md, "Numbers")."""


class TooDeep(Exception):
    def __init__(self, span: Span) -> None:
        self.span = span


class _Builder:
    """Inline transformer: Lark calls `rule(children)` on each reduction; each returns a node or piece.

    With `keep_all_tokens`, children include keywords and punctuation, which give every node a span
    that covers all it was written with.
    """

    def __init__(self) -> None:
        self.anchor = Anchor()
        self.column_offset = 0
        self.depth: dict[int, int] = {}
        self.diagnostics: list[Diagnostic] = []
        self.profile: Profile | None = None
        self.long_numbers: set[Span] = set()
        """Where this block's over-long numbers were reported (DK010 once per number, found in constant
        time: a search of every diagnostic made a file of thousands of them quadratic, fuzz build_211)."""

    def reset(self, line_offset: int, column_offset: int, offset: int) -> None:
        """A block starts: `line_offset` lines and `offset` characters into the file, at column
        `column_offset` + 1 of its line.  Its spans are made relative to a new `Anchor` there."""
        self.anchor = Anchor(offset, line_offset)
        self.column_offset = column_offset
        self.depth = {}
        self.long_numbers = set()

    def token_span(self, token: Token) -> Span:
        return Span.within(
            self.anchor,
            token.line,
            token.column + (self.column_offset if token.line == 1 else 0),
            token.end_line,
            token.end_column + (self.column_offset if token.end_line == 1 else 0),
            token.start_pos,
            token.end_pos,
        )

    def _span(self, children: list) -> Span:
        """The span from the first to the last token or node among `children` (newlines excluded)."""
        first = last = None
        for child in children:
            if child is not None and not (type(child) is Token and child.type == "_NL"):
                first = child
                break
        for child in reversed(children):
            if child is not None and not (type(child) is Token and child.type == "_NL"):
                last = child
                break
        assert first is not None and last is not None, "a rule reduced with no tokens"
        if type(first) is Token:
            start_line = first.line
            start_column = first.column + (self.column_offset if start_line == 1 else 0)
            start = first.start_pos
        else:
            span = first.span
            start_line, start_column, start = span._line, span.column, span._start
        if type(last) is Token:
            end_line = last.end_line
            end_column = last.end_column + (self.column_offset if end_line == 1 else 0)
            end = last.end_pos
        else:
            span = last.span
            end_line, end_column, end = span._end_line, span.end_column, span._end
        return Span.within(self.anchor, start_line, start_column, end_line, end_column, start, end)

    def _node(self, cls: type[ast.Node], children: list, **fields) -> ast.Node:
        return ast.construct(cls, span=self._span(children), **fields)

    def _nested(self, cls: type[ast.Node], children: list, inner: tuple, **fields) -> ast.Node:
        """A node of a construct that can nest without bound (expressions, `may`, `if`): tracks depth.

        Only these can nest deeply; every other node adds a bounded number of levels.
        """
        node = ast.construct(cls, span=self._span(children), **fields)
        depth = 1 + max((self.depth.get(id(item), 0) for item in inner), default=0)
        if depth > MAX_DEPTH:
            raise TooDeep(node.span)
        self.depth[id(node)] = depth
        return node

    @staticmethod
    def _tokens(children: list, *types: str) -> list[Token]:
        return [c for c in children if isinstance(c, Token) and (not types or c.type in types)]

    # -- header ---------------------------------------------------------------------------

    def start(self, children):
        return [c for c in children if not isinstance(c, Token)]

    def deck(self, children):
        title = self._tokens(children, "STRING")[0]
        metas = [c for c in children if isinstance(c, ast.Meta)]
        rules = [s for c in children if isinstance(c, _Piece) for s in c.value if isinstance(s, ast.Setting)]
        printing = [s for c in children if isinstance(c, _Piece) for s in c.value if isinstance(s, ast.PrintSetting)]
        return Header(
            title=unquote(title), title_span=self.token_span(title), meta=tuple(metas),
            rules=tuple(rules), printing=tuple(printing), span=self._span(children),
        )

    def meta(self, children):
        name = children[0]
        value = _literal(children[2])
        return self._node(ast.Meta, children, name=str(name), value=value)

    def literal_list(self, children):
        punctuation = ("LSQB", "RSQB", "COMMA", "_NL")
        items = tuple(_literal(c) for c in children if not (isinstance(c, Token) and c.type in punctuation))
        return _Piece(items, self._span(children))

    def rules(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Setting)), self._span(children))

    def setting(self, children):
        value = children[2]
        return self._node(ast.Setting, children, name=str(children[0]),
                          value=value.value if isinstance(value, _Piece) else str(value))

    def print_block(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.PrintSetting)), self._span(children))

    def print_setting(self, children):
        value = children[2]
        if isinstance(value, _Piece) and isinstance(value.value, list):
            return self._node(ast.PrintSetting, children, name=str(children[0]), entries=tuple(value.value))
        return self._node(ast.PrintSetting, children, name=str(children[0]), value=_literal(value))

    def print_table(self, children):
        return _Piece([c for c in children if isinstance(c, ast.PrintEntry)], self._span(children))

    def print_entry(self, children):
        key = children[0]
        return self._node(ast.PrintEntry, children, key=unquote(key) if key.type == "STRING" else str(key),
                          value=_literal(children[2]))

    def signed_int(self, children):
        return _Piece(self._int(children[0]), self.token_span(children[0]))

    # -- cards ----------------------------------------------------------------------------

    def card(self, children):
        name_token = self._tokens(children, "STRING")[0]
        fields: dict[str, object] = {}
        spans: dict[str, Span] = {}
        attributes: list[ast.Attribute] = []
        for item in children:
            if isinstance(item, ast.Attribute):
                attributes.append(item)
            elif isinstance(item, _Field):
                if item.name in fields:
                    self.diagnostics.append(Diagnostic(
                        "DK102", said("read-field-twice", "field `{key}` is written twice in card `{card}`",
                                      key=item.name, card=unquote(name_token)),
                        item.span, labels=(Label(spans[item.name], said("read-first-written", "first written here")),),
                        help=said("read-keep-one", "keep one of them"),
                    ))
                    continue
                fields[item.name] = item.value
                spans[item.name] = item.span
        return self._node(
            ast.Card, children, name=unquote(name_token), name_span=self.token_span(name_token),
            attributes=tuple(attributes), field_spans=spans, **fields,
        )

    def _int(self, token: Token) -> int:
        """The number a token writes — at most MAX_DIGITS digits (a longer one is reported, DK010, and
        read as MAX_NUMBER): Python refuses to read 4,300 digits, and 310 already overflow a float."""
        text = str(token)
        digits = text.lstrip("+-")
        if len(digits) <= MAX_DIGITS:
            return int(text)
        found = Diagnostic(
            "DK010", said("read-number-too-long", "a number of {digits:,} digits: numbers in a deck have at most "
                          "{most} (up to {largest:,})", digits=len(digits), most=MAX_DIGITS, largest=MAX_NUMBER),
            self.token_span(token), help=said("read-number-help", "no card, count or rule needs more; was a digit key "
                                              "held down?"))
        if found.span not in self.long_numbers:
            self.long_numbers.add(found.span)
            self.diagnostics.append(found)
        return MAX_NUMBER if not text.startswith("-") else -MAX_NUMBER

    def _field(self, name: str, value, children) -> _Field:
        return _Field(name, value, self._span(children))

    def copies(self, children):
        return self._field("copies", self._int(children[2]), children)

    def value(self, children):
        item = children[2]
        return self._field("value", "*" if isinstance(item, Token) else item.value, children)

    def flavor(self, children):
        return self._field("flavor", unquote(children[2]), children)

    def card_text(self, children):
        return self._field("text", unquote(children[2]), children)

    def art(self, children):
        return self._field("art", unquote(children[2]), children)

    def attribute(self, children):
        name, value = children[0], children[2]
        if isinstance(value, _Piece):
            written, value_span = value.value, value.span
        else:
            written = unquote(value) if value.type == "STRING" else str(value)
            value_span = self.token_span(value)
        name = str(name)
        spec = self.profile.attribute(name) if self.profile is not None else None
        if spec is not None:
            name = spec.name
            written = spec.canonical_value(written) or written
        return self._node(ast.Attribute, children, name=name, value=written, value_span=value_span)

    def action(self, children):
        steps = children[2]
        return self._field("action", self._node(ast.Action, children, steps=steps.value), children)

    def cost(self, children):
        steps = children[2]
        return self._field("cost", self._node(ast.Action, children, steps=steps.value), children)

    def steps(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Step)), self._span(children))

    def condition(self, children):
        clauses = children[2]
        return self._field("condition", self._node(ast.Condition, children, clauses=clauses.value), children)

    def clauses(self, children):
        return _Piece(tuple(c for c in children if isinstance(c, ast.Node)), self._span(children))

    # -- addenda --------------------------------------------------------------------------

    def addendum(self, children):
        title = self._tokens(children, "STRING")[0]
        texts = [c.value for c in children if isinstance(c, _Field)]
        orders = tuple(c for c in children if isinstance(c, ast.ModifierOrder))
        return self._node(
            ast.Addendum, children, title=unquote(title), title_span=self.token_span(title),
            text="\n".join(texts) if texts else None, orders=orders,
        )

    def addendum_text(self, children):
        return self._field("text", unquote(children[2]), children)

    def modifier_order(self, children):
        refs = tuple(
            self._node(ast.CardRef, [t], name=unquote(t)) for t in self._tokens(children, "STRING")
        )
        return self._node(ast.ModifierOrder, children, cards=refs)

    # -- steps ----------------------------------------------------------------------------

    def _player(self, item) -> str | None:
        return None if item is None else item.value

    def gain(self, children):
        return self._node(ast.Gain, children, player=self._player(children[0]), cards=children[2])

    def _stars_node(self, item):
        if isinstance(item, Token):
            return self._node(ast.Number, [item], value=_NUMBER_WORDS[item.value])
        return item

    def gain_stars(self, children):
        amount = self._stars_node(children[2])
        return self._node(ast.GainStars, children, player=self._player(children[0]), amount=amount)

    def lose_stars(self, children):
        amount = self._stars_node(children[2])
        return self._node(ast.LoseStars, children, player=self._player(children[0]), amount=amount)

    def discard(self, children):
        return self._node(ast.Discard, children, player=self._player(children[0]), cards=children[2])

    def swap(self, children):
        return self._node(
            ast.Swap, children, player=self._player(children[0]), first=children[2], second=children[4]
        )

    def put_on_bottom(self, children):
        return self._node(ast.PutOnBottom, children, player=self._player(children[0]), cards=children[2])

    def cancel_action(self, children):
        target = next((c for c in children if isinstance(c, ast.Node)), None)
        return self._node(ast.CancelAction, children, cards=target)

    def optional(self, children):
        step = children[2]
        return self._nested(ast.Optional, children, (step,), player=self._player(children[0]), step=step)

    def conditional(self, children):
        test, step = children[1], children[3]
        return self._nested(ast.Conditional, children, (test, step), test=test, step=step)

    def comparison(self, children):
        left, right = children[0], children[2]
        return self._nested(
            ast.Comparison, children, (left, right), left=left, comparator=str(children[1]), right=right
        )

    # -- conditions -----------------------------------------------------------------------

    def value_definition(self, children):
        return self._node(ast.ValueDefinition, children, expr=children[2])

    def value_modifier(self, children):
        cards, entry = children[0], children[1]
        op = _MODIFIER_OPS[str(children[3])]
        if entry is None:
            return self._node(ast.ValueModifier, children, cards=cards, op=op, amount=children[4])
        if entry.value is not None and isinstance(cards, ast.Selection):
            cards = cards.model_copy(update={"chooser": entry.value})
        return self._node(ast.ValueModifier, children, cards=cards, op=op, amount=children[4], chosen_on_entry=True)

    def on_entry(self, children):
        chooser = next((c.value for c in children if isinstance(c, _Piece)), None)
        return _Piece(chooser, self._span(children))

    def discard_priority(self, children):
        return self._node(ast.DiscardPriority, children, order=str(children[-1]))

    def trigger(self, children):
        event = children[1]
        steps = tuple(c for c in children[2:] if isinstance(c, ast.Step))
        return self._node(ast.Trigger, children, event=event, steps=steps)

    def gain_event(self, children):
        return self._node(ast.GainEvent, children, player=children[0].value, cards=children[2])

    def dispute_event(self, children):
        outcome = "win" if any(type(c) is Token and c.type == "WIN" for c in children) else "lose"
        names = self._tokens(children, "NAME")
        throw = str(names[0]) if names else None
        if throw is not None and self.profile is not None and (spec := self.profile.attribute("type")):
            throw = spec.canonical_value(throw) or throw
        return self._node(ast.DisputeEvent, children, player=children[0].value, outcome=outcome, throw=throw)

    def discard_event(self, children):
        return self._node(ast.DiscardEvent, children, player=children[0].value, cards=children[2])

    # -- expressions ----------------------------------------------------------------------

    def number(self, children):
        return self._node(ast.Number, children, value=self._int(children[0]))

    def binary_op(self, children):
        left, right = children[0], children[2]
        return self._nested(ast.BinaryOp, children, (left, right), left=left, op=str(children[1]), right=right)

    def negate(self, children):
        operand = children[1]
        if isinstance(operand, ast.Number):
            return self._node(ast.Number, children, value=-operand.value)
        return self._nested(ast.Negate, children, (operand,), operand=operand)

    def parenthesized(self, children):
        inner = children[1]
        wrapped = inner.model_copy(update={"span": self._span(children)})
        depth = self.depth.get(id(inner), 0) + 1
        if depth > MAX_DEPTH:
            raise TooDeep(wrapped.span)
        self.depth[id(wrapped)] = depth
        return wrapped

    def function(self, children):
        argument = children[2]
        return self._nested(ast.Function, children, (argument,), name=str(children[0]), argument=argument)

    def this_card(self, children):
        return self._node(ast.ThisCard, children)

    def event_card(self, children):
        return self._node(ast.EventCard, children)

    def deck_top(self, children):
        amount = next((c for c in children if isinstance(c, _Piece)), None)
        return self._node(ast.DeckTop, children, count=1 if amount is None else amount.value)

    def selection(self, children):
        quantity = children[0]
        fields: dict[str, object] = {}
        if isinstance(quantity, Token) and quantity.type == "ANOTHER":
            fields.update(count=1, other=True)
        elif quantity is not None:
            count, up_to = quantity.value
            if count is not None:
                fields["count"] = count
            fields["up_to"] = up_to
        filters = tuple(c for c in children if isinstance(c, (ast.TypeFilter, ast.NameFilter, ast.ValueFilter)))
        zone = next(c for c in children if isinstance(c, ast.Zone))
        chooser = next((c.value for c in children if isinstance(c, _Piece) and c is not quantity), None)
        if "other" not in fields:
            fields["other"] = any(isinstance(c, Token) and c.type == "OTHER" for c in children)
        return self._nested(ast.Selection, children, filters, filters=filters, zone=zone, chooser=chooser, **fields)

    def quantity(self, children):
        last = children[-1]
        if isinstance(last, Token) and last.type == "ALL":
            return _Piece((None, False), self._span(children))
        return _Piece((last.value, len(children) > 1), self._span(children))

    def amount(self, children):
        token = children[0]
        value = self._int(token) if token.type == "INT" else _NUMBER_WORDS[token.value]
        return _Piece(value, self.token_span(token))

    def type_filter(self, children):
        value = str(children[-1])
        spec = self.profile.attribute("type") if self.profile is not None else None
        if spec is not None:
            value = spec.canonical_value(value) or value
        return self._node(ast.TypeFilter, children, value=value)

    def name_filter(self, children):
        return self._node(ast.NameFilter, children, name=unquote(children[-1]))

    def value_filter(self, children):
        amount = children[3]
        return self._nested(ast.ValueFilter, children, (amount,), comparator=str(children[2]), amount=amount)

    def chooser(self, children):
        return _Piece(children[-1].value, self._span(children))

    def random_chooser(self, children):
        return _Piece("random", self._span(children))

    def zone(self, children):
        owner = children[0]
        words = [str(t) for t in self._tokens(children, "NAME", "PILE")]
        owner_value = None if owner is None else owner.value
        return self._node(ast.Zone, children, name=" ".join(words), owner=owner_value)

    def owner(self, children):
        token = children[0]
        value = {"YOUR": "you", "OPPONENTS": "opponent"}.get(token.type)
        return _Piece(value, self.token_span(token))

    def player(self, children):
        return _Piece(str(children[0]), self.token_span(children[0]))


@dataclass(frozen=True)
class _Field:
    name: str
    value: object
    span: Span


@dataclass(frozen=True)
class Header:
    title: str
    title_span: Span
    meta: tuple[ast.Meta, ...]
    rules: tuple[ast.Setting, ...]
    printing: tuple[ast.PrintSetting, ...]
    span: Span


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_MODIFIER_OPS = {"+": "add", "-": "subtract", "x": "multiply", "×": "multiply", "*": "multiply", "=": "set"}
def unquote(token: Token) -> str:
    """A quoted text's value, its escapes read (`deckdsl.escapes.decoded`)."""
    return decoded(str(token)[1:-1])


def _literal(item) -> str | int | tuple:
    if isinstance(item, _Piece):
        return item.value
    if isinstance(item, Token):
        return unquote(item) if item.type == "STRING" else str(item)
    raise TypeError(f"not a literal: {item!r}")


BUILDER = _Builder()
