"""Zones and card ids: the indices every part of the engine shares.

Zones are lists of card ids (the top of the deck is the end of its list).  Card ids: the deck's copies
first, then the Brinde cards, then the Star cards (both are components, not deck cards).
"""

from __future__ import annotations

DECK, TABLE, SUPPLY, HAND, DOMAIN, DISCARD, STARS = 0, 1, 2, 3, 5, 7, 9
"""Zone indices: shared zones, then two per player (`HAND + player` …).  The hand holds the card a
player is winning, between the dispute (step 3) and the moment it enters the domain (step 4)."""

ZONE_BASE = {"deck": DECK, "table": TABLE, "domain": DOMAIN, "discard": DISCARD, "stars": STARS}
ZONE_NAMES = ["deck", "table", "supply", "hand", "hand", "domain", "domain", "discard", "discard",
              "stars", "stars"]
ZONE_OWNER = [None, None, None, 0, 1, 0, 1, 0, 1, 0, 1]

BRINDE_NAME, STAR_NAME = "Brinde", "Estrela"
