"""The HTML report of `deckdsl simulate --report` for Janken Wars' own figures (`games/janken_wars/figures.py`,
played by `deckdsl.lab.arena`): a page a designer looks at rather than reads (who wins and how sure we are,
how long games last, which cards win them).

- One self-contained file: inline CSS and inline SVG charts drawn here, nothing to fetch (no script, font,
  stylesheet or image), so the report can be mailed, archived and opened offline.
- Deterministic: the page is a function of the figures only (no date, no random id; ids come from
  positions), so the same run gives byte-identical reports that can be diffed.
- Untrusted text: card names come from deck files.  The template autoescapes and fails on undefined
  names, and every SVG element is built by `_tag`, which escapes each attribute and text: nothing from
  the figures reaches the page unescaped.
"""

from __future__ import annotations

import math
from pathlib import Path

from markupsafe import Markup, escape

TEMPLATES = Path(__file__).parent.parent / "templates"

INK, MUTED, GRID = "#1a1a1a", "#555555", "#d9d9d9"
BLUE, ORANGE, GREY, SLATE = "#2166ac", "#b35806", "#8a8a8a", "#4d6a88"
"""Blue/orange diverge without relying on red/green (colour-blind safe); each fill has ≥ 3:1 contrast on
white (WCAG's figure for graphics) and every text colour ≥ 4.5:1 on what it is drawn on."""

END_REASONS = {"stars": "a player reached the stars to win", "round-limit": "draw at the round limit"}
CAUSES = {"deck": "the deck ran out", "stars": "the star supply ran out"}
TIEBREAKS = {"stars": "more stars", "domain": "higher domain value", "dispute": "last dispute won"}


def templates():
    """The reports' Jinja environment: the package's templates, autoescaped, failing on undefined names."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


def html(figures: dict) -> str:
    """The report of `sim.figures()` (one pairing) or of `sim.matchups()` (every pairing and the matrix)."""
    environment = templates()
    if "pairings" in figures:
        runs = [_run(pairing, f"p{index}") for index, pairing in enumerate(figures["pairings"])]
        matchups = {"matrix": _matrix_chart(figures["strategies"], figures["win_rate"]), "runs": runs}
        subtitle = (f"{len(figures['strategies'])} bots, every pairing: {figures['games']} games each, "
                    f"seed {figures['seed']}")
    else:
        runs, matchups = [_run(figures, "run")], None
        subtitle = (f"{figures['games']} games, seed {figures['seed']}: {figures['players'][0]} (first) vs "
                    f"{figures['players'][1]}")
    return environment.get_template("simulate.html.j2").render(
        deck=figures["deck"] or "Untitled deck", subtitle=subtitle, matchups=matchups, runs=runs,
        rules=[{"name": name, "value": value} for name, value in figures["rules"].items()],
    )


# --------------------------------------------------------------------------------- text ---


def _num(value: float, digits: int = 1) -> str:
    """A number with at most `digits` decimals and no trailing zeros ('-0' never shows)."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    return "0" if text in ("-0", "") else text


def _signed(points: float, fixed: bool = True) -> str:
    """Percentage points with a typographic minus: +14.6, −3.0, 0.0 (`fixed`: always one decimal, so
    values line up; else as short as possible, for axis ticks)."""
    text = f"{abs(points):.1f}" if fixed else _num(abs(points))
    return text if float(text) == 0 else ("+" if points > 0 else "\u2212") + text


def _pct(share: float, digits: int = 1) -> str:
    return f"{100 * share:.{digits}f}%"


def _ci(rate: dict, digits: int = 1) -> str:
    low, high = rate["ci95"]
    return f"{100 * low:.{digits}f}–{100 * high:.{digits}f}%"


def _rate_text(rate: dict) -> str:
    """A rate as a sentence fragment: `54.4% (95% CI 52.6–56.3%, n = 2788)`."""
    return f"{_pct(rate['rate'])} (95% CI {_ci(rate)}, n = {rate['n']})"


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
    return f"{lead}: the first player wins {_rate_text(rate)} of the decided games."


def _end_label(reason: str) -> str:
    """`deck-domain` → 'the deck ran out, decided by higher domain value' (unknown reasons as written)."""
    if reason in END_REASONS:
        return END_REASONS[reason]
    cause, _, tiebreak = reason.partition("-")
    if cause in CAUSES and tiebreak in TIEBREAKS:
        return f"{CAUSES[cause]}, decided by {TIEBREAKS[tiebreak]}"
    return reason


# ------------------------------------------------------------------------------- one run ---


def _run(figures: dict, prefix: str) -> dict:
    """Everything the template shows of one pairing: headline, tiles, charts and the card table."""
    rounds, exchange, games = figures["rounds"], figures["exchange"], figures["games"]
    first, second = figures["players"]
    first_rate = figures["first_player_win_rate"]
    stars = _num(exchange["stars_per_exchange_mean"], 2)
    tiles = [
        {"label": f"First player wins ({first})", "value": _pct(first_rate["rate"]),
         "detail": f"95% CI {_ci(first_rate)} of decided games"},
        {"label": "Game length", "value": f"{_num(rounds['mean'])} rounds",
         "detail": f"median {rounds['median']} · 95% of games ≤ {rounds['p95']} · "
                   f"range {rounds['min']}–{rounds['max']}"},
        {"label": "Deck ran out", "value": _pct(figures["deck_exhausted_rate"]["rate"]),
         "detail": f"95% CI {_ci(figures['deck_exhausted_rate'])} of games"},
        {"label": "Exchanges per game", "value": _num(exchange["per_game_mean"], 2),
         "detail": f"each: {_num(exchange['domain_size_mean'], 2)} cards, {_num(exchange['points_mean'], 2)} "
                   f"points → {stars} star{'' if stars == '1' else 's'}, "
                   f"{_num(exchange['points_wasted_mean'], 2)} points lost"},
    ]
    table = figures.get("advanced_on_table")
    if table:
        tiles.append({
            "label": "Advanced card on the table", "value": _pct(table["tables_in_play"]["rate"]),
            "detail": f"95% CI {_ci(table['tables_in_play'])} of tables in play; a fresh deal holds one "
                      f"{_pct(table['exact_fresh_table'])} of the time (exact: {table['advanced_cards']} advanced "
                      f"of {table['deck_cards']}, a table of {table['table_size']})"})
    rounds_caption = (f"Games by number of rounds played. Mean {_num(rounds['mean'], 2)} rounds (95% CI "
                      f"{_num(rounds['ci95'][0], 2)}–{_num(rounds['ci95'][1], 2)}), median {rounds['median']}; "
                      f"95% of games end by round {rounds['p95']}.")
    exchange_text = (f"{exchange['count']} exchanges, {_num(exchange['per_game_mean'], 2)} per game; "
                     f"{tiles[3]['detail']}; {_num(exchange['points_wasted_total'])} points lost in all.")
    return {
        "id": prefix, "players": [first, second], "games": games, "figures": figures,
        "verdict": _verdict(figures), "tiles": tiles, "outcome": _outcome_bar(prefix, figures),
        "rounds_caption": rounds_caption, "exchange_text": exchange_text,
        "rounds_summary": f"{_num(rounds['mean'])} · {rounds['median']} · {rounds['p95']}",
        "draws": figures["draws"], "first_rate": f"{_pct(first_rate['rate'])} [{_ci(first_rate)}]",
        "ends": [{"label": _end_label(reason), "count": count, "share": _pct(count / games if games else 0)}
                 for reason, count in figures["end"].items()],
        "rounds_chart": _histogram(
            prefix, "rounds", rounds["histogram"], unit="rounds", what="games",
            title="How long games last", axis="rounds played",
            markers=[("mean", rounds["mean"], ""), ("median", rounds["median"], "6 4"), ("p95", rounds["p95"], "2 3")],
        ),
        "contribution_chart": _contribution_chart(prefix, figures["cards"]),
        "exchange_round_chart": _histogram(
            prefix, "exchange-rounds", exchange["round_histogram"], unit="round", what="exchanges",
            title="When exchanges happen", axis="round of the exchange", width=420,
        ),
        "exchange_size_chart": _histogram(
            prefix, "exchange-sizes", exchange["domain_size_histogram"], unit="cards", what="exchanges",
            title="Domain size at exchange", axis="cards in the domain exchanged", width=420,
        ),
        "cards": [_card_row(name, card) for name, card in figures["cards"].items()],
    }


def _card_row(name: str, card: dict) -> dict:
    """A row of the card table, formatted (None, meaning 'no data', shows as a dash)."""
    value, contribution = card["mean_value_when_exchanged"], card["win_contribution"]
    return {
        "name": name, "copies": card["copies"], "won_per_game": f"{card['won_per_game']:.2f}",
        "actions_fired": card["actions_fired"], "discarded": card["discarded"], "exchanged": card["exchanged"],
        "value": "—" if value is None else f"{value:.2f}".replace("-", "\u2212"),
        "taker": f"{_pct(card['winner_rate']['rate'])} [{_ci(card['winner_rate'])}]",
        "taker_n": card["winner_rate"]["n"], "others": _pct(card["others_rate"]["rate"]),
        "contribution": "—" if contribution is None else _signed(100 * contribution),
        "sign": "" if not contribution else ("pos" if contribution > 0 else "neg"),
    }


# ------------------------------------------------------------------------------------ SVG ---


def _tag(name: str, *children, **attributes) -> Markup:
    """One SVG element.  Every attribute value and text child is escaped (Markup children, elements built
    here, are kept); `class_` → `class`, `stroke_width` → `stroke-width`; None attributes are left out."""
    attrs = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{escape(_num(value, 2) if isinstance(value, float) else value)}"'
        for key, value in attributes.items() if value is not None
    )
    return Markup(f"<{name}{attrs}>{''.join(escape(child) for child in children)}</{name}>")


def _svg(prefix: str, kind: str, width: int, height: int, title: str, desc: str, *body) -> Markup:
    """A chart: scalable, with a title and description screen readers announce (`role=img`)."""
    ids = f"{prefix}-{kind}-title {prefix}-{kind}-desc"
    return _tag(
        "svg", _tag("title", title, id=f"{prefix}-{kind}-title"), _tag("desc", desc, id=f"{prefix}-{kind}-desc"),
        *body, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width} {height}", role="img",
        aria_labelledby=ids, class_=f"chart {kind}",
    )


def _text(x: float, y: float, content: str, *, anchor: str = "start", size: int = 13, fill: str = INK,
          weight: str | None = None) -> Markup:
    return _tag("text", content, x=float(x), y=float(y), text_anchor=anchor, font_size=size, fill=fill,
                font_weight=weight)


def _step(raw: float, integer: bool = False) -> float:
    """The smallest 1, 2 or 5 × 10^k at least `raw`: axis ticks people read at a glance."""
    if raw <= 0:
        return 1
    base = 10 ** math.floor(math.log10(raw))
    step = next(m * base for m in (1, 2, 5, 10) if m * base >= raw * (1 - 1e-9))
    return max(1, round(step)) if integer else step


def _mix(a: str, b: str, share: float) -> str:
    """The colour `share` of the way from `a` to `b` (hex, rounded: deterministic)."""
    pairs = [(int(a[i : i + 2], 16), int(b[i : i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in pairs)


def _ink_on(fill: str) -> str:
    """White or black, whichever contrasts more with `fill` (WCAG relative luminance): the better of the
    two is at least 4.58:1 whatever the fill, enough for text of any size."""
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#ffffff" if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 else "#000000"


def _clip(text: str, length: int) -> str:
    """`text` cut to `length` characters with an ellipsis, for a label in a fixed space (the full text is
    in the element's tooltip and in the tables)."""
    return text if len(text) <= length else text[: length - 1] + "…"


def _histogram(prefix: str, kind: str, counts: dict, *, unit: str, what: str, title: str, axis: str,
               markers: list = (), width: int = 720) -> Markup:
    """Vertical bars over a linear axis of whole values — one bar per value seen, a gap where none was, so
    the shape is true — with optional vertical markers (label, value, dash pattern) such as the mean."""
    if not counts:
        return _svg(prefix, kind, width, 60, title, f"No {what}.", _text(width / 2, 36, f"No {what}.", anchor="middle"))
    values = {int(key): count for key, count in counts.items()}
    total, low, high = sum(values.values()), min(values), max(values)
    height, left, right, top, bottom = 280, 56, 16, 20 + 16 * len(markers), 48
    plot_w, plot_h = width - left - right, height - top - bottom
    slot = plot_w / max(high - low + 1, 8)  # a few values make wide bars, never one bar the chart wide
    start = left + (plot_w - slot * (high - low + 1)) / 2

    def centre(value: float) -> float:
        return start + (value - low + 0.5) * slot

    y_step = _step(max(values.values()) / 4, integer=True)
    y_max = y_step * math.ceil(max(values.values()) / y_step)
    body = []
    for tick in range(0, y_max + 1, y_step):
        y = top + plot_h * (1 - tick / y_max)
        body.append(_tag("line", x1=left, x2=width - right, y1=y, y2=y, stroke=GRID))
        body.append(_text(left - 6, y + 4, str(tick), anchor="end", size=12, fill=MUTED))
    for value, count in values.items():
        bar_h = plot_h * count / y_max
        body.append(_tag("rect", _tag("title", f"{value} {unit}: {count} {what} ({_pct(count / total)})"),
                         class_="bar", x=centre(value) - slot / 2 + 0.5, y=top + plot_h - bar_h,
                         width=max(slot - 1, 0.5), height=bar_h, fill=SLATE))
    x_step = _step((high - low + 1) / (width / 40), integer=True)
    for value in range(low - low % x_step + (x_step if low % x_step else 0), high + 1, x_step):
        body.append(_text(centre(value), top + plot_h + 16, str(value), anchor="middle",
                          size=12, fill=MUTED))
    body.append(_text(left + plot_w / 2, height - 8, axis, anchor="middle", size=12, fill=MUTED))
    for row, (label, value, dash) in enumerate(markers):
        x = centre(value)
        body.append(_tag("line", _tag("title", f"{label}: {_num(value, 2)} {unit}"), class_="marker",
                         x1=x, x2=x, y1=top - 16 * (len(markers) - row) + 4, y2=top + plot_h, stroke=INK,
                         stroke_width=1.5, stroke_dasharray=dash or None))
        flip = x > width - right - 90  # keep the label inside the chart
        body.append(_text(x - 4 if flip else x + 4, top - 16 * (len(markers) - row) + 14, f"{label} {_num(value)}",
                          anchor="end" if flip else "start", size=12))
    summary = ", ".join(f"{label} {_num(value, 2)}" for label, value, _ in markers)
    desc = (f"{total} {what} by {unit}, from {low} to {high}; the tallest bar is "
            f"{max(values, key=values.get)} {unit}" + (f"; {summary}." if summary else "."))
    return _svg(prefix, kind, width, height, title, desc, *body)


def _contribution_chart(prefix: str, cards: dict, holder: str = "taker", had: str = "took") -> Markup:
    """Per card, how much more often a player who took it won than one who did not (percentage points),
    as bars diverging from 0, best first: the cards that decide games stand out.  Not causal — a card
    taken by the player who is already winning scores high too — but it is where to look first."""
    rows = sorted(cards.items(), key=lambda item: (item[1]["win_contribution"] is None,
                                                   -(item[1]["win_contribution"] or 0)))
    known = [abs(card["win_contribution"]) for _, card in rows if card["win_contribution"] is not None]
    step = _step(max(known + [0.05]) / 2)
    limit = step * math.ceil(max(known + [0.05]) / step)
    width, label_w, plot_w, row_h, top = 800, 190, 300, 26, 30
    height = top + row_h * len(rows) + 12
    zero = label_w + plot_w / 2
    body = []
    for index in range(-round(limit / step), round(limit / step) + 1):
        x = zero + plot_w / 2 * index * step / limit
        body.append(_tag("line", x1=x, x2=x, y1=top - 6, y2=height - 12, stroke=INK if index == 0 else GRID))
        body.append(_text(x, top - 12, _signed(100 * index * step, fixed=False), anchor="middle", size=12, fill=MUTED))
    for index, (name, card) in enumerate(rows):
        y, value, taker = top + index * row_h, card["win_contribution"], card["winner_rate"]
        body.append(_text(label_w - 8, y + 17, _clip(name, 26), anchor="end"))
        if value is None:
            body.append(_text(zero + 6, y + 17, f"no figure: every player {had} it, or none did", size=12,
                              fill=MUTED))
            continue
        bar_w = plot_w / 2 * abs(value) / limit
        tip = (f"{name}: {_signed(100 * value)} points; its {holder} won {_rate_text(taker)}; "
               f"players without it won {_rate_text(card['others_rate'])}")
        body.append(_tag("rect", _tag("title", tip), class_="bar " + ("pos" if value >= 0 else "neg"),
                         x=zero if value >= 0 else zero - bar_w, y=y + 5, width=max(bar_w, 1), height=row_h - 10,
                         fill=BLUE if value >= 0 else ORANGE))
        body.append(_text(label_w + plot_w + 10, y + 17,
                          f"{_signed(100 * value)} pts · {holder} wins {_pct(taker['rate'])} [{_ci(taker, 0)}]",
                          size=12))
    desc = (f"Win rate of the players who {had} each card minus that of the players who did not, in "
            "percentage points, best first: " + "; ".join(
                f"{name} {'no figure' if c['win_contribution'] is None else _signed(100 * c['win_contribution'])}"
                for name, c in rows) + ".")
    return _svg(prefix, "contribution", width, height, "Which cards win games", desc, *body)


def _outcome_bar(prefix: str, figures: dict) -> Markup:
    """How all games ended, as one 100% bar (first player, second player, draws) with a 50% mark: the
    balance of the seats at a glance."""
    games, (first, second) = figures["games"], figures["players"]
    parts = [(f"{first} (first) wins", figures["wins"][0], BLUE), (f"{second} (second) wins", figures["wins"][1],
                                                                    ORANGE), ("draws", figures["draws"], GREY)]
    width, left, bar_w = 720, 8, 704
    body, x, key_x = [], float(left), left
    for label, count, colour in parts:
        share = count / games if games else 0
        if share:
            body.append(_tag("rect", _tag("title", f"{label}: {count} of {games} games ({_pct(share)})"),
                             class_="segment", x=x, y=8, width=bar_w * share, height=30, fill=colour))
            if bar_w * share > 56:
                body.append(_text(x + bar_w * share / 2, 28, _pct(share), anchor="middle", fill=_ink_on(colour),
                                  weight="bold"))
            x += bar_w * share
        legend = f"{label} {count} ({_pct(share)})"
        body.append(_tag("rect", x=key_x, y=52, width=12, height=12, fill=colour))
        body.append(_text(key_x + 18, 62, legend, size=12))
        key_x += 18 + 7 * len(legend) + 20  # ~7 units a character at 12: the keys never overlap
    body.append(_tag("line", x1=left + bar_w / 2, x2=left + bar_w / 2, y1=2, y2=44, stroke=INK,
                     stroke_dasharray="3 3"))
    desc = "; ".join(f"{label}: {count} games" for label, count, _ in parts) + f" of {games}."
    return _svg(prefix, "outcome", width, 72, "How the games ended", desc, *body)


def _matrix_chart(strategies: list, matrix: list) -> Markup:
    """The matchup heat map: the row bot's win rate as first player against the column bot, blue where the
    row wins more, orange where it loses more, white at 50%; each cell says its % and 95% CI."""
    cell_w, cell_h, left, top = 130, 58, 150, 52
    width, height = left + cell_w * len(strategies) + 8, top + cell_h * len(strategies) + 8
    body = [_text(left + cell_w * len(strategies) / 2, 16, "second player (column)", anchor="middle", size=12,
                  fill=MUTED),
            _text(8, 16, "first player (row)", size=12, fill=MUTED)]
    for column, name in enumerate(strategies):
        body.append(_text(left + cell_w * (column + 0.5), top - 10, _clip(name, 16), anchor="middle", weight="bold"))
    for row, row_name in enumerate(strategies):
        y = top + row * cell_h
        body.append(_text(left - 10, y + cell_h / 2 + 5, _clip(row_name, 18), anchor="end", weight="bold"))
        for column, column_name in enumerate(strategies):
            rate, x = matrix[row][column], left + column * cell_w
            lean = max(-1.0, min(1.0, (rate["rate"] - 0.5) / 0.5))
            fill = _mix("#f7f7f7", BLUE if lean >= 0 else ORANGE, abs(lean))
            ink = _ink_on(fill)
            tip = f"{row_name} (first) vs {column_name}: {row_name} wins {_rate_text(rate)}"
            body.append(_tag("rect", _tag("title", tip), class_="cell", x=x + 1, y=y + 1, width=cell_w - 2,
                             height=cell_h - 2, fill=fill))
            body.append(_text(x + cell_w / 2, y + 26, _pct(rate["rate"], 0), anchor="middle", size=16, fill=ink,
                              weight="bold"))
            body.append(_text(x + cell_w / 2, y + 45, f"[{_ci(rate, 0)}]", anchor="middle", size=12, fill=ink))
    desc = "Win rate of the row bot as first player against the column bot: " + "; ".join(
        f"{strategies[r]} vs {strategies[c]} {_pct(matrix[r][c]['rate'])}"
        for r in range(len(strategies)) for c in range(len(strategies))) + "."
    return _svg("matchups", "matrix", width, height, "Matchup matrix", desc, *body)
