"""Compare decks: a base and its variants played with the same seeds, every figure side by side with its
difference and a 95% confidence interval (`deckdsl compare`).

Common random numbers: game `i` of every deck is dealt and played from the same generator
(`stats.game_rng(seed, i)`), so two decks that differ in one card differ in their games only where that
card matters.  The intervals here treat the runs as independent — Newcombe's hybrid score interval for a
difference of two rates (from the Wilson intervals of each), the normal interval for a difference of two
means — which the common seeds make conservative: a difference marked significant (its interval excludes
0) is one.

`--fail-if "first_player_win_rate > 0.55"` makes the exit status 1 when a variant's figure meets the
condition, for CI.
"""

from __future__ import annotations

import math
import operator
import re
from dataclasses import dataclass

from ..escapes import visible_lines
from ..stats import rounded, wilson
from .arena import simulate

Z = 1.959963984540054

OPERATORS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt, "==": operator.eq,
             "!=": operator.ne}


@dataclass(frozen=True)
class Metric:
    """One figure of a run, as compared: `name` (what `--fail-if` and `tune --target` call it), `label`, and
    `read(figures)`, which gives (its value, what its interval is made from): a rate's (successes, trials),
    or a mean's (mean, standard error); None when the figure has no interval.  `read` returns None for a
    run that does not have the figure (a game without exchanges has no `exchanges_per_game`)."""

    name: str
    label: str
    kind: str  # "rate", "mean" or "value"
    read: object


def _rate_of(successes, trials):
    return (successes / trials if trials else 0.0), (successes, trials)


def _first_player(figures: dict):
    if "wins" not in figures:
        return None
    decided = figures["games"] - figures["draws"]
    return _rate_of(figures["wins"][0], decided)


def _success(figures: dict):
    found = figures.get("success_rate")
    return None if found is None else _rate_of(round(found["rate"] * found["n"]), found["n"])


def _draws(figures: dict):
    return None if "draws" not in figures else _rate_of(figures["draws"], figures["games"])


def _deck_out(figures: dict):
    if "end" not in figures:
        return None
    exhausted = sum(count for reason, count in figures["end"].items() if reason.startswith("deck-"))
    return _rate_of(exhausted, figures["games"])


def _mean_of(key: str):
    def read(figures: dict):
        found = figures.get(key)
        if found is None:
            return None
        low, high = found["ci95"]
        return found["mean"], (found["mean"], (high - low) / (2 * Z))

    return read


def _exchange(key: str):
    def read(figures: dict):
        return None if "exchange" not in figures else (figures["exchange"][key], None)

    return read


METRICS = (
    Metric("first_player_win_rate", "first player wins (of decided games)", "rate", _first_player),
    Metric("success_rate", "the table succeeds", "rate", _success),
    Metric("draw_rate", "draws", "rate", _draws),
    Metric("deck_exhausted_rate", "games ended by an empty deck", "rate", _deck_out),
    Metric("rounds_mean", "rounds per game", "mean", _mean_of("rounds")),
    Metric("actions_mean", "actions per game", "mean", _mean_of("actions")),
    Metric("exchanges_per_game", "exchanges per game", "value", _exchange("per_game_mean")),
    Metric("stars_per_exchange", "stars per exchange", "value", _exchange("stars_per_exchange_mean")),
)
"""The figures compared, in the order shown; after them, each of the engine's own figures (`State.figures`:
skirmishes in Queens vs Kings, bluffs in Embate, checks in the cooperative game) as `NAME_per_game`."""

_BY_NAME = {metric.name: metric for metric in METRICS}
PER_GAME = "_per_game"


def _engine_figure(name: str) -> Metric:
    def read(figures: dict):
        value = figures.get("figures", {}).get(name)
        return None if value is None else (value, None)

    return Metric(name + PER_GAME, f"{name.replace('_', ' ')} per game", "value", read)


def metrics_of(figures: dict) -> list[Metric]:
    """The metrics a run has: those of `METRICS` its figures carry, then one per engine figure."""
    found = [metric for metric in METRICS if metric.read(figures) is not None]
    return found + [_engine_figure(name) for name in figures.get("figures", {})
                    if f"{name}_mean" not in _BY_NAME]  # what the simulator counts itself is not repeated


def metric(name: str, figures: dict) -> Metric:
    """The metric called `name` in a run's figures; ValueError naming the ones it has."""
    for candidate in metrics_of(figures):
        if candidate.name == name:
            return candidate
    names = ", ".join(candidate.name for candidate in metrics_of(figures))
    raise ValueError(f"this game's runs have no figure `{name}`; they have {names}")


def kind_of(name: str) -> str:
    return _BY_NAME[name].kind if name in _BY_NAME else "value"


def seated(players) -> str:
    """`random (first) vs greedy`, or `every seat rollout:5`, or the seats in order."""
    if len(players) == 2:
        return f"{players[0]} (first) vs {players[1]}"
    if len(set(players)) == 1:
        return f"every seat {players[0]}"
    return ", ".join(f"seat {seat} {name}" for seat, name in enumerate(players, 1))


def known(name: str) -> bool:
    """Whether `name` can be a metric of some game (one of `METRICS`, or an engine figure's `NAME_per_game`)."""
    return name in _BY_NAME or name.endswith(PER_GAME)


def newcombe(a: tuple[int, int], b: tuple[int, int]) -> tuple[float, float]:
    """The 95% interval of the difference of two rates, b − a (Newcombe 1998, method 10: from the Wilson
    intervals of each)."""
    pa = a[0] / a[1] if a[1] else 0.0
    pb = b[0] / b[1] if b[1] else 0.0
    la, ua = wilson(*a)
    lb, ub = wilson(*b)
    difference = pb - pa
    return (difference - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2),
            difference + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2))


def _interval(metric: Metric, base, variant) -> tuple[float, float] | None:
    if base is None or variant is None:
        return None
    if metric.kind == "rate":
        return newcombe(base, variant)
    (mean_a, se_a), (mean_b, se_b) = base, variant
    half = Z * math.sqrt(se_a ** 2 + se_b ** 2)
    return (mean_b - mean_a - half, mean_b - mean_a + half)


def _row(name: str, label: str, base_value: float, variant_value: float, interval) -> dict:
    return {
        "name": name, "label": label, "base": rounded(base_value), "variant": rounded(variant_value),
        "difference": rounded(variant_value - base_value),
        "ci95": None if interval is None else [rounded(interval[0]), rounded(interval[1])],
        "significant": interval is not None and (interval[0] > 0 or interval[1] < 0),
    }


def differences(base: dict, variant: dict) -> dict:
    """Every metric of `variant` against `base` (two runs' figures), and the cards whose figures changed."""
    rows = []
    for each in metrics_of(base):
        if each.read(variant) is None:
            continue
        base_value, base_raw = each.read(base)
        variant_value, variant_raw = each.read(variant)
        interval = _interval(each, base_raw, variant_raw)
        rows.append(_row(each.name, each.label, base_value, variant_value, interval))
    cards = []
    base_cards, variant_cards = base.get("cards", {}), variant.get("cards", {})
    for name in sorted(set(base_cards) | set(variant_cards), key=lambda n: (n not in base_cards, n)):
        before, after = base_cards.get(name), variant_cards.get(name)
        if before is None or after is None:
            cards.append({"name": name, "only_in": "base" if after is None else "variant"})
            continue
        won_a = (round(before["winner_rate"]["rate"] * before["winner_rate"]["n"]), before["winner_rate"]["n"])
        won_b = (round(after["winner_rate"]["rate"] * after["winner_rate"]["n"]), after["winner_rate"]["n"])
        row = _row(name, name, before["winner_rate"]["rate"], after["winner_rate"]["rate"],
                   newcombe(won_a, won_b) if won_a[1] and won_b[1] else None)
        per = "won_per_game" if "won_per_game" in before else "had_per_game"  # taken (Janken Wars), or held
        row[per] = [before[per], after[per]]
        changed = row[per][0] != row[per][1] or before.get("copies") != after.get("copies")
        if row["difference"] or changed:
            if "copies" in before:
                row["copies"] = [before["copies"], after["copies"]]
            cards.append(row)
    return {"metrics": rows, "cards": cards}


# ------------------------------------------------------------------------------ --fail-if ---

_CONDITION = re.compile(r"\s*([a-z_]+)\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*")


@dataclass(frozen=True)
class Condition:
    """`--fail-if "first_player_win_rate > 0.55"`: a metric, a comparison and a number."""

    metric: str
    op: str
    number: float

    def met(self, figures: dict) -> bool:
        """Whether `figures` meet it; ValueError when the run has no such figure (not this game's)."""
        return OPERATORS[self.op](metric(self.metric, figures).read(figures)[0], self.number)

    def __str__(self) -> str:
        return f"{self.metric} {self.op} {self.number:g}"


def condition(text: str) -> Condition:
    """A `--fail-if` condition; ValueError (its message says what is accepted) when it is not one."""
    match = _CONDITION.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not METRIC OP NUMBER (e.g. \"first_player_win_rate > 0.55\")")
    name, op, number = match.groups()
    if not known(name):
        raise ValueError(f"`{name}` is not a figure compare knows: {', '.join(_BY_NAME)}, or an engine figure "
                         f"as NAME{PER_GAME}")
    return Condition(name, op, float(number))


# -------------------------------------------------------------------------------- the run ---


def run(entries: list[tuple[str, object, object, dict[str, str]]], *, games: int, seed: int,
        players: tuple[str, str], jobs: int = 1, conditions: tuple[Condition, ...] = ()) -> dict:
    """Play each (label, deck, profile, settings) of `entries` — the base first — `games` times with `seed`,
    and compare every variant with the base.  JSON-ready; the same arguments give the same bytes."""
    played = [(label, simulate(deck, profile, settings, games=games, seed=seed, players=players, jobs=jobs))
              for label, deck, profile, settings in entries]
    (base_label, base), variants = played[0], played[1:]
    compared = []
    for label, figures in variants:
        compared.append({"label": label, "deck": figures["deck"], **differences(base, figures),
                         "failed": [str(c) for c in conditions if c.met(figures)]})
    return {"games": games, "seed": seed, "players": list(players),
            "base": {"label": base_label, "deck": base["deck"]}, "variants": compared,
            "failed": any(variant["failed"] for variant in compared)}


def shown(row: dict, rate: bool) -> tuple[str, str, str, str]:
    def value(number: float) -> str:
        return f"{number * 100:.1f}%" if rate else f"{number:.2f}"

    difference = f"{row['difference'] * 100:+.1f} pp" if rate else f"{row['difference']:+.2f}"
    if row["ci95"] is None:
        interval = "—"
    elif rate:
        interval = f"[{row['ci95'][0] * 100:+.1f}, {row['ci95'][1] * 100:+.1f}]"
    else:
        interval = f"[{row['ci95'][0]:+.2f}, {row['ci95'][1]:+.2f}]"
    return value(row["base"]), value(row["variant"]), difference, interval


def text_report(result: dict) -> str:
    """The comparison as a terminal table: `*` marks a difference whose interval excludes 0."""
    lines = [f"{result['games']} games each, seed {result['seed']}, {seated(result['players'])}; "
             f"base: {result['base']['label']}"]
    for variant in result["variants"]:
        lines += ["", f"{variant['label']} against the base", f"  {'':38} {'base':>9} {'variant':>9} {'difference':>12}"
                  f"  95% interval"]
        for row in variant["metrics"]:
            base, other, difference, interval = shown(row, kind_of(row["name"]) == "rate")
            mark = " *" if row["significant"] else ""
            lines.append(f"  {row['label']:38} {base:>9} {other:>9} {difference:>12}  {interval}{mark}")
        if variant["cards"]:
            lines.append("  cards whose figures changed (the win rate of a seat that had it; per game):")
            for card in variant["cards"]:
                if "only_in" in card:
                    lines.append(f"    {card['name']}: only in the {card['only_in']}")
                    continue
                base, other, difference, interval = shown(card, True)
                mark = " *" if card["significant"] else ""
                per = card.get("won_per_game") or card["had_per_game"]
                lines.append(f"    {card['name']:36} {base:>9} {other:>9} {difference:>12}  {interval}{mark}"
                             f"; {per[0]:.2f} → {per[1]:.2f}")
        for failed in variant["failed"]:
            lines.append(f"  FAIL: {failed}")
    lines += ["", "* the 95% interval of the difference excludes 0 (the runs share their seeds, which makes the "
              "intervals conservative)"]
    return visible_lines(lines)
