"""The Queens vs Kings engine (deckdsl/games/queens_vs_kings/engine.py): random play, the conformance scenarios of
tests/conformance_queens_vs_kings/ against the seed's sentences, determinize and clone."""

from __future__ import annotations

import random
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from deckdsl.games.queens_vs_kings import engine as qvk
from deckdsl.games.interface import TERMINAL, engine_for, play_out
from deckdsl.lang.parse import parse_deck

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "conformance_queens_vs_kings"
SEED = SUITE / "seed-004.ru.txt"
SHARED_SEED = Path("/work/shared/seeds/004_c68ce2d3e663252e.txt")
SCENARIOS = tomllib.loads((SUITE / "scenarios.toml").read_text(encoding="utf-8"))["scenario"]

NOT_RULES = {
    "Представляем «Дамы против Королей»": "the title and the announcement",
    "Первая версия ДпК содержит": "lore: the cards as creatures, minions and creeps",
    "Масти же олицетворяют фэнтезийные расы": "lore: the suits as races (printed on the cards, no effect in play)",
    "Название «Дамы против Королей» было выбрано": "lore: why the name",
    "Итак, ПРАВИЛА": "a heading",
    "Данные разделения сделаны": "the designer's reason for the split, not a rule",
    "Сила карт.": "a heading",
    "Стоимость карт.": "a heading",
    "Каждая схватка состоит из следующего порядка действий.": "announces the sentences that follow",
    "После чего колоды могут быть перетасованы": "between games: every new game is dealt from a shuffle",
    "Представленная версия игры": "afterword: alpha and beta tests",
    "Если вы найдете более изящные решения": "afterword: the author's address",
    "#ДпК": "hashtags",
    "©": "copyright",
    "First quasi-collectible": "copyright",
    "1th QCCG": "copyright",
}
"""Sentences of the seed that are not rules (a sentence starting with the key), and why."""


def _normal(text: str) -> str:
    return " ".join(text.split())


def seed_sentences() -> list[str]:
    """The seed split into sentences (item numbers dropped, `т. д.`/`т. п.` kept whole)."""
    found = []
    for line in SEED.read_text(encoding="utf-8").splitlines():
        line = re.sub(r"^\d+\.\s+", "", line.strip()).replace("т. д.", "т.\u00a0д.").replace("т. п.", "т.\u00a0п.")
        for sentence in re.split(r"(?<=[.!?:])\s+(?=[А-ЯA-Z«\"0-9#©])", line):
            if sentence.strip():
                found.append(_normal(sentence.replace("\u00a0", " ")))
    return found


def rule_sentences() -> list[str]:
    return [s for s in seed_sentences() if not any(s.startswith(key) for key in NOT_RULES)]


@lru_cache(maxsize=None)
def _deck():
    path = ROOT / "decks" / "queens-vs-kings.deck"
    deck, diagnostics, profile, _ = parse_deck(path.read_text(encoding="utf-8"), near=path.parent)
    assert profile is not None and not [d for d in diagnostics if d.severity.value == "error"]
    return deck, profile


def engine(settings: dict | None = None) -> qvk.QueensVsKingsEngine:
    deck, profile = _deck()
    found = engine_for(deck, profile, {k: str(v) for k, v in (settings or {}).items()})
    assert isinstance(found, qvk.QueensVsKingsEngine)
    return found


# ------------------------------------------------------------------------------- random play ---


@pytest.mark.parametrize("settings", [{}, {"length": "two", "precedence": "kinds", "passing": "turn"}])
def test_random_games_end_and_sum_to_zero(settings):
    game = engine(settings)
    for seed in range(2000 if not settings else 300):
        state, rng = game.new_state(random.Random(seed)), random.Random(seed + 1)
        for _ in range(500):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            assert actions, (seed, state.information(state.current_player()))
            state.apply(actions[rng.randrange(len(actions))])
        assert state.is_terminal(), seed
        assert sum(state.returns()) == 0 and set(state.returns()) <= {-1.0, 0.0, 1.0}
        figures = state.figures()
        assert figures["skirmishes"] == game.rules.skirmishes
        assert figures["mana_seat0"] + figures["mana_seat1"] <= 2 * (9 * 6 - 2 + 11 * 6)


def test_same_seed_same_game():
    game = engine()

    def run(seed):
        state = play_out(game.new_state(random.Random(seed)), random.Random(99))
        return state.information(0), state.information(1), state.returns()

    assert run(7) == run(7)
    assert len({run(seed)[0] for seed in range(10)}) > 1


def test_a_bad_action_is_refused():
    state = engine().new_state(random.Random(0))
    with pytest.raises(ValueError):
        state.apply(qvk.PASS)


# ------------------------------------------------------------------------------- conformance ---


def test_the_seed_copy_is_the_seed():
    if not SHARED_SEED.exists():
        pytest.skip("the shared seed is not here")
    assert SEED.read_text(encoding="utf-8") == SHARED_SEED.read_text(encoding="utf-8")


def test_every_quote_is_in_the_seed():
    seed = _normal(SEED.read_text(encoding="utf-8"))
    for scenario in SCENARIOS:
        assert scenario["quote"], scenario["name"]
        for quote in scenario["quote"]:
            assert _normal(quote) in seed, (scenario["name"], quote)


def test_every_rule_sentence_is_quoted():
    quoted = [_normal(q) for scenario in SCENARIOS for q in scenario["quote"]]
    missing = [s for s in rule_sentences() if not any(s in quote for quote in quoted)]
    assert not missing, "rule sentences no scenario quotes:\n" + "\n".join(missing)


def test_every_non_rule_entry_names_a_sentence():
    sentences = seed_sentences()
    for key in NOT_RULES:
        assert any(s.startswith(key) for s in sentences), key
    assert len(rule_sentences()) >= 35


def _names(game, ids) -> list[str]:
    return [game.cards[c].name for c in ids]


def _check(game, state, expect: dict, where: str, starts: list) -> None:
    def same_set(key, ids):
        assert sorted(_names(game, ids)) == sorted(expect[key]), (where, key, _names(game, ids))

    for key, wanted in expect.items():
        if key == "after":
            continue
        if key == "current":
            assert state.current_player() == (TERMINAL if wanted == "end" else wanted), (where, key)
        elif key == "phase":
            assert state.phase == wanted, (where, key, state.phase)
        elif key in ("skirmish", "starter"):
            assert getattr(state, key) == wanted, (where, key, getattr(state, key))
        elif key == "legal":
            assert [state.describe(a) for a in state.legal_actions()] == wanted, (where, key)
        elif key[:-1] in ("hand", "won", "discard"):
            same_set(key, getattr(state, key[:-1])[int(key[-1])])
        elif key == "table":
            assert [game.cards[c].name for _, c in state.table] == wanted, (where, key)
        elif key == "mana":
            assert [state.mana(0), state.mana(1)] == wanted, (where, key)
        elif key == "returns":
            assert state.returns() == wanted, (where, key)
        elif key == "returns_follow_mana":
            difference = state.mana(0) - state.mana(1)
            assert state.returns() == ([0.0, 0.0] if not difference else [1.0, -1.0] if difference > 0 else [-1.0, 1.0])
        elif key in ("main_left", "extra_left"):
            assert [len(pile) for pile in getattr(state, key.split("_")[0])] == wanted, (where, key)
        elif key == "extra_in_hand":
            assert [sum(game.cards[c].part == "extra" for c in hand) for hand in state.hand] == wanted, (where, key)
        elif key == "colours":
            assert state.colour == wanted, (where, key)
        elif key == "figures":
            figures = state.figures()
            assert {k: figures[k] for k in wanted} == wanted, (where, key)
        elif key == "start_hands_ok":
            assert starts, where
            for main, extra in starts:
                assert main <= 3 and extra <= 2 and main + extra <= 5, (where, starts)
        elif key == "red_seat_varies":
            reds = {engine({"red_seat": "random"}).new_state(random.Random(s)).colour.index("red") for s in range(20)}
            assert reds == {0, 1}, where
            assert engine({"red_seat": "second"}).new_state(random.Random(0)).colour == ["black", "red"]
        else:
            raise AssertionError(f"{where}: unknown expect key {key}")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_conformance(scenario):
    game = engine(scenario.get("rules"))
    if "compare" in scenario:
        for a, b, sign in scenario["compare"]:
            found = game.compare(game.cards[game.index[a]], game.cards[game.index[b]])
            assert found == sign, (scenario["name"], a, b, found)
        return
    state = game.deal(scenario.get("deal", {}), red=scenario.get("red", 0))
    starts: list[tuple[int, int]] = []

    def note_start():
        if state.phase == qvk.PLAY and not state.table and not any(state.played):
            entry = (state.skirmish, tuple(tuple(h) for h in state.hand))
            if entry not in seen:
                seen.add(entry)
                for hand in state.hand:
                    extra = sum(game.cards[c].part == "extra" for c in hand)
                    starts.append((len(hand) - extra, extra))

    def act(words):
        described = {state.describe(a): a for a in state.legal_actions()}
        assert words in described, (scenario["name"], words, list(described))
        state.apply(described[words])
        note_start()

    def first():
        state.apply(state.legal_actions()[0])
        note_start()

    seen: set = set()
    checks = {check["after"]: check for check in scenario.get("checks", [])}
    for number, entry in enumerate(scenario.get("script", []), 1):
        if isinstance(entry, str):
            act(entry)
        elif "first" in entry:
            for _ in range(entry["first"]):
                first()
        elif "to_skirmish" in entry:
            while not state.is_terminal() and state.skirmish < entry["to_skirmish"]:
                first()
        elif entry.get("to_end"):
            while not state.is_terminal():
                first()
        if number in checks:
            _check(game, state, checks[number], f"{scenario['name']} after {number}", starts)
    _check(game, state, scenario.get("expect", {}), scenario["name"], starts)


# ------------------------------------------------------------------------- determinize, clone ---


def _states(count: int, settings: dict | None = None):
    game = engine(settings)
    for seed in range(count):
        state, rng = game.new_state(random.Random(seed)), random.Random(1000 + seed)
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        yield state


def test_determinize_keeps_information_and_redraws_hidden_cards():
    changed = 0
    for number, state in enumerate(_states(300)):
        for seat in (0, 1):
            before = state.information(seat)
            copy = state.determinize(seat, random.Random(number))
            assert copy.information(seat) == before
            assert state.information(seat) == before
            other = 1 - seat
            assert sorted(copy.hand[other] + copy.discard[other] + copy.main[other] + copy.extra[other]) == \
                sorted(state.hand[other] + state.discard[other] + state.main[other] + state.extra[other])
            assert copy.hand[seat] == state.hand[seat] and copy.won == state.won and copy.table == state.table
            changed += copy.hand[other] != state.hand[other]
            if not copy.is_terminal():
                play_out(copy, random.Random(number))
    assert changed > 50


def test_clone_is_independent():
    for number, state in enumerate(_states(100)):
        snapshot = (state.information(0), state.information(1), state.legal_actions())
        copy = state.clone()
        assert (copy.information(0), copy.information(1), copy.legal_actions()) == snapshot
        play_out(copy, random.Random(number))
        assert (state.information(0), state.information(1), state.legal_actions()) == snapshot
        twin = state.clone()
        assert state.rng.state == twin.rng.state
        twin.rng.random()
        assert state.rng.state != twin.rng.state


def test_english_words_for_an_english_deck():
    deck, profile = _deck()
    game = qvk.make_engine(deck.model_copy(update={"language": "en"}), profile, profile.parameters())
    state = game.new_state(random.Random(0))
    assert state.describe(state.legal_actions()[0]).startswith("discard ")
    assert "Your hand" in state.information(0)


def test_play_reads_correctly_in_russian():
    """Issue 29, the Russian screen: CLDR plurals of card counts, a card's name quoted after «карту» (no
    nominative where the accusative belongs), a capital after a full stop, players numbered from 1 as the
    table numbers them, and «сид», not «зерно», for the seed."""
    from click.testing import CliRunner

    from deckdsl.cli import main

    deck, profile = _deck()
    game = qvk.make_engine(deck, profile, profile.parameters())
    state = game.new_state(random.Random(0))
    shown = state.information(0)
    assert "(игрок 1)" in shown and "место" not in shown
    assert "Схватка 1 из 4. Сброс из дополнительной колоды." in shown
    first = state.legal_actions()[0]
    assert state.describe(first) == f"сбросить карту «{game.cards[first].name}»"
    hand = state.hand[1]
    for count, said in ((1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"), (11, "11 карт"),
                        (21, "21 карта"), (22, "22 карты")):
        state.hand[1] = (hand * 10)[:count]
        assert f"У соперника в руке {said} " in state.information(0), count
    state.hand[1] = hand
    assert "игрок 2" in state.information(1)
    output = CliRunner().invoke(main, ["play", str(ROOT / "decks" / "queens-vs-kings.deck"), "--seed", "3",
                                       "--bot", "random"], input="1\nq\n").output
    assert "сид 3" in output and "зерно" not in output and "место" not in output
    assert not re.search(r"\. [а-яё]", output), "a sentence starts with a capital"
    english = CliRunner().invoke(main, ["play", str(ROOT / "decks" / "queens-vs-kings.deck"), "--seed", "3",
                                        "--bot", "random", "--lang", "en"], input="1\nq\n").output
    assert "You play" in english and "discard " in english and "seed 3" in english and "Ваш" not in english
