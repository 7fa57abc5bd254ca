"""The HTML report of `deckdsl compare --report`: for each variant, a table of every figure against the
base and a chart of the differences with their 95% intervals (a forest plot: a dot per figure, a whisker
for its interval, the zero line), then the cards whose figures changed.

The promises of `deckdsl.lab.charts`, whose chart builders it uses: one self-contained page (inline
CSS and SVG, nothing fetched, no script), a function of the result only (the same run gives the same
bytes), every text from a deck escaped.
"""

from __future__ import annotations

from markupsafe import Markup

from .charts import BLUE, GREY, INK, MUTED, svg, tag, templates, text
from .compare import kind_of, seated, shown


def html(result: dict) -> str:
    variants = []
    for index, variant in enumerate(result["variants"]):
        rows = [{"label": row["label"], "cells": shown(row, kind_of(row["name"]) == "rate"),
                 "significant": row["significant"]} for row in variant["metrics"]]
        cards = [{"name": card["name"], "only_in": card.get("only_in"),
                  "cells": None if "only_in" in card else shown(card, True),
                  "won": None if "only_in" in card else card.get("won_per_game") or card["had_per_game"],
                  "significant": card.get("significant", False)} for card in variant["cards"]]
        variants.append({"label": variant["label"], "deck": variant["deck"], "rows": rows, "cards": cards,
                         "chart": _forest(f"v{index}", variant["metrics"]), "failed": variant["failed"]})
    subtitle = (f"{result['games']} games per deck, seed {result['seed']}, {seated(result['players'])}; every deck "
                "dealt and played from the same seeds")
    return templates().get_template("compare.html.j2").render(
        base=result["base"], subtitle=subtitle, variants=variants)


def _forest(prefix: str, rows: list[dict]) -> Markup:
    """The differences of the rate figures (in percentage points) with their intervals, on one axis."""
    shown = [row for row in rows if row["ci95"] is not None and kind_of(row["name"]) == "rate"]
    width, left, right, line = 640, 250, 30, 28
    height = 40 + line * len(shown)
    reach = max([0.02, *(abs(v) for row in shown for v in (row["ci95"][0], row["ci95"][1]))])
    scale = (width - left - right) / (2 * reach)
    zero = left + reach * scale
    body = [tag("line", x1=float(zero), y1=20.0, x2=float(zero), y2=float(height - 10), stroke=GREY,
                 stroke_dasharray="4 3")]
    body.append(text(zero, 14, "0", anchor="middle", size=11, fill=MUTED))
    body.append(text(left, 14, f"{-reach * 100:.1f} pp", anchor="start", size=11, fill=MUTED))
    body.append(text(width - right, 14, f"+{reach * 100:.1f} pp", anchor="end", size=11, fill=MUTED))
    for at, row in enumerate(shown):
        y = 36 + at * line
        low, high = (zero + v * scale for v in row["ci95"])
        colour = BLUE if row["significant"] else GREY
        body += [
            text(left - 10, y + 4, row["label"], anchor="end", size=12, fill=INK),
            tag("line", x1=float(low), y1=float(y), x2=float(high), y2=float(y), stroke=colour, stroke_width=2.0),
            tag("circle", tag("title", f"{row['difference'] * 100:+.1f} pp, 95% interval "
                                         f"[{row['ci95'][0] * 100:+.1f}, {row['ci95'][1] * 100:+.1f}]"),
                 cx=float(zero + row["difference"] * scale), cy=float(y), r=4.5, fill=colour),
        ]
    return svg(prefix, "forest", width, height, "Differences from the base",
                "Each rate of the variant minus the base's, in percentage points, with its 95% interval; "
                "blue when the interval excludes zero.", *body)
