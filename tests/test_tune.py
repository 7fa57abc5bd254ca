"""`deckdsl tune`: targets, ranking, variants written as the deck's own text (`deckdsl.lab.variants`), and
the search itself on the GDD's old Rolo Compressor, whose hoarding the tuned deck must no longer reward."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.lab import arena, sweep, tune, variants

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
OLD_ROLO = ROOT / "decks" / "examples" / "old-rolo-compressor.deck"
HOARDERS = "greedy:hoard,greedy:eager"


def loaded(path: Path = STANDARD):
    result = deckdsl.load(path)
    assert not result.errors
    return result


# ----------------------------------------------------------------------------- targets ---


@pytest.mark.parametrize(("text", "low", "high"), [
    ("first_player_win_rate=0.48..0.52", 0.48, 0.52),
    ("first_player_win_rate=48%..52%", 0.48, 0.52),
    ("rounds_mean = 15..25", 15, 25),
    ("card_taker_win_rate_max<=0.6", None, 0.6),
    ("deck_exhausted_rate>=1%", 0.01, None),
])
def test_targets_read(text, low, high):
    found = tune.target(text)
    assert (found.low, found.high) == (pytest.approx(low) if low is not None else None,
                                       pytest.approx(high) if high is not None else None)


@pytest.mark.parametrize(("text", "message"), [
    ("first_player_win_rate", "write"), ("win_rate=0.4..0.6", "no figure"), ("rounds_mean=25..15", "empty"),
    ("first_player_win_rate=0.4..1.5", "between 0 and 1"), ("rounds_mean<=nan", "not a number"),
    ("rounds_mean=20", "LOW..HIGH"), ("rounds_mean<=1e400", "not a number")])
def test_bad_targets_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        tune.target(text)


def test_a_miss_counts_points_for_rates_and_percent_for_other_figures():
    rate, rounds = tune.target("first_player_win_rate=0.45..0.55"), tune.target("rounds_mean=15..25")
    assert rate.miss(0.50) == 0 and rate.miss(0.60) == pytest.approx(5) and rate.miss(0.40) == pytest.approx(5)
    assert rounds.miss(30) == pytest.approx(20) and rounds.miss(12) == pytest.approx(20)
    assert rate.verdict(0.5, [0.47, 0.53]) == "surely met"
    assert rate.verdict(0.5, [0.43, 0.57]) == "met"
    assert rate.verdict(0.6, [0.56, 0.64]) == "missed"


def test_the_ranking_puts_the_smallest_miss_then_the_smallest_change_first():
    axes = [sweep.rule_axis("star_cost=6..8")]
    wanted = [tune.target("rounds_mean=15..25")]

    def figures(rounds):
        return {"rounds_mean": {"value": rounds, "ci95": [rounds - 1, rounds + 1]}}

    found = {(6,): figures(20), (7,): figures(30), (8,): figures(21)}
    assert tune.rank(wanted, axes, found, original=(8,)) == [(8,), (6,), (7,)]
    assert tune.rank(wanted, axes, found, original=(6,)) == [(6,), (8,), (7,)]


# ----------------------------------------------------------------------------- variants ---


def test_an_effect_axis_counts_the_numbers_written_in_digits():
    result = loaded(OLD_ROLO)
    axis = sweep.card_axis("Rolo Compressor.condition#1=0..2")
    assert axis.effect == ("condition", 1)
    sweep.check_axes(result.deck, [axis], result.text)
    for text, message in (("Rolo Compressor.condition#2=0..2", "has 1 number"),
                          ("Rolo Compressor.action#1=0..2", "has no action"),
                          ("Rolo Compressor.condition#1=-1..1", "0 or more")):
        with pytest.raises(ValueError, match=message):
            sweep.check_axes(result.deck, [sweep.card_axis(text)], result.text)
    with pytest.raises(ValueError, match="action#N"):
        sweep.card_axis("Rolo Compressor.effect#1=0..2")


def test_digits_in_a_quoted_name_are_not_an_effects_number():
    text = 'swap this with "Carta 7" from opponent\'s domain, then gain top 2 cards of the deck'

    class Whole:
        start, end = 0, len(text)

    assert [text[a:b] for a, b in variants.effect_numbers(text, Whole)] == ["2"]


@pytest.mark.parametrize("axis", [
    "Origami Sublime.value=5", "Origami Sublime.copies=3", "Estilete Afiado.copies=5", "Presente Embrulhado.action#1=3",
    "Rolo Compressor.value=0", "Rolo Compressor.value=-3", "Rolo Compressor.value=1"])
def test_a_variant_written_as_text_reads_back_as_the_variant(axis):
    result = loaded()
    axes = [sweep.card_axis(axis)]
    point = (axes[0].values[0],)
    changed = variants.apply(result.text, variants.edits(result.deck, result.text, axes, point))
    read = variants.read(changed, STANDARD.parent)
    assert variants.holds(read, changed, axes, point)
    assert len(changed.splitlines()) - len(result.text.splitlines()) <= 1
    if axes[0].effect is None:  # the sweep's in-memory variant is the very deck the text holds
        in_memory, _ = sweep.variant(result.deck, axes, point)
        card = read.card(axes[0].card)
        assert getattr(in_memory.card(axes[0].card), axes[0].field) == getattr(card, axes[0].field)


def test_a_card_without_the_field_gets_it_written_in():
    text = loaded().text
    at = text.index('card "Muro Alto"')
    text = text[:at] + text[at:].replace("  copies: 6\n", "", 1)
    deck = deckdsl.loads(text, str(STANDARD)).deck
    assert deck.card("Muro Alto").copies == 1
    axes = [sweep.card_axis("Muro Alto.copies=4")]
    changed = variants.apply(text, variants.edits(deck, text, axes, (4,)))
    assert 'card "Muro Alto" {\n  copies: 4\n' in changed
    assert variants.holds(variants.read(changed, STANDARD.parent), changed, axes, (4,))


def test_rule_settings_are_changed_in_place_or_added_to_the_rules_block(tmp_path):
    result = loaded(OLD_ROLO)
    axes = [sweep.rule_axis("star_cost=6"), sweep.rule_axis("chooser=owner")]
    changed = variants.apply(result.text, variants.edits(result.deck, result.text, axes, (6, "owner")))
    assert "star_cost: 6        # pontos por estrela" in changed and "\n    chooser: owner\n" in changed
    read = variants.read(changed, OLD_ROLO.parent)
    assert variants.holds(read, changed, axes, (6, "owner"))
    bare = 'deck "Sem regras" {\n  game: janken-wars\n}\n' + result.text[result.text.index('card "Muro Alto"'):]
    deck = deckdsl.loads(bare, check=False).deck
    changed = variants.apply(bare, variants.edits(deck, bare, axes, (7, "random")))
    assert changed.startswith('deck "Sem regras" {\n  rules {\n    star_cost: 7\n    chooser: random\n  }\n')
    assert variants.holds(variants.read(changed, None), changed, axes, (7, "random"))


def test_a_sweep_over_an_effects_number_plays_the_deck_its_text_holds():
    result = loaded(OLD_ROLO)
    axes = [sweep.card_axis("Rolo Compressor.condition#1=0..3")]
    played, _ = sweep.variant(result.deck, axes, (3,), result.text, OLD_ROLO.parent)
    modifier = played.card("Rolo Compressor").condition.clauses[0]
    assert (modifier.op, modifier.amount.value) == ("subtract", 3)
    with pytest.raises(ValueError, match="needs the deck's text"):
        sweep.variant(result.deck, axes, (3,))
    strong = arena.simulate(played, result.profile, {}, games=60, seed=5, players=("random", "random"))
    plain, _ = sweep.variant(result.deck, axes, (0,), result.text, OLD_ROLO.parent)
    weak = arena.simulate(plain, result.profile, {}, games=60, seed=5, players=("random", "random"))
    assert strong["cards"]["Rolo Compressor"] != weak["cards"]["Rolo Compressor"]


def test_effect_axes_give_the_same_figures_on_one_worker_and_on_two(tmp_path):
    common = [str(OLD_ROLO), "--vary", "Rolo Compressor.condition#1=0..2", "--games", "60", "--format", "json"]
    outputs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(main, ["sweep", *common, "-j", jobs, "--results", str(tmp_path / f"{jobs}.jsonl")])
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(result.stdout)["points"])
    assert outputs[0] == outputs[1] and len(outputs[0]) == 3


# --------------------------------------------------------------------------------- tune ---


def _tune(tmp_path: Path, *args: str, deck: Path = OLD_ROLO):
    return CliRunner().invoke(main, [
        "tune", str(deck), "--results", str(tmp_path / "screen.jsonl"), "-o", str(tmp_path / "tuned.deck"),
        "--format", "json", *args])


HOARDING = ["--players", HOARDERS, "--target", "first_player_win_rate=0.40..0.52",
            "--target", "deck_exhausted_rate<=0.2", "--set", "star_supply=4,5", "--set", "star_cost=6,8",
            "--games", "150", "--top", "2", "--confirm-games", "400"]


def test_tune_finds_a_variant_of_the_old_rolo_compressor_where_hoarding_no_longer_dominates(tmp_path):
    result = _tune(tmp_path, *HOARDING)
    assert result.exit_code == 0, result.output
    tuned = json.loads(result.stdout)
    best = tuned["candidates"][0]
    assert best["meets"] and tuned["chosen"] == {"rank": 1, "path": str(tmp_path / "tuned.deck")}
    assert tuned["screened"] == 4 and len(tuned["candidates"]) == 2 and tuned["confirm_seed"] == 2
    written = deckdsl.load(tmp_path / "tuned.deck")
    assert not written.errors
    assert {s.name: s.value for s in written.deck.rules}["star_supply"] == best["point"]["star_supply"]
    assert written.text.startswith("# Tuned by `deckdsl tune` from old-rolo-compressor.deck: ")
    original = loaded(OLD_ROLO)
    # played afresh, from seeds neither the screen nor the confirmation used, hoarding wins no more than half
    fresh = arena.simulate(written.deck, written.profile, {}, games=600,
                           seed=99, players=tuple(HOARDERS.split(",")))
    before = arena.simulate(original.deck, original.profile, {}, games=600,
                            seed=99, players=tuple(HOARDERS.split(",")))
    assert fresh["first_player_win_rate"]["ci95"][0] < 0.5 < before["first_player_win_rate"]["ci95"][0]
    # the same command gives the same candidates and the same file
    first_bytes = (tmp_path / "tuned.deck").read_bytes()
    again = _tune(tmp_path, *HOARDING)
    assert again.exit_code == 0 and json.loads(again.stdout) == tuned
    assert (tmp_path / "tuned.deck").read_bytes() == first_bytes
    assert "2 of 2 points already played" in again.stderr


def test_tune_writes_nothing_when_no_candidate_meets_the_targets(tmp_path):
    result = _tune(tmp_path, "--target", "rounds_mean<=3", "--set", "star_cost=6,7", "--games", "40", "--top", "1")
    assert result.exit_code == 1, result.output
    tuned = json.loads(result.stdout)
    assert tuned["chosen"] is None and not tuned["candidates"][0]["meets"]
    assert not (tmp_path / "tuned.deck").exists()


def test_held_settings_are_written_into_the_tuned_deck(tmp_path):
    result = _tune(tmp_path, "--target", "rounds_mean>=1", "--set", "star_cost=7", "--hold", "chooser=owner",
                   "--games", "30", "--top", "1", "--confirm-games", "30")
    assert result.exit_code == 0, result.output
    written = deckdsl.load(tmp_path / "tuned.deck")
    assert {s.name: s.value for s in written.deck.rules}.items() >= {"star_cost": 7, "chooser": "owner"}.items()


@pytest.mark.parametrize(("args", "message"), [
    (["--target", "rounds_mean=15..25"], "name what to vary"),
    (["--target", "wins=1..2", "--set", "star_cost=6"], "no figure"),
    (["--target", "rounds_mean>=1", "--vary", "Rolo Compressor.condition#4=1..2"], "has 1 number"),
    (["--target", "rounds_mean>=1", "--set", "star_cost=6", "-o", str(OLD_ROLO)], "replace DECK"),
])
def test_bad_tune_commands_are_usage_errors(tmp_path, args, message):
    result = CliRunner().invoke(main, ["tune", str(OLD_ROLO), "--results", str(tmp_path / "r.jsonl"), *args])
    assert result.exit_code == 2 and message in result.output, result.output


def test_tune_on_ray_chooses_and_writes_what_the_local_backend_does(tmp_path):
    """The screen and the confirmation as Ray tasks (a local Ray instance, in its own process), with an axis
    over an effect's number (the deck's text travels with the tasks): the same candidates, the same file."""
    import subprocess
    import sys

    pytest.importorskip("ray")
    args = ["--target", "rounds_mean>=10", "--set", "star_cost=6,8", "--vary", "Rolo Compressor.condition#1=0..1",
            "--games", "40", "--top", "2", "--confirm-games", "60", "--format", "json"]
    outputs, decks = [], []
    for backend in ("local", "ray"):
        folder = tmp_path / backend
        folder.mkdir()
        done = subprocess.run(
            [sys.executable, "-m", "deckdsl", "tune", str(OLD_ROLO), *args, "--backend", backend,
             "--results", str(folder / "screen.jsonl"), "-o", str(folder / "tuned.deck")],
            capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        tuned = json.loads(done.stdout)
        tuned["chosen"]["path"] = "tuned.deck"
        outputs.append(tuned)
        decks.append((folder / "tuned.deck").read_bytes())
    assert outputs[0] == outputs[1] and decks[0] == decks[1]


def test_the_text_report_shows_rates_in_percent_and_other_figures_as_numbers(tmp_path):
    result = CliRunner().invoke(main, [
        "tune", str(OLD_ROLO), "--results", str(tmp_path / "s.jsonl"), "-o", str(tmp_path / "t.deck"),
        "--target", "rounds_mean>=1", "--target", "first_player_win_rate<=0.99", "--set", "star_cost=6",
        "--games", "20", "--top", "1", "--confirm-games", "20"])
    assert result.exit_code == 0, result.output
    rate = next(line for line in result.stdout.splitlines() if "first_player_win_rate<=0.99" in line)
    rounds = next(line for line in result.stdout.splitlines() if "rounds_mean>=1" in line)
    assert "%" in rate and "%" not in rounds and "chosen: candidate 1" in result.stdout
