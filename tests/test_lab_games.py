"""The balance lab on every game: `compare`, `sweep` and `tune` play Embate dos Guardiões, the cooperative game
and Queens vs Kings as they play Janken Wars, on the one simulator, with each game's own figures (its win
rate or success rate, its actions, its engine's figures as `NAME_per_game`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
OTHERS = {
    "embate-dos-guardioes": ("bluffs=allowed,forbidden", "first_player_win_rate", "bluff_ending_per_game"),
    "queens-vs-kings": ("court=suits,cycle", "first_player_win_rate", "red_wins_per_game"),
    "cooperativo": ("players=3,4", "success_rate", "checks_per_game"),
}


def run(*args: str):
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.output


@pytest.mark.parametrize("game", OTHERS)
def test_compare_plays_every_game_with_its_own_figures(game):
    _, who, figure = OTHERS[game]
    deck = DECKS / f"{game}.deck"
    code, out, output = run("compare", deck, deck, "--games", "12", "--format", "json")
    assert code == 0, output
    rows = {row["name"]: row for row in json.loads(out)["variants"][0]["metrics"]}
    assert who in rows and figure in rows and "actions_mean" in rows and "rounds_mean" not in rows
    assert all(row["difference"] == 0 for row in rows.values())  # the same deck from the same seeds
    code, _, output = run("compare", deck, deck, "--games", "12", "--fail-if", f"{figure} >= 0")
    assert code == 1 and f"FAIL: {figure} >= 0" in output, output


def test_a_condition_on_a_figure_the_game_has_not_is_a_usage_error():
    deck = DECKS / "queens-vs-kings.deck"
    code, _, output = run("compare", deck, deck, "--games", "4", "--fail-if", "exchanges_per_game > 1")
    assert code == 2 and "no figure `exchanges_per_game`" in output and "red_wins_per_game" in output, output


def test_compare_refuses_decks_of_two_games():
    code, _, output = run("compare", DECKS / "janken-wars.deck", DECKS / "queens-vs-kings.deck", "--games", "4")
    assert code == 2 and "Janken Wars" in output, output


@pytest.mark.parametrize("game", OTHERS)
def test_sweep_plays_every_game_over_its_rule_options(game, tmp_path):
    axis, who, figure = OTHERS[game]
    code, out, output = run("sweep", DECKS / f"{game}.deck", "--set", axis, "--games", "6", "--format", "json",
                            "--results", tmp_path / "r.jsonl")
    assert code == 0, output
    points = json.loads(out)["points"]
    name, values = axis.split("=")
    assert [str(point["point"][name]) for point in points] == values.split(",")
    assert all(who in point["figures"] and figure in point["figures"] for point in points)
    code, again, output = run("sweep", DECKS / f"{game}.deck", "--set", axis, "--games", "6", "--format", "json",
                              "--results", tmp_path / "r.jsonl")
    assert code == 0 and json.loads(again) == json.loads(out) and "2 of 2 points already played" in output


def test_tune_meets_a_target_on_an_engine_figure(tmp_path):
    code, out, output = run("tune", DECKS / "queens-vs-kings.deck", "--target", "red_wins_per_game=0..1",
                            "--set", "court=suits,cycle", "--games", "6", "--top", "1", "--confirm-games", "6",
                            "--results", tmp_path / "t.jsonl", "-o", tmp_path / "tuned.deck", "--format", "json")
    assert code == 0, output
    tuned = json.loads(out)
    assert tuned["candidates"][0]["meets"] and (tmp_path / "tuned.deck").is_file()


def test_tune_refuses_a_target_the_game_has_not_before_playing(tmp_path):
    code, _, output = run("tune", DECKS / "embate-dos-guardioes.deck", "--target", "deck_exhausted_rate<=0.2",
                          "--set", "bluffs=allowed,forbidden", "--games", "6", "--results", tmp_path / "t.jsonl",
                          "-o", tmp_path / "tuned.deck")
    assert code == 2 and "Embate dos Guardiões has no figure `deck_exhausted_rate`" in output, output
    assert not (tmp_path / "t.jsonl").exists()


def test_a_variant_the_game_cannot_play_is_a_usage_error(tmp_path):
    code, _, output = run("sweep", DECKS / "embate-dos-guardioes.deck", "--vary", "Dois de Espadas.copies=1..2",
                          "--games", "4", "--results", tmp_path / "v.jsonl")
    assert code == 2 and "played with 13 cards, not 14" in output and "internal error" not in output, output


def test_vary_sweeps_a_number_of_the_cards_profile_and_writes_it_back(tmp_path):
    """`--vary "CARD.rank=A..B"`: a playing card's rank is one of its numbers; the variant plays it (the
    engine reads the new rank) and the deck written back has it where the card says its rank."""
    import deckdsl
    from deckdsl.games.interface import engine_for
    from deckdsl.lab import sweep, variants

    result = deckdsl.load(DECKS / "embate-dos-guardioes.deck")
    axes = [sweep.card_axis("Dois de Espadas.rank=2..10")]
    sweep.check_axes(result.deck, axes, result.text)
    played, _ = sweep.variant(result.deck, axes, (10,))
    assert engine_for(played, result.profile, {}).values[0] == 10
    written = variants.apply(result.text, variants.edits(result.deck, result.text, axes, (10,)))
    assert 'card "Dois de Espadas" {\n  rank: 10\n' in written
    assert variants.holds(deckdsl.loads(written).deck, written, axes, (10,))
    assert not variants.holds(result.deck, result.text, axes, (10,))
    with pytest.raises(ValueError, match="has no number `suit`"):
        sweep.check_axes(result.deck, [sweep.card_axis("Dois de Espadas.suit=1..2")], result.text)
    code, out, output = run("sweep", DECKS / "embate-dos-guardioes.deck", "--vary", "Dois de Espadas.rank=2,10",
                            "--games", "6", "--format", "json", "--results", tmp_path / "r.jsonl")
    assert code == 0, output
    assert [point["point"]["Dois de Espadas.rank"] for point in json.loads(out)["points"]] == [2, 10]
