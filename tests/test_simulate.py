"""`deckdsl simulate` and the pieces under it (deckdsl.lab.arena with Janken Wars' own figures,
deckdsl.games.janken_wars.bots.solve_zero_sum).

The figures are checked for what a bug would break: counts that must add up, cards that cannot fire an
action, values that cannot change, a seat advantage that should not exist between equal bots, a
strategy that must beat chance, determinism across --jobs, and effect loops cut with a diagnostic.
Game counts are kept small: the whole file runs in a few seconds.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.games.janken_wars.bots import make_player, parse_player, solve_zero_sum
from deckdsl.games.janken_wars.engine import EngineError
from deckdsl.games.interface import engine_for
from deckdsl.lab import arena

ROOT = Path(__file__).resolve().parent.parent
STANDARD = "decks/janken-wars.deck"
LOOP = "tests/engine/loop.deck"
LOOP_PAIR = "tests/engine/loop-pair.deck"
CARDS = ["Muro Alto", "Joia Cobiçada", "Estátua de Sucata", "Origami Sublime", "Silver Tape",
         "Presente Embrulhado", "Estilete Afiado", "Kit de Ferramentas", "Rolo Compressor"]
NO_ACTION = ["Origami Sublime", "Muro Alto", "Silver Tape", "Estátua de Sucata"]
FIXED_VALUES = {"Muro Alto": 2, "Joia Cobiçada": 3, "Origami Sublime": 4, "Presente Embrulhado": 1,
                "Estilete Afiado": 1, "Kit de Ferramentas": 2, "Rolo Compressor": -2, "Brinde": 1}
ALL_DECKS = sorted(str(p.relative_to(ROOT)) for p in [*(ROOT / "decks").glob("*.deck"),
                                                      *(ROOT / "decks" / "examples").glob("*.deck")]
                   if "game: janken-wars" in p.read_text(encoding="utf-8"))
"""Every Janken Wars deck shipped (the only game with a rules engine)."""
RATE = re.compile(r"(\d+\.\d)%\s+\[\s*(\d+\.\d)–\s*(\d+\.\d)\]")


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def run_json(*args) -> dict:
    result = cli("simulate", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


HANG = 600
"""Seconds after which a run is taken for hung: a guard against a hang, never a speed claim (the work is
bounded by the engine's step limit, which the loop tests count)."""


def subprocess_run(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "deckdsl", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def assert_clean_usage_error(result, *fragments):
    """Exit 2 with click's usage message, the fragments in it, and no traceback."""
    output = result.output if hasattr(result, "output") else result.stdout + result.stderr
    code = result.exit_code if hasattr(result, "exit_code") else result.returncode
    assert code == 2, output
    assert "Traceback" not in output and "internal error" not in output, output
    assert "Error:" in output, output
    for fragment in fragments:
        assert fragment in output, output
    if hasattr(result, "exception") and result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)


@pytest.fixture(scope="module")
def random_2000() -> dict:
    """2000 games of random vs random on the standard deck (shared by the sanity checks)."""
    result = CliRunner().invoke(main, ["simulate", str(ROOT / STANDARD), "-n", "2000", "--seed", "7",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ------------------------------------------------------------------------- output formats ---


def test_text_output_shows_win_rates_with_confidence_intervals():
    text = cli("simulate", STANDARD, "-n", "300", "--seed", "4")
    assert text.exit_code == 0, text.output
    figures = run_json(STANDARD, "-n", "300", "--seed", "4")
    lines = text.stdout.splitlines()
    assert "300 games, seed 4" in lines[0]
    for seat, label in ((0, "first player"), (1, "second player")):
        line = next(line for line in lines if line.strip().startswith("wins,") and label in line)
        match = RATE.search(line)
        assert match, line
        shown = [float(g) for g in match.groups()]
        rate = figures["win_rate"][seat]
        assert shown == pytest.approx([100 * rate["rate"], 100 * rate["ci95"][0], 100 * rate["ci95"][1]], abs=0.051)
        assert shown[1] <= shown[0] <= shown[2]
        assert f"({figures['wins'][seat]} games)" in line
    assert re.search(r"rounds per game\s+\d+\.\d\d\s+\[\d+\.\d\d–\d+\.\d\d\]", text.stdout)
    for name in CARDS + ["Brinde"]:
        assert any(line.strip().startswith(name) and RATE.search(line) for line in lines), name
    assert "rules: star_cost=8" in text.stdout


def test_json_has_every_figure():
    figures = run_json(STANDARD, "-n", "200", "--seed", "3", "--players", "random,greedy")
    for key in ("games", "seed", "players", "wins", "draws", "rounds", "deck_exhausted_rate", "tiebreaks",
                "first_player_win_rate", "exchange", "rules", "cards"):
        assert key in figures, key
    assert figures["games"] == 200 and figures["seed"] == 3
    assert figures["players"] == ["random", "greedy"]
    assert len(figures["wins"]) == 2 and all(isinstance(w, int) for w in figures["wins"])
    for key in ("mean", "median", "p95"):
        assert isinstance(figures["rounds"][key], (int, float)), key
    for key in ("domain_size_mean", "points_mean", "stars_per_exchange_mean", "points_wasted_mean"):
        assert isinstance(figures["exchange"][key], (int, float)), key
    for rate in (figures["deck_exhausted_rate"], figures["first_player_win_rate"]):
        assert set(rate) >= {"rate", "ci95", "n"}
    assert set(figures["tiebreaks"]) >= {"stars", "domain", "dispute"}
    assert figures["rules"]["star_cost"] == 8 and figures["rules"]["chooser"] == "actor"
    for name in CARDS:
        card = figures["cards"][name]
        for key in ("won", "actions_fired", "discarded", "mean_value_when_exchanged", "winner_rate"):
            assert key in card, (name, key)
        assert set(card["winner_rate"]) >= {"rate", "ci95", "n"}


def test_subprocess_text_and_json():
    text = subprocess_run("simulate", STANDARD, "-n", "200", "--seed", "11")
    assert text.returncode == 0, text.stderr
    assert RATE.search(text.stdout) and "Traceback" not in text.stderr
    as_json = subprocess_run("simulate", STANDARD, "-n", "200", "--seed", "11", "--format", "json")
    assert as_json.returncode == 0, as_json.stderr
    figures = json.loads(as_json.stdout)
    assert figures["games"] == 200 and sum(figures["wins"]) + figures["draws"] == 200
    # The same run in process gives the same bytes.
    assert CliRunner().invoke(main, ["simulate", STANDARD, "-n", "200", "--seed", "11", "--format",
                                     "json"]).stdout == as_json.stdout
    assert f"{100 * figures['win_rate'][0]['rate']:5.1f}%" in text.stdout


# ------------------------------------------------------------------------ sanity figures ---


def test_games_add_up(random_2000):
    f = random_2000
    assert f["wins"][0] + f["wins"][1] + f["draws"] == f["games"] == 2000
    assert f["first_player_win_rate"]["n"] == f["games"] - f["draws"]
    assert sum(f["rounds"]["histogram"].values()) == 2000
    assert sum(f["end"].values()) == 2000
    assert f["deck_exhausted_rate"]["n"] == 2000
    assert sum(f["tiebreaks"].values()) <= 2000
    rounds = f["rounds"]
    assert rounds["min"] <= rounds["median"] <= rounds["p95"] <= rounds["max"]
    assert rounds["min"] <= rounds["mean"] <= rounds["max"]
    assert rounds["ci95"][0] <= rounds["mean"] <= rounds["ci95"][1]


def test_cards_without_action_never_fire(random_2000):
    for name in NO_ACTION:
        assert random_2000["cards"][name]["actions_fired"] == 0, name
    assert random_2000["cards"]["Brinde"]["actions_fired"] == 0


def test_actions_fire_at_most_once_per_card_won(random_2000):
    present = random_2000["cards"]["Presente Embrulhado"]
    assert 0 < present["actions_fired"] <= present["won"]
    for name, card in random_2000["cards"].items():
        assert card["actions_fired"] <= card["won"], name
        assert card["discarded"] >= card["exchanged"], name  # every exchanged card is discarded


@pytest.mark.parametrize("partial", ["yes", "no"])
def test_impossible_actions_are_not_counted_as_fired(partial):
    """An Estilete Afiado won while the opponent's domain is empty (every win of round 1) does nothing:
    the action is disregarded (profile: partial_actions), and GameStats counts `actions that happened`."""
    figures = run_json(STANDARD, "-n", "500", "--seed", "2", "--set", f"partial_actions={partial}")
    estilete = figures["cards"]["Estilete Afiado"]
    assert estilete["actions_fired"] < estilete["won"]


@pytest.mark.parametrize("name", sorted(FIXED_VALUES))
def test_fixed_value_cards_are_exchanged_at_their_value(random_2000, name):
    value = random_2000["cards"][name]["mean_value_when_exchanged"]
    assert value == FIXED_VALUES[name]


def test_origami_is_worth_exactly_4_when_exchanged(random_2000):
    assert random_2000["cards"]["Origami Sublime"]["mean_value_when_exchanged"] == 4


def test_exchange_figures_are_consistent(random_2000):
    exchange, cost = random_2000["exchange"], random_2000["rules"]["star_cost"]
    assert exchange["count"] > 0
    assert exchange["stars_per_exchange_mean"] >= 1  # only an exchange that buys a star is offered
    assert 0 <= exchange["points_wasted_mean"] < cost
    assert exchange["points_mean"] - cost * exchange["stars_per_exchange_mean"] == pytest.approx(
        exchange["points_wasted_mean"], abs=0.01)
    assert exchange["domain_size_mean"] >= 1


def test_random_vs_random_has_no_seat_advantage(random_2000):
    rate = random_2000["first_player_win_rate"]
    low, high = rate["ci95"]
    assert low <= rate["rate"] <= high
    assert low < 0.5 < high
    assert high - low < 0.06  # 2000 games: a ±2.2 point interval


@pytest.mark.parametrize("players, seat", [("greedy,random", 0), ("random,greedy", 1)])
def test_greedy_beats_random(players, seat):
    figures = run_json(STANDARD, "-n", "200", "--seed", "5", "--players", players)
    assert figures["wins"][seat] / figures["games"] > 0.6
    assert figures["win_rate"][seat]["ci95"][0] > 0.5


# --------------------------------------------------------------------------- determinism ---


def test_same_seed_same_bytes_whatever_jobs():
    games = 3 * arena.CHUNK + 17  # four chunks, the last one short
    one = subprocess_run("simulate", STANDARD, "-n", games, "--seed", "9", "--format", "json", "--jobs", 1)
    two = subprocess_run("simulate", STANDARD, "-n", games, "--seed", "9", "--format", "json", "--jobs", 2)
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["games"] == games
    other = subprocess_run("simulate", STANDARD, "-n", games, "--seed", "10", "--format", "json")
    assert other.returncode == 0
    assert other.stdout != one.stdout
    assert json.loads(other.stdout)["rounds"] != json.loads(one.stdout)["rounds"]


def test_same_seed_same_tally_in_process_with_jobs():
    result = deckdsl.load(STANDARD)
    kwargs = dict(games=2 * arena.CHUNK + 1, seed=21, players=("random", "greedy"))
    alone = arena.simulate(result.deck, result.profile, {}, jobs=1, **kwargs)
    pooled = arena.simulate(result.deck, result.profile, {}, jobs=2, **kwargs)
    assert json.dumps(alone) == json.dumps(pooled)


# -------------------------------------------------------------------------- rule options ---


def test_set_star_cost_shows_in_rules_and_shortens_games():
    cheap = run_json(STANDARD, "-n", "1000", "--seed", "6", "--set", "star_cost=6")
    normal = run_json(STANDARD, "-n", "1000", "--seed", "6")
    assert cheap["rules"]["star_cost"] == 6 and normal["rules"]["star_cost"] == 8
    assert cheap["rounds"]["mean"] < normal["rounds"]["mean"]
    assert cheap["rounds"]["ci95"][1] < normal["rounds"]["ci95"][0]
    text = cli("simulate", STANDARD, "-n", "50", "--set", "star_cost=6")
    assert "star_cost=6" in text.stdout


@pytest.mark.parametrize("setting, fragments", [
    ("foo=1", ["foo", "star_cost"]),
    ("star_cost=abc", ["star_cost", "abc"]),
    ("star_cost=0", ["star_cost", "between"]),
    ("chooser=nobody", ["chooser", "actor", "owner"]),
    ("star_cost", ["NAME=VALUE"]),
    ("=6", ["NAME=VALUE"]),
])
def test_bad_set_is_a_usage_error(setting, fragments):
    assert_clean_usage_error(cli("simulate", STANDARD, "-n", "10", "--set", setting), *fragments)


def test_bad_set_is_a_usage_error_in_a_subprocess():
    assert_clean_usage_error(subprocess_run("simulate", STANDARD, "-n", "10", "--set", "sta_cost=6"), "star_cost")


@pytest.mark.parametrize("players, fragments", [
    ("foo,random", ["foo", "random, greedy"]),
    ("random:lazy,random", ["lazy", "eager"]),
    ("foo", []),
    ("random,random,random", ["2 seats"]),
])
def test_bad_players_is_a_usage_error(players, fragments):
    assert_clean_usage_error(cli("simulate", STANDARD, "-n", "10", "--players", players), *fragments)


def test_bad_matchups_is_a_usage_error():
    assert_clean_usage_error(cli("simulate", STANDARD, "-n", "10", "--matchups", "random,nope"), "nope")


def test_parse_player():
    assert parse_player("greedy:hoard") == ("greedy", "hoard")
    assert parse_player("yomi") == ("yomi", "eager")
    for bad in ("foo", "random:lazy", ""):
        with pytest.raises(ValueError):
            parse_player(bad)
    assert make_player("greedy:hoard", random.Random(0)).name == "greedy:hoard"


# ------------------------------------------------------------------------------ matchups ---


def test_matchups_text_is_a_matrix():
    result = cli("simulate", STANDARD, "-n", "60", "--seed", "2", "--matchups", "random,greedy")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith(("random", "greedy"))]
    assert [row.split()[0] for row in rows] == ["random", "greedy"]
    for row in rows:
        assert len(re.findall(r"\d+\.\d% \[\d+–\d+\]", row)) == 2, row
    header = next(line for line in result.stdout.splitlines() if line.split() == ["random", "greedy"])
    assert header


def test_matchups_json():
    figures = run_json(STANDARD, "-n", "60", "--seed", "2", "--matchups", "random,greedy")
    assert figures["strategies"] == ["random", "greedy"]
    matrix = figures["win_rate"]
    assert len(matrix) == 2 and all(len(row) == 2 for row in matrix)
    for row in matrix:
        for cell in row:
            assert set(cell) >= {"rate", "ci95", "n"} and 0 <= cell["rate"] <= 1
    pairings = figures["pairings"]
    assert [tuple(p["players"]) for p in pairings] == list(itertools.product(["random", "greedy"], repeat=2))
    assert all(p["games"] == 60 for p in pairings)
    # The cell is the row player's (first seat's) win rate in the same run as a plain simulate.
    single = run_json(STANDARD, "-n", "60", "--seed", "2", "--players", "greedy,random")
    assert matrix[1][0] == single["win_rate"][0]
    assert matrix[1][0]["rate"] > matrix[0][1]["rate"]


# ------------------------------------------------------------------------------ all decks ---


@pytest.mark.parametrize("path", ALL_DECKS)
def test_every_deck_simulates(path):
    loaded = deckdsl.load(path)
    assert not loaded.errors
    figures = run_json(path, "-n", "200", "--seed", "1", "--players", "random,greedy")
    assert figures["games"] == 200
    assert sum(figures["wins"]) + figures["draws"] == 200
    names = {card.name for card in loaded.deck.cards}
    assert names <= set(figures["cards"]), names - set(figures["cards"])
    for card in loaded.deck.cards:
        assert figures["cards"][card.name]["copies"] == card.copies
    assert sum(figures["cards"][name]["won"] for name in figures["cards"]) > 0


@pytest.mark.parametrize("path", ["decks/embate-dos-guardioes.deck", "decks/cooperativo.deck",
                                  "decks/queens-vs-kings.deck"])
def test_every_seed_game_simulates(path):
    """Every game of the seeds plays (deckdsl.games.interface): the same seed, the same figures, on any
    number of processes."""
    one = subprocess_run("simulate", path, "-n", "30", "--seed", "4", "--format", "json")
    assert one.returncode == 0, one.stderr
    figures = json.loads(one.stdout)
    assert figures["games"] == 30 and figures["actions"]["mean"] > 0
    assert ("success_rate" in figures) or sum(figures["wins"]) + figures["draws"] == 30
    two = subprocess_run("simulate", path, "-n", "30", "--seed", "4", "--format", "json", "--jobs", "2")
    assert two.stdout == one.stdout


def test_a_game_without_an_engine_is_refused_cleanly(tmp_path):
    """A designer's own game (a profile next to the deck) checks and prints; `simulate` says it has no
    engine, without a traceback."""
    profile = (ROOT / "deckdsl" / "games" / "cooperativo" / "cooperativo.game").read_text(encoding="utf-8")
    (tmp_path / "meu-jogo.game").write_text(profile.replace("id: cooperativo", "id: meu-jogo"), encoding="utf-8")
    deck = (ROOT / "decks" / "cooperativo.deck").read_text(encoding="utf-8")
    (tmp_path / "meu.deck").write_text(deck.replace("game: cooperativo", "game: meu-jogo"), encoding="utf-8")
    assert deckdsl.load(tmp_path / "meu.deck").errors == []
    proc = subprocess_run("simulate", str(tmp_path / "meu.deck"), "-n", "10")
    assert proc.returncode == 2, proc.stderr
    assert "no rules engine" in proc.stderr and "Traceback" not in proc.stderr


def test_decks_are_found():
    assert STANDARD in ALL_DECKS and len(ALL_DECKS) >= 5


# ---------------------------------------------------------------------------------- loops ---


def _card_line(path: str, name: str) -> int:
    """The line of the card's `condition:` (where its trigger is written: the diagnostic points there)."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    start = next(number for number, line in enumerate(lines, 1) if line.startswith(f'card "{name}"'))
    return next(number for number, line in enumerate(lines[start:], start + 1) if line.strip().startswith("condition:"))


def test_loop_fixtures_check_without_errors():
    for path in (LOOP, LOOP_PAIR):
        result = deckdsl.load(path)
        assert result.errors == [], [d.message for d in result.errors]
        assert sum(card.copies for card in result.deck.cards) == 36


def _assert_loop_diagnostic(proc_out: str, code: int, path: str, names: list[str]):
    assert code == 1, proc_out
    assert "Traceback" not in proc_out and "internal error" not in proc_out, proc_out
    assert "error[DK401]" in proc_out, proc_out
    for name in names:
        assert f"`{name}`" in proc_out, proc_out
    lines = [_card_line(path, name) for name in names]
    located = re.search(rf"--> {re.escape(path)}:(\d+):(\d+)", proc_out)
    assert located, proc_out
    assert int(located.group(1)) in lines
    assert re.search(r"^\s*\|\s*\^+", proc_out, re.M), proc_out


@pytest.mark.parametrize("path, names", [(LOOP, ["Origami Giratório"]),
                                         (LOOP_PAIR, ["Muro Elástico", "Origami Rasgado"])])
def test_loop_is_cut_with_a_diagnostic(path, names):
    """With the default step limit: the engine must cut the loop itself (not Python's recursion limit)."""
    proc = subprocess_run("simulate", path, "-n", "1000", timeout=HANG)
    _assert_loop_diagnostic(proc.stdout + proc.stderr, proc.returncode, path, names)


@pytest.mark.parametrize("path, names", [(LOOP, ["Origami Giratório"]),
                                         (LOOP_PAIR, ["Muro Elástico", "Origami Rasgado"])])
def test_loop_is_cut_with_a_low_step_limit(path, names):
    result = cli("simulate", path, "-n", "1000", "--set", "step_limit=100")
    _assert_loop_diagnostic(result.output, result.exit_code, path, names)


def test_loop_is_cut_in_worker_processes():
    proc = subprocess_run("simulate", LOOP, "-n", 4 * arena.CHUNK, "--jobs", 2, "--set", "step_limit=100")
    _assert_loop_diagnostic(proc.stdout + proc.stderr, proc.returncode, LOOP, ["Origami Giratório"])


def test_loop_raises_engine_error_in_the_api():
    result = deckdsl.load(LOOP)
    with pytest.raises(EngineError) as raised:
        arena.simulate(result.deck, result.profile, {"step_limit": "100"}, games=1000, seed=1,
                       players=("random", "random"))
    assert "Origami Giratório" in raised.value.cards


@pytest.mark.parametrize("bad", ["tests/bad/03-truncated-card.deck", "tests/bad/09-unknown-type.deck",
                                 "tests/bad/40-deck-size.deck"])
def test_deck_with_errors_exits_1_with_its_diagnostics(bad):
    proc = subprocess_run("simulate", bad, "-n", "10")
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    check = subprocess_run("check", bad)
    codes = set(re.findall(r"^error\[(\w+)\]", check.stdout + check.stderr, re.M))
    assert codes
    assert set(re.findall(r"^error\[(\w+)\]", proc.stderr, re.M)) == codes
    assert f"--> {bad}:" in proc.stderr
    assert "the deck has errors" in proc.stderr
    assert "wins," not in proc.stdout


# ------------------------------------------------------------------------ zero-sum games ---


def _guarantee(matrix, strategy):
    return min(sum(strategy[i] * matrix[i][j] for i in range(len(matrix))) for j in range(len(matrix[0])))


def test_rock_paper_scissors():
    strategy, value = solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert strategy == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    assert value == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("matrix, row, value", [
    ([[1, 2], [0, -1]], 0, 1),
    ([[0, -1], [2, 3]], 1, 2),
    ([[2, 3, 4], [0, 1, 0], [1, 0, 1]], 0, 2),
    ([[0, 0, 0], [-1, 5, -1], [1, 1, 1]], 2, 1),
])
def test_dominant_row_is_a_pure_strategy(matrix, row, value):
    strategy, found = solve_zero_sum(matrix)
    expected = [0.0] * len(matrix)
    expected[row] = 1.0
    assert strategy == pytest.approx(expected, abs=1e-9)
    assert found == pytest.approx(value)


@pytest.mark.parametrize("a, b, c", [(1, 1, 1), (1, 2, 3), (4, 1, 1), (2, 5, 3), (0.5, 7, 1.5)])
def test_generalised_rock_paper_scissors(a, b, c):
    """Rock beats scissors for a, paper beats rock for b, scissors beat paper for c: the equilibrium
    plays rock, paper, scissors in proportion c : a : b, and the game (symmetric) is worth 0."""
    matrix = [[0, -b, a], [b, 0, -c], [-a, c, 0]]
    strategy, value = solve_zero_sum(matrix)
    total = a + b + c
    assert strategy == pytest.approx([c / total, a / total, b / total])
    assert value == pytest.approx(0, abs=1e-9)
    assert _guarantee(matrix, strategy) == pytest.approx(0, abs=1e-9)


def test_two_by_two_mixed_game():
    # p·3 - 2(1-p) = -p + (1-p)  =>  p = 3/7, value 1/7.
    strategy, value = solve_zero_sum([[3, -1], [-2, 1]])
    assert strategy == pytest.approx([3 / 7, 4 / 7])
    assert value == pytest.approx(1 / 7)


@pytest.mark.parametrize("seed", range(12))
def test_strategy_guarantees_the_value_and_the_value_is_optimal(seed):
    rng = random.Random(seed)
    rows, columns = rng.choice([(2, 2), (3, 3), (2, 3), (3, 2), (4, 3)])
    matrix = [[rng.randint(-5, 5) for _ in range(columns)] for _ in range(rows)]
    strategy, value = solve_zero_sum(matrix)
    assert len(strategy) == rows
    assert all(p >= -1e-12 for p in strategy) and sum(strategy) == pytest.approx(1)
    assert value == pytest.approx(_guarantee(matrix, strategy), abs=1e-7)
    for column in range(columns):
        assert sum(strategy[i] * matrix[i][column] for i in range(rows)) >= value - 1e-7
    # Minimax: the column player's own solution (on -Aᵀ) holds the row player to the same value.
    transposed = [[-matrix[i][j] for i in range(rows)] for j in range(columns)]
    column_strategy, column_value = solve_zero_sum(transposed)
    assert column_value == pytest.approx(-value, abs=1e-7)
    best_reply = max(sum(column_strategy[j] * matrix[i][j] for j in range(columns)) for i in range(rows))
    assert best_reply == pytest.approx(value, abs=1e-7)


# --------------------------------------------------------------------------------- memory ---


def test_memory_stays_flat_in_the_number_of_games():
    result = deckdsl.load(STANDARD)
    engine = engine_for(result.deck, result.profile, {})
    measured = {}
    for games in (200, 2000):
        tracemalloc.start()
        try:
            tally = arena.new_tally(engine)
            for start in range(0, games, arena.CHUNK):
                tally.merge(arena.play_chunk(engine, ("random", "random"), 3, start, min(start + arena.CHUNK, games)))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert tally.games == games
        measured[games] = (peak, len(pickle.dumps(tally)), len(tally.rounds), len(tally.exchange_rounds))
    (peak_small, size_small, _, _), (peak_big, size_big, rounds_big, exchange_big) = measured[200], measured[2000]
    assert peak_big < 3 * peak_small + 200_000, measured  # ten times the games, not ten times the memory
    assert size_big < 2 * size_small, measured  # the tally holds counters, never a list of games
    assert rounds_big <= 200 and exchange_big <= 200, measured
