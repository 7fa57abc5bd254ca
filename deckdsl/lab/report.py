"""The HTML report of `deckdsl simulate --report`, for every game: a page a designer looks at rather than
reads — who wins and how sure we are, how games end and how long they last, which cards go with winning.

What a run shows is its engine's `RunView` (`Engine.view`: the simulator's figures, or a game's own such
as Janken Wars' exchanges); this module draws any view with one template (`simulate.html.j2`) and the
charts of `deckdsl.lab.charts`.  One self-contained page (inline CSS and SVG, nothing fetched, no script),
a function of the figures only (the same run gives the same bytes), and every text from a deck escaped —
by the template's autoescape and by the charts' `tag`.
"""

from __future__ import annotations

from ..games.interface import Engine
from ..games.view import Contribution, Histogram, RunView, Section, Table
from . import charts


def html(figures: dict, engine: Engine) -> str:
    """The report of `arena.simulate()` (one run) or of `arena.matchups()` (every pairing and the matrix),
    played by `engine`."""
    environment = charts.templates()
    if "pairings" in figures:
        runs = [_run(engine.view(pairing), f"p{index}") for index, pairing in enumerate(figures["pairings"])]
        matrix = charts.matrix_chart(figures["strategies"], figures["win_rate"])
        subtitle = (f"{engine.name}: {len(figures['strategies'])} bots, every pairing, {figures['games']} games "
                    f"each, seed {figures['seed']}")
    else:
        runs, matrix = [_run(engine.view(figures), "run")], None
        subtitle = f"{engine.name}: {runs[0]['view'].subtitle}"
    return environment.get_template("simulate.html.j2").render(
        deck=figures["deck"] or "Untitled deck", subtitle=subtitle, matrix=matrix, runs=runs,
        rules=[{"name": name, "value": value} for name, value in figures["rules"].items()],
    )


def _run(view: RunView, prefix: str) -> dict:
    """One run for the template: its view, and its outcome bar and sections with their charts drawn."""
    return {
        "id": prefix, "view": view,
        "outcome": charts.outcome_bar(prefix, view.outcome) if view.outcome else None,
        "sections": [_section(prefix, section) for section in view.sections],
    }


def _section(prefix: str, section: Section) -> dict:
    """A section with its items drawn; narrow charts alone in a section sit side by side (`pair`)."""
    items = [_item(prefix, item) for item in section.items]
    return {"title": section.title, "text": section.text, "parts": items,
            "pair": bool(items) and all(item.get("narrow") for item in items)}


def _item(prefix: str, item) -> dict:
    """A section's item as the template shows it: a chart (`svg`, `caption`, `narrow`) or a table."""
    if isinstance(item, Histogram):
        chart = charts.histogram(prefix, item.kind, item.counts, unit=item.unit, what=item.what, title=item.title,
                                 axis=item.axis, markers=item.markers, width=420 if item.narrow else 720)
        return {"svg": chart, "caption": item.caption, "narrow": item.narrow}
    if isinstance(item, Contribution):
        chart = charts.contribution_chart(prefix, item.cards, holder=item.holder, had=item.had)
        return {"svg": chart, "caption": item.caption, "narrow": False}
    if isinstance(item, Table):
        return {"table": item, "signs": [_sign(row[item.signed]) if item.signed is not None else ""
                                         for row in item.rows]}
    raise TypeError(f"a report does not show {type(item).__name__}")


def _sign(cell: str) -> str:
    return "pos" if cell.startswith("+") else "neg" if cell.startswith("\u2212") else ""
