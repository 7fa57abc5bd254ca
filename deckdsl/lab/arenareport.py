"""The HTML report of `deckdsl simulate --report` for a game on the one interface (`deckdsl.lab.arena`):
who wins (each seat, or the whole table in a cooperative game) and how sure we are, how long games last,
the engine's own figures, and which cards go with winning.

It keeps the promises of Janken Wars' report (`deckdsl.lab.simreport`), whose chart builders it uses:
one self-contained page (inline CSS and SVG, nothing fetched, no script), a function of the figures only
(the same run gives the same bytes), and every text from a deck escaped — by the template's autoescape
and by `simreport._tag` in the charts.
"""

from __future__ import annotations

from markupsafe import Markup

from . import simreport
from .simreport import BLUE, GREY, _ci, _histogram, _num, _pct, _rate_text, _signed, _svg, _tag, _text


def html(figures: dict) -> str:
    """The report of `arena.simulate()` (one run) or of `arena.matchups()` (every pairing and the matrix).
    Figures summarised by a game's own tally (Janken Wars') have their own page, `simreport`."""
    run = figures["pairings"][0] if "pairings" in figures else figures
    if "cooperative" not in run:
        return simreport.html(figures)
    environment = simreport.templates()
    if "pairings" in figures:
        runs = [_run(pairing, f"p{index}") for index, pairing in enumerate(figures["pairings"])]
        matrix = simreport._matrix_chart(figures["strategies"], figures["win_rate"])
        subtitle = (f"{figures['game']}: {len(figures['strategies'])} bots, every pairing, {figures['games']} games "
                    f"each, seed {figures['seed']}")
    else:
        runs, matrix = [_run(figures, "run")], None
        subtitle = f"{figures['game']}: {figures['games']} games, seed {figures['seed']}, {_seats(figures['players'])}"
    return environment.get_template("arena.html.j2").render(
        deck=figures["deck"] or "Untitled deck", subtitle=subtitle, matrix=matrix, runs=runs,
        rules=[{"name": name, "value": value} for name, value in figures["rules"].items()],
    )


def _seats(players: list[str]) -> str:
    """`seat 1 ismcts:200, seat 2 random`, or `every seat random`."""
    if len(set(players)) == 1:
        return f"every seat {players[0]}"
    return ", ".join(f"seat {seat + 1} {name}" for seat, name in enumerate(players))


def _run(figures: dict, prefix: str) -> dict:
    """Everything the template shows of one run: headline, tiles, charts, engine figures and cards."""
    actions, games = figures["actions"], figures["games"]
    if figures["cooperative"]:
        rate = figures["success_rate"]
        verdict = f"The table succeeds in {_rate_text(rate)} of the games."
        tiles = [{"label": "Success", "value": _pct(rate["rate"]), "detail": f"95% CI {_ci(rate)} of {games} games"}]
        outcome = _success_bar(prefix, figures)
    else:
        verdict = _verdict(figures)
        tiles = [{"label": f"Seat {seat + 1} wins ({name})", "value": _pct(rate["rate"]),
                  "detail": f"95% CI {_ci(rate)} of decided games"}
                 for seat, (name, rate) in enumerate(zip(figures["players"], figures["win_rate"], strict=True))]
        tiles.append({"label": "Draws", "value": str(figures["draws"]),
                      "detail": f"{_pct(figures['draws'] / games if games else 0)} of games"})
        outcome = simreport._outcome_bar(prefix, figures) if len(figures["players"]) == 2 else None
    tiles.append({"label": "Game length", "value": f"{_num(actions['mean'])} actions",
                  "detail": f"median {actions['median']} · 95% of games ≤ {actions['p95']} · "
                            f"range {actions['min']}–{actions['max']}"})
    headline = figures["success_rate"] if figures["cooperative"] else figures["win_rate"][0]
    cards = figures.get("cards") or {}
    use = figures.get("card_use", "had")
    return {
        "id": prefix, "players": figures["players"], "games": games, "verdict": verdict, "tiles": tiles,
        "outcome": outcome, "cooperative": figures["cooperative"],
        "summary": f"{_pct(headline['rate'])} [{_ci(headline)}]",
        "length_summary": f"{_num(actions['mean'])} · {actions['median']} · {actions['p95']}",
        "length_chart": _histogram(
            prefix, "actions", actions["histogram"], unit="actions", what="games", title="How long games last",
            axis="actions (decisions) per game",
            markers=[("mean", actions["mean"], ""), ("median", actions["median"], "6 4"),
                     ("p95", actions["p95"], "2 3")],
        ),
        "figures": [{"name": name.replace("_", " "), "value": _num(value, 2)}
                    for name, value in figures["figures"].items()],
        "card_use": use,
        "contribution_chart": simreport._contribution_chart(prefix, cards, holder="holder", had=use) if cards else None,
        "cards": [_card_row(name, card) for name, card in cards.items()],
    }


def _verdict(figures: dict) -> str:
    """Whether a seat has an edge: only when the 95% CI of seat 1's win rate excludes 50% (two seats)."""
    players, rates = figures["players"], figures["win_rate"]
    if len(players) != 2:
        return "; ".join(f"seat {seat + 1} ({name}) wins {_rate_text(rate)}"
                         for seat, (name, rate) in enumerate(zip(players, rates, strict=True))) + "."
    low, high = rates[0]["ci95"]
    if low > 0.5:
        lead = f"Seat 1 ({players[0]}) has the edge"
    elif high < 0.5:
        lead = f"Seat 2 ({players[1]}) has the edge"
    else:
        lead = "No clear edge between the seats"
    return f"{lead}: seat 1 wins {_rate_text(rates[0])} of the decided games."


def _card_row(name: str, card: dict) -> dict:
    change = card["win_contribution"]
    return {
        "name": name, "had": card["had"], "per_game": f"{card['had_per_game']:.2f}",
        "holder": f"{_pct(card['winner_rate']['rate'])} [{_ci(card['winner_rate'])}]",
        "holder_n": card["winner_rate"]["n"], "others": _pct(card["others_rate"]["rate"]),
        "contribution": "—" if change is None else _signed(100 * change),
        "sign": "" if not change else ("pos" if change > 0 else "neg"),
    }


def _success_bar(prefix: str, figures: dict) -> Markup:
    """A cooperative game's games as one 100% bar: successes and failures."""
    games, won = figures["games"], round(figures["success_rate"]["rate"] * figures["games"])
    width, left, bar_w = 720, 8, 704
    body, x, key_x = [], float(left), left
    for label, count, colour in (("success", won, BLUE), ("failure", games - won, GREY)):
        share = count / games if games else 0
        if share:
            body.append(_tag("rect", _tag("title", f"{label}: {count} of {games} games ({_pct(share)})"),
                             class_="segment", x=x, y=8, width=bar_w * share, height=30, fill=colour))
            if bar_w * share > 56:
                body.append(_text(x + bar_w * share / 2, 28, _pct(share), anchor="middle",
                                  fill=simreport._ink_on(colour), weight="bold"))
            x += bar_w * share
        legend = f"{label} {count} ({_pct(share)})"
        body.append(_tag("rect", x=key_x, y=52, width=12, height=12, fill=colour))
        body.append(_text(key_x + 18, 62, legend, size=12))
        key_x += 18 + 7 * len(legend) + 20
    desc = f"success: {won} games; failure: {games - won} games of {games}."
    return _svg(prefix, "outcome", width, 72, "How the games ended", desc, *body)
