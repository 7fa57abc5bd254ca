"""What the report of a simulation shows, as data: a game's engine turns the figures of a run into a
`RunView` (`Engine.view`), and the lab draws it (`deckdsl.lab.report`: one page, one template for
every game).  The view says *what* to show — the verdict, tiles, how the games ended, histograms, card
tables — in the game's own words; the lab decides *how* (SVG charts, HTML tables, escaping).

`standard` is the view of the simulator's own figures (`deckdsl.lab.arena.figures`: each seat's win rate
or the table's success, the number of actions, the engine's per-game figures, the cards seats had); a game
that keeps its own tally gives its own view (Janken Wars: rounds, endings, exchanges).  Every text is
plain: the lab escapes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..stats import interval, number, percent, rate_text, signed


@dataclass(frozen=True)
class Tile:
    """A headline figure: what it is (`label`), its value, and a line on how sure or how spread."""

    label: str
    value: str
    detail: str


@dataclass(frozen=True)
class Share:
    """One part of the games in the outcome bar: its `label`, how many games, and its `tone` —
    `first` and `second` (the two sides of a two-seat game, or success and failure), or `neutral`."""

    label: str
    count: int
    tone: str


@dataclass(frozen=True)
class Outcome:
    """How all `games` ended, as one bar of `shares`; `midline` marks 50% (the balance of two seats)."""

    shares: tuple[Share, ...]
    games: int
    midline: bool
    caption: str


@dataclass(frozen=True)
class Histogram:
    """Counts by a whole value (`counts`: value as text -> count) drawn as bars: `kind` names the chart
    (its id and class), `unit` the values, `what` the things counted; `markers` are (label, value, dash)
    lines such as the mean; `narrow` charts are drawn two to a row."""

    kind: str
    counts: dict
    unit: str
    what: str
    title: str
    axis: str
    caption: str
    markers: tuple = ()
    narrow: bool = False


@dataclass(frozen=True)
class Contribution:
    """Per card (`cards`: name -> `win_contribution`, `winner_rate`, `others_rate`), how much more often
    the seats that `had` it won than the others: `holder` names such a seat in the tooltips."""

    cards: dict
    holder: str
    had: str
    caption: str


@dataclass(frozen=True)
class Table:
    """A table: `kind` (its class), the `columns`' headings, and `rows` of texts.  With `row_headers`
    the first cell of a row names it; the column at `signed` holds signed figures (coloured by sign);
    every column after the first holds numbers."""

    kind: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_headers: bool = False
    signed: int | None = None


@dataclass(frozen=True)
class Section:
    """A titled part of a run's details: a paragraph of `text` and `items` (histograms, tables, a
    contribution chart) in order."""

    title: str
    items: tuple = ()
    text: str = ""


@dataclass(frozen=True)
class RunView:
    """One run (or one pairing of `--matchups`): who sat where (`players`), the page's `subtitle`, the
    `verdict` and `tiles` of the headline, the `outcome` bar, the `sections` of its details, and
    `pairing`, its row of the matchups table as (heading, value) pairs."""

    players: tuple[str, ...]
    games: int
    subtitle: str
    verdict: str
    tiles: tuple[Tile, ...]
    outcome: Outcome | None
    sections: tuple[Section, ...]
    pairing: tuple[tuple[str, str], ...]


def standard(figures: dict) -> RunView:
    """The view of the simulator's own figures (a cooperative game's or a competitive one's)."""
    players, games, actions = tuple(figures["players"]), figures["games"], figures["actions"]
    if figures["cooperative"]:
        success = figures["success_rate"]
        verdict = f"The table succeeds in {rate_text(success)} of the games."
        tiles = [Tile("Success", percent(success["rate"]), f"95% CI {interval(success)} of {games} games")]
        won = round(success["rate"] * games)
        outcome = Outcome((Share("success", won, "first"), Share("failure", games - won, "neutral")), games,
                          midline=False, caption=f"All {games} games.")
        headline = ("the table succeeds", success)
    else:
        verdict = _verdict(players, figures["win_rate"])
        tiles = [Tile(f"Seat {seat + 1} wins ({name})", percent(rate["rate"]),
                      f"95% CI {interval(rate)} of decided games")
                 for seat, (name, rate) in enumerate(zip(players, figures["win_rate"], strict=True))]
        share = figures["draws"] / games if games else 0
        tiles.append(Tile("Draws", str(figures["draws"]), f"{percent(share)} of games"))
        outcome = None
        if len(players) == 2:
            outcome = Outcome((Share(f"{players[0]} (seat 1) wins", figures["wins"][0], "first"),
                               Share(f"{players[1]} (seat 2) wins", figures["wins"][1], "second"),
                               Share("draws", figures["draws"], "neutral")), games, midline=True,
                              caption=f"All {games} games; the dashed line marks 50%. Win rates above count "
                                      "decided games only.")
        headline = ("seat 1 wins", figures["win_rate"][0])
    tiles.append(Tile("Game length", f"{number(actions['mean'])} actions",
                      f"median {actions['median']} · 95% of games ≤ {actions['p95']} · "
                      f"range {actions['min']}–{actions['max']}"))
    sections = [Section("Game length", (Histogram(
        "actions", actions["histogram"], unit="actions", what="games", title="How long games last",
        axis="actions (decisions) per game", caption="Games by the number of decisions taken in them (every "
                                                     "seat's actions).",
        markers=(("mean", actions["mean"], ""), ("median", actions["median"], "6 4"),
                 ("p95", actions["p95"], "2 3"))),))]
    if figures["figures"]:
        sections.append(Section("The game's own figures", (Table(
            "figures", ("figure", "per game"),
            tuple((name.replace("_", " "), number(value, 2)) for name, value in figures["figures"].items())),)))
    cards, use = figures.get("cards") or {}, figures.get("card_use", "had")
    if cards:
        sections.append(Section("Which cards go with winning", (Contribution(
            cards, holder="holder", had=use,
            caption=f"Win rate of the seats that {use} the card minus that of the seats that did not, in percentage "
                    "points (draws left out), with the holder's win rate and its 95% CI. A correlation, not a "
                    "cause: hover a bar for the details."),)))
        sections.append(Section("Cards", (Table(
            "cards", ("card", f"seats that {use} it", "per game", "holder wins [95% CI]", "in decided games",
                      "others win", "contrib. (pts)"),
            tuple(_card_row(name, card) for name, card in cards.items()), row_headers=True, signed=6),)))
    label, rate = headline
    return RunView(
        players=players, games=games, subtitle=f"{games} games, seed {figures['seed']}, {_seats(players)}",
        verdict=verdict, tiles=tuple(tiles), outcome=outcome, sections=tuple(sections),
        pairing=((label + " [95% CI]", f"{percent(rate['rate'])} [{interval(rate)}]"),
                 ("actions: mean · median · p95", f"{number(actions['mean'])} · {actions['median']} · "
                                                  f"{actions['p95']}")))


def _seats(players: tuple[str, ...]) -> str:
    """`seat 1 ismcts:200, seat 2 random`, or `every seat random`."""
    if len(set(players)) == 1:
        return f"every seat {players[0]}"
    return ", ".join(f"seat {seat + 1} {name}" for seat, name in enumerate(players))


def _verdict(players: tuple[str, ...], rates: list[dict]) -> str:
    """Whether a seat has an edge: only when the 95% CI of seat 1's win rate excludes 50% (two seats)."""
    if len(players) != 2:
        return "; ".join(f"seat {seat + 1} ({name}) wins {rate_text(rate)}"
                         for seat, (name, rate) in enumerate(zip(players, rates, strict=True))) + "."
    low, high = rates[0]["ci95"]
    if low > 0.5:
        lead = f"Seat 1 ({players[0]}) has the edge"
    elif high < 0.5:
        lead = f"Seat 2 ({players[1]}) has the edge"
    else:
        lead = "No clear edge between the seats"
    return f"{lead}: seat 1 wins {rate_text(rates[0])} of the decided games."


def _card_row(name: str, card: dict) -> tuple[str, ...]:
    change = card["win_contribution"]
    return (name, str(card["had"]), f"{card['had_per_game']:.2f}",
            f"{percent(card['winner_rate']['rate'])} [{interval(card['winner_rate'])}]",
            str(card["winner_rate"]["n"]), percent(card["others_rate"]["rate"]),
            "—" if change is None else signed(100 * change))
