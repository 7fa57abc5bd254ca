"""Balance findings tested by play: `deckdsl check --evidence` and `deckdsl explain --evidence`.

A balance finding claims that one card is worth more than another: JW107 that card A dominates card B,
JW106 and JW108 that a card is worth more than the GDD's reference, Origami Sublime (4 points, no
effect).  JW121 claims that a card pays its owner to hoard: it is tested by a hoarding player against
an eager one (`STRATEGY:hoard` against `STRATEGY:eager`), on the deck as written and on the deck with
that card's value modifiers taken away — paired by seed as below.  The other claims are tested with a
**gift experiment**: the deck is played many times by bots, and
the first player takes one extra card, the first time it wins a dispute, on top of the card it won —
in one arm of the experiment the card under test, in the other the card it is compared with.  The same
seeds drive both arms (common random numbers: the same shuffles, the same throws until the gift
changes a decision), so the difference between the arms' win rates measures the worth of the
difference between the two cards, with a 95% confidence interval from the paired games.

- **confirmed**: the interval lies above zero — the card said to be better wins measurably more;
- **contradicted**: it lies below zero — play says the reverse;
- **unconfirmed**: it contains zero — play cannot tell them apart at this number of games (more games
  narrow the interval: `--evidence-games`).

The deck outside the gift is the deck as written in both arms (the gift is an extra copy, taken out of
the deck before the shuffle), so everything else about the game is unchanged.
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...diagnostics import Diagnostic
from ...lang import ast
from ...profiles.profile import Profile
from ...said import Said, said
from ...stats import game_rng
from ..interface import EngineError
from .bots import make_player, parse_player
from .engine import Game, Rules, compile_deck, rules_for

TESTED = ("JW106", "JW107", "JW108", "JW121")
"""The codes whose findings an experiment can test."""

REFERENCE_NAME = "Origami Sublime"
REFERENCE_VALUE = 4
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Evidence:
    """The outcome of one experiment.  `kind`: `gift` (the first player is given `better` in one arm,
    `worse` in the other) or `strategy` (a hoarding first player against an eager one, with `better`'s
    condition and without it: `worse` names that second arm).  `difference` is the first player's win
    rate in the first arm minus in the second, `ci95` its interval, `rates` the two arms' win rates,
    `games` the paired games played, and `verdict`."""

    code: str
    kind: str
    better: str
    worse: str
    games: int
    rates: tuple[float, float]
    difference: float
    ci95: tuple[float, float]
    verdict: str
    players: tuple[str, str]
    seed: int

    def sentence(self) -> Said:
        """One line for a diagnostic's notes."""
        low, high = self.ci95
        if self.kind == "strategy":
            arms = said("jw-evidence-hoarding", "hoarding won {with_it:.1f}% of games with `{card}`'s condition and "
                        "{without:.1f}% without it", with_it=self.rates[0] * 100, card=self.better,
                        without=self.rates[1] * 100)
        else:
            arms = said("jw-evidence-gift", "a player given `{better}` won {first:.1f}%, given `{worse}` "
                        "{second:.1f}%", better=self.better, first=self.rates[0] * 100, worse=self.worse,
                        second=self.rates[1] * 100)
        verdict = {"confirmed": said("jw-confirmed", "confirmed"),
                   "contradicted": said("jw-contradicted", "contradicted"),
                   "unconfirmed": said("jw-unconfirmed", "unconfirmed")}[self.verdict]
        return said("jw-evidence", "evidence ({verdict}): over {games:,} paired games ({first} vs {second}, seed "
                    "{seed}), {arms}: {difference} [{low}, {high}]", verdict=verdict, games=self.games,
                    first=self.players[0], second=self.players[1], seed=self.seed, arms=arms,
                    difference=_pp(self.difference), low=_pp(low), high=_pp(high))

    def as_dict(self) -> dict:
        return {
            "code": self.code, "kind": self.kind, "better": self.better, "worse": self.worse, "games": self.games,
            "win_rates": [round(rate, 4) for rate in self.rates], "difference": round(self.difference, 4),
            "ci95": [round(bound, 4) for bound in self.ci95], "verdict": self.verdict,
            "players": list(self.players), "seed": self.seed,
        }


def comparison(diagnostic: Diagnostic) -> tuple[str, str | None] | None:
    """(better card, worse card) a finding claims — None for the worse means the GDD's reference card,
    or for JW121 the same deck without the card's condition — or None when it tests nothing."""
    if diagnostic.code not in TESTED or not diagnostic.cards:
        return None
    if diagnostic.code == "JW107":
        worse, better = diagnostic.cards[0], diagnostic.cards[1]
        return better, worse
    return diagnostic.cards[0], None


def test(diagnostic: Diagnostic, deck: ast.Deck, profile: Profile, rules: Rules, *, games: int, seed: int,
         players: tuple[str, str], progress: Callable[[int], None] | None = None) -> Evidence | None:
    """Play the experiment behind `diagnostic` (None when it tests nothing)."""
    compared = comparison(diagnostic)
    if compared is None:
        return None
    better, worse = compared
    better_card = deck.card(better)
    if better_card is None:
        return None
    if diagnostic.code == "JW121":
        plain = better_card.model_copy(update={"condition": _without_modifiers(better_card.condition)})
        without = deck.model_copy(update={"cards": tuple(plain if c.name == better else c for c in deck.cards)})
        strategies = tuple(name.partition(":")[0] for name in players)
        hoarding = (f"{strategies[0]}:hoard", f"{strategies[1]}:eager")
        arms = [(deck, None, better), (without, None, f"{better} without its condition")]
        return duel(diagnostic.code, arms, profile, rules, games=games, seed=seed, players=hoarding,
                    progress=progress, kind="strategy")
    if worse is None:
        reference = reference_card(better_card)
        worse_deck, worse = _with(deck, reference), reference.name
    else:
        worse_deck = deck
    arms = [(_with(deck, better_card), better, better), (_with(worse_deck, worse_deck.card(worse)), worse, worse)]
    return duel(diagnostic.code, arms, profile, rules, games=games, seed=seed, players=players,
                progress=progress)


def _without_modifiers(condition: ast.Condition | None) -> ast.Condition | None:
    if condition is None:
        return None
    kept = tuple(c for c in condition.clauses if not isinstance(c, ast.ValueModifier))
    return condition.model_copy(update={"clauses": kept}) if kept else None


def reference_card(card: ast.Card) -> ast.Card:
    """The GDD's reference card in `card`'s type: Origami Sublime, 4 points and no effect."""
    name = REFERENCE_NAME if card.name != REFERENCE_NAME else f"{REFERENCE_NAME} (4)"
    return card.model_copy(update={
        "name": name, "value": REFERENCE_VALUE, "copies": 0, "cost": None, "action": None, "condition": None,
    })


def duel(code: str, arms: list[tuple[ast.Deck, str | None, str]], profile: Profile, rules: Rules, *, games: int,
         seed: int, players: tuple[str, str], progress: Callable[[int], None] | None = None,
         kind: str = "gift") -> Evidence:
    """Play `games` paired games of each arm `(deck, gift, label)`: the deck, the card its first player
    is given (None: no gift), and what to call the arm."""
    for name in players:
        parse_player(name)
    compiled = [(compile_deck(deck, profile, rules), None if gift is None else _index(deck, gift))
                for deck, gift, _ in arms]
    wins: list[list[float]] = [[], []]
    for index in range(games):
        for arm, (deck, card) in enumerate(compiled):
            rng = game_rng(seed, index)
            seats = [make_player(players[0], _random.Random(rng.getrandbits(64))),
                     make_player(players[1], _random.Random(rng.getrandbits(64)))]
            outcome = Game(deck, seats, rng, gift=None if card is None else (0, card)).play()
            wins[arm].append(0.5 if outcome.winner is None else float(outcome.winner == 0))
        if progress is not None:
            progress(1)
    differences = [a - b for a, b in zip(wins[0], wins[1], strict=True)]
    mean = sum(differences) / games
    variance = sum((d - mean) ** 2 for d in differences) / max(1, games - 1)
    half = Z95 * math.sqrt(variance / games)
    low, high = mean - half, mean + half
    verdict = "confirmed" if low > 0 else "contradicted" if high < 0 else "unconfirmed"
    return Evidence(
        code=code, kind=kind, better=arms[0][2], worse=arms[1][2], games=games,
        rates=(sum(wins[0]) / games, sum(wins[1]) / games), difference=mean, ci95=(low, high),
        verdict=verdict, players=players, seed=seed,
    )


def annotate(diagnostics: list[Diagnostic], evidence: dict[int, Evidence | str]) -> list[Diagnostic]:
    """The diagnostics with each one's evidence as a last note (by position in the list)."""
    from dataclasses import replace

    def note(item: Evidence | str) -> str:
        return item if isinstance(item, str) else item.sentence()

    return [replace(d, notes=(*d.notes, note(evidence[i]))) if i in evidence else d for i, d in enumerate(diagnostics)]


def _with(deck: ast.Deck, card: ast.Card) -> ast.Deck:
    """`deck` with one more copy of `card` (added as a new card when the deck has none of that name)."""
    cards = list(deck.cards)
    for position, known in enumerate(cards):
        if known.name == card.name:
            cards[position] = known.model_copy(update={"copies": known.copies + 1})
            break
    else:
        cards.append(card.model_copy(update={"copies": 1}))
    return deck.model_copy(update={"cards": tuple(cards)})


def _index(deck: ast.Deck, name: str) -> int:
    return next(i for i, card in enumerate(deck.cards) if card.name == name)


def _pp(points: float) -> Said:
    """`+1.5 pp`, `-0.3 pp`: a difference of win rates in percentage points, signed."""
    if math.copysign(1.0, points) > 0:
        return said("jw-pp-plus", "+{points:.1f} pp", points=points * 100)
    return said("jw-pp", "{points:.1f} pp", points=points * 100)


def check_players(names: tuple[str, ...]) -> None:
    """ValueError naming what is wrong with the two bots of `--evidence-players`."""
    if len(names) != 2:
        raise ValueError(f"--evidence-players takes two bots, A,B (got {','.join(names)!r})")
    for name in names:
        parse_player(name)


def gather(diagnostics: list[Diagnostic], deck: ast.Deck, profile: Profile, rules: Rules | None = None, *,
           games: int, seed: int, players: tuple[str, str], progress: Callable[[int], None] | None = None
           ) -> dict[int, Evidence | str]:
    """The evidence for each testable finding, by its position in `diagnostics`: an `Evidence`, or the
    reason it could not be played (an effect loop …).  `rules`: the deck's own when not given."""
    rules = rules if rules is not None else rules_for(deck, profile)
    found: dict[int, Evidence | str] = {}
    for position, diagnostic in enumerate(diagnostics):
        if comparison(diagnostic) is None:
            continue
        try:
            tested = test(diagnostic, deck, profile, rules, games=games, seed=seed, players=players,
                          progress=progress)
        except EngineError as error:
            found[position] = said("jw-evidence-not-played", "evidence: not played — {error}", error=str(error))
            continue
        if tested is not None:
            found[position] = tested
    return found


def testable(diagnostics: Iterable[Diagnostic]) -> int:
    """How many of `diagnostics` a gift experiment tests."""
    return sum(1 for d in diagnostics if comparison(d) is not None)
