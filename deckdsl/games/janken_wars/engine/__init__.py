"""The rules engine: plays a checked deck by its game's rules (Janken Wars, as its GDD writes them).

The deck's AST is compiled once (`compile_deck`) into small step, card-set and number objects — one
`compile_<Node>` method per effect node, a node nobody handles raises — and a `Game` runs on plain lists
of card ids: no pydantic object is touched while a game is played.  Nothing about the nine standard cards
is written here; every card does what its effects say.

A game asks its two players (`Player`: the bots of `deckdsl.games.janken_wars.bots`, or a person in `deckdsl play`) for
every decision: the throw, which table card to take, what an effect picks, `may`, and whether to exchange
a domain for stars.  The points the GDD leaves open are rule options of the profile (`Rules`, generated
into docs/rules.md); the readings that are not options are written in that file too.

Zones are lists of card ids (the top of the deck is the end of its list).  Card ids: the deck's copies
first, then the Star cards, then the Brinde cards (both are components, not deck cards).

The engine's modules, in the order a game uses them:

- `rules`: `Rules` (the rule parameters and options) and `rules_for`, which reads them from the profile and
  the deck;
- `compiler`: `compile_deck`, the deck's AST turned into a `Compiled` deck of `CardDef`s (`_Compiler`);
- `effects`: what compiled effects are made of: `Ctx`, the card sets and the steps;
- `board`: `Board`, the part of `Game` that moves cards and works out their values;
- `game`: `Game` (the round, effects, triggers, exchanges), `Outcome`, `EngineError`; `stats`: `GameStats`;
- `players`: `Player`, what a game asks its players, and `Request`;
- `zones`: the zone indices and the component card names every module shares;
- `hazards`: `unresolved_hazards`, what `play` and `simulate` announce about ordering hazards.

The names other code uses are re-exported here (`from deckdsl.games.janken_wars.engine import Game`).
"""

from ....lang import ast
from .compiler import CardDef, Compiled, compile_deck
from .effects import Ctx
from .game import MAX_NESTING, EngineError, Game, Outcome
from .stats import GameStats
from .hazards import unresolved_hazards
from .players import Player, Request
from .rules import Rules, profile_component_value, rules_for
from .zones import (
    BRINDE_NAME,
    DECK,
    DISCARD,
    DOMAIN,
    HAND,
    STAR_NAME,
    STARS,
    SUPPLY,
    TABLE,
    ZONE_BASE,
    ZONE_NAMES,
    ZONE_OWNER,
)

__all__ = [
    "BRINDE_NAME", "DECK", "DISCARD", "DOMAIN", "HAND", "MAX_NESTING", "STAR_NAME", "STARS", "SUPPLY", "TABLE",
    "ZONE_BASE", "ZONE_NAMES", "ZONE_OWNER", "CardDef", "Compiled", "Ctx", "EngineError", "Game", "GameStats",
    "Outcome", "Player", "Request", "Rules", "ast", "compile_deck", "profile_component_value", "rules_for",
    "unresolved_hazards",
]
