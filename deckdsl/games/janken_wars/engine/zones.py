"""Zones and card ids: the indices every part of the engine shares.

Zones are lists of card ids (the top of the deck is the end of its list).  Card ids: the deck's copies
first, then the Star cards, then the Brinde cards (both are components, not deck cards).  The names are
`Final`: the compiled build reads them as constants, not from the module's dict.
"""

from __future__ import annotations

from typing import Final

DECK: Final = 0
TABLE: Final = 1
SUPPLY: Final = 2
HAND: Final = 3
DOMAIN: Final = 5
DISCARD: Final = 7
STARS: Final = 9
"""Zone indices: shared zones, then two per player (`HAND + player` …).  The hand holds the card a
player is winning, between the dispute (step 3) and the moment it enters the domain (step 4)."""

ZONE_BASE: Final = {"deck": DECK, "table": TABLE, "domain": DOMAIN, "discard": DISCARD, "stars": STARS}
ZONE_NAMES: Final = ["deck", "table", "supply", "hand", "hand", "domain", "domain", "discard", "discard",
              "stars", "stars"]
ZONE_OWNER: Final = [None, None, None, 0, 1, 0, 1, 0, 1, 0, 1]

BRINDE_NAME: Final = "Brinde"
STAR_NAME: Final = "Estrela"
