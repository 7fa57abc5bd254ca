"""`deckdsl sweep`: a deck over a grid of rule parameters and card values (`deckdsl.lab.sweep`), each point
from the same seeds, results stored as they arrive and resumed, the same whatever the workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.lab import sweep

ROOT = Path(__file__).resolve().parent.parent
STANDARD = str(ROOT / "decks" / "janken-wars.deck")
GRID = ["--set", "star_cost=6..7", "--set", "table_size=4,5", "--games", "80"]


def run(tmp_path: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["sweep", STANDARD, "--results", str(tmp_path / "r.jsonl"), *args])
    return result.exit_code, result.output


@pytest.mark.parametrize(("text", "values"), [
    ("star_cost=5..7", (5, 6, 7)), ("chooser=actor,owner", ("actor", "owner")), ("table_size=4", (4,))])
def test_rule_axes(text, values):
    assert sweep.rule_axis(text).values == values


@pytest.mark.parametrize("text", ["star_cost=7..5", "star_cost", "=1..2", "star_cost=1..99999"])
def test_bad_rule_axes(text):
    with pytest.raises(ValueError):
        sweep.rule_axis(text)


def test_card_axes():
    axis = sweep.card_axis("Origami Sublime.value=3..5")
    assert (axis.card, axis.field, axis.values) == ("Origami Sublime", "value", (3, 4, 5))
    for text in ("Origami Sublime.col our=3..5", "Origami Sublime=3", "Origami Sublime.value=a,b"):
        with pytest.raises(ValueError):
            sweep.card_axis(text)
    colour = sweep.card_axis("Origami Sublime.colour=3..5")  # an attribute the card has not: refused when checked
    deck = deckdsl.load(ROOT / "decks" / "janken-wars.deck").deck
    with pytest.raises(ValueError, match="has no number `colour`"):
        sweep.check_axes(deck, [colour])


def test_a_sample_is_drawn_from_the_grid_with_the_seed():
    axes = [sweep.rule_axis("star_cost=1..20"), sweep.rule_axis("table_size=1..20")]
    sample = sweep.points(axes, 7, seed=3)
    assert len(sample) == 7 and sample == sweep.points(axes, 7, seed=3) != sweep.points(axes, 7, seed=4)
    assert set(sample) <= set(sweep.points(axes))
    with pytest.raises(ValueError, match="sample it"):
        sweep.points([sweep.rule_axis("star_cost=1..200"), sweep.rule_axis("table_size=1..100")])


def test_a_grid_is_played_point_by_point_and_stored(tmp_path):
    code, output = run(tmp_path, *GRID, "--format", "json")
    assert code == 0, output
    swept = json.loads(output[:output.rindex("}") + 1])
    assert [entry["point"] for entry in swept["points"]] == [
        {"star_cost": 6, "table_size": 4}, {"star_cost": 6, "table_size": 5},
        {"star_cost": 7, "table_size": 4}, {"star_cost": 7, "table_size": 5}]
    rounds = [entry["figures"]["rounds_mean"]["value"] for entry in swept["points"]]
    assert rounds[0] < rounds[2] and rounds[1] < rounds[3]  # dearer stars, longer games
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["axes"][0]["name"] == "star_cost"


def test_an_interrupted_sweep_resumes_and_ends_as_a_whole_one(tmp_path):
    (tmp_path / "whole").mkdir()
    (tmp_path / "cut").mkdir()
    whole = run(tmp_path / "whole", *GRID, "--format", "json")[1]
    run(tmp_path / "cut", *GRID)
    results = tmp_path / "cut" / "r.jsonl"
    lines = results.read_text(encoding="utf-8").splitlines()
    results.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25], encoding="utf-8")  # two points, one cut short
    code, output = run(tmp_path / "cut", *GRID, "--format", "json")
    assert code == 0 and "resuming" in output and "2 of 4 points already played" in output
    assert output[output.index("{"):output.rindex("}") + 1] == whole[whole.index("{"):whole.rindex("}") + 1]


def test_the_results_are_the_same_whatever_the_workers(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = run(tmp_path / "one", *GRID, "--format", "json", "--jobs", "1")[1]
    two = run(tmp_path / "two", *GRID, "--format", "json", "--jobs", "3")[1]
    assert json.loads(one[:one.rindex("}") + 1]) == json.loads(two[:two.rindex("}") + 1])
    assert (tmp_path / "one" / "r.jsonl").read_text().splitlines()[0] == (tmp_path / "two" / "r.jsonl").read_text(
    ).splitlines()[0]


def test_another_sweep_does_not_write_into_the_results_file(tmp_path):
    run(tmp_path, *GRID)
    before = (tmp_path / "r.jsonl").read_bytes()
    code, output = run(tmp_path, "--set", "star_cost=6..7", "--games", "80")
    assert code == 2 and "holds the results of another sweep" in output
    assert (tmp_path / "r.jsonl").read_bytes() == before


def test_a_card_value_is_swept(tmp_path):
    code, output = run(tmp_path, "--vary", "Origami Sublime.value=2..4", "--games", "60", "--report",
                       str(tmp_path / "s.html"))
    assert code == 0, output
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert page.count('class="chart bars"') == 3 and "Origami Sublime.value" in page
    assert run(tmp_path / "x", "--vary", "Origami Sublimado.value=2..4")[0] == 2


def test_a_two_axis_report_has_heat_maps(tmp_path):
    code, output = run(tmp_path, *GRID, "--report", str(tmp_path / "s.html"))
    assert code == 0, output
    assert (tmp_path / "s.html").read_text(encoding="utf-8").count('class="chart heatmap"') == 3


@pytest.mark.parametrize(("args", "said"), [
    ((), "name what to vary"),
    (("--set", "star_cost=0..2"), "star_cost"),
    (("--set", "nothing=1..2"), "nothing"),
])
def test_usage_errors(tmp_path, args, said):
    code, output = run(tmp_path, *args)
    assert code == 2 and said in output, output


def test_a_held_setting_holds_for_every_point(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    held = run(tmp_path / "a", "--set", "table_size=4,5", "--hold", "star_cost=6", "--games", "80", "--format", "json")
    plain = run(tmp_path / "b", "--set", "table_size=4,5", "--games", "80", "--format", "json")
    held_json, plain_json = (json.loads(out[:out.rindex("}") + 1]) for _, out in (held, plain))
    assert held_json["settings"] == {"star_cost": "6"}
    assert all(a["figures"]["rounds_mean"]["value"] < b["figures"]["rounds_mean"]["value"]
               for a, b in zip(held_json["points"], plain_json["points"], strict=True))


def test_ray_plays_the_same_points_as_the_local_backend(tmp_path):
    """`--backend ray` with no address starts a Ray instance on this machine (in its own process here, so
    that Ray's hooks stay out of the test process) and plays the points as tasks: the same figures."""
    pytest.importorskip("ray")
    import subprocess
    import sys

    (tmp_path / "local").mkdir()
    args = ("--set", "star_cost=6..7", "--vary", "Origami Sublime.value=3,5", "--games", "60", "--format", "json")
    local = run(tmp_path / "local", *args, "--jobs", "2")[1]
    on_ray = subprocess.run(
        [sys.executable, "-m", "deckdsl", "sweep", STANDARD, *args, "--backend", "ray",
         "--results", str(tmp_path / "ray.jsonl")], capture_output=True, text=True, timeout=600)
    assert on_ray.returncode == 0, on_ray.stderr
    assert json.loads(on_ray.stdout) == json.loads(local[:local.rindex("}") + 1])
    assert len((tmp_path / "ray.jsonl").read_text(encoding="utf-8").splitlines()) == 5


def test_address_without_ray_is_a_usage_error(tmp_path):
    code, output = run(tmp_path, "--set", "star_cost=6..7", "--address", "auto")
    assert code == 2 and "--backend ray" in output


def test_sweep_and_tune_name_their_default_results_file_after_the_deck_and_the_axes(tmp_path, monkeypatch):
    """Issue 29: two studies of one deck with other axes each get their own default file (the second is
    not refused as "another sweep's"), and the same command finds its own file again and resumes."""
    monkeypatch.chdir(tmp_path)
    first = ["sweep", STANDARD, "--set", "star_cost=6..7", "--games", "6"]
    second = ["sweep", STANDARD, "--set", "table_size=4,5", "--games", "6"]
    for args in (first, second):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
    files = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert len(files) == 2
    assert files[0].startswith("janken-wars.star_cost.") and files[0].endswith(".sweep.jsonl")
    assert files[1].startswith("janken-wars.table_size.") and files[1].endswith(".sweep.jsonl")
    again = CliRunner().invoke(main, first)
    assert again.exit_code == 0 and "2 of 2 points already played" in again.output
    assert len(list((tmp_path / "out").iterdir())) == 2
    tune = ["tune", STANDARD, "--target", "rounds_mean>=1", "--games", "4", "--confirm-games", "4", "--top", "1",
            "-o", str(tmp_path / "tuned.deck")]
    for axis in (["--set", "star_cost=6..7"], ["--set", "table_size=4,5"]):
        result = CliRunner().invoke(main, [*tune, *axis])
        assert result.exit_code == 0, result.output
    tuned = sorted(path.name for path in (tmp_path / "out").iterdir() if ".tune." in path.name)
    assert [name.split(".")[1] for name in tuned] == ["star_cost", "star_cost", "table_size", "table_size"]
    assert sum(name.endswith(".tune.confirm.jsonl") for name in tuned) == 2


def test_default_results_file_names_are_file_words_and_tell_studies_apart():
    from deckdsl.lab.results import default_path, description

    axes = [sweep.rule_axis("star_cost=5..6"), sweep.card_axis("Ação/Rápida: ../x.value=1..2")]
    described = description("decks/my deck.deck", axes, games=10, seed=1, players=("random", "random"),
                            settings={})
    path = default_path(described, "sweep")
    assert path.parent == Path("out") and "/" not in path.name and ".." not in path.name
    assert path.name.startswith("my-deck.star_cost+Ação-Rápida-x-value.") and path.name.endswith(".sweep.jsonl")
    assert default_path(dict(described), "sweep") == path
    for other in ({**described, "seed": 2}, {**described, "games": 11}, {**described, "players": ["greedy", "random"]},
                  {**described, "axes": described["axes"][:1]}):
        assert default_path(other, "sweep") != path
    assert default_path(described, "tune") != path
