"""Calibrate the polarity model (deckdsl/games/janken_wars/worth.py) against play.

The balance rules price effects in "points of value" by a static model.  This script measures, with the
gift experiments of `deckdsl.games.janken_wars.evidence`, what effects are worth in play on the standard deck:

1. the worth of a point: a player is given one extra 0-point card with no effect, or one worth 4 points
   (same type); the win-rate difference over 4 points is the win rate a point buys;
2. the worth of each effect: a 0-point card with the effect against the 0-point card without it,
   converted to points with (1) and printed beside the model's polarity.

Usage:  python bench/calibrate_polarity.py [GAMES] [SEED] [PLAYERS]
(defaults 6000 paired games per row, seed 1, random,random; about a minute).  The figures are quoted in
docs/rules/README.md ("How the rules judge effects").
"""

from __future__ import annotations

import sys
from pathlib import Path

import deckdsl
from deckdsl.games.janken_wars import worth as polarity
from deckdsl.games.janken_wars.engine import rules_for
from deckdsl.games.janken_wars.evidence import _with, duel

ROOT = Path(__file__).resolve().parent.parent
EFFECTS = [
    ("action", "gain top card of the deck"),
    ("action", "gain top 2 cards of the deck"),
    ("action", "opponent discards a card from opponent's domain chosen by you"),
    ("action", "opponent discards a card from opponent's domain at random"),
    ("action", "discard a card from the table"),
    ("condition", "cards in your domain get +1"),
    ("condition", "cards in your domain get x2"),
    ("condition", "cards in opponent's domain get -1"),
    ("condition", "discarded first"),
]


def card_text(name: str, value: int, field: str | None = None, effect: str | None = None) -> str:
    extra = f"  {field}: {effect}\n" if field else ""
    return f'card "{name}" {{\n  type: papel\n  rarity: simples\n  copies: 1\n  value: {value}\n{extra}}}\n'


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    players = tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else ("random", "random")
    standard = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")

    def probe(*cards: str):
        result = deckdsl.loads(standard + "\n" + "\n".join(cards), "calibration.deck", check=False)
        return result.deck, result.profile

    def measure(better: tuple[str, ...], worse: tuple[str, ...]):
        deck, profile = probe(better[0], worse[0])
        rules = rules_for(deck, profile)
        trimmed = deck.model_copy(update={"cards": deck.cards[:-2]})
        arms = [(_with(trimmed, deck.cards[-2]), deck.cards[-2].name, deck.cards[-2].name),
                (_with(trimmed, deck.cards[-1]), deck.cards[-1].name, deck.cards[-1].name)]
        return duel("calibration", arms, profile, rules, games=games, seed=seed, players=players)

    four = measure((card_text("Quatro", 4),), (card_text("Zero", 0),))
    per_point = four.difference / 4
    print(f"{games} paired games per row, seed {seed}, {players[0]} vs {players[1]}")
    print(f"a point is worth {per_point * 100:.2f} pp of win rate "
          f"(4 points: {four.difference * 100:+.1f} pp [{four.ci95[0] * 100:+.1f}, {four.ci95[1] * 100:+.1f}])")
    print()
    print("| effect | model (points) | measured (pp) | measured (points) |")
    print("|---|---|---|---|")
    for field, effect in EFFECTS:
        deck, _ = probe(card_text("Efeito", 0, field, effect))
        model = polarity.card_polarity(deck.cards[-1])
        found = measure((card_text("Efeito", 0, field, effect),), (card_text("Zero", 0),))
        low, high = (bound / per_point for bound in found.ci95)
        print(f"| `{field}: {effect}` | {model:+.1f} | {found.difference * 100:+.1f} "
              f"[{found.ci95[0] * 100:+.1f}, {found.ci95[1] * 100:+.1f}] | {found.difference / per_point:+.1f} "
              f"[{low:+.1f}, {high:+.1f}] |")


if __name__ == "__main__":
    main()
