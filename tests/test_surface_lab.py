"""The balance lab's hardened surfaces (issue 26): the results files of `sweep` and `tune`
(`deckdsl.lab.results`) and the Ray backend (`deckdsl.lab.cluster`).

A results file is read a line at a time: a torn or invalid line is dropped with one warning and its point
played again, an empty file holds no results, and neither a failed start nor a full disk leaves a file
that refuses the next run.  A local Ray listens on the loopback interface only; an address that is
malformed or unreachable is an error naming it, in seconds.  Every run is the real CLI (a subprocess),
with `--games 20` or fewer; no test reads a clock (a subprocess timeout is only a safety net).
"""

from __future__ import annotations

import gzip
import importlib.util
import io
import ipaddress
import json
import os
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from budget import per_character, within
from surfaces import SURFACES, assert_clean, deckdsl, reproducer

from deckdsl.lab import results

GRID = ("--set", "star_cost=5..10", "--set", "table_size=3..6", "--seed", "7")
"""The reproducers' sweep (24 points), played here with 20 games a point: their headers are rewritten to
say so."""


def _with_games(path: Path, games: int) -> Path:
    """The results file with its description saying `games` games a point (the reproducers say 1500), every
    other byte kept."""
    data = path.read_bytes()
    head, newline, rest = data.partition(b"\n")
    described = json.loads(head)
    described["games"] = games
    path.write_bytes(json.dumps(described, ensure_ascii=False).encode() + newline + rest)
    return path


def _sweep(deck: Path, results_file: Path, *args: str, limit: int | None = None):
    """`deckdsl sweep DECK` over `GRID` in the deck's folder, 20 games a point, JSON out; with `limit`, no
    file written may grow past `limit` bytes (RLIMIT_FSIZE: writes past it fail with EFBIG, as on a full
    disk), and deckdsl's caches go to a folder of their own, which the limit may leave cut short."""
    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    command = [sys.executable, "-m", "deckdsl", "sweep", deck.name, *GRID, "--games", "20", "--format", "json",
               "--results", str(results_file), *args]
    env = {**os.environ, "XDG_CACHE_HOME": str(deck.parent / "cache")} if limit else None
    return subprocess.run(command, cwd=deck.parent, capture_output=True, text=True, timeout=300,
                          preexec_fn=cap if limit else None, env=env)


def _points(proc) -> dict[tuple, dict]:
    swept = json.loads(proc.stdout)
    return {tuple(entry["point"].values()): entry["figures"] for entry in swept["points"]}


def _lines(path: Path) -> list[dict]:
    """Every line of a results file, each parsed (so each is whole)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> dict[tuple, dict]:
    """The figures of every point of `GRID` from a run on a fresh results file: what a replayed point
    must come back as."""
    folder = tmp_path_factory.mktemp("clean")
    deck = reproducer("janken-wars.deck", folder)
    proc = _sweep(deck, folder / "clean.jsonl")
    assert_clean(proc, 0)
    return _points(proc)


# ---------------------------------------------------------------------------------- results files ---


def test_a_line_cut_inside_a_utf8_character_is_dropped_and_its_point_played_again(tmp_path, clean):
    folder = reproducer("sweep_utf8_cut", tmp_path)
    stored = _with_games(folder / "results.jsonl", 20)
    kept = {tuple(entry["point"]): entry["figures"] for entry in _lines_before_the_cut(stored)}
    proc = _sweep(folder / "acc.deck", stored)
    output = assert_clean(proc, 0, "dropped 1 line", "line 12: not UTF-8", "10 of 24 points already played")
    assert output.count(": warning: ") == 1
    found = _points(proc)
    assert {point: found[point] for point in kept} == kept
    assert all(found[point] == clean[point] for point in clean if point not in kept)
    assert len(_lines(stored)) == 25  # the cut line gone, the 14 points added, every line whole
    again = _sweep(folder / "acc.deck", stored)
    assert_clean(again, 0, "24 of 24 points already played")
    assert ": warning: " not in again.stderr


def _lines_before_the_cut(path: Path) -> list[dict]:
    lines = path.read_bytes().split(b"\n")
    return [json.loads(line) for line in lines[1:11]]


@pytest.mark.parametrize("content", [b"", b"  \n\n\t \n"])
def test_an_empty_results_file_holds_no_results(tmp_path, clean, content):
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = tmp_path / "r.jsonl"
    stored.write_bytes(content)
    proc = _sweep(deck, stored)
    assert_clean(proc, 0)
    assert "resuming" not in proc.stderr
    assert _points(proc) == clean
    assert "sweep" in _lines(stored)[0] and len(_lines(stored)) == 25


def test_a_start_on_a_full_disk_leaves_no_file_that_refuses_the_next_run(tmp_path, clean):
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = tmp_path / "r.jsonl"
    proc = _sweep(deck, stored, limit=100)  # the description is 300 bytes: it cannot be written
    assert_clean(proc, 2, "r.jsonl", "File too large")
    assert not stored.exists()
    again = _sweep(deck, stored)
    assert_clean(again, 0)
    assert _points(again) == clean


def test_a_full_disk_while_appending_keeps_the_points_stored(tmp_path, clean):
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = tmp_path / "r.jsonl"
    proc = _sweep(deck, stored, limit=2000)  # the description and a few points fit, not all 24
    assert_clean(proc, 2, "cannot add to", "File too large", "run the same command again to resume")
    lines = _lines(stored)  # every line whole: the torn last one was cut off again
    assert 2 <= len(lines) < 25 and all(clean[tuple(line["point"])] == line["figures"] for line in lines[1:])
    again = _sweep(deck, stored)
    assert_clean(again, 0, f"{len(lines) - 1} of 24 points already played")
    assert ": warning: " not in again.stderr and _points(again) == clean


BAD_FIGURES = {
    "null figures": lambda figures: None,
    "empty figures": lambda figures: {},
    "a figure missing": lambda figures: {k: v for k, v in figures.items() if k != "rounds_mean"},
    "a null value": lambda figures: {**figures, "draw_rate": {**figures["draw_rate"], "value": None}},
    "NaN": lambda figures: {**figures, "rounds_mean": {**figures["rounds_mean"], "value": float("nan")}},
    "infinity": lambda figures: {**figures, "exchanges_per_game": {"value": float("inf")}},
    "a string value": lambda figures: {**figures, "rounds_mean": {**figures["rounds_mean"], "value": "17"}},
    "a true value": lambda figures: {**figures, "draw_rate": {**figures["draw_rate"], "value": True}},
    "a rate above 1": lambda figures: {**figures, "first_player_win_rate": {"value": 1.5, "ci95": [0.4, 0.6]}},
    "a negative mean": lambda figures: {**figures, "rounds_mean": {"value": -3.0, "ci95": [-4.0, -2.0]}},
    "an interval of one bound": lambda figures: {**figures, "draw_rate": {"value": 0.0, "ci95": [0.0]}},
    "an interval missing": lambda figures: {**figures, "draw_rate": {"value": 0.0}},
    "a card that is a number": lambda figures: {
        **figures, "card_taker_win_rate_max": {**figures["card_taker_win_rate_max"], "card": 7}},
}


def test_invalid_figures_are_dropped_with_one_warning_and_played_again(tmp_path, clean):
    """The reproducer (a point with empty figures), and a line for each other way figures can be wrong:
    each dropped, its point played again, the table and the report made of whole figures only."""
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = _with_games(reproducer("sweep_results_figures_empty.jsonl", tmp_path), 20)
    lines = stored.read_text(encoding="utf-8").splitlines()
    broken = {}
    for (label, damage), number in zip(BAD_FIGURES.items(), range(7, 7 + len(BAD_FIGURES)), strict=True):
        entry = json.loads(lines[number - 1])
        entry["figures"] = damage(entry["figures"])
        lines[number - 1] = json.dumps(entry)  # NaN and Infinity as Python writes them
        broken[tuple(entry["point"])] = label
    lines += ['{"point": [5, true], "figures": {}}', '{"point": [5], "figures": {}}', '{"point": "5,3"}',
              '{"point": [5, 3], "figures": {"first_player_win_rate": {"value": ' + "9" * 5000 + "}}}", "[]"]
    stored.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = _sweep(deck, stored, "--report", str(tmp_path / "s.html"))
    dropped = 1 + len(BAD_FIGURES) + 5
    output = assert_clean(proc, 0, f"dropped {dropped} lines", "line 6: figures missing", "line 7:", "line 8:",
                          f"and {dropped - 3} more", f"{24 - len(broken) - 1} of 24 points already played")
    assert output.count(": warning: ") == 1
    found = _points(proc)
    assert all(found[point] == clean[point] for point in [*broken, (6, 3)])
    assert (tmp_path / "s.html").read_text(encoding="utf-8").count('class="chart heatmap"') == 3
    assert len(_lines(stored)) == 25


def test_a_line_nested_past_the_depth_bound_is_dropped_before_json_reads_it(tmp_path, clean):
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = _with_games(reproducer("sweep_results_deep_nesting.jsonl", tmp_path), 20)
    proc = _sweep(deck, stored)
    assert_clean(proc, 0, "line 6: nested deeper than 16 levels", "24 of 24 points already played")
    assert stored.stat().st_size < 20_000  # the 400 KB line is gone from the file


def test_reading_a_deeply_nested_line_is_bounded_by_its_size():
    """`read_results` on the 400 KB line of 200,000 `[`: calls linear in the file's size (counted, not
    timed), and no RecursionError."""
    data = gzip.decompress((SURFACES / "sweep_results_deep_nesting.jsonl.gz").read_bytes())
    described = json.loads(data.partition(b"\n")[0])
    with within(per_character(len(data))):
        stored = results.read_stream(io.BytesIO(data), Path("deep.jsonl"), described)
    assert stored.dropped == [(6, "nested deeper than 16 levels")] and len(stored.done) == 24


def test_a_line_past_the_length_bound_is_skipped_without_being_held(monkeypatch):
    """A line longer than `MAX_LINE_BYTES` (made small here) is dropped, read in pieces of that size: the
    memory the read takes does not grow with the line."""
    monkeypatch.setattr(results, "MAX_LINE_BYTES", 1000)
    described = {"sweep": 2, "axes": [{"values": [1, 2]}]}
    line = json.dumps({"point": [2], "figures": {}})
    data = (json.dumps(described) + "\n" + '{"point": [1], "card": "' + "x" * 2_000_000 + '"}\n' + line + "\n").encode()
    tracemalloc.start()
    stored = results.read_stream(io.BytesIO(data), Path("r.jsonl"), described)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert stored.dropped[0] == (2, "longer than 1,000 bytes") and stored.dropped[1][0] == 3
    assert peak < 100_000, peak


@pytest.mark.parametrize(("first", "said"), [
    (b'{"sweep": 2, "deck": "janken-wars.deck", "games": 20, "seed": 7, "pl', "is not a sweep's results file"),
    (b"\xff\xfe\n", "is not a sweep's results file"),
    (b"[" * 100_000 + b"\n", "is not a sweep's results file"),
    (b'{"sweep": 1}\n', "holds the results of another sweep"),
])
def test_a_first_line_that_is_not_this_sweeps_refuses_the_file_untouched(tmp_path, first, said):
    deck = reproducer("janken-wars.deck", tmp_path)
    stored = tmp_path / "r.jsonl"
    stored.write_bytes(first)
    assert_clean(_sweep(deck, stored), 2, said, "give another --results file, or delete this one")
    assert stored.read_bytes() == first


def test_tune_drops_an_invalid_screen_line_and_plays_its_point_again(tmp_path):
    deck = reproducer("janken-wars.deck", tmp_path)
    args = ("tune", deck.name, "--set", "star_cost=6..7", "--target", "rounds_mean=1..100", "--games", "20",
            "--confirm-games", "20", "--top", "1", "--results", "t.jsonl", "-o", "tuned.deck")
    assert_clean(deckdsl(*args, cwd=tmp_path), 0)
    screen = tmp_path / "t.jsonl"
    lines = screen.read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[1])
    entry["figures"]["rounds_mean"]["value"] = float("nan")
    screen.write_text("\n".join([lines[0], json.dumps(entry), lines[2][:40]]), encoding="utf-8")
    output = assert_clean(deckdsl(*args, cwd=tmp_path), 0, "dropped 2 lines", "line 2: figures", "line 3: not JSON")
    assert output.count(": warning: ") == 1
    assert all(isinstance(line["figures"]["rounds_mean"]["value"], float) for line in _lines(screen)[1:])


# ------------------------------------------------------------------------------------------- Ray ---

LISTENING = """
import json, sys
from pathlib import Path

import deckdsl
from deckdsl.lab import cluster, sweep

loaded = deckdsl.load(sys.argv[1])
axes = [sweep.rule_axis("star_cost=7..8")]
played = cluster.play_on_ray(sweep.points(axes), deck=loaded.deck, profile=loaded.profile, axes=axes, base={},
                             games=20, seed=1, players=("random", "random"), text=loaded.text,
                             near=Path(sys.argv[1]).parent)
next(played)  # Ray is up and a worker has played a point

import psutil  # ships with Ray

me = psutil.Process()
pids = {me.pid: me.name(), **{child.pid: child.name() for child in me.children(recursive=True)}}
found = [[pids[c.pid], c.laddr.ip, c.laddr.port] for c in psutil.net_connections(kind="inet")
         if c.status == psutil.CONN_LISTEN and c.pid in pids]
list(played)
print(json.dumps({"driver": me.name(), "listening": found}))
"""


def _loopback(host: str) -> bool:
    ip = ipaddress.ip_address(host)
    return (getattr(ip, "ipv4_mapped", None) or ip).is_loopback


def test_a_local_ray_listens_on_the_loopback_interface_only(tmp_path):
    """The sweep's Ray backend with no address, in a process of its own (Ray not imported before, as in
    the CLI): once a point is played, every listening socket of that process and of every process under it
    (GCS, raylet, agents, workers) is on 127.0.0.1 or ::1."""
    pytest.importorskip("ray")
    deck = reproducer("janken-wars.deck", tmp_path)
    proc = subprocess.run([sys.executable, "-c", LISTENING, str(deck)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-4000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    names = {name for name, _, _ in seen["listening"]}
    assert {"gcs_server", "raylet", seen["driver"]} <= names, seen  # the snapshot saw Ray's processes
    assert all(_loopback(ip) for _, ip, _ in seen["listening"]), seen


@pytest.mark.parametrize(("address", "said"), [
    ("127.0.0.1:1", "cannot reach it"),
    ("auto", "no Ray cluster runs on this machine"),
    ("ray://h:1", "ray[client]" if importlib.util.find_spec("grpc") is None else "ray://h:1"),
    ("x", "write auto, HOST:PORT"),
    ("h:70000", "write auto, HOST:PORT"),
])
def test_a_wrong_address_is_an_error_naming_it(tmp_path, address, said):
    pytest.importorskip("ray")
    deck = reproducer("janken-wars.deck", tmp_path)
    proc = deckdsl("sweep", deck.name, "--set", "star_cost=7..8", "--games", "20", "--backend", "ray",
                   "--address", address, "--results", "r.jsonl", cwd=tmp_path, timeout=120)
    assert_clean(proc, 2, f"--address {address}", said)


def test_tune_checks_the_address_before_playing(tmp_path):
    pytest.importorskip("ray")
    deck = reproducer("janken-wars.deck", tmp_path)
    proc = deckdsl("tune", deck.name, "--set", "star_cost=7..8", "--target", "rounds_mean=1..100", "--backend",
                   "ray", "--address", "head", cwd=tmp_path, timeout=120)
    assert_clean(proc, 2, "--address head: write auto, HOST:PORT")
    assert not (tmp_path / "out").exists()
