"""Sweep a deck over rule parameters and card values (`deckdsl sweep`): a grid (or a seeded random sample of
it) of variants, each played `games` times from the same seeds as the others (common random numbers), the
results stored as they arrive in a file a later run resumes from.

    deckdsl sweep DECK --set star_cost=5..10 --set table_size=4..6 --vary "Origami Sublime.value=3..5"

An axis is a rule parameter or option (`--set NAME=A..B` or `NAME=a,b,c`) or a card's `value` or
`copies` (`--vary "CARD.value=3..5"`).  A point's figures depend only on the point, the deck, the seed,
the bots and the number of games — never on how many workers played it, nor in which order — so the
results file of an interrupted run is completed by running the same command again, and the table and
report are the same whatever `--jobs` was.

The results file (`deckdsl.lab.results`) is JSON lines: first the sweep's own description (a run with
another description refuses the file rather than mix two sweeps), then one line per point, written and
synced as each point ends.  Points are played here (`play`: processes) or on Ray (`deckdsl.lab.cluster`).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from ..escapes import visible_lines
from ..lang import ast
from ..stats import rounded, wilson
from .arena import simulate
from . import variants
from .variants import EFFECTS, Axis

__all__ = ["Axis", "card_axis", "rule_axis", "points", "variant", "check_axes", "summary", "checked", "play",
           "play_with", "run"]

MAX_POINTS = 10_000
"""The most points a sweep plays: a grid larger than this is sampled (`--sample`) instead."""

_RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)")


def _values(text: str, what: str) -> tuple[int | str, ...]:
    match = _RANGE.fullmatch(text.strip())
    if match:
        low, high = int(match.group(1)), int(match.group(2))
        if high < low:
            raise ValueError(f"{what}: the range {text} is empty (write LOW..HIGH)")
        if high - low >= MAX_POINTS:
            raise ValueError(f"{what}: the range {text} has more than {MAX_POINTS:,} values")
        return tuple(range(low, high + 1))
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise ValueError(f"{what}: write A..B or a list a,b,c (got {text!r})")
    return tuple(int(item) if re.fullmatch(r"-?\d+", item) else item for item in items)


def rule_axis(text: str) -> Axis:
    """`--set star_cost=5..10` or `--set chooser=actor,owner`."""
    name, equals, values = text.partition("=")
    if not equals or not name.strip():
        raise ValueError(f"--set {text}: write NAME=A..B or NAME=a,b,c")
    return Axis(name.strip(), None, name.strip(), _values(values, f"--set {name.strip()}"))


def card_axis(text: str) -> Axis:
    """`--vary "Origami Sublime.value=3..5"`: a card's `value` or `copies`, the Nth number written in its
    effect (`"Rolo Compressor.condition#1=0..3"`, `deckdsl.lab.variants`), or a number of its profile's
    attributes (`"Dois de Espadas.rank=2..4"`)."""
    target, equals, values = text.partition("=")
    card, dot, field = target.strip().rpartition(".")
    effect, hash_, index = field.partition("#")
    is_effect = bool(hash_) and effect in EFFECTS and index.isdigit() and index.isascii()
    if not equals or not dot or not card or not (is_effect or (field.isascii() and field.isidentifier())):
        raise ValueError(f'--vary {text}: write "CARD.value=A..B", "CARD.copies=A..B", "CARD.action#N=A..B" '
                         '(the Nth number of its action or condition) or "CARD.rank=A..B" (a number the card '
                         'has in its profile)')
    found = _values(values, f"--vary {target.strip()}")
    if not all(isinstance(value, int) for value in found):
        raise ValueError(f"--vary {target.strip()}: a card's {field} is a whole number")
    return Axis(target.strip(), card, field, found)


def points(axes: list[Axis], sample: int | None = None, seed: int = 0) -> list[tuple]:
    """The grid's points, each a tuple of one value per axis, in the grid's order; with `sample`, that many
    of them drawn with `seed` (kept in the grid's order)."""
    size = 1
    for axis in axes:
        size *= len(axis.values)
    if sample is None and size > MAX_POINTS:
        raise ValueError(f"the grid has {size:,} points, more than {MAX_POINTS:,}: sample it (--sample N)")
    if sample is None or sample >= size:
        return list(itertools.product(*(axis.values for axis in axes)))
    chosen = sorted(random.Random(seed).sample(range(size), sample))
    found = []
    for index in chosen:
        point = []
        for axis in reversed(axes):
            index, at = divmod(index, len(axis.values))
            point.append(axis.values[at])
        found.append(tuple(reversed(point)))
    return found


def variant(deck: ast.Deck, axes: list[Axis], point: tuple, text: str | None = None,
            near: Path | None = None) -> tuple[ast.Deck, dict[str, str]]:
    """The deck with the point's card values, and the point's rule settings (for `rules_for`).  With an
    axis over an effect's number, the deck is read back from its text (`text`, the deck file's, read as
    if in the folder `near`) with the point's numbers written in (`deckdsl.lab.variants`)."""
    settings = {axis.field: str(value) for axis, value in zip(axes, point, strict=True) if axis.card is None}
    if any(axis.effect is not None for axis in axes):
        if text is None:
            raise ValueError("a sweep over an effect's numbers needs the deck's text")
        card_axes = [(axis, value) for axis, value in zip(axes, point, strict=True) if axis.card is not None]
        changes = variants.edits(deck, text, [axis for axis, _ in card_axes], tuple(value for _, value in card_axes))
        return variants.read(variants.apply(text, changes), near), settings
    cards = list(deck.cards)
    for axis, value in zip(axes, point, strict=True):
        if axis.card is None:
            continue
        at = next(index for index, card in enumerate(cards) if card.name == axis.card)
        cards[at] = variants.with_number(cards[at], axis, value)
    return deck.model_copy(update={"cards": tuple(cards)}), settings


def check_axes(deck: ast.Deck, axes: list[Axis], text: str | None = None) -> None:
    """ValueError when an axis names no card of the deck, or a card worth `*`, or a number its effect does
    not have, or repeats another."""
    names = [axis.name for axis in axes]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"`{name}` is swept twice")
    for axis in axes:
        if axis.card is None:
            continue
        card = deck.card(axis.card)
        if card is None:
            raise ValueError(f"--vary: the deck has no card named `{axis.card}`")
        if axis.field == "value" and not isinstance(card.value, int):
            raise ValueError(f"--vary: `{axis.card}` is worth `*`: its value comes from its condition")
        if axis.attribute and variants.number_of(card, axis) is None:
            raise ValueError(f"--vary: `{axis.card}` has no number `{axis.field}` (its fields: value, copies, "
                             f"{', '.join(attribute.name for attribute in card.attributes) or 'no attributes'})")
        if axis.effect is not None:
            variants.check_effect_axis(deck, text or "", axis)


LEFT_OUT = frozenset({"stars_per_exchange"})
"""Figures of a run a sweep does not keep (`deckdsl.lab.compare.metrics_of` gives the rest)."""

CARD_MAX = "card_taker_win_rate_max"
"""The highest win rate of a seat that had a card (took it, in Janken Wars), with the card's name, over the
cards had in at least `MIN_TAKERS` decided games."""

SHAPES = (
    frozenset({"first_player_win_rate", "draw_rate", "deck_exhausted_rate", "rounds_mean", "exchanges_per_game"}),
    frozenset({"first_player_win_rate", "draw_rate", "actions_mean"}),
    frozenset({"success_rate", "actions_mean"}),
)
"""The figures of `compare.METRICS` a point has, whole: a game that counts its own figures (Janken Wars), a
game of seats that win, a cooperative game.  A point read back with any other set is not whole."""

MIN_TAKERS = 30
"""Games a card must be had in before its win rate counts towards `card_taker_win_rate_max`."""


def summary(figures: dict) -> dict:
    """The figures of one point a sweep keeps: each of the run's metrics (`compare.metrics_of`, those of its
    game: Janken Wars' first player's win rate, draws, empty decks, rounds and exchanges; another game's win
    rate or success, actions and its engine's figures), with its interval where it has one, and
    `card_taker_win_rate_max`."""
    from .compare import metrics_of

    found = {}
    for metric in metrics_of(figures):
        if metric.name in LEFT_OUT:
            continue
        value, raw = metric.read(figures)
        entry: dict = {"value": rounded(value)}
        if metric.kind == "rate" and raw is not None:
            entry["ci95"] = [rounded(bound) for bound in wilson(*raw)]
        elif metric.kind == "mean":
            entry["ci95"] = figures[metric.name.removesuffix("_mean")]["ci95"]
        found[metric.name] = entry
    counted = [(card["winner_rate"]["rate"], name, card["winner_rate"])
               for name, card in figures.get("cards", {}).items() if card["winner_rate"]["n"] >= MIN_TAKERS]
    if counted:
        rate, name, winner = max(counted, key=lambda entry: (entry[0], entry[1]))
        found[CARD_MAX] = {"value": rate, "ci95": winner["ci95"], "card": name}
    else:
        found[CARD_MAX] = {"value": 0.0, "ci95": [0.0, 1.0], "card": None}
    return found


def checked(figures: object) -> dict | None:
    """A point's figures read back (from a results file) as `summary` makes them, or None when they are
    not: figures a run can have (`compare.known`), those of `compare.METRICS` one of `SHAPES`, and
    `card_taker_win_rate_max`; each value a finite number, never negative (each is
    a rate, a count or a mean of counts) and between 0 and 1 for a rate; its 95% interval (two finite
    numbers, rates between 0 and 1) wherever `summary` gives one; the card of `card_taker_win_rate_max`, a
    name or null.  Only those keys are kept, so the table, the report and `tune` read exactly what a point
    makes."""
    from .compare import kind_of, known

    from .compare import METRICS

    if not isinstance(figures, dict) or CARD_MAX not in figures:
        return None
    if frozenset(name for name in (metric.name for metric in METRICS) if name in figures) not in SHAPES:
        return None
    found = {}
    for name, entry in figures.items():
        if not isinstance(name, str) or not (known(name) or name == CARD_MAX) or not isinstance(entry, dict):
            return None
        kind = "rate" if name == CARD_MAX else kind_of(name)
        low, high = (0.0, 1.0) if kind == "rate" else (-math.inf, math.inf)
        value = _finite(entry.get("value"), max(low, 0.0), high)
        interval = entry.get("ci95")
        bounds = ([_finite(bound, low, high) for bound in interval]
                  if isinstance(interval, list) and len(interval) == 2 else [None])
        if value is None or (kind != "value" and None in bounds):
            return None
        found[name] = {"value": value, **({"ci95": bounds} if kind != "value" else {})}
    card = figures[CARD_MAX].get("card")
    if card is not None and not isinstance(card, str):
        return None
    found[CARD_MAX]["card"] = card
    return found


def _finite(number: object, low: float, high: float) -> float | None:
    """`number` as a float when it is a JSON number between `low` and `high` (NaN and the infinities,
    which `json` reads from `NaN` and `1e999`, are not), else None."""
    if isinstance(number, bool) or not isinstance(number, int | float):
        return None
    try:
        value = float(number)
    except OverflowError:  # an integer past the largest float
        return None
    return value if math.isfinite(value) and low <= value <= high else None


# ------------------------------------------------------------------------------- playing ---

_WORKER: dict = {}


def _init(deck: ast.Deck, profile, axes: list[Axis], base: dict[str, str], games: int, seed: int,
          players: tuple[str, str], text: str | None = None, near: Path | None = None) -> None:
    _WORKER.update(deck=deck, profile=profile, axes=axes, base=base, games=games, seed=seed, players=players,
                   text=text, near=near)


def play_point(point: tuple) -> tuple[tuple, dict]:
    """One point's figures (in a worker: the sweep's deck and settings are the worker's)."""
    w = _WORKER
    deck, settings = variant(w["deck"], w["axes"], point, w["text"], w["near"])
    figures = simulate(deck, w["profile"], {**w["base"], **settings}, games=w["games"], seed=w["seed"],
                       players=w["players"])
    return point, summary(figures)


def play(todo: list[tuple], *, deck: ast.Deck, profile, axes: list[Axis], base: dict[str, str], games: int,
         seed: int, players: tuple[str, str], jobs: int = 1, text: str | None = None,
         near: Path | None = None) -> Iterator[tuple[tuple, dict]]:
    """Each point of `todo` with its figures, as they end (in any order when `jobs` > 1).  `text`, `near`:
    the deck file's text and folder, for axes over an effect's numbers (`variant`)."""
    arguments = (deck, profile, axes, base, games, seed, players, text, near)
    if jobs <= 1 or len(todo) <= 1:
        _init(*arguments)
        for point in todo:
            yield play_point(point)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(min(jobs, len(todo)), initializer=_init, initargs=arguments) as pool:
        yield from pool.imap_unordered(play_point, todo)


def play_with(arguments: tuple, point: tuple) -> tuple[tuple, dict]:
    """One point, the sweep's settings (`play`'s, in its order) given along: a task for a worker that did
    not start with them (a Ray task), playing the same `play_point`, so a point's figures are the same on
    any backend."""
    _init(*arguments)
    return play_point(point)


def run(todo: list[tuple], store: Callable[[tuple, dict], None], played: Callable[..., Iterator[tuple[tuple, dict]]],
        progress: Callable[[int], None] | None = None) -> dict[tuple, dict]:
    """Play `todo` with `played` and `store` each point (in the results file) as it ends."""
    found = {}
    for point, figures in played(todo):
        store(point, figures)
        found[point] = figures
        if progress:
            progress(1)
    return found


# ------------------------------------------------------------------------------- the table ---


def result(described: dict, axes: list[Axis], grid: list[tuple], figures: dict[tuple, dict]) -> dict:
    """The sweep's JSON: its description and each point of the grid with its figures, in grid order."""
    return {**described, "points": [{"point": dict(zip((a.name for a in axes), point, strict=True)),
                                     "figures": figures[point]} for point in grid]}


COLUMNS = {"first_player_win_rate": "first wins", "success_rate": "success", "draw_rate": "draws",
           "deck_exhausted_rate": "deck out", "rounds_mean": "rounds", "actions_mean": "actions",
           "exchanges_per_game": "exchanges"}
"""The short heads of the sweep's table; an engine's figure is headed by its name."""


def columns(swept: dict) -> list[str]:
    """The figures of the sweep's table, in the order its points give them (not `card_taker_win_rate_max`)."""
    first = swept["points"][0]["figures"] if swept["points"] else {}
    return [name for name in first if name != CARD_MAX]


def cell(name: str, entry: dict) -> str:
    """A figure as the table shows it: a rate in %, any other with two decimals."""
    from .compare import kind_of

    if entry is None:  # an engine's figure a point read back does not have
        return "—"
    return f"{entry['value'] * 100:.1f}%" if kind_of(name) == "rate" else f"{entry['value']:.2f}"


def text_report(swept: dict) -> str:
    """One row per point: the axes, then the figures (rates in %)."""
    from .compare import seated

    names = [axis["name"] for axis in swept["axes"]]
    shown = columns(swept)
    head = [*names, *(COLUMNS.get(name, name.removesuffix("_per_game")) for name in shown)]
    rows = []
    for entry in swept["points"]:
        f = entry["figures"]
        rows.append([*(str(entry["point"][name]) for name in names), *(cell(name, f.get(name)) for name in shown)])
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    lines = [f"{swept['games']} games per point, seed {swept['seed']}, {seated(swept['players'])}; {len(rows)} points"]
    lines += ["  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)) for row in [head, *rows]]
    return visible_lines(lines)
