"""Bots that play any game through the interface (`deckdsl.games.interface`): `random`, `rollout:N`, `ismcts:N`.

- `random` — a uniformly random legal action.
- `rollout:N` — one ply of look-ahead: each legal action is tried on N determinized copies of the game
  (what the bot cannot see drawn again at random) played out at random; the action with the best mean
  return wins (ties: the first in the legal order).
- `ismcts:N` — information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS"):
  N iterations, each on a new determinization, descending a tree of the bot's own and the other seats'
  actions with UCB1 over the actions available in that determinization, expanding one node, playing
  out at random and backing up each seat's return.  The action played is the most visited.

Every bot draws from its own generator, so the same seed plays the same games.  A budget counts
playouts (never seconds): the same budget gives the same decision on a fast or a loaded machine.
"""

from __future__ import annotations

import math
import random as _random
from dataclasses import dataclass, field

from .interface import State, play_out

EXPLORATION = 0.7
"""UCB1's exploration constant (returns are in [-1, 1]; the usual √2 for [0, 1] scaled down)."""


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
        best, best_score = actions[0], -math.inf
        for action in actions:
            total = 0.0
            for _ in range(self.playouts):
                world = state.determinize(me, self.rng)
                world.apply(action)
                total += play_out(world, self.rng).returns()[me]
            if total > best_score:
                best, best_score = action, total
        return best


@dataclass
class _Node:
    """A node of the search tree: `seat` moves next from here; `total` and `visits` are the returns of
    the action that led here, for the seat that took it; `available`: how often that action was legal
    when its parent was visited (ISMCTS's UCB uses it instead of the parent's visits)."""

    seat: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[int, _Node] = field(default_factory=dict)


class ISMCTSBot(Bot):
    name = "ismcts"

    def __init__(self, rng: _random.Random, iterations: int = 200) -> None:
        super().__init__(rng)
        self.iterations = max(1, iterations)

    def act(self, state: State) -> int:
        me = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node(seat=me)
        for _ in range(self.iterations):
            world = state.determinize(me, self.rng)
            path = [root]
            node = root
            while not world.is_terminal():
                legal = world.legal_actions()
                for action in legal:
                    child = node.children.get(action)
                    if child is not None:
                        child.available += 1
                untried = [a for a in legal if a not in node.children]
                if untried:
                    action = untried[self.rng.randrange(len(untried))]
                    world.apply(action)
                    node.children[action] = child = _Node(seat=world.current_player(), available=1)
                    path.append(child)
                    break
                action = max(legal, key=lambda a: _ucb(node.children[a]))
                node = node.children[action]
                world.apply(action)
                path.append(node)
            returns = play_out(world, self.rng).returns()
            for parent, child in zip(path, path[1:]):
                child.visits += 1
                child.total += returns[parent.seat]
            root.visits += 1
        return max(actions, key=lambda a: (root.children[a].visits if a in root.children else -1))


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.total / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


BOTS = {"random": RandomBot, "rollout": RolloutBot, "ismcts": ISMCTSBot}


def parse_bot(name: str) -> tuple[str, int | None]:
    """`ismcts:200` -> ("ismcts", 200); raises ValueError for an unknown bot or budget."""
    kind, _, budget = name.strip().partition(":")
    if kind not in BOTS:
        raise ValueError(f"no bot `{kind}` for this game (the bots are {', '.join(BOTS)})")
    if kind == "random" and budget:
        raise ValueError("`random` takes no budget")
    if budget and not (budget.isdigit() and 0 < int(budget) <= 1_000_000):
        raise ValueError(f"the budget of `{kind}` is a number of playouts from 1 to 1,000,000, not `{budget}`")
    return kind, int(budget) if budget else None


def make_bot(name: str, rng: _random.Random) -> Bot:
    kind, budget = parse_bot(name)
    if budget is None:
        return BOTS[kind](rng)
    return BOTS[kind](rng, budget)
