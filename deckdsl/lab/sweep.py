"""Sweep a deck over rule parameters and card values (`deckdsl sweep`): a grid (or a seeded random sample of
it) of variants, each played `games` times from the same seeds as the others (common random numbers), the
results stored as they arrive in a file a later run resumes from.

    deckdsl sweep DECK --set star_cost=5..10 --set table_size=4..6 --vary "Origami Sublime.value=3..5"

An axis is a rule parameter or option (`--set NAME=A..B` or `NAME=a,b,c`) or a card's `value` or
`copies` (`--vary "CARD.value=3..5"`).  A point's figures depend only on the point, the deck, the seed,
the bots and the number of games — never on how many workers played it, nor in which order — so the
results file of an interrupted run is completed by running the same command again, and the table and
report are the same whatever `--jobs` was.

The results file is JSON lines: first the sweep's own description (a run with another description
refuses the file rather than mix two sweeps), then one line per point, written and flushed as each point
ends; a line cut short by a crash is ignored and its point played again.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from ..lang import ast
from . import sim
from . import variants
from .variants import EFFECTS, Axis

__all__ = ["Axis", "card_axis", "rule_axis", "points", "variant", "check_axes", "play", "play_on_ray", "run"]

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
    """`--vary "Origami Sublime.value=3..5"`: a card's `value` or `copies`, or the Nth number written in its
    effect (`"Rolo Compressor.condition#1=0..3"`, `deckdsl.lab.variants`)."""
    target, equals, values = text.partition("=")
    card, dot, field = target.strip().rpartition(".")
    effect, hash_, index = field.partition("#")
    is_effect = bool(hash_) and effect in EFFECTS and index.isdigit() and index.isascii()
    if not equals or not dot or not card or (field not in ("value", "copies") and not is_effect):
        raise ValueError(f'--vary {text}: write "CARD.value=A..B", "CARD.copies=A..B" or "CARD.action#N=A..B" '
                         '(the Nth number of its action or condition)')
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
        cards[at] = cards[at].model_copy(update={axis.field: value})
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
        if axis.effect is not None:
            variants.check_effect_axis(deck, text or "", axis)


SUMMARY = ("first_player_win_rate", "draw_rate", "deck_exhausted_rate", "rounds_mean", "exchanges_per_game",
           "card_taker_win_rate_max")
"""The figures a sweep keeps of each point: `deckdsl.lab.compare.METRICS`', and the highest win rate of a
card's takers (`card_taker_win_rate_max`, with the card's name), over the cards taken in at least
`MIN_TAKERS` decided games."""

MIN_TAKERS = 30
"""Games a card must be taken in before its takers' win rate counts towards `card_taker_win_rate_max`."""


def summary(figures: dict) -> dict:
    """The figures of one point a sweep keeps: each of `SUMMARY`, with its interval where it has one."""
    from .compare import METRICS

    found = {}
    for metric in METRICS:
        if metric.name not in SUMMARY:
            continue
        value, raw = metric.read(figures)
        entry: dict = {"value": sim._round(value)}
        if metric.kind == "rate" and raw is not None:
            entry["ci95"] = [sim._round(bound) for bound in sim.wilson(*raw)]
        elif metric.kind == "mean":
            entry["ci95"] = figures["rounds"]["ci95"]
        found[metric.name] = entry
    counted = [(card["winner_rate"]["rate"], name, card["winner_rate"]) for name, card in figures["cards"].items()
               if card["winner_rate"]["n"] >= MIN_TAKERS]
    if counted:
        rate, name, winner = max(counted, key=lambda entry: (entry[0], entry[1]))
        found["card_taker_win_rate_max"] = {"value": rate, "ci95": winner["ci95"], "card": name}
    else:
        found["card_taker_win_rate_max"] = {"value": 0.0, "ci95": [0.0, 1.0], "card": None}
    return found


# ------------------------------------------------------------------------- the results file ---


def description(deck_path: str, axes: list[Axis], *, games: int, seed: int, players: tuple[str, str],
                settings: dict[str, str]) -> dict:
    """What makes two sweeps the same sweep: the results file's first line."""
    return {"sweep": 2, "deck": deck_path, "games": games, "seed": seed, "players": list(players),
            "settings": dict(sorted(settings.items())),
            "axes": [{"name": axis.name, "card": axis.card, "field": axis.field, "values": list(axis.values)}
                     for axis in axes]}


class ResultsError(Exception):
    """A results file that belongs to another sweep, or cannot be read or written."""


def read_results(path: Path, described: dict) -> dict[tuple, dict]:
    """The points already played in `path` (none when it does not exist), by point."""
    if not path.exists():
        return {}
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"cannot read {path}: {error}") from error
    try:
        head = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise ResultsError(f"{path} is not a sweep's results file") from None
    if head != described:
        raise ResultsError(f"{path} holds the results of another sweep (deck, seed, games, bots or axes differ): "
                           "give another --results file, or delete this one")
    done = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            done[tuple(entry["point"])] = entry["figures"]
        except (json.JSONDecodeError, KeyError, TypeError):
            continue  # a line cut short by a crash: that point is played again
    return done


class ResultsFile:
    """Appends one JSON line per point to the results file, flushed and synced as each point ends."""

    def __init__(self, path: Path, described: dict, fresh: bool) -> None:
        self.path = path
        try:
            self.handle = open(path, "a", encoding="utf-8")  # noqa: SIM115 — closed by `close`
            if fresh:
                self.handle.write(json.dumps(described, ensure_ascii=False) + "\n")
                self._sync()
            elif path.stat().st_size and not path.read_bytes().endswith(b"\n"):
                self.handle.write("\n")  # close a line cut short, so the next one stands alone
        except OSError as error:
            raise ResultsError(f"cannot write {path}: {error.strerror or error}") from error

    def add(self, point: tuple, figures: dict) -> None:
        self.handle.write(json.dumps({"point": list(point), "figures": figures}, ensure_ascii=False) + "\n")
        self._sync()

    def _sync(self) -> None:
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def close(self) -> None:
        self.handle.close()


# ------------------------------------------------------------------------------- playing ---

_WORKER: dict = {}


def _init(deck: ast.Deck, profile, axes: list[Axis], base: dict[str, str], games: int, seed: int,
          players: tuple[str, str], text: str | None = None, near: Path | None = None) -> None:
    _WORKER.update(deck=deck, profile=profile, axes=axes, base=base, games=games, seed=seed, players=players,
                   text=text, near=near)


def play_point(point: tuple) -> tuple[tuple, dict]:
    """One point's figures (in a worker: the sweep's deck and settings are the worker's)."""
    from ..games.janken import rules_for

    w = _WORKER
    deck, settings = variant(w["deck"], w["axes"], point, w["text"], w["near"])
    rules = rules_for(deck, w["profile"], {**w["base"], **settings})
    figures = sim.simulate(deck, w["profile"], rules, games=w["games"], seed=w["seed"], players=w["players"])
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


def _ray_point(arguments: tuple, point: tuple) -> tuple[tuple, dict]:
    """One point on a Ray worker: the same `play_point`, so a point's figures are the same on any backend."""
    _init(*arguments)
    return play_point(point)


def play_on_ray(todo: list[tuple], *, deck: ast.Deck, profile, axes: list[Axis], base: dict[str, str], games: int,
                seed: int, players: tuple[str, str], address: str | None = None, text: str | None = None,
                near: Path | None = None) -> Iterator[tuple[tuple, dict]]:
    """Each point of `todo` with its figures, played as Ray tasks on the cluster at `address` (None: a Ray
    instance on this machine, started here when none runs), as they end.  Needs `deckdsl[ray]`."""
    try:
        import ray
    except ImportError as error:
        raise ResultsError("--backend ray needs Ray: pip install 'deckdsl[ray]'") from error
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    arguments = ray.put((deck, profile, axes, base, games, seed, players, text, near))
    task = ray.remote(_ray_point)
    pending = [task.remote(arguments, point) for point in todo]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        yield ray.get(finished[0])


def run(todo: list[tuple], results: ResultsFile, played: Callable[..., Iterator[tuple[tuple, dict]]],
        progress: Callable[[int], None] | None = None) -> dict[tuple, dict]:
    """Play `todo` with `played` and store each point in `results` as it ends."""
    found = {}
    for point, figures in played(todo):
        results.add(point, figures)
        found[point] = figures
        if progress:
            progress(1)
    return found


# ------------------------------------------------------------------------------- the table ---


def result(described: dict, axes: list[Axis], grid: list[tuple], figures: dict[tuple, dict]) -> dict:
    """The sweep's JSON: its description and each point of the grid with its figures, in grid order."""
    return {**described, "points": [{"point": dict(zip((a.name for a in axes), point, strict=True)),
                                     "figures": figures[point]} for point in grid]}


def text_report(swept: dict) -> str:
    """One row per point: the axes, then the figures (rates in %)."""
    names = [axis["name"] for axis in swept["axes"]]
    head = [*names, "first wins", "draws", "deck out", "rounds", "exchanges"]
    rows = []
    for entry in swept["points"]:
        f = entry["figures"]
        rows.append([*(str(entry["point"][name]) for name in names),
                     f"{f['first_player_win_rate']['value'] * 100:.1f}%", f"{f['draw_rate']['value'] * 100:.1f}%",
                     f"{f['deck_exhausted_rate']['value'] * 100:.1f}%", f"{f['rounds_mean']['value']:.2f}",
                     f"{f['exchanges_per_game']['value']:.2f}"])
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    lines = [f"{swept['games']} games per point, seed {swept['seed']}, {swept['players'][0]} (first) vs "
             f"{swept['players'][1]}; {len(rows)} points"]
    lines += ["  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)) for row in [head, *rows]]
    return "\n".join(lines) + "\n"
