"""Balance findings backed by play (`check --evidence`, deckdsl.games.janken_wars.evidence) and explained (`deckdsl explain`).

Work is bounded by counting games, never by timing them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.games.janken_wars.bots import make_player
from deckdsl.games.janken_wars.engine import Game, compile_deck, rules_for
from deckdsl.games.janken_wars import evidence

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "decks" / "examples"


def finding(path: Path, code: str, first_card: str):
    result = deckdsl.load(path)
    found = next(d for d in result.diagnostics if d.code == code and d.cards and d.cards[0] == first_card)
    return result, found


def run(result, diagnostic, games=300, seed=3):
    rules = rules_for(result.deck, result.profile)
    return evidence.test(diagnostic, result.deck, result.profile, rules, games=games, seed=seed,
                         players=("random", "random"))


def test_balance_findings_name_the_cards_they_compare():
    _, dominated = finding(EXAMPLES / "new-deck-examples.deck", "JW107", "Cópia Fiel")
    assert dominated.cards == ("Cópia Fiel", "Bilhete Premiado")
    assert evidence.comparison(dominated) == ("Bilhete Premiado", "Cópia Fiel")
    _, strong = finding(EXAMPLES / "origami-5.deck", "JW108", "Origami Sublime")
    assert evidence.comparison(strong) == ("Origami Sublime", None)


def test_a_large_real_difference_is_confirmed():
    result, dominated = finding(EXAMPLES / "new-deck-examples.deck", "JW107", "Cópia Fiel")
    played = run(result, dominated)
    assert played.verdict == "confirmed" and played.ci95[0] > 0
    assert played.games == 300 and played.better == "Bilhete Premiado" and played.worse == "Cópia Fiel"


def test_a_claim_play_disproves_is_contradicted():
    """The same experiment with the claim turned round: play says the reverse."""
    result, dominated = finding(EXAMPLES / "new-deck-examples.deck", "JW107", "Cópia Fiel")
    reversed_claim = replace(dominated, cards=("Bilhete Premiado", "Cópia Fiel"))
    assert run(result, reversed_claim).verdict == "contradicted"


def test_no_difference_is_unconfirmed():
    """A card against an exact copy of itself under another name: the interval must contain zero."""
    result = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
    muro = result.deck.card("Muro Alto")
    twin = muro.model_copy(update={"name": "Muro Gêmeo", "copies": 0})
    deck = result.deck.model_copy(update={"cards": (*result.deck.cards, twin)})
    rules = rules_for(deck, result.profile)
    arms = [(evidence._with(deck, muro), "Muro Alto", "Muro Alto"), (evidence._with(deck, twin), "Muro Gêmeo", "Muro Gêmeo")]
    played = evidence.duel("JW107", arms, result.profile, rules, games=200, seed=5, players=("random", "random"))
    assert played.difference == 0 and played.verdict == "unconfirmed"


def test_evidence_is_reproducible_and_counts_its_games():
    result, dominated = finding(EXAMPLES / "new-deck-examples.deck", "JW107", "Cópia Fiel")
    ticks = []
    rules = rules_for(result.deck, result.profile)
    first = evidence.test(dominated, result.deck, result.profile, rules, games=120, seed=9,
                          players=("random", "random"), progress=ticks.append)
    assert sum(ticks) == 120
    assert first == run(result, dominated, games=120, seed=9)
    assert first != run(result, dominated, games=120, seed=10)


def test_the_gift_is_taken_out_of_the_deck_and_given_at_the_first_win():
    result = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
    rules = rules_for(result.deck, result.profile)
    compiled = compile_deck(result.deck, result.profile, rules)
    origami = next(i for i, c in enumerate(result.deck.cards) if c.name == "Origami Sublime")
    events = []
    game = Game(compiled, [make_player("random", random.Random(1)), make_player("random", random.Random(2))],
                random.Random(3), gift=(0, origami), listener=lambda kind, data: events.append((kind, data)))
    gift = game.gift[1]
    assert gift not in game.zones[0] and len(game.zones[0]) == len(compiled.deck_ids) - 1
    game.play()
    takes = [data for kind, data in events if kind == "take" and data["card"] == gift]
    assert len(takes) == 1 and takes[0]["seat"] == 0
    first_win_of_seat_0 = next(data for kind, data in events if kind in ("take", "brinde", "bottom") and data["seat"] == 0)
    assert events.index(("take", takes[0])) > events.index(
        next(e for e in events if e[1] is first_win_of_seat_0))


def test_check_evidence_adds_a_reproducible_note(tmp_path):
    deck = EXAMPLES / "old-joia-cobicada.deck"
    runner = CliRunner()
    args = ["check", str(deck), "--evidence", "--evidence-games", "150", "--format", "json"]
    first, second = runner.invoke(main, args), runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "evidence (" in first.output and "150 paired games" in first.output


def test_evidence_is_not_played_for_a_deck_with_errors(tmp_path):
    text = (EXAMPLES / "old-joia-cobicada.deck").read_text(encoding="utf-8")
    broken = tmp_path / "broken.deck"
    broken.write_text(text + '\naddendum "Ordem" {\n  order: "Ninguém" then "Muro Alto"\n}\n', encoding="utf-8")
    output = CliRunner().invoke(main, ["check", str(broken), "--evidence", "--evidence-games", "50"]).output
    assert "error[DK111]" in output and "warning[JW107]" in output
    assert "evidence: not played — the deck has errors" in output


def test_explain_shows_each_effects_worth_and_the_findings():
    output = CliRunner().invoke(main, ["explain", str(EXAMPLES / "old-rolo-compressor.deck"), "Estilete Afiado"])
    assert output.exit_code == 0, output.output
    lines = output.output.splitlines()
    assert lines[0] == "Estilete Afiado — tesoura, simples, ×6"  # a pt-BR deck: the profile's own words
    effect = next(line for line in lines if "opponent discards" in line)
    assert "+1 " in effect and "1 card of the opponent's domain × 1 point each" in effect
    assert any(line.split()[:2] == ["power", "2"] for line in lines)
    assert "warning[JW107]" in output.output and "compared: `Rolo Compressor`" in output.output


def test_explain_a_whole_deck_gives_the_table_figure():
    output = CliRunner().invoke(main, ["explain", str(ROOT / "decks" / "janken-wars.deck")]).output
    assert "Muro Alto — pedra, simples, ×6" in output
    assert any(line.startswith("table: ") for line in output.splitlines())


def test_explain_an_unknown_card_is_a_usage_error():
    output = CliRunner().invoke(main, ["explain", str(ROOT / "decks" / "janken-wars.deck"), "Muro Alta"])
    assert output.exit_code == 2 and "did you mean `Muro Alto`?" in output.output


def test_a_hoarding_incentive_is_tested_by_hoarding_against_eager_exchange():
    result, hoarding = finding(EXAMPLES / "old-rolo-compressor.deck", "JW121", "Rolo Compressor")
    played = run(result, hoarding, games=200, seed=4)
    assert played.kind == "strategy" and played.players == ("random:hoard", "random:eager")
    assert played.better == "Rolo Compressor" and "without its condition" in played.worse
    assert "hoarding won" in played.sentence() and "`Rolo Compressor`'s condition" in played.sentence()
    assert played.rates != (0.0, 0.0)
    assert played == run(result, hoarding, games=200, seed=4)


def test_explain_evidence_adds_the_note_to_the_finding():
    output = CliRunner().invoke(main, ["explain", str(EXAMPLES / "old-joia-cobicada.deck"), "Muro Alto",
                                       "--evidence", "--evidence-games", "100"]).output
    assert "evidence (" in output and "100 paired games" in output


def test_a_terminal_sees_a_progress_bar(monkeypatch):
    import io
    import types

    from deckdsl.cli import checking, common

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(common, "sys", types.SimpleNamespace(stderr=screen, exit=__import__("sys").exit))
    result = deckdsl.load(EXAMPLES / "old-joia-cobicada.deck")
    checking._add_evidence(result, 40, 1, "random,random")
    assert "playing the evidence" in screen.getvalue()
    assert any("evidence (" in note for d in result.diagnostics for note in d.notes)


def test_explain_an_english_deck_in_its_own_words(tmp_path):
    text = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8").replace("language: pt-BR", "language: en")
    (tmp_path / "en.deck").write_text(text, encoding="utf-8")
    output = CliRunner().invoke(main, ["explain", str(tmp_path / "en.deck"), "Muro Alto"]).output
    assert output.splitlines()[0] == "Muro Alto — rock, simple, ×6"
