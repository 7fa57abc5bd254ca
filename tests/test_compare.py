"""`deckdsl compare`: a base and its variants played from the same seeds, each figure with its difference
and a 95% interval (`deckdsl.lab.compare`), `--fail-if` for CI, and the HTML report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckdsl.cli import main
from deckdsl.lab import compare

ROOT = Path(__file__).resolve().parent.parent
STANDARD = str(ROOT / "decks" / "janken-wars.deck")
STARS_6 = str(ROOT / "decks" / "examples" / "stars-6.deck")
ROLO = str(ROOT / "decks" / "examples" / "old-rolo-compressor.deck")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["compare", *args])
    return result.exit_code, result.output


def test_newcombe_matches_the_published_example():
    """Newcombe (1998), method 10, example (a): 56/70 against 48/80 gives 0.0524 to 0.3339."""
    low, high = compare.newcombe((48, 80), (56, 70))
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_a_deck_against_itself_differs_in_nothing():
    code, output = run(STANDARD, STANDARD, "--games", "300", "--format", "json")
    assert code == 0, output
    variant = json.loads(output)["variants"][0]
    assert all(row["difference"] == 0 and not row["significant"] for row in variant["metrics"])
    assert variant["cards"] == []  # the same seeds: the very same games


def test_a_variant_is_compared_figure_by_figure_and_card_by_card():
    code, output = run(STANDARD, STARS_6, "--games", "600", "--format", "json")
    assert code == 0, output
    result = json.loads(output)
    rows = {row["name"]: row for row in result["variants"][0]["metrics"]}
    assert set(rows) == {metric.name for metric in compare.METRICS} - {"success_rate", "actions_mean"}
    rounds = rows["rounds_mean"]
    assert rounds["difference"] < 0 and rounds["significant"]  # stars cost 6: games end sooner
    assert rounds["ci95"][0] <= rounds["difference"] <= rounds["ci95"][1]
    assert rows["exchanges_per_game"]["ci95"] is None
    assert {card["name"] for card in result["variants"][0]["cards"]} >= {"Muro Alto", "Brinde"}


def test_the_same_seed_gives_the_same_bytes_whatever_the_jobs():
    one = run(STANDARD, ROLO, "--games", "500", "--format", "json")[1]
    assert one == run(STANDARD, ROLO, "--games", "500", "--format", "json", "--jobs", "2")[1]
    assert one != run(STANDARD, ROLO, "--games", "500", "--format", "json", "--seed", "2")[1]


def test_fail_if_sets_the_exit_status_for_ci():
    code, output = run(STANDARD, STARS_6, "--games", "300", "--fail-if", "rounds_mean < 30")
    assert code == 1 and "FAIL: rounds_mean < 30" in output
    assert run(STANDARD, STARS_6, "--games", "300", "--fail-if", "rounds_mean > 1000")[0] == 0


@pytest.mark.parametrize(("condition", "said"), [
    ("first_player_win_rate >> 0.5", "is not METRIC OP NUMBER"),
    ("win_rate > 0.5", "`win_rate` is not a figure compare knows"),
])
def test_a_wrong_condition_is_a_usage_error(condition, said):
    code, output = run(STANDARD, STARS_6, "--fail-if", condition)
    assert code == 2 and said in output


def test_one_deck_is_a_usage_error():
    code, output = run(STANDARD)
    assert code == 2 and "at least one variant" in output


def test_the_report_has_a_chart_per_variant_and_escapes_the_decks(tmp_path):
    deck = tmp_path / "v.deck"
    deck.write_text(Path(STARS_6).read_text(encoding="utf-8").replace(
        'deck "', 'deck "<script>x</script> ', 1), encoding="utf-8")
    report = tmp_path / "compare.html"
    code, output = run(STANDARD, str(deck), ROLO, "--games", "200", "--report", str(report))
    assert code == 0, output
    page = report.read_text(encoding="utf-8")
    assert page.count('class="chart forest"') == 2 and "<script>x" not in page and "&lt;script&gt;x" in page
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing fetched
