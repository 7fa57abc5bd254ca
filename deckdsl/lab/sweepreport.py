"""The HTML report of `deckdsl sweep --report`: the table of every point, and heat maps of the figures
over the grid when it has two axes (one bar chart per figure when it has one).

The promises of `deckdsl.lab.charts`, whose chart builders it uses: one self-contained page (inline
CSS and SVG, nothing fetched, no script), a function of the results only (the same sweep gives the same
bytes, whatever `--jobs` was), every text from a deck escaped.
"""

from __future__ import annotations

from markupsafe import Markup

from .charts import BLUE, INK, MUTED, ink_on, mix, svg, tag, templates, text
from .compare import seated
from .sweep import COLUMNS, cell, columns

CHARTED = (("first_player_win_rate", "first player wins", True), ("success_rate", "the table succeeds", True),
           ("rounds_mean", "rounds per game", False), ("actions_mean", "actions per game", False),
           ("deck_exhausted_rate", "games ended by an empty deck", True))
"""The figures charted, when a sweep has them, their titles, and whether each is a rate."""


def _shown(value: float, rate: bool) -> str:
    return f"{value * 100:.1f}%" if rate else f"{value:.1f}"


def html(swept: dict) -> str:
    axes = [axis["name"] for axis in swept["axes"]]
    shown = columns(swept)
    charted = [(name, title, rate) for name, title, rate in CHARTED if name in shown]
    rows = [{"point": [entry["point"][name] for name in axes],
             "cells": [cell(name, entry["figures"].get(name)) for name in shown]}
            for entry in swept["points"]]
    drawn = []
    if len(axes) == 2:
        drawn = [{"svg": _heatmap(f"h{index}", swept, axes, name, title, rate), "title": title}
                  for index, (name, title, rate) in enumerate(charted)]
    elif len(axes) == 1:
        drawn = [{"svg": _bars(f"b{index}", swept, axes[0], name, title, rate), "title": title}
                  for index, (name, title, rate) in enumerate(charted)]
    subtitle = (f"{swept['games']} games per point, seed {swept['seed']}, {seated(swept['players'])}; "
                f"{len(rows)} points, every one dealt and played from the same seeds")
    return templates().get_template("sweep.html.j2").render(
        deck=swept["deck"], subtitle=subtitle, axes=axes, rows=rows, charts=drawn,
        heads=[COLUMNS.get(name, name.removesuffix("_per_game")) for name in shown])


def _values(swept: dict, name: str) -> list:
    return list(dict.fromkeys(entry["point"][name] for entry in swept["points"]))


def _heatmap(prefix: str, swept: dict, axes: list[str], figure: str, title: str, rate: bool) -> Markup:
    """One cell per point: the first axis across, the second down; darker is higher."""
    across, down = _values(swept, axes[0]), _values(swept, axes[1])
    found = {(entry["point"][axes[0]], entry["point"][axes[1]]): entry["figures"][figure]["value"]
             for entry in swept["points"]}
    low, high = min(found.values()), max(found.values())
    cell, left, top = 64, 150, 56
    width, height = left + cell * len(across) + 20, top + cell * len(down) + 20
    body = [text(left + cell * len(across) / 2, 18, axes[0], anchor="middle", size=13, fill=INK),
            text(12, top - 8, axes[1], size=13, fill=INK)]
    for i, value in enumerate(across):
        body.append(text(left + cell * i + cell / 2, top - 8, str(value), anchor="middle", size=12, fill=MUTED))
    for j, value in enumerate(down):
        body.append(text(left - 10, top + cell * j + cell / 2 + 4, str(value), anchor="end", size=12, fill=MUTED))
        for i, other in enumerate(across):
            if (other, value) not in found:
                continue
            share = 0.0 if high == low else (found[other, value] - low) / (high - low)
            fill = mix("#f7fbff", BLUE, 0.1 + 0.9 * share)
            x, y = left + cell * i, top + cell * j
            body += [tag("rect", tag("title", f"{axes[0]} {other}, {axes[1]} {value}: "
                                                f"{_shown(found[other, value], rate)}"),
                          x=float(x), y=float(y), width=float(cell - 2), height=float(cell - 2), fill=fill),
                     text(x + cell / 2 - 1, y + cell / 2 + 4, _shown(found[other, value], rate), anchor="middle",
                           size=12, fill=ink_on(fill))]
    return svg(prefix, "heatmap", width, height, title,
                f"{title} for each {axes[0]} (across) and {axes[1]} (down); darker is higher.", *body)


def _bars(prefix: str, swept: dict, axis: str, figure: str, title: str, rate: bool) -> Markup:
    """One bar per value of the axis, with the figure's 95% interval."""
    entries = swept["points"]
    values = [entry["figures"][figure] for entry in entries]
    top_value = max(max(v.get("ci95", [v["value"]])[-1] for v in values), 1e-9)
    bar, left, height = 56, 40, 220
    width = left + bar * len(entries) + 20
    scale = (height - 60) / top_value
    body = [text(12, 16, axis, size=13, fill=INK)]
    for i, (entry, value) in enumerate(zip(entries, values, strict=True)):
        x = left + bar * i
        h = value["value"] * scale
        body += [tag("rect", tag("title", f"{axis} {entry['point'][axis]}: {_shown(value['value'], rate)}"),
                      x=float(x + 6), y=float(height - 30 - h), width=float(bar - 12), height=float(h), fill=BLUE),
                 text(x + bar / 2, height - 12, str(entry["point"][axis]), anchor="middle", size=12, fill=MUTED),
                 text(x + bar / 2, height - 36 - h, _shown(value["value"], rate), anchor="middle", size=11, fill=INK)]
        if "ci95" in value:
            low, high = (height - 30 - bound * scale for bound in value["ci95"])
            body.append(tag("line", x1=float(x + bar / 2), y1=float(low), x2=float(x + bar / 2), y2=float(high),
                             stroke=INK, stroke_width=1.5))
    return svg(prefix, "bars", width, height, title, f"{title} for each {axis}, with its 95% interval.", *body)
