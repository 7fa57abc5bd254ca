"""Janken Wars' figures (`figures.summary`) as the simulation report shows them (`deckdsl.games.view`):
the first player's edge, games by rounds, how games ended and by which tie-break, the exchanges, the
tables holding an advanced card, and per card how often it was won, fired, discarded and exchanged."""

from __future__ import annotations

from ...stats import interval, number, percent, rate_text, signed
from ..view import Contribution, Histogram, Outcome, RunView, Section, Share, Table, Tile

END_REASONS = {"stars": "a player reached the stars to win", "round-limit": "draw at the round limit"}
CAUSES = {"deck": "the deck ran out", "stars": "the star supply ran out"}
TIEBREAKS = {"stars": "more stars", "domain": "higher domain value", "dispute": "last dispute won"}


def view(figures: dict) -> RunView:
    rounds, exchange, games = figures["rounds"], figures["exchange"], figures["games"]
    first, second = figures["players"]
    first_rate = figures["first_player_win_rate"]
    stars = number(exchange["stars_per_exchange_mean"], 2)
    each = (f"each: {number(exchange['domain_size_mean'], 2)} cards, {number(exchange['points_mean'], 2)} points → "
            f"{stars} star{'' if stars == '1' else 's'}, {number(exchange['points_wasted_mean'], 2)} points lost")
    tiles = [
        Tile(f"First player wins ({first})", percent(first_rate["rate"]),
             f"95% CI {interval(first_rate)} of decided games"),
        Tile("Game length", f"{number(rounds['mean'])} rounds",
             f"median {rounds['median']} · 95% of games ≤ {rounds['p95']} · range {rounds['min']}–{rounds['max']}"),
        Tile("Deck ran out", percent(figures["deck_exhausted_rate"]["rate"]),
             f"95% CI {interval(figures['deck_exhausted_rate'])} of games"),
        Tile("Exchanges per game", number(exchange["per_game_mean"], 2), each),
    ]
    table = figures.get("advanced_on_table")
    if table:
        tiles.append(Tile(
            "Advanced card on the table", percent(table["tables_in_play"]["rate"]),
            f"95% CI {interval(table['tables_in_play'])} of tables in play; a fresh deal holds one "
            f"{percent(table['exact_fresh_table'])} of the time (exact: {table['advanced_cards']} advanced of "
            f"{table['deck_cards']}, a table of {table['table_size']})"))
    verdict = _verdict(figures)
    if figures["draws"]:
        verdict += f" {figures['draws']} game{'s' if figures['draws'] != 1 else ''} ended in a draw at the round limit."
    sections = (
        Section("How games ended", (Table("ends", ("ending", "games", "share"), tuple(
            (_end_label(reason), str(count), percent(count / games if games else 0))
            for reason, count in figures["end"].items())),)),
        Section("Game length", (Histogram(
            "rounds", rounds["histogram"], unit="rounds", what="games", title="How long games last",
            axis="rounds played", markers=(("mean", rounds["mean"], ""), ("median", rounds["median"], "6 4"),
                                           ("p95", rounds["p95"], "2 3")),
            caption=f"Games by number of rounds played. Mean {number(rounds['mean'], 2)} rounds (95% CI "
                    f"{number(rounds['ci95'][0], 2)}–{number(rounds['ci95'][1], 2)}), median {rounds['median']}; "
                    f"95% of games end by round {rounds['p95']}."),)),
        Section("Which cards win games", (Contribution(
            figures["cards"], holder="taker", had="took",
            caption="Win rate of the players who took at least one copy of the card minus that of the players who "
                    "took none, in percentage points (draws left out), with the taker's win rate and its 95% CI. A "
                    "correlation, not a cause: hover a bar for the details."),)),
        Section("Exchanges", (
            Histogram("exchange-rounds", exchange["round_histogram"], unit="round", what="exchanges",
                      title="When exchanges happen", axis="round of the exchange",
                      caption="Exchanges by the round they happen in.", narrow=True),
            Histogram("exchange-sizes", exchange["domain_size_histogram"], unit="cards", what="exchanges",
                      title="Domain size at exchange", axis="cards in the domain exchanged",
                      caption="Exchanges by the number of cards in the domain exchanged.", narrow=True)),
            text=f"{exchange['count']} exchanges, {number(exchange['per_game_mean'], 2)} per game; {each}; "
                 f"{number(exchange['points_wasted_total'])} points lost in all."),
        Section("Cards", (Table(
            "cards", ("card", "copies", "won / game", "actions", "discarded", "exchanged", "value at exch.",
                      "taker wins [95% CI]", "takers", "others win", "contrib. (pts)"),
            tuple(_card_row(name, card) for name, card in figures["cards"].items()), row_headers=True, signed=10),)),
    )
    return RunView(
        players=(first, second), games=games,
        subtitle=f"{games} games, seed {figures['seed']}: {first} (first) vs {second}",
        verdict=verdict, tiles=tuple(tiles),
        outcome=Outcome((Share(f"{first} (first) wins", figures["wins"][0], "first"),
                         Share(f"{second} (second) wins", figures["wins"][1], "second"),
                         Share("draws", figures["draws"], "neutral")), games, midline=True,
                        caption=f"All {games} games; the dashed line marks 50%. Win rates above count decided "
                                "games only."),
        sections=sections,
        pairing=(("first wins [95% CI]", f"{percent(first_rate['rate'])} [{interval(first_rate)}]"),
                 ("draws", str(figures["draws"])),
                 ("rounds: mean · median · p95", f"{number(rounds['mean'])} · {rounds['median']} · {rounds['p95']}"),
                 ("deck ran out", tiles[2].value), ("exchanges per game", tiles[3].value)))


def _verdict(figures: dict) -> str:
    """Whether the first seat has an edge: only when the 95% CI of its win rate excludes 50%."""
    first, second = figures["players"]
    rate = figures["first_player_win_rate"]
    low, high = rate["ci95"]
    if low > 0.5:
        lead = f"The first player ({first}) has an edge"
    elif high < 0.5:
        lead = f"The second player ({second}) has an edge"
    else:
        lead = "No clear edge between the seats"
    return f"{lead}: the first player wins {rate_text(rate)} of the decided games."


def _end_label(reason: str) -> str:
    """`deck-domain` → 'the deck ran out, decided by higher domain value' (unknown reasons as written)."""
    if reason in END_REASONS:
        return END_REASONS[reason]
    cause, _, tiebreak = reason.partition("-")
    if cause in CAUSES and tiebreak in TIEBREAKS:
        return f"{CAUSES[cause]}, decided by {TIEBREAKS[tiebreak]}"
    return reason


def _card_row(name: str, card: dict) -> tuple[str, ...]:
    """A row of the card table, formatted (None, meaning 'no data', shows as a dash)."""
    value, contribution = card["mean_value_when_exchanged"], card["win_contribution"]
    return (name, str(card["copies"]), f"{card['won_per_game']:.2f}", str(card["actions_fired"]),
            str(card["discarded"]), str(card["exchanged"]),
            "—" if value is None else f"{value:.2f}".replace("-", "\u2212"),
            f"{percent(card['winner_rate']['rate'])} [{interval(card['winner_rate'])}]",
            str(card["winner_rate"]["n"]), percent(card["others_rate"]["rate"]),
            "—" if contribution is None else signed(100 * contribution))
