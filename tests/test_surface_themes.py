"""Themes are untrusted code (issue 26): the bounded sandbox (`deckdsl.printing.sandbox`).  The two reproducers
of tests/crashes/surfaces/ through every command that renders a theme — a DK309 at the theme's line, exit
status 2, nothing written, no internal error — their memory under a 2 GB address-space limit, each bound
against the inputs that reach it, what must still render, and the preview serving a page for a runaway
theme.  Work is counted (steps, characters, bytes), never timed."""

from __future__ import annotations

import http.client
import re
import resource
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from jinja2 import TemplateError
from surfaces import ROOT, assert_clean, deckdsl, reproducer

import deckdsl as package
from deckdsl.cli import main
from deckdsl.editor.preview import PreviewServer
from deckdsl.limits import TimeUp
from deckdsl.printing import render, sandbox, themes

STANDARD = ROOT / "decks" / "janken-wars.deck"
EXAMPLES = sorted((ROOT / "decks" / "themes").iterdir())
ADDRESS_SPACE = 2 * 2**30
"""The address-space limit the memory bomb runs under (before the bounds, it reached 8.9 GB)."""


# ------------------------------------------------------------------------ the reproducers ---


COMMANDS = {
    "render": ("render", "janken-wars.deck", "-o", "{out}/x.pdf"),
    "check": ("check", "--render-lint", "janken-wars.deck", "--timeout", "5"),
    "export-png": ("export", "png", "janken-wars.deck", "--dpi", "30", "-o", "{out}/png"),
}


@pytest.mark.parametrize("command", COMMANDS, ids=list(COMMANDS))
@pytest.mark.parametrize(("name", "bound"), [("theme_loop", "steps"),
                                             ("theme_memory_bomb", "3,000,000,000 characters")], ids=["loop", "bomb"])
def test_a_runaway_theme_is_a_dk309_at_its_line_exit_2_and_nothing_written(tmp_path, name, bound, command):
    out = tmp_path / "out"
    proc = deckdsl(*(part.format(out=out) for part in COMMANDS[command]), cwd=reproducer(name, tmp_path))
    text = assert_clean(proc, 2, "error[DK309]", "theme.html.j2:2:1", bound)
    assert "DK304" not in text  # stopped by its bound, not by the clock
    written = [path for path in out.rglob("*") if path.is_file()] if out.exists() else []
    assert written == []


def test_the_memory_bomb_stays_within_two_gigabytes(tmp_path):
    folder = reproducer("theme_memory_bomb", tmp_path)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    command = [sys.executable, "-m", "deckdsl", "render", "janken-wars.deck", "-o", str(tmp_path / "x.pdf")]
    proc = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=300, preexec_fn=limited)
    assert_clean(proc, 2, "error[DK309]", "theme.html.j2:2:1")
    assert "MemoryError" not in proc.stderr and not (tmp_path / "x.pdf").exists()


def test_the_render_lint_is_under_check_s_timeout(tmp_path, monkeypatch):
    """`check --render-lint --timeout S` times the render with S seconds, like `render` (a DK304 when it
    runs out): the timer is replaced by one that has already run out, so nothing here waits."""
    given = []

    def spent(seconds):
        given.append(seconds)
        raise TimeUp

    monkeypatch.setattr(render, "time_limit", spent)
    deck = tmp_path / "deck.deck"
    shutil.copy(STANDARD, deck)
    run = CliRunner().invoke(main, ["check", "--render-lint", str(deck), "--timeout", "7"])
    assert given == [7.0]
    assert "error[DK304]" in run.output and "longer than 7 s" in run.output
    assert run.exit_code == 1, run.output


# ------------------------------------------------------------------------------ each bound ---


@pytest.fixture(scope="module")
def standard(tmp_path_factory):
    """The standard deck, loaded, in a folder of its own (where each test writes its `theme.html.j2`)."""
    folder = tmp_path_factory.mktemp("deck")
    shutil.copy(STANDARD, folder / "deck.deck")
    return package.load(folder / "deck.deck")


def _html(standard, style: str) -> tuple[str | None, object | None]:
    """The sheets' HTML in a theme whose `style` block is `style`, or (None, the theme's diagnostic)."""
    folder = Path(standard.path).parent
    (folder / "theme.html.j2").write_text('{% extends "deck.html.j2" %}\n{% block style %}' + style
                                         + "{% endblock %}\n", encoding="utf-8")
    try:
        return render.html(standard.deck, folder, render.Options(theme=folder), standard.profile), None
    except (TemplateError, RecursionError) as error:
        return None, themes.problem(error, folder)


DOUBLING = '{% set ns = namespace(x=["a"]) %}{% for i in range(60) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}'
"""A list of 2^60 references to "a": tiny as a list, an exabyte as text."""

MADE_TOO_LONG = {
    "repeat-text": '{{ "x" * 3000000000 }}',
    "repeat-list": "{{ [1] * 3000000000 }}",
    "concat-doubling": '{% set ns = namespace(s="xx") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}'
                       "{% endfor %}",
    "plus-doubling": '{% set ns = namespace(s="xx") %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}',
    "print-nested": DOUBLING + "{{ ns.x }}",
    "string-nested": DOUBLING + "{{ ns.x | string }}",
    "percent-nested": DOUBLING + '{{ "%s" % (ns.x,) }}',
    "tojson-nested": DOUBLING + "{{ ns.x | tojson }}",
    "center-filter": '{{ "x" | center(3000000000) }}',
    "center-method": '{{ "x".center(3000000000) }}',
    "ljust-method": '{{ "x".ljust(3000000000) }}',
    "expandtabs": r'{{ ("\t" * 500000).expandtabs(100000) }}',
    "indent": r'{{ ("\n" * 500000) | indent(100000) }}',
    "replace-filter": '{{ ("x" * 900000) | replace("x", "yyyyyyyyyy") }}',
    "replace-method": '{{ ("x" * 900000).replace("", "yy") }}',
    "translate": '{{ ("x" * 900000).translate({120: "yyyyyyyyyy"}) }}',
    "wordwrap": '{{ ("x" * 900000) | wordwrap(1, wrapstring="<br><br>") }}',
    "printf-width": '{{ "%3000000000d" % 1 }}',
    "printf-star": '{{ "%*d" % (3000000000, 1) }}',
    "format-filter": '{{ "%.3000000000f" | format(1.0) }}',
    "format-method": '{{ "{:>{}}".format(1, 3000000000) }}',
    "format-map": '{{ "{x:>3000000000}".format_map({"x": 1}) }}',
    "join-filter": '{{ (["x" * 1000] * 100000) | join }}',
    "join-method": '{{ "".join(["x" * 1000] * 100000) }}',
    "batch": '{{ [1] | batch(3000000000, "x") | list }}',
    "slice": "{{ [1] | slice(3000000000) | list }}",
    "range": "{{ range(3000000000) | list }}",
    "lipsum": "{{ lipsum(1000000) }}",
    "power": "{{ 9 ** (9 ** 9) }}",
    "squaring": '{% set ns = namespace(x=2) %}{% for i in range(100) %}{% set ns.x = ns.x * ns.x %}{% endfor %}',
}


@pytest.mark.parametrize("style", MADE_TOO_LONG.values(), ids=list(MADE_TOO_LONG))
def test_what_would_be_too_long_is_refused_before_it_is_made(standard, style):
    tracemalloc.start()
    try:
        html, problem = _html(standard, style)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert html is None and problem.code == "DK309" and problem.span.line == 2, problem
    assert peak < 16 * 2**20, f"{peak:,} bytes"  # a million-character text is 4 MB at most


TOO_MUCH_OUTPUT = {
    "output": '{% for i in range(300) %}{{ "y" * 999999 }}{% endfor %}',
    "macro": '{% macro m() %}{% for i in range(1000000) %}{{ "y" * 1000 }}{% endfor %}{% endmacro %}{% set a = m() %}',
    "set-block": '{% set a %}{% for i in range(1000000) %}{{ "y" * 1000 }}{% endfor %}{% endset %}',
}


@pytest.mark.parametrize("style", TOO_MUCH_OUTPUT.values(), ids=list(TOO_MUCH_OUTPUT))
def test_output_is_counted_also_where_it_is_kept_for_later(standard, style):
    _, problem = _html(standard, style)
    assert problem.code == "DK309" and problem.span.line == 2 and f"{sandbox.MAX_OUTPUT:,}" in problem.message


TOO_MANY_STEPS = {
    "nested-ranges": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "loop-length": "{% for i in range(1000000) %}{{ loop.length }}{% endfor %}",
    "recursive-loop": '{% for x in ["top"] recursive %}{% if x == "top" %}{{ loop(range(1000000)) }}'
                      "{{ loop(range(1000000)) }}{% endif %}{% endfor %}",  # its items count as the loop's
}


@pytest.mark.parametrize("style", TOO_MANY_STEPS.values(), ids=list(TOO_MANY_STEPS))
def test_a_theme_that_runs_on_is_stopped_by_its_steps(standard, style):
    _, problem = _html(standard, style)
    assert problem.code == "DK309" and problem.span.line == 2 and "steps" in problem.message, problem


@pytest.mark.parametrize(("style", "named"), [("{{ 1 / 0 }}", "division by zero"),
                                              ("{{ 2.0 ** 100000 }}", "OverflowError"), ('{{ "a" - 1 }}', "TypeError")],
                         ids=["zero", "overflow", "type"])
def test_a_theme_s_python_error_is_a_dk307_at_its_line(standard, style, named):
    _, problem = _html(standard, style)
    assert problem.code == "DK307" and problem.span.line == 2 and named in problem.message, problem


@pytest.mark.parametrize(("theme", "said"), [
    (b"\xff{% extends \"deck.html.j2\" %}\n", "not UTF-8"),
    (b'{% extends "deck.html.j2" %}\n{% block style %}{{ 1' + b"0" * 4301 + b" }}{% endblock %}\n", "4,300 digits"),
    (b'{%extends"\n"%}\n', "`\\n`"),
    ("{% extends \"deck.html.j2\" %}\n{% block style %}{{ 1e\u0663 }}{% endblock %}\n".encode(), "`1e\u0663`"),
    ("{%1e\u0663".encode(), "digits as 0-9"),
    ("\n\n{{ 1.\u0663 }}".encode(), "a number Python cannot read"),
], ids=["not-utf8", "4302-digits", "line-break-in-a-name", "arabic-indic-exponent", "in-a-tag", "after-a-point"])
def test_a_theme_the_fuzzer_broke_is_a_dk307_on_one_line(standard, theme, said):
    """fuzz (themes_69, playing_204, theme_problem, sandbox_441): a theme that is not UTF-8, a number past
    Python's 4,300 digits and one with digits of another script (Jinja's lexer takes them, Python's
    literals do not) were internal errors; a template's name holding a line break broke the message in two."""
    folder = Path(standard.path).parent
    (folder / "theme.html.j2").write_bytes(theme)
    with pytest.raises((TemplateError, RecursionError)) as failed:
        render.html(standard.deck, folder, render.Options(theme=folder), standard.profile)
    problem = themes.problem(failed.value, folder)
    assert problem.code == "DK307" and said in problem.message and "\n" not in problem.message, problem


# ------------------------------------------------------------------------ what still renders ---


NEAR_MISSES = {
    "dashes": '/* {{ "-" * 40 }} */',
    "a-loop-over-the-cards": "{% for page in pages %}{% for slot in page.slots %}"
                             '.card[data-card="{{ slot.card.name }}"] { border-width: {{ loop.index % 3 }}px; }'
                             "{% endfor %}{% endfor %}",
    "long-but-allowed": '/* {{ "x" * 999999 }} */',
    "a-million-turns": "{% for i in range(1000) %}{% for j in range(999) %}{% endfor %}{% endfor %}",
    "format-and-join": '{{ "%-10s|%5.1f" | format("a", 2.5) }} {{ ["a", "b"] | join(", ") }} '
                       '{{ "{:>8}".format("x") }} {{ "x".center(20) }} {{ ("a" ~ "b") * 3 }}',
    "sum-of-lists": "{{ (pages | map(attribute='slots') | sum(start=[])) | length }}",
}


@pytest.mark.parametrize("style", NEAR_MISSES.values(), ids=list(NEAR_MISSES))
def test_a_theme_within_the_bounds_renders(standard, style):
    html, problem = _html(standard, style)
    assert problem is None and html is not None


@pytest.fixture
def counted(monkeypatch):
    """Every bounded environment made, to read its counts after the render."""
    made = []

    class Recorded(sandbox.Bounded):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(sandbox, "Bounded", Recorded)
    return made


@pytest.mark.parametrize("theme", EXAMPLES, ids=lambda path: path.name)
def test_an_example_theme_renders_and_a_10000_card_deck_would_be_far_within_the_bounds(standard, theme, counted):
    """Steps and characters grow with the cards: the standard deck's, per card, make a 10,000-card deck's —
    which must stay under a tenth of its bounds."""
    options = render.Options(theme=theme)
    render.html(standard.deck, Path(standard.path).parent, options, standard.profile)
    [environment] = counted
    cards = (environment.most_steps - sandbox.MAX_STEPS) // sandbox.STEPS_PER_CARD  # the game's stars too
    assert cards > len(standard.deck.cards)
    steps, made = environment.taken / cards * 10_000, environment.made / cards * 10_000
    assert steps * 10 <= sandbox.MAX_STEPS + sandbox.STEPS_PER_CARD * 10_000, steps
    assert made * 10 <= sandbox.MAX_OUTPUT, made


# --------------------------------------------------------------------------------- preview ---


@pytest.mark.parametrize("name", ["theme_loop", "theme_memory_bomb"])
def test_the_preview_starts_and_serves_a_page_saying_dk309(tmp_path, name):
    folder = reproducer(name, tmp_path)
    server = PreviewServer(folder / "janken-wars.deck").start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=60)
        connection.request("GET", "/")
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
    finally:
        server.close()
    assert response.status == 200
    assert "error[DK309]" in page and re.search(r"theme\.html\.j2:2:1", page)
    assert "internal" not in page
