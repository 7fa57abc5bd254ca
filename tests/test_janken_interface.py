"""Janken Wars on the one game interface (deckdsl.games.janken_wars.state): every decision of a round — the
throw, the take, the fallback, an effect's targets, `may`, the exchange — is an action of `State`."""

from __future__ import annotations

import random
from pathlib import Path

import deckdsl
from deckdsl.games.interface import engine_for, play_out
from deckdsl.games.search import make_bot
from deckdsl.games.janken_wars.engine.zones import DECK

ROOT = Path(__file__).resolve().parent.parent
RESULT = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
ENGINE = engine_for(RESULT.deck, RESULT.profile, {})


def test_the_engine_is_found_through_the_registry():
    assert type(ENGINE).__module__ == "deckdsl.games.janken_wars.state" and ENGINE.seats == 2


def test_random_games_end_with_a_winner_or_a_draw():
    for seed in range(60):
        state = play_out(ENGINE.new_state(random.Random(seed)), random.Random(seed + 1000))
        assert sum(state.returns()) == 0 and state.figures()["rounds"] >= 1


def test_the_same_seed_plays_the_same_game():
    def game(seed):
        state, rng, throws = ENGINE.new_state(random.Random(seed)), random.Random(seed), []
        while not state.is_terminal():
            throws.append(rng.choice(state.legal_actions()))
            state.apply(throws[-1])
        return throws, state.returns()

    assert game(3) == game(3)


def test_the_second_seat_does_not_see_the_first_throw():
    state = ENGINE.new_state(random.Random(1))
    before = state.information(1)
    state.apply(0)
    assert state.current_player() == 1
    assert state.information(1) == before and "your throw" in state.information(0)
    seen = {state.determinize(1, random.Random(seed)).throws[0] for seed in range(30)}
    assert len(seen) == 3  # seat 2's worlds draw seat 1's throw again
    assert state.determinize(0, random.Random(1)).throws[0] == 0


def test_determinize_keeps_what_a_seat_sees_and_shuffles_the_deck():
    state = ENGINE.new_state(random.Random(2))
    world = state.determinize(0, random.Random(5))
    assert world.information(0) == state.information(0)
    assert sorted(world.game.zones[DECK]) == sorted(state.game.zones[DECK])
    assert world.game.zones[DECK] != state.game.zones[DECK]
    world.apply(1)
    assert state.current_player() == 0  # the copy is independent


def test_janken_bots_play_through_the_interface():
    state = ENGINE.new_state(random.Random(4))
    greedy = make_bot("greedy", random.Random(1), ENGINE.bots)
    assert greedy.act(state) in state.legal_actions()
    assert make_bot("yomi:hoard", random.Random(1), ENGINE.bots).act(state) in (0, 1, 2)


def test_a_clone_leaves_the_original_exactly_as_it_was():
    """A search clones the real game thousands of times: doing so must not change how it goes on."""

    def finish(state):
        rng = random.Random(9)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        return state.returns(), state.figures(), list(state.game.zones[DECK])

    untouched, searched = ENGINE.new_state(random.Random(4)), ENGINE.new_state(random.Random(4))
    for _ in range(50):
        copy = searched.clone()
        play_out(copy, random.Random(1))
    assert finish(searched) == finish(untouched)
    a, b = untouched.clone(), untouched.clone()
    assert a.game.rng.state == b.game.rng.state == untouched.game.rng.state


def _random_game(engine, seed):
    """A game of random actions: the decisions asked (kind, seat) and the state after each."""
    state, rng, asked = engine.new_state(random.Random(seed)), random.Random(seed + 7), []
    while not state.is_terminal():
        asked.append((state.decision.kind, state.current_player()))
        state.apply(rng.choice(state.legal_actions()))
    return asked, state


def test_every_decision_of_a_round_is_an_action():
    kinds = {kind for seed in range(40) for kind, _ in _random_game(ENGINE, seed)[0]}
    assert kinds == {"throw", "take", "fallback", "choose", "exchange"}
    optional = deckdsl.load(ROOT / "decks" / "examples" / "new-deck-examples.deck")
    engine = engine_for(optional.deck, optional.profile, {})
    kinds = {kind for seed in range(40) for kind, _ in _random_game(engine, seed)[0]}
    assert "may" in kinds


def test_a_stretch_replayed_from_its_copy_is_the_game_played_on():
    """Inside a round the state runs the engine again from the round's copy with the answers so far: a
    clone that is given the same answers sees exactly what the original sees, at every decision."""
    for seed in range(25):
        state, rng = ENGINE.new_state(random.Random(seed)), random.Random(seed)
        while not state.is_terminal():
            copy = state.clone()
            action = rng.choice(state.legal_actions())
            assert copy.describe(action) == state.describe(action)
            state.apply(action)
            copy.apply(action)
            assert [copy.information(seat) for seat in (0, 1)] == [state.information(seat) for seat in (0, 1)]
            assert copy.legal_actions() == state.legal_actions()


def test_determinize_inside_a_round_keeps_what_the_seat_sees():
    checked = 0
    for seed in range(30):
        state, rng = ENGINE.new_state(random.Random(seed)), random.Random(seed)
        while not state.is_terminal():
            if state.base is not None:
                seat = state.current_player()
                worlds = [state.determinize(seat, random.Random(n)) for n in range(4)]
                assert all(world.information(seat) == state.information(seat) for world in worlds)
                for world in worlds:
                    world.apply(world.legal_actions()[0])  # plays on from the copy without breaking
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


class _Recording:
    """A bot that notes each kind of decision it is asked, and asks `inner`."""

    def __init__(self, inner):
        self.inner, self.asked = inner, []

    def act(self, state):
        action = self.inner.act(state)
        self.asked.append((state.decision.kind, action, state))
        return action


def test_the_search_decides_takes_and_targets_against_greedy():
    """`simulate --players ismcts:50,greedy`: greedy answers inside the engine, and the search is asked
    every decision of its seat — which card to take and which targets to choose, not only the throw — and
    its answers are its own (some differ from what greedy's heuristic would pick)."""
    from deckdsl.games.janken_wars.state import JankenBot

    asked = []
    for seed in range(4):
        rng = random.Random(seed)
        search = _Recording(make_bot("ismcts:50", random.Random(rng.getrandbits(64)), ENGINE.bots))
        greedy = make_bot("greedy", random.Random(rng.getrandbits(64)), ENGINE.bots)
        state = ENGINE.new_game(random.Random(rng.getrandbits(64)), [search, greedy])
        while not state.is_terminal():
            assert state.current_player() == 0  # greedy never waits at the interface
            before = state.clone()
            action = search.act(state)
            search.asked[-1] = (*search.asked[-1][:2], before)
            state.apply(action)
        asked += search.asked
    kinds = {kind for kind, _, _ in asked}
    assert {"throw", "take", "choose"} <= kinds
    heuristic = JankenBot("greedy", random.Random(0))
    differs = [kind for kind, action, before in asked
               if kind in ("take", "choose") and heuristic.act(before) != action]
    assert differs, "every take and target of the search was greedy's"


def test_greedy_seated_in_the_engine_plays_the_engines_own_game():
    """Two of the game's own bots play the engine's own loop (`Game.play`): the same game as the engine
    alone with the same players and generators."""
    from deckdsl.games.janken_wars.bots import make_player
    from deckdsl.games.janken_wars.engine import Game
    from deckdsl.games.janken_wars.state import JankenBot

    for seed in range(5):
        bots = [JankenBot(name, random.Random(seed * 2 + seat)) for seat, name in enumerate(("greedy", "yomi"))]
        state = ENGINE.new_game(random.Random(seed), bots)
        assert state.is_terminal()
        alone = Game(ENGINE.compiled, [make_player(name, random.Random(seed * 2 + seat))
                                       for seat, name in enumerate(("greedy", "yomi"))], random.Random(seed)).play()
        assert (state.outcome.winner, state.outcome.reason, state.outcome.rounds) == (
            alone.winner, alone.reason, alone.rounds)


def _fields(game) -> dict:
    """The fields a game has: its instance dict, or (a compiled `Game`, which has none) the attributes mypyc
    lists for its class that are set."""
    names = getattr(type(game), "__mypyc_attrs__", None)
    if names is None:
        return vars(game)
    return {name: getattr(game, name) for name in names if name != "__dict__" and hasattr(game, name)}


def test_a_game_clone_copies_every_field_and_shares_no_mutable_one():
    """`Game.clone` names its fields one by one (faster than copying the instance dict): a field added to
    the game and forgotten there fails here."""
    state = ENGINE.new_state(random.Random(4))
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    game = state.game
    copy = game.clone(game.players)
    assert set(_fields(copy)) == set(_fields(game))
    shared = {"players", "entry_choices"}  # given by the caller; the compiled deck's, read only
    for name, value in _fields(game).items():
        if isinstance(value, (list, dict, set)) and value and name not in shared:
            assert getattr(copy, name) is not value, name
    assert copy.zones == game.zones and copy.loc == game.loc and copy.round == game.round


def test_a_clone_into_an_earlier_copy_is_the_same_as_a_new_clone():
    """Greedy's look-ahead refills one scratch copy (`clone(into=…)`) for every option it weighs: refilled from
    another game, mid-effect state and all, it must equal a fresh clone field by field and share no list."""
    games = []
    for seed in (4, 9):
        state = ENGINE.new_state(random.Random(seed))
        rng = random.Random(seed + 1)
        for _ in range(20 + 3 * seed):
            if not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
        games.append(state.game)
    scratch = games[1].clone(games[1].players)
    scratch.running.append((0, "action"))
    scratch.valuing[0] = 3
    scratch.cancelled.add(1)
    game = games[0]
    fresh = game.clone(game.players, game.rng.copy())
    again = game.clone(game.players, game.rng.copy(), into=scratch)
    assert again is scratch
    assert set(_fields(again)) == set(_fields(fresh))
    for name, value in _fields(fresh).items():
        if name != "rng":
            assert getattr(again, name) == value, name
    assert again.rng.state == fresh.rng.state
    for name in ("zones", "loc", "credit", "dirty", "printed", "starred", "cancelled"):
        assert getattr(again, name) is not getattr(game, name), name
    assert all(mine is not theirs for mine, theirs in zip(again.zones, game.zones, strict=True))


def test_a_searched_game_leaves_no_garbage_cycle():
    """A search copies the game thousands of times: each copy must be freed when dropped, not left to the
    cyclic collector (a game holding the players that hold it was such a cycle, and its collections cost a
    search a tenth of its time)."""
    import gc

    gc.collect()
    gc.disable()
    try:
        rng = random.Random(5)
        state = ENGINE.new_state(random.Random(5))
        bot = make_bot("ismcts:30", random.Random(6))
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(bot.act(state) if state.current_player() == 0 else actions[rng.randrange(len(actions))])
        del state, bot
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


def test_brindes_take_room_only_once_handed_out():
    """A game knows where each card is (`loc`); the Brindes, hundreds in the supply, are counted in it only
    once handed out, so copying a game copies what it used."""
    state = ENGINE.new_state(random.Random(2))
    compiled = state.game.compiled
    assert len(state.game.loc) == len(compiled.deck_ids) + len(compiled.star_ids) < len(compiled.def_of)
    play_out(state, random.Random(3))
    assert len(state.game.loc) == len(compiled.deck_ids) + len(compiled.star_ids) + state.game.next_brinde
