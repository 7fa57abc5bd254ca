"""The order the deck's addenda give to the effects of different cards.

`order: "A" then "B"` says that wherever effects of A and B could apply in either order, A's come first:
A's value modifiers apply before B's, A's triggers resolve before B's on the same event, A's value is
worked out before B's when each reads the other, and A is discarded before B when both have the same
discard priority.  The `order:` lines of all addenda make one graph over cards.  `Orders` checks it (a
cycle is a contradiction, DK123) and answers what the hazard analysis and the engine ask: whether one
card comes before another (`before`, through any chain of lines), and the total order simultaneous
effects take (`sequence`): the addenda's, and a default where they say nothing.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ...diagnostics import Diagnostic, Label
from ...lang import ast
from ...said import said
from ..lists import each

T = TypeVar("T")


@dataclass(frozen=True)
class Edge:
    """`first` comes before `second`, as the `line` of `addendum` says (consecutive names of the line)."""

    first: str
    second: str
    line: ast.ModifierOrder
    addendum: ast.Addendum


class Orders:
    """The graph of a deck's `order:` lines.  Lines are read in file order; a line that would close a
    cycle is a contradiction (`conflicts`, with the path of earlier lines it contradicts) and is left
    out, so the first of two contradicting addenda is the one the engine follows."""

    def __init__(self, deck: ast.Deck):
        names = {card.name for card in deck.cards}
        self.index = {card.name: number for number, card in enumerate(deck.cards)}
        self.after: dict[str, dict[str, Edge]] = {}
        self.conflicts: list[tuple[Edge, list[Edge]]] = []
        self.lines: list[tuple[ast.Addendum, ast.ModifierOrder, list[str]]] = []
        for addendum in deck.addenda:
            for line in addendum.orders:
                listed: list[str] = []
                for ref in line.cards:
                    if ref.name in names and ref.name not in listed:
                        listed.append(ref.name)
                self.lines.append((addendum, line, listed))
                for first, second in zip(listed, listed[1:], strict=False):
                    edge = Edge(first, second, line, addendum)
                    back = self.path(second, first)
                    if back is not None:
                        self.conflicts.append((edge, back))
                    elif second not in self.after.get(first, {}):
                        self.after.setdefault(first, {})[second] = edge
        self._before: dict[tuple[str, str], bool] = {}

    @property
    def names(self) -> set[str]:
        """The cards some accepted line orders."""
        return set(self.after) | {second for edges in self.after.values() for second in edges}

    def path(self, start: str, goal: str) -> list[Edge] | None:
        """The lines that put `start` before `goal`, one after the other; None when none do."""
        came: dict[str, Edge | None] = {start: None}
        queue = [start]
        for name in queue:
            if name == goal:
                found: list[Edge] = []
                while (edge := came[name]) is not None:
                    found.append(edge)
                    name = edge.first
                return found[::-1]
            for following, edge in self.after.get(name, {}).items():
                if following not in came:
                    came[following] = edge
                    queue.append(following)
        return None

    def before(self, first: str, second: str) -> bool:
        """Whether the addenda put card `first` before card `second` (directly or through other cards)."""
        if first == second or first not in self.after:
            return False
        known = self._before.get((first, second))
        if known is None:
            known = self._before[(first, second)] = self.path(first, second) is not None
        return known

    def settled(self, first: str, second: str) -> bool:
        """Whether the addenda order the two cards either way."""
        return self.before(first, second) or self.before(second, first)

    def sequence(self, items: Sequence[T], name: Callable[[T], str], default: Callable[[T], tuple],
                 *, chained: bool = False) -> list[T]:
        """`items` (effects, each of the card `name(item)`) in the order they take: every card the addenda
        put before another first, and otherwise by `default` (lowest first).  `chained`: items of one card
        keep their order in `items` (the order the card writes them)."""
        successors: list[list[int]] = [[] for _ in items]
        waiting = [0] * len(items)
        ordered = [i for i, item in enumerate(items) if name(item) in self.names]
        for i in ordered:
            for j in ordered:
                if name(items[i]) != name(items[j]) and self.before(name(items[i]), name(items[j])):
                    successors[i].append(j)
                    waiting[j] += 1
        if chained:
            last: dict[str, int] = {}
            for i, item in enumerate(items):
                if name(item) in last:
                    successors[last[name(item)]].append(i)
                    waiting[i] += 1
                last[name(item)] = i
        ready = [(default(item), i) for i, item in enumerate(items) if not waiting[i]]
        heapq.heapify(ready)
        result: list[T] = []
        while ready:
            _, i = heapq.heappop(ready)
            result.append(items[i])
            for j in successors[i]:
                waiting[j] -= 1
                if not waiting[j]:
                    heapq.heappush(ready, (default(items[j]), j))
        return result

    def rank(self, names: Sequence[str]) -> dict[str, int]:
        """A place for each of `names`: the addenda's order, and the deck file's where they say nothing."""
        unique = list(dict.fromkeys(names))
        placed = self.sequence(unique, lambda n: n, lambda n: (self.index.get(n, len(self.index)),))
        return {card: place for place, card in enumerate(placed)}


def contradictions(deck: ast.Deck) -> Iterator[Diagnostic]:
    """DK123 for every `order:` line that puts two cards the other way round from earlier lines."""
    for edge, back in Orders(deck).conflicts:
        titles = list(dict.fromkeys(step.addendum.title for step in back))
        if titles == [edge.addendum.title]:
            where = said("check-earlier-line", "an earlier line of this addendum")
        elif len(titles) == 1:
            where = said("check-addendum-titled", 'addendum "{title}"', title=titles[0])
        else:
            where = said("check-addenda-titled", "addenda {titles}", titles=each([f'"{t}"' for t in titles]))
        through = ", ".join(f"`{step.second}`" for step in back[:-1])
        first, second = edge.first, edge.second
        yield Diagnostic(
            "DK123",
            said("check-order-contradicts-through", "this order puts `{first}` before `{second}`, but {where} puts "
                 "`{second}` before `{first}` (through {through})", first=first, second=second, where=where,
                 count=len(titles), through=through) if through else
            said("check-order-contradicts", "this order puts `{first}` before `{second}`, but {where} puts `{second}` "
                 "before `{first}`", first=first, second=second, where=where, count=len(titles)),
            edge.line.span,
            labels=tuple(
                Label(step.line.span, said("check-addendum-puts", 'addendum "{title}" puts `{first}` before `{second}`',
                                           title=step.addendum.title, first=step.first, second=step.second))
                for step in back
            ),
            help=said("check-keep-one-order", "keep one order for these cards: delete one of the lines, or write the "
                      "order you mean in one addendum (deckdsl follows the first of them meanwhile)"),
        )
