"""The charts of the lab's reports (`report`, `compare`'s, `sweep`'s), drawn as inline SVG, and the
reports' Jinja environment.

- Self-contained: every chart is inline SVG built here, nothing to fetch (no script, font, stylesheet or
  image), so a report can be mailed, archived and opened offline.
- Deterministic: a chart is a function of its figures only (ids come from positions), so the same run
  gives byte-identical pages that can be diffed.
- Untrusted text: card names come from deck files.  Every SVG element is built by `tag`, which escapes
  each attribute and text: nothing from the figures reaches the page unescaped.
- Accessible: each chart has a title and a description (`role=img`); the colours diverge blue/orange
  (colour-blind safe), every fill has ≥ 3:1 contrast on white and every text ≥ 4.5:1 on what it is on.
"""

from __future__ import annotations

import math
from pathlib import Path

from markupsafe import Markup, escape

from ..games.view import Outcome
from ..stats import interval, number, percent, rate_text, signed

TEMPLATES = Path(__file__).parent.parent / "templates"

INK, MUTED, GRID = "#1a1a1a", "#555555", "#d9d9d9"
BLUE, ORANGE, GREY, SLATE = "#2166ac", "#b35806", "#8a8a8a", "#4d6a88"
TONES = {"first": BLUE, "second": ORANGE, "neutral": GREY}
"""The fill of each `Share.tone` of an outcome bar."""


def templates():
    """The reports' Jinja environment: the package's templates, autoescaped, failing on undefined names."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


def tag(name: str, *children, **attributes) -> Markup:
    """One SVG element.  Every attribute value and text child is escaped (Markup children, elements built
    here, are kept); `class_` → `class`, `stroke_width` → `stroke-width`; None attributes are left out."""
    attrs = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{escape(number(value, 2) if isinstance(value, float) else value)}"'
        for key, value in attributes.items() if value is not None
    )
    return Markup(f"<{name}{attrs}>{''.join(escape(child) for child in children)}</{name}>")


def svg(prefix: str, kind: str, width: int, height: int, title: str, desc: str, *body) -> Markup:
    """A chart: scalable, with a title and description screen readers announce (`role=img`)."""
    ids = f"{prefix}-{kind}-title {prefix}-{kind}-desc"
    return tag(
        "svg", tag("title", title, id=f"{prefix}-{kind}-title"), tag("desc", desc, id=f"{prefix}-{kind}-desc"),
        *body, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width} {height}", role="img",
        aria_labelledby=ids, class_=f"chart {kind}",
    )


def text(x: float, y: float, content: str, *, anchor: str = "start", size: int = 13, fill: str = INK,
          weight: str | None = None) -> Markup:
    return tag("text", content, x=float(x), y=float(y), text_anchor=anchor, font_size=size, fill=fill,
                font_weight=weight)


def tick_step(raw: float, integer: bool = False) -> float:
    """The smallest 1, 2 or 5 × 10^k at least `raw`: axis ticks people read at a glance."""
    if raw <= 0:
        return 1
    base = 10 ** math.floor(math.log10(raw))
    step = next(m * base for m in (1, 2, 5, 10) if m * base >= raw * (1 - 1e-9))
    return max(1, round(step)) if integer else step


def mix(a: str, b: str, share: float) -> str:
    """The colour `share` of the way from `a` to `b` (hex, rounded: deterministic)."""
    pairs = [(int(a[i : i + 2], 16), int(b[i : i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in pairs)


def ink_on(fill: str) -> str:
    """White or black, whichever contrasts more with `fill` (WCAG relative luminance): the better of the
    two is at least 4.58:1 whatever the fill, enough for text of any size."""
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#ffffff" if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 else "#000000"


def clip(text: str, length: int) -> str:
    """`text` cut to `length` characters with an ellipsis, for a label in a fixed space (the full text is
    in the element's tooltip and in the tables)."""
    return text if len(text) <= length else text[: length - 1] + "…"


def histogram(prefix: str, kind: str, counts: dict, *, unit: str, what: str, title: str, axis: str,
               markers: list = (), width: int = 720) -> Markup:
    """Vertical bars over a linear axis of whole values — one bar per value seen, a gap where none was, so
    the shape is true — with optional vertical markers (label, value, dash pattern) such as the mean."""
    if not counts:
        return svg(prefix, kind, width, 60, title, f"No {what}.", text(width / 2, 36, f"No {what}.", anchor="middle"))
    values = {int(key): count for key, count in counts.items()}
    total, low, high = sum(values.values()), min(values), max(values)
    height, left, right, top, bottom = 280, 56, 16, 20 + 16 * len(markers), 48
    plot_w, plot_h = width - left - right, height - top - bottom
    slot = plot_w / max(high - low + 1, 8)  # a few values make wide bars, never one bar the chart wide
    start = left + (plot_w - slot * (high - low + 1)) / 2

    def centre(value: float) -> float:
        return start + (value - low + 0.5) * slot

    y_step = tick_step(max(values.values()) / 4, integer=True)
    y_max = y_step * math.ceil(max(values.values()) / y_step)
    body = []
    for tick in range(0, y_max + 1, y_step):
        y = top + plot_h * (1 - tick / y_max)
        body.append(tag("line", x1=left, x2=width - right, y1=y, y2=y, stroke=GRID))
        body.append(text(left - 6, y + 4, str(tick), anchor="end", size=12, fill=MUTED))
    for value, count in values.items():
        bar_h = plot_h * count / y_max
        body.append(tag("rect", tag("title", f"{value} {unit}: {count} {what} ({percent(count / total)})"),
                         class_="bar", x=centre(value) - slot / 2 + 0.5, y=top + plot_h - bar_h,
                         width=max(slot - 1, 0.5), height=bar_h, fill=SLATE))
    x_step = tick_step((high - low + 1) / (width / 40), integer=True)
    for value in range(low - low % x_step + (x_step if low % x_step else 0), high + 1, x_step):
        body.append(text(centre(value), top + plot_h + 16, str(value), anchor="middle",
                          size=12, fill=MUTED))
    body.append(text(left + plot_w / 2, height - 8, axis, anchor="middle", size=12, fill=MUTED))
    for row, (label, value, dash) in enumerate(markers):
        x = centre(value)
        body.append(tag("line", tag("title", f"{label}: {number(value, 2)} {unit}"), class_="marker",
                         x1=x, x2=x, y1=top - 16 * (len(markers) - row) + 4, y2=top + plot_h, stroke=INK,
                         stroke_width=1.5, stroke_dasharray=dash or None))
        flip = x > width - right - 90  # keep the label inside the chart
        body.append(text(x - 4 if flip else x + 4, top - 16 * (len(markers) - row) + 14, f"{label} {number(value)}",
                          anchor="end" if flip else "start", size=12))
    summary = ", ".join(f"{label} {number(value, 2)}" for label, value, _ in markers)
    desc = (f"{total} {what} by {unit}, from {low} to {high}; the tallest bar is "
            f"{max(values, key=values.get)} {unit}" + (f"; {summary}." if summary else "."))
    return svg(prefix, kind, width, height, title, desc, *body)


def contribution_chart(prefix: str, cards: dict, holder: str = "taker", had: str = "took") -> Markup:
    """Per card, how much more often a player who took it won than one who did not (percentage points),
    as bars diverging from 0, best first: the cards that decide games stand out.  Not causal — a card
    taken by the player who is already winning scores high too — but it is where to look first."""
    rows = sorted(cards.items(), key=lambda item: (item[1]["win_contribution"] is None,
                                                   -(item[1]["win_contribution"] or 0)))
    known = [abs(card["win_contribution"]) for _, card in rows if card["win_contribution"] is not None]
    step = tick_step(max(known + [0.05]) / 2)
    limit = step * math.ceil(max(known + [0.05]) / step)
    width, label_w, plot_w, row_h, top = 800, 190, 300, 26, 30
    height = top + row_h * len(rows) + 12
    zero = label_w + plot_w / 2
    body = []
    for index in range(-round(limit / step), round(limit / step) + 1):
        x = zero + plot_w / 2 * index * step / limit
        body.append(tag("line", x1=x, x2=x, y1=top - 6, y2=height - 12, stroke=INK if index == 0 else GRID))
        body.append(text(x, top - 12, signed(100 * index * step, fixed=False), anchor="middle", size=12, fill=MUTED))
    for index, (name, card) in enumerate(rows):
        y, value, taker = top + index * row_h, card["win_contribution"], card["winner_rate"]
        body.append(text(label_w - 8, y + 17, clip(name, 26), anchor="end"))
        if value is None:
            body.append(text(zero + 6, y + 17, f"no figure: every player {had} it, or none did", size=12,
                              fill=MUTED))
            continue
        bar_w = plot_w / 2 * abs(value) / limit
        tip = (f"{name}: {signed(100 * value)} points; its {holder} won {rate_text(taker)}; "
               f"players without it won {rate_text(card['others_rate'])}")
        body.append(tag("rect", tag("title", tip), class_="bar " + ("pos" if value >= 0 else "neg"),
                         x=zero if value >= 0 else zero - bar_w, y=y + 5, width=max(bar_w, 1), height=row_h - 10,
                         fill=BLUE if value >= 0 else ORANGE))
        body.append(text(label_w + plot_w + 10, y + 17,
                          f"{signed(100 * value)} pts · {holder} wins {percent(taker['rate'])} [{interval(taker, 0)}]",
                          size=12))
    desc = (f"Win rate of the players who {had} each card minus that of the players who did not, in "
            "percentage points, best first: " + "; ".join(
                f"{name} {'no figure' if c['win_contribution'] is None else signed(100 * c['win_contribution'])}"
                for name, c in rows) + ".")
    return svg(prefix, "contribution", width, height, "Which cards win games", desc, *body)


def matrix_chart(strategies: list, matrix: list) -> Markup:
    """The matchup heat map: the row bot's win rate in seat 1 against the column bot, blue where the
    row wins more, orange where it loses more, white at 50%; each cell says its % and 95% CI."""
    cell_w, cell_h, left, top = 130, 58, 150, 52
    width, height = left + cell_w * len(strategies) + 8, top + cell_h * len(strategies) + 8
    body = [text(left + cell_w * len(strategies) / 2, 16, "seat 2 (column)", anchor="middle", size=12,
                  fill=MUTED),
            text(8, 16, "seat 1 (row)", size=12, fill=MUTED)]
    for column, name in enumerate(strategies):
        body.append(text(left + cell_w * (column + 0.5), top - 10, clip(name, 16), anchor="middle", weight="bold"))
    for row, row_name in enumerate(strategies):
        y = top + row * cell_h
        body.append(text(left - 10, y + cell_h / 2 + 5, clip(row_name, 18), anchor="end", weight="bold"))
        for column, column_name in enumerate(strategies):
            rate, x = matrix[row][column], left + column * cell_w
            lean = max(-1.0, min(1.0, (rate["rate"] - 0.5) / 0.5))
            fill = mix("#f7f7f7", BLUE if lean >= 0 else ORANGE, abs(lean))
            ink = ink_on(fill)
            tip = f"{row_name} (seat 1) vs {column_name}: {row_name} wins {rate_text(rate)}"
            body.append(tag("rect", tag("title", tip), class_="cell", x=x + 1, y=y + 1, width=cell_w - 2,
                             height=cell_h - 2, fill=fill))
            body.append(text(x + cell_w / 2, y + 26, percent(rate["rate"], 0), anchor="middle", size=16, fill=ink,
                              weight="bold"))
            body.append(text(x + cell_w / 2, y + 45, f"[{interval(rate, 0)}]", anchor="middle", size=12, fill=ink))
    desc = "Win rate of the row bot in seat 1 against the column bot: " + "; ".join(
        f"{strategies[r]} vs {strategies[c]} {percent(matrix[r][c]['rate'])}"
        for r in range(len(strategies)) for c in range(len(strategies))) + "."
    return svg("matchups", "matrix", width, height, "Matchup matrix", desc, *body)


def outcome_bar(prefix: str, outcome: Outcome) -> Markup:
    """How all games ended, as one 100% bar of the outcome's shares (with a 50% mark when it has a
    `midline`: the balance of the seats at a glance)."""
    games, width, left, bar_w = outcome.games, 720, 8, 704
    body, x, key_x = [], float(left), left
    for share in outcome.shares:
        part, colour = share.count / games if games else 0, TONES[share.tone]
        if part:
            body.append(tag("rect", tag("title", f"{share.label}: {share.count} of {games} games ({percent(part)})"),
                            class_="segment", x=x, y=8, width=bar_w * part, height=30, fill=colour))
            if bar_w * part > 56:
                body.append(text(x + bar_w * part / 2, 28, percent(part), anchor="middle", fill=ink_on(colour),
                                 weight="bold"))
            x += bar_w * part
        legend = f"{share.label} {share.count} ({percent(part)})"
        body.append(tag("rect", x=key_x, y=52, width=12, height=12, fill=colour))
        body.append(text(key_x + 18, 62, legend, size=12))
        key_x += 18 + 7 * len(legend) + 20  # ~7 units a character at 12: the keys never overlap
    if outcome.midline:
        body.append(tag("line", x1=left + bar_w / 2, x2=left + bar_w / 2, y1=2, y2=44, stroke=INK,
                        stroke_dasharray="3 3"))
    desc = "; ".join(f"{share.label}: {share.count} games" for share in outcome.shares) + f" of {games}."
    return svg(prefix, "outcome", width, 72, "How the games ended", desc, *body)
