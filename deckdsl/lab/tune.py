"""Tune a deck to balance targets (`deckdsl tune`): search rule parameters, card values and the numbers of
card effects for the variants whose figures meet the designer's targets, and write the best as a deck file.

    deckdsl tune DECK --target "first_player_win_rate=0.45..0.55" --target "rounds_mean=15..25" \\
        --set star_supply=3..5 --vary "Rolo Compressor.condition#1=0..3"

The search is a sweep in two rounds, on the sweep's machinery (processes, or Ray with `--backend ray`):

1. **screen**: every point of the grid (or `--sample N` of them) is played `--games` times;
2. **confirm**: the `--top` points nearest the targets are played again, `--confirm-games` times and from
   *other* seeds (`seed + 1`), so that a point that looked good by luck in the screen — the best of many
   noisy figures is biased upwards — is judged on fresh games.

Points are ranked by their **miss**: how far their figures fall outside the targets, summed (a rate in
percentage points, any other figure in percent of the target's bound), then by how many axes they change
from the deck as written (the smallest change first), then by how near the middle of each target they are.
A target is *met* when the figure's estimate lies inside it and *surely met* when its whole 95% interval
does.  The best confirmed point that meets every target is written as a deck file — the deck's own text
with only those numbers changed (`deckdsl.lab.variants`) — and checked.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..escapes import visible_lines
from .compare import known, seated
from .sweep import CARD_MAX, Axis

RATES = frozenset({"first_player_win_rate", "success_rate", "draw_rate", "deck_exhausted_rate", CARD_MAX})
"""The figures that are rates (targets written as 0.48 or 48%)."""

_TARGET = re.compile(r"\s*([a-z_]+)\s*(<=|>=|=)\s*(.+?)\s*")
_NUMBER = r"-?\d+(?:\.\d+)?%?"


@dataclass(frozen=True)
class Target:
    """A balance target: figure `metric` (one a sweep keeps: `deckdsl.lab.sweep.summary`) between `low`
    and `high` (None: unbounded on that side), as the user wrote it (`text`)."""

    metric: str
    low: float | None
    high: float | None
    text: str

    def miss(self, value: float) -> float:
        """How far `value` lies outside the target: 0 inside; else in percentage points for a rate, and in
        percent of the nearer bound for any other figure."""
        if self.low is not None and value < self.low:
            distance, bound = self.low - value, self.low
        elif self.high is not None and value > self.high:
            distance, bound = value - self.high, self.high
        else:
            return 0.0
        if self.metric in RATES:
            return distance * 100
        return distance * 100 / max(abs(bound), 1e-9)

    def off_centre(self, value: float) -> float:
        """How far `value` is from the middle of the target, as a share of its width (0 for a one-sided
        target)."""
        if self.low is None or self.high is None or self.high == self.low:
            return 0.0
        return abs(value - (self.low + self.high) / 2) / (self.high - self.low)

    def verdict(self, value: float, interval: list[float] | None) -> str:
        """`surely met`, `met` or `missed`."""
        if self.miss(value) > 0:
            return "missed"
        if interval is not None and self.miss(interval[0]) == 0 and self.miss(interval[1]) == 0:
            return "surely met"
        return "met"


def _number(text: str, metric: str, whole: str) -> float:
    if not re.fullmatch(_NUMBER, text):
        raise ValueError(f"--target {whole}: `{text}` is not a number")
    value = float(text.rstrip("%")) / (100 if text.endswith("%") else 1)
    if not math.isfinite(value):
        raise ValueError(f"--target {whole}: `{text}` is not a finite number")
    if metric in RATES and not 0 <= value <= 1:
        raise ValueError(f"--target {whole}: a rate is between 0 and 1 (or 0% and 100%)")
    return value


def target(text: str) -> Target:
    """`first_player_win_rate=0.48..0.52`, `rounds_mean=15..25`, `card_taker_win_rate_max<=0.6`,
    `deck_exhausted_rate<=10%`."""
    match = _TARGET.fullmatch(text)
    if not match:
        raise ValueError(f'--target {text}: write "FIGURE=LOW..HIGH", "FIGURE<=HIGH" or "FIGURE>=LOW"')
    metric, operator, bounds = match.groups()
    if not known(metric) and metric != CARD_MAX:
        raise ValueError(f"--target {text}: no figure `{metric}`; the figures are those of `deckdsl compare` "
                         f"(first_player_win_rate, success_rate, draw_rate, deck_exhausted_rate, rounds_mean, "
                         f"actions_mean, exchanges_per_game, NAME_per_game for an engine's figure) and {CARD_MAX}")
    if operator == "=":
        low_text, dots, high_text = bounds.partition("..")
        if not dots:
            raise ValueError(f"--target {text}: write {metric}=LOW..HIGH (or {metric}<=HIGH, {metric}>=LOW)")
        low, high = _number(low_text.strip(), metric, text), _number(high_text.strip(), metric, text)
        if high < low:
            raise ValueError(f"--target {text}: the range is empty (write LOW..HIGH)")
        return Target(metric, low, high, text.strip())
    value = _number(bounds, metric, text)
    return Target(metric, None, value, text.strip()) if operator == "<=" else Target(metric, value, None, text.strip())


def changes(axes: list[Axis], point: tuple, original: tuple) -> int:
    """How many axes `point` sets to another value than the deck's own (`original`)."""
    return sum(1 for value, own in zip(point, original, strict=True) if str(value) != str(own))


def score(targets: list[Target], figures: dict) -> tuple[float, float]:
    """(miss, off-centre) of a point's figures: both summed over the targets."""
    miss = sum(t.miss(figures[t.metric]["value"]) for t in targets)
    centre = sum(t.off_centre(figures[t.metric]["value"]) for t in targets)
    return round(miss, 9), round(centre, 9)


def rank(targets: list[Target], axes: list[Axis], found: dict[tuple, dict], original: tuple) -> list[tuple]:
    """The points of `found` (point → figures), best first: by miss, then fewest changes from the deck,
    then nearest the targets' middles, then grid order (the order of `found`)."""
    order = {point: index for index, point in enumerate(found)}

    def key(point):
        miss, centre = score(targets, found[point])
        return (miss, changes(axes, point, original), centre, order[point])

    return sorted(found, key=key)


def candidate(targets: list[Target], axes: list[Axis], point: tuple, figures: dict, original: tuple) -> dict:
    """One row of the report: the point, each target's figure with its interval and verdict, the miss."""
    miss, _ = score(targets, figures)
    return {
        "point": {axis.name: value for axis, value in zip(axes, point, strict=True)},
        "changes": changes(axes, point, original),
        "miss": round(miss, 4),
        "meets": miss == 0,
        "targets": [{"target": t.text, "rate": t.metric in RATES, "value": figures[t.metric]["value"],
                     "ci95": figures[t.metric].get("ci95"),
                     "verdict": t.verdict(figures[t.metric]["value"], figures[t.metric].get("ci95")),
                     **({"card": figures[t.metric]["card"]} if "card" in figures[t.metric] else {})}
                    for t in targets],
        "figures": figures,
    }


def original_point(deck, text: str, axes: list[Axis], base: dict[str, str], defaults: dict[str, object]) -> tuple:
    """The deck's own value on each axis (a rule's from `--hold`, the deck's `rules` block, or the game's
    default)."""
    from .variants import effect_numbers, number_of

    own = []
    rules = {setting.name: setting.value for setting in deck.rules}
    for axis in axes:
        if axis.card is None:
            own.append(base.get(axis.field, rules.get(axis.field, defaults.get(axis.field))))
            continue
        card = deck.card(axis.card)
        if axis.effect is not None:
            field, index = axis.effect
            start, end = effect_numbers(text, card.field_spans[field])[index - 1]
            own.append(int(text[start:end]))
        else:
            own.append(number_of(card, axis))
    return tuple(own)


def header(source_name: str, axes: list[Axis], point: tuple, original: tuple, row: dict, games: int,
           players: tuple[str, str]) -> str:
    """The comment `tune` puts at the top of the deck it writes: what changed and the figures it met."""
    changed = [f"{axis.name} {own} → {value}" for axis, value, own in zip(axes, point, original, strict=True)
               if str(value) != str(own)]
    lines = [f"# Tuned by `deckdsl tune` from {source_name}: {', '.join(changed) or 'no change'}.",
             f"# Confirmed over {games} games, {seated(players)}:"]
    for entry in row["targets"]:
        interval = entry["ci95"]
        shown = f" [{interval[0]:g}, {interval[1]:g}]" if interval else ""
        lines.append(f"#   {entry['target']}: {entry['value']:g}{shown}, {entry['verdict']}")
    return visible_lines(lines)


def text_report(tuned: dict) -> str:
    """The confirmed candidates, best first, each target's figure with its interval and verdict."""
    lines = [f"tune: {tuned['screened']} points screened over {tuned['games']} games each, the best "
             f"{len(tuned['candidates'])} confirmed over {tuned['confirm_games']} games "
             f"(seed {tuned['confirm_seed']}); "
             f"{seated(tuned['players'])}"]
    for number, row in enumerate(tuned["candidates"], 1):
        point = ", ".join(f"{name}={value}" for name, value in row["point"].items())
        state = "meets every target" if row["meets"] else f"miss {row['miss']:g}"
        lines.append(f"{number}. {point}  ({row['changes']} change(s); {state})")
        for entry in row["targets"]:
            interval = entry["ci95"]
            value = entry["value"]
            shown = (f"{value * 100:.1f}% [{interval[0] * 100:.1f}, {interval[1] * 100:.1f}]"
                     if entry["rate"] else
                     f"{value:.2f}" + (f" [{interval[0]:.2f}, {interval[1]:.2f}]" if interval else ""))
            card = f" ({entry['card']})" if entry.get("card") else ""
            lines.append(f"     {entry['target']:<36} {shown}{card}  {entry['verdict']}")
    if tuned.get("chosen"):
        lines.append(f"chosen: candidate {tuned['chosen']['rank']}, written to {tuned['chosen']['path']}")
    else:
        lines.append("no candidate met every target: nothing written (widen the axes, or the targets)")
    return visible_lines(lines)

