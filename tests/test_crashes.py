"""Inputs that once reached an internal error (../shared/crashes/README.md): each now ends in a clean
usage error or a positioned diagnostic.  "Clean": exit 0 or 2 as the case says, and never the CLI's
catch-all `deckdsl: internal error` nor a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JANKEN = "decks/janken-wars.deck"


def deckdsl(*args, stdin=None, closed_stdin=False):
    return subprocess.run([sys.executable, "-m", "deckdsl", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, input=None if closed_stdin else (stdin or ""),
                          stdin=subprocess.DEVNULL if closed_stdin else None)


def assert_clean(proc, code: int, *fragments: str):
    output = proc.stdout + proc.stderr
    assert proc.returncode == code, output
    assert "internal error" not in output and "Traceback" not in output, output
    for fragment in fragments:
        assert fragment in output, output


@pytest.mark.parametrize("answer", ["²", "٣", "9" * 5000, "-1", "1.0", " ３ "])
def test_play_refuses_what_is_not_an_option_number_and_asks_again(answer):
    proc = deckdsl("play", JANKEN, "--seed", "1", stdin=f"{answer}\nq\n")
    assert_clean(proc, 0, "abandonada")
    assert proc.stdout.count("sua jogada") >= 2  # asked again after the bad answer


def test_play_with_stdin_closed_leaves_the_game():
    for deck in (JANKEN, "decks/queens-vs-kings.deck"):
        assert_clean(deckdsl("play", deck, "--seed", "1", closed_stdin=True), 0)


def test_play_any_game_refuses_a_superscript_digit():
    proc = deckdsl("play", "decks/embate-dos-guardioes.deck", "--seed", "1", "--bot", "random", stdin="²\nq\n")
    assert_clean(proc, 0, "partida abandonada")


@pytest.mark.parametrize("deck", [JANKEN, "decks/embate-dos-guardioes.deck"])
def test_simulate_matchups_of_nothing_is_a_usage_error(deck):
    assert_clean(deckdsl("simulate", deck, "--games", "5", "--matchups", ",,,"), 2, "--matchups")


@pytest.mark.parametrize("deck", [JANKEN, "decks/queens-vs-kings.deck"])
def test_simulate_report_into_a_folder_it_cannot_make_fails_before_playing(deck):
    proc = deckdsl("simulate", deck, "--games", "100000000", "--report", "/proc/nonexistent/x.html")
    assert_clean(proc, 2, "--report", "/proc/nonexistent")


@pytest.mark.parametrize("option, value", [
    ("--timeout", "nan"), ("--timeout", "inf"), ("--timeout", "1e300"), ("--safe", "1e308"), ("--safe", "nan"),
    ("--bleed", "inf"), ("--gutter", "-1"), ("--back-offset", "nan,nan"), ("--back-offset", "1,x"),
    ("--back-offset", "1e308,0"),
])
def test_render_options_out_of_range_are_usage_errors(option, value, tmp_path):
    proc = deckdsl("render", JANKEN, option, value, "-o", tmp_path / "x.pdf")
    assert_clean(proc, 2, option)
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("where", ["/proc/nonexistent/x.pdf", "README.md/x.pdf"])
def test_render_into_a_folder_it_cannot_make_is_a_usage_error(where):
    assert_clean(deckdsl("render", JANKEN, "-o", where), 2, "--output")


def test_render_into_a_folder_writes_the_deck_name_inside_it(tmp_path):
    proc = deckdsl("render", JANKEN, "-o", f"{tmp_path / 'new'}/")
    assert_clean(proc, 0)
    assert (tmp_path / "new" / "janken-wars.pdf").read_bytes().startswith(b"%PDF")


CRASHES = ROOT / "tests" / "crashes"
"""The reproducers of ../shared/crashes, vendored (README.md there is their table; the 1 MB deck gzipped)."""
PROFILE_CASES = [("profile_render_fmt_s", ["render", "deck.deck"]), ("profile_render_conv", ["render", "deck.deck"]),
                 ("profile_render_width", ["render", "deck.deck"]), ("profile_component_fmt", ["render", "deck.deck"]),
                 ("profile_render_width_hang", ["render", "deck.deck"]),
                 ("profile_new_cardname", ["new", "--game", "cardname-fmt", "-o", "x.deck"])]


@pytest.mark.parametrize("folder, command", PROFILE_CASES)
def test_format_specs_in_profile_texts_are_diagnostics(folder, command, tmp_path):
    import shutil

    work = tmp_path / folder
    shutil.copytree(CRASHES / folder, work)

    def run(*args):
        return subprocess.run([sys.executable, "-m", "deckdsl", *args], cwd=work, capture_output=True, text=True,
                              timeout=600)

    if command[0] == "render":
        assert_clean(run(*command), 1, "DK507")  # the deck names a profile with errors
    else:
        assert_clean(run(*command), 1, "DK503", "is not a name")
        assert not (work / "x.deck").exists()
    profile = next(work.glob("*.game")).name
    assert_clean(run("check", profile), 1, "DK503", "is not a name")


def test_profile_templates_take_names_only():
    from deckdsl.profiles.template import TemplateError, fill, names

    assert names("Carta {type} {rarity} {{x}}") == ["type", "rarity"]
    assert fill("{a} de {b} {{literal}} {unknown}", {"a": 5, "b": "copas"}) == "5 de copas {literal} {unknown}"
    for bad in ["{n:s}", "{n!r}", "{n:>999999999}", "{0}", "{a.b}", "{a[0]}", "a } b", "{ open", "{}"]:
        with pytest.raises(TemplateError):
            names(bad)


def test_a_setting_in_other_digits_is_refused():
    proc = deckdsl("simulate", JANKEN, "-n", "3", "--set", "star_cost=١٠")
    assert_clean(proc, 2, "star_cost")


def test_a_fifo_is_not_read(tmp_path):
    import os

    fifo = tmp_path / "pipe.deck"
    os.mkfifo(fifo)
    assert_clean(deckdsl("check", fifo), 2, "DK009", "not a regular file")


def test_jobs_beyond_the_work_start_no_idle_workers(monkeypatch):
    """512 jobs for 2 chunks of games: as many workers as chunks (counted through the pool's size)."""
    import multiprocessing.pool

    import deckdsl as api
    from deckdsl.lab import arena

    sizes = []
    original = multiprocessing.pool.Pool.__init__

    def counting(self, processes=None, *args, **kwargs):
        sizes.append(processes)
        original(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "__init__", counting)
    loaded = api.load(ROOT / JANKEN)
    arena.simulate(loaded.deck, loaded.profile, {}, games=2 * arena.CHUNK, seed=1, players=("random", "random"),
                   jobs=512)
    assert sizes == [2]


def test_an_svg_that_refers_outside_its_folder_fails_the_render(tmp_path):
    """The SVG's own references are fetched only when it is drawn: the render must still refuse them."""
    (tmp_path / "evil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
        '<image href="file:///etc/hostname" width="50" height="50"/>'
        '<image href="http://127.0.0.1:9/x.png" width="50" height="50"/></svg>', encoding="utf-8")
    text = (ROOT / JANKEN).read_text(encoding="utf-8")
    (tmp_path / "d.deck").write_text(text.replace('card "Muro Alto" {', 'card "Muro Alto" {\n  art: "evil.svg"', 1),
                                     encoding="utf-8")
    proc = deckdsl("render", tmp_path / "d.deck", "-o", tmp_path / "d.pdf")
    assert_clean(proc, 1, "DK301", "file:///etc/hostname", "http://127.0.0.1:9/x.png")
    assert not (tmp_path / "d.pdf").exists()


def test_a_temporary_file_left_by_a_killed_writer_is_removed_by_the_next_write(tmp_path):
    from deckdsl.files import write_atomic

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".cards.pdf.{dead.stdout.strip()}-abc123.tmp"
    stale.write_bytes(b"half a PDF")
    mine = tmp_path / f".cards.pdf.{__import__('os').getpid()}-live.tmp"  # a writer still running: kept
    mine.write_bytes(b"in progress")
    write_atomic(tmp_path / "cards.pdf", b"%PDF-1.7")
    assert not stale.exists() and mine.exists()
    assert (tmp_path / "cards.pdf").read_bytes() == b"%PDF-1.7"


DECK_CRASHES = sorted(CRASHES.glob("*.deck"))


def test_every_reproducer_has_a_test():
    """Each entry of tests/crashes is run by one of this file's tests (a new reproducer needs one)."""
    covered = {path.name for path in DECK_CRASHES} | {folder for folder, _ in PROFILE_CASES} | set(OTHER_CASES)
    entries = {path.name for path in CRASHES.iterdir()} - {"README.md", "surfaces", "surfaces-2"}  # their own tests
    assert entries == covered


@pytest.mark.parametrize("path", DECK_CRASHES, ids=lambda p: p.name)
def test_every_crash_deck_gets_positioned_diagnostics(path):
    proc = deckdsl("check", path)
    assert_clean(proc, 1)
    assert "-->" in proc.stdout + proc.stderr


@pytest.mark.parametrize("number, code", [("9" * 4302, "DK010"), ("9" * 310, "DK010"), ("9" * 10, "DK010"),
                                          ("999999999", "DK011")])
def test_long_numbers_and_huge_decks_are_diagnostics(number, code, tmp_path):
    text = (ROOT / JANKEN).read_text(encoding="utf-8").replace("copies: 6", f"copies: {number}", 1)
    deck = tmp_path / "d.deck"
    deck.write_text(text, encoding="utf-8")
    proc = deckdsl("check", deck)
    assert_clean(proc, 1, code)
    assert_clean(deckdsl("simulate", deck, "-n", "2"), 1, code)


def test_a_nine_digit_number_is_a_number():
    import deckdsl as api

    text = (ROOT / JANKEN).read_text(encoding="utf-8").replace("value: 2", "value: 123456789", 1)
    result = api.loads(text, "x.deck")
    assert not [d for d in result.diagnostics if d.code in ("DK010", "DK011")]
    assert 123456789 in [card.value for card in result.deck.cards]


@pytest.mark.parametrize("pyproject, code, fragment", [
    ("tool = 5\n", 0, "checked 1 file"), ("[tool]\ndeckdsl = 5\n", 2, "must be a table"),
    ("[tool.deckdsl]\nselect = 5\n", 2, "select"),
])
def test_a_configuration_of_the_wrong_shape(pyproject, code, fragment, tmp_path):
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "d.deck").write_text((ROOT / JANKEN).read_text(encoding="utf-8"), encoding="utf-8")
    assert_clean(deckdsl("check", tmp_path / "d.deck"), code, fragment)


def _two_decks(monkeypatch, tmp_path, name: str, failure) -> None:
    """`name` and `good.deck` (the standard deck with one copy too many: DK201) in `tmp_path`, with
    `deckdsl.load` calling `failure()` for `name`."""
    import deckdsl as api

    text = (ROOT / JANKEN).read_text(encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "good.deck").write_text(text.replace("copies: 6", "copies: 7", 1), encoding="utf-8")
    real = api.load

    def load(path, **options):
        return failure() if Path(path).name == name else real(path, **options)

    monkeypatch.setattr(api, "load", load)


def test_a_file_deckdsl_fails_on_does_not_hide_the_others(monkeypatch, tmp_path):
    """`check bad.deck good.deck`: a bug on one file is DK012 there (exit 2), and the other is checked."""
    from click.testing import CliRunner

    from deckdsl.cli import main

    def bug():
        raise RuntimeError("a bug")

    _two_decks(monkeypatch, tmp_path, "bad.deck", bug)
    result = CliRunner().invoke(main, ["check", str(tmp_path / "bad.deck"), str(tmp_path / "good.deck")])
    assert result.exit_code == 2, result.output
    assert "DK012" in result.output and "RuntimeError: a bug" in result.output
    assert "good.deck" in result.output and "DK201" in result.output  # good.deck's own finding is there


def test_a_file_with_thousands_of_findings_shows_the_first_ones_and_counts_all(tmp_path):
    from deckdsl.cli.checking import MAX_SHOWN

    block = 'card "X{n}" {{\n  type: pedra\n  rarity: simples\n  copies: 1\n  valeu: 2\n}}\n'
    text = (ROOT / JANKEN).read_text(encoding="utf-8") + "".join(block.format(n=n) for n in range(MAX_SHOWN + 100))
    deck = tmp_path / "many.deck"
    deck.write_text(text, encoding="utf-8")
    proc = deckdsl("check", deck)
    assert_clean(proc, 1, "more findings in")
    assert sum(proc.stdout.count(f"{level}[") for level in ("error", "warning", "info")) == MAX_SHOWN
    found = __import__("json").loads(deckdsl("check", deck, "--format", "json").stdout)
    assert len(found["diagnostics"]) == MAX_SHOWN and found["omitted"] > 0
    assert sum(found["summary"].values()) == MAX_SHOWN + found["omitted"]


def test_fuzz_findings_fixed_in_the_cli(tmp_path):
    """fuzz/findings: a 250-character game name, a 4,302-digit number in deckdsl.toml, and a bot pairing
    whose disputes tie for ever through the interface."""
    long_name = tmp_path / "long.deck"
    long_name.write_text('deck "X" {\n  game: ' + "a" * 250 + "\n}\n", encoding="utf-8")
    for command in ("check", "show"):
        proc = deckdsl(command, long_name)
        assert proc.returncode in (1, 2) and "internal error" not in proc.stderr and "DK012" not in proc.stdout
    (tmp_path / "deckdsl.toml").write_text("[tool]\ndeckdsl = " + "9" * 4302 + "\n", encoding="utf-8")
    (tmp_path / "d.deck").write_text((ROOT / JANKEN).read_text(encoding="utf-8"), encoding="utf-8")
    assert_clean(deckdsl("check", tmp_path / "d.deck"), 2, "deckdsl.toml")
    assert_clean(deckdsl("simulate", JANKEN, "--games", "1", "--matchups", "greedy:hoard,ismcts:3"), 1, "DK402")


def _profile_card_name_int(tmp_path):
    import shutil

    shutil.copytree(CRASHES / "r_profile_card_name_int", tmp_path / "game")
    assert_clean(deckdsl("check", tmp_path / "game" / "janken-wars.game"), 1, "-->")
    deck = tmp_path / "game" / "d.deck"
    deck.write_text((ROOT / JANKEN).read_text(encoding="utf-8"), encoding="utf-8")
    assert_clean(deckdsl("check", deck), 1, "DK507")


def _configuration(folder, code, *fragments):
    def run(tmp_path):
        import shutil

        shutil.copytree(CRASHES / folder, tmp_path / folder)
        assert_clean(deckdsl("check", tmp_path / folder / "deck.deck"), code, *fragments)
    return run


def _play(name):
    def run(tmp_path):
        proc = deckdsl("play", JANKEN, "--seed", "1", stdin=(CRASHES / name).read_text(encoding="utf-8"))
        assert proc.returncode in (0, 1), proc.stdout[-2000:] + proc.stderr
        assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    return run


def _copies_1e9(tmp_path):
    import shutil

    shutil.copytree(CRASHES / "copies_1e9", tmp_path / "c")
    for command in (("check", "c1e9.deck"), ("simulate", "c1e9.deck", "--games", "20"), ("render", "c1e9.deck")):
        proc = subprocess.run([sys.executable, "-m", "deckdsl", *command], cwd=tmp_path / "c", capture_output=True,
                              text=True, timeout=300)
        assert_clean(proc, 1, "DK011")


def _amplification(tmp_path):
    import gzip

    deck = tmp_path / "amplification.deck"
    deck.write_bytes(gzip.decompress((CRASHES / "check_amplification_1MB.deck.gz").read_bytes()))
    proc = deckdsl("check", "--format", "sarif", deck)
    assert_clean(proc, 1)
    assert len(proc.stdout) < 5_000_000  # 192 MB of SARIF before the cap on findings shown per file


OTHER_CASES = {
    "game_8.game": lambda tmp_path: assert_clean(deckdsl("check", CRASHES / "game_8.game"), 1, "-->"),
    "r_profile_card_name_int": _profile_card_name_int,
    # `tool = 5`: no [tool.deckdsl] table, so no configuration of ours (the standard deck checks as usual)
    "config_tool_int": _configuration("config_tool_int", 0, "checked 1 file"),
    "config_deckdsl_int": _configuration("config_deckdsl_int", 2, "pyproject.toml"),
    "play_superscript_digit.stdin": _play("play_superscript_digit.stdin"),
    "play_5000_digits.stdin": _play("play_5000_digits.stdin"),
    "copies_1e9": _copies_1e9,
    "check_amplification_1MB.deck.gz": _amplification,
}
"""The reproducers that are not a deck to check nor a profile folder, each with its own run."""


@pytest.mark.parametrize("name", sorted(OTHER_CASES))
def test_every_other_reproducer_ends_cleanly(name, tmp_path):
    OTHER_CASES[name](tmp_path)


def test_a_file_that_checks_past_the_timeout_is_stopped_and_the_others_are_checked(monkeypatch, tmp_path):
    """`check --timeout 1 slow.deck good.deck`: the slow file is DK013 (exit 2), the other is checked."""
    from click.testing import CliRunner

    from deckdsl.cli import main

    def endless():
        while True:  # a check that never ends (a bug); only the timer stops it
            pass

    _two_decks(monkeypatch, tmp_path, "slow.deck", endless)
    result = CliRunner().invoke(main, ["check", "--timeout", "1", str(tmp_path / "slow.deck"),
                                       str(tmp_path / "good.deck")])
    assert result.exit_code == 2, result.output
    assert "DK013" in result.output and "longer than 1 s" in result.output
    assert "DK201" in result.output
    for bad in ("0", "nan", "inf", "1e300"):
        assert CliRunner().invoke(main, ["check", "--timeout", bad, str(tmp_path / "good.deck")]).exit_code == 2


def test_second_campaign_findings(tmp_path):
    """The 200,000-input campaign of issue 16 (fuzz/fuzz.py --seed 7): TOML nested past Python's recursion
    limit, a card name over Fluent's 2,500-character limit in an addendum's rules text, and a Janken Wars
    bot with an unknown exchange policy among a matchup of the interface's bots."""
    from deckdsl.lang.ast import Addendum, CardRef, ModifierOrder
    from deckdsl.span import Span
    from deckdsl.text import addendum_text

    (tmp_path / "deckdsl.toml").write_text("select = " + "[" * 2000 + "1" + "]" * 2000 + "\n", encoding="utf-8")
    (tmp_path / "d.deck").write_text((ROOT / JANKEN).read_text(encoding="utf-8"), encoding="utf-8")
    assert_clean(deckdsl("check", tmp_path / "d.deck"), 2, "nested too deeply")
    here = Span(1, 1, 1, 2, 0, 1)
    long_name = "N" * 3000
    addendum = Addendum(span=here, title="A", title_span=here, orders=(ModifierOrder(span=here, cards=(
        CardRef(span=here, name=long_name), CardRef(span=here, name="Muro Alto"))),))
    for language in ("en", "pt-BR", "ru"):
        assert long_name in str(addendum_text(addendum, language))
    assert_clean(deckdsl("simulate", JANKEN, "--games", "2", "--matchups", "ismcts:1,yomi:x"), 2,
                 "no exchange policy `x`")


@pytest.mark.parametrize("command", [["render"], ["export", "csv"]])
def test_render_and_export_stop_a_check_past_their_timeout(monkeypatch, tmp_path, command):
    """`--timeout` bounds every stage of `render` and `export`, the deck's check included (DK013, exit 2,
    nothing written)."""
    from click.testing import CliRunner

    import deckdsl as api
    from deckdsl.cli import main

    def load(path, **options):
        while True:
            pass

    monkeypatch.setattr(api, "load", load)
    target = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*command, JANKEN, "--timeout", "1", "-o", str(target)])
    assert result.exit_code == 2 and "DK013" in result.output, result.output
    assert not target.exists()
