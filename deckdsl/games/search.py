"""Bots that play any game through the interface (`deckdsl.games.interface`): `random`, `rollout:N`, `ismcts:N`.

- `random` — a uniformly random legal action.
- `rollout:N` — one ply of look-ahead: each legal action is tried on N determinized copies of the game
  (what the bot cannot see drawn again at random) played out at random; the action with the best mean
  return wins (ties at random: in a game of simultaneous moves, such as a throw that the other seat answers
  unseen, a bot that always took the first would tie with its like for ever).
- `ismcts:N` — information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012): N iterations,
  each on a new determinization, descending through information sets — a node is what the seat to move
  sees, so every seat decides on its own information, as in their multiple-observer variant — with UCB1
  over the actions available in that determinization, expanding one node, playing out at random
  (the state's `playout_depth` actions at most, then its `estimate`) and backing up each seat's return.  The
  action played is the most visited.

Every bot draws from its own generator, so the same seed plays the same games.  A budget counts
playouts (never seconds): the same budget gives the same decision on a fast or a loaded machine.
"""

from __future__ import annotations

import math
import random as _random
from typing import Final

from mypy_extensions import mypyc_attr

from .interface import TERMINAL, State

EXPLORATION: Final = 0.7
"""UCB1's exploration constant (returns are in [-1, 1]; the usual √2 for [0, 1] scaled down)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): games and tests subclass it
class Bot:
    """A player of any game: `act(state)` returns the action for `state.current_player()`."""

    name = "bot"

    def __init__(self, rng: _random.Random) -> None:
        self.rng = rng

    def act(self, state: State) -> int:
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def act(self, state: State) -> int:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class RolloutBot(Bot):
    name = "rollout"

    def __init__(self, rng: _random.Random, playouts: int = 20) -> None:
        super().__init__(rng)
        self.playouts = max(1, playouts)

    def act(self, state: State) -> int:
        me = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best: list[int] = []
        best_score = -math.inf
        for action in actions:
            total = 0.0
            for _ in range(self.playouts):
                world = state.determinize(me, self.rng)
                world.apply(action)
                total += _playout(world, self.rng)[me]
            if total > best_score:
                best, best_score = [action], total
            elif total == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


class Edge:
    """An action's statistics in one node: `visits`, `total` (the sum of the mover's returns through it) and
    `available` (how many of the node's visits could take it: a determinization decides what is legal)."""

    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """An information set of the tree: `edges`, the statistics of its actions by action, and `visit`, the
    last iteration that went through it (a seat that comes back to what it saw in the same iteration ends
    the descent)."""

    __slots__ = ("edges", "visit")

    def __init__(self, visit: int) -> None:
        self.edges: dict[int, Edge] = {}
        self.visit = visit


class ISMCTSBot(Bot):
    """Nodes are information sets: the statistics of an action are kept per (seat to move, what that seat
    sees — `State.key`), so a seat's choice in the tree never depends on what it cannot see — an opponent
    who throws after us, without seeing our throw, cannot be imagined to counter it.  A node is a `Node`:
    its `Edge`s by action, found by one look-up of its key per step."""

    name = "ismcts"

    def __init__(self, rng: _random.Random, iterations: int = 200) -> None:
        super().__init__(rng)
        self.iterations = max(1, iterations)

    def act(self, state: State) -> int:
        me = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        tree: dict[tuple, Node] = {}
        root = (me, state.key(me))
        for iteration in range(self.iterations):
            world = state.determinize(me, rng)
            path: list[tuple[Edge, int]] = []
            mover = world.current_player()
            while mover != TERMINAL:
                key = (mover, world.key(mover))
                node = tree.get(key)
                if node is None:
                    tree[key] = node = Node(iteration)
                    legal = world.legal_actions()
                    for other in legal:
                        edge = node.edges[other] = Edge()
                        edge.available = 1
                    action = legal[int(rng.random() * len(legal))]
                    path.append((node.edges[action], mover))
                    world.apply(action)
                    break
                if node.visit == iteration:  # the game came back to what this seat saw before: play out from here
                    break
                node.visit = iteration
                action = _select(node.edges, world.legal_actions())
                path.append((node.edges[action], mover))
                world.apply(action)
                mover = world.current_player()
            returns = _playout(world, rng)
            for edge, seat in path:
                edge.visits += 1
                edge.total += returns[seat]
        edges = tree[root].edges
        return max(actions, key=lambda a: edges[a].visits if a in edges else -1)


def _select(edges: dict[int, Edge], legal: list[int]) -> int:
    """The legal action of highest UCB1 (an unvisited one first, the first of equals), counting each as
    available once more."""
    best, best_value = legal[0], -math.inf
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = Edge()
        edge.available += 1
        if edge.visits == 0:
            value = math.inf
        else:
            value = edge.total / edge.visits + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
        if value > best_value:
            best, best_value = action, value
    return best


def _playout(state: State, rng: _random.Random) -> list[float]:
    """Random actions to the end, or `state.playout_depth` of them and then the state's `estimate`."""
    for _ in range(state.playout_depth):
        if state.current_player() == TERMINAL:
            return state.returns()
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    return state.returns() if state.is_terminal() else state.estimate()


BOTS = {"random": RandomBot, "rollout": RolloutBot, "ismcts": ISMCTSBot}


def parse_bot(name: str, extra: dict | None = None) -> tuple[str, int | None]:
    """`ismcts:200` -> ("ismcts", 200); raises ValueError for an unknown bot or budget.  `extra`: the
    game's own bots (`Engine.bots`), taken whole (`greedy:hoard`)."""
    if extra and name.strip().partition(":")[0] in extra:
        check = getattr(extra[name.strip().partition(":")[0]], "check", None)
        if check is not None:
            check(name.strip())  # the game's own bot says what is wrong with its name
        return name.strip(), None
    kind, _, budget = name.strip().partition(":")
    if kind not in BOTS:
        known = ", ".join(dict.fromkeys([*(extra or ()), *BOTS]))
        raise ValueError(f"no bot `{kind}` for this game (the bots are {known})")
    if kind == "random" and budget:
        raise ValueError("`random` takes no budget")
    if budget and not (budget.isdigit() and 0 < int(budget) <= 1_000_000):
        raise ValueError(f"the budget of `{kind}` is a number of playouts from 1 to 1,000,000, not `{budget}`")
    return kind, int(budget) if budget else None


def make_bot(name: str, rng: _random.Random, extra: dict | None = None) -> Bot:
    """The bot called `name`; `extra`: the game's own bots, by strategy (`Engine.bots`)."""
    kind, budget = parse_bot(name, extra)
    if extra and kind.partition(":")[0] in extra:
        return extra[kind.partition(":")[0]](name, rng)
    if budget is None:
        return BOTS[kind](rng)
    return BOTS[kind](rng, budget)
