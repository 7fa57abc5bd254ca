"""The exchange for stars is offered whenever a domain changes, even when it buys no star.

"Sempre que o domínio de um jogador muda (por ter ganho ou perdido uma carta), ele pode optar por
descartar seu domínio inteiro em troca de estrelas" (GDD, "Sequência da partida"): the choice exists
whatever the domain is worth — discarding it for nothing feeds a card that counts the discard pile
(Estátua de Sucata) or takes cards away from the opponent's swaps.  The engine asks the player with
`stars` 0; the bots decline (so simulated figures do not change); a person in `deckdsl play` (the seat the
state `follow`s) is asked in words that say no star comes of it; nothing divides by zero or loops.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import deckdsl
from deckdsl.games.janken_wars import bots
from deckdsl.games.janken_wars import engine as janken
from deckdsl.games.janken_wars.engine import DECK, DISCARD, DOMAIN, STARS, SUPPLY, TABLE
from deckdsl.games.interface import engine_for
from deckdsl.games.search import make_bot

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"


class Recorder(janken.Player):
    """Takes the first option, declines every `may`, and answers exchanges with `accept(stars)`,
    recording each offer as (seat, stars, points)."""

    name = "recorder"

    def __init__(self, offers: list, accept=lambda stars: False):
        self.offers, self.accept = offers, accept

    def throw(self, game, me):
        return 0

    def take(self, game, me, options):
        return options[0]

    def fallback(self, game, me, brinde):
        return None

    def choose(self, game, me, request, options, count):
        return options[:count]

    def may(self, game, me, request):
        return False

    def exchange(self, game, me, stars):
        self.offers.append((me, stars, game.domain_value(me) + game.credit[me]))
        return self.accept(stars)


@pytest.fixture(scope="module")
def loaded():
    result = deckdsl.load(STANDARD)
    assert not result.errors
    return result


def _game(loaded, *, accept=lambda stars: False, overrides=None, domain0=(), domain1=(), table=()):
    """A game of the standard deck with the named cards placed (the rest stay in the deck), two recording
    players and a listener that keeps the exchange events."""
    rules = janken.rules_for(loaded.deck, loaded.profile, overrides or {})
    compiled = janken.compile_deck(loaded.deck, loaded.profile, rules)
    offers: list = []
    players = [Recorder(offers, accept), Recorder(offers, accept)]
    game = janken.Game(compiled, players, random.Random(0), shuffle=False)
    for zone, names in ((DOMAIN, domain0), (DOMAIN + 1, domain1), (TABLE, table)):
        for name in names:
            game.move(_copy(game, name), zone)
    game.dirty = [False, False]
    events: list = []
    game.listener = lambda event, data: events.append(data) if event == "exchange" else None
    return game, offers, events


def _copy(game, name: str) -> int:
    return next(card for card in game.zones[DECK] if game.compiled.name(card) == name)


def _names(game, zone: int) -> list[str]:
    return sorted(game.compiled.name(card) for card in game.zones[zone])


def _on_table(game, name: str) -> int:
    return next(card for card in game.zones[TABLE] if game.compiled.name(card) == name)


def test_an_exchange_that_buys_no_star_is_offered(loaded):
    game, offers, _ = _game(loaded, domain0=["Origami Sublime"], table=["Muro Alto"])
    game.take(0, _on_table(game, "Muro Alto"))  # 4 + 2 = 6 points, below the 8 of a star
    assert offers == [(0, 0, 6)]
    assert _names(game, DOMAIN) == ["Muro Alto", "Origami Sublime"]


def test_accepting_it_discards_the_whole_domain_and_gives_no_star(loaded):
    game, offers, events = _game(loaded, accept=lambda stars: True, domain0=["Origami Sublime"],
                                 table=["Muro Alto"])
    supply = len(game.zones[SUPPLY])
    game.take(0, _on_table(game, "Muro Alto"))
    assert offers == [(0, 0, 6)]
    assert game.zones[DOMAIN] == []
    assert _names(game, DISCARD) == ["Muro Alto", "Origami Sublime"]  # into the player's own pile
    assert game.stars(0) == 0 and game.zones[STARS] == [] and len(game.zones[SUPPLY]) == supply
    assert game.credit == [0, 0]
    assert [(e["seat"], e["points"], e["stars"]) for e in events] == [(0, 6, 0)]


def test_it_feeds_a_card_that_counts_the_discard_pile(loaded):
    """Estátua de Sucata is worth half the owner's discard pile: a domain discarded for nothing makes it
    worth more when it comes."""
    game, _, _ = _game(loaded, accept=lambda stars: stars == 0, domain0=["Muro Alto", "Estilete Afiado"],
                       table=["Origami Sublime", "Estátua de Sucata"])
    game.take(0, _on_table(game, "Origami Sublime"))  # 2 + 1 + 4 = 7: discarded for no star
    assert len(game.zones[DISCARD]) == 3 and game.stars(0) == 0
    game.players[0].accept = lambda stars: False
    game.take(0, _on_table(game, "Estátua de Sucata"))
    assert game.domain_value(0) == 2  # ceil(3 / 2)


def test_an_empty_domain_is_not_offered(loaded):
    """Rolo Compressor empties the opponent's domain: they have nothing to discard and are not asked;
    the winner's domain (the Rolo, -2 points) is offered for no star."""
    game, offers, _ = _game(loaded, domain1=["Origami Sublime"], table=["Rolo Compressor"])
    game.take(0, _on_table(game, "Rolo Compressor"))
    assert game.zones[DOMAIN + 1] == []
    assert offers == [(0, 0, -2)]


def test_a_negative_domain_discarded_leaves_no_debt(loaded):
    game, offers, events = _game(loaded, accept=lambda stars: True, overrides={"exchange_remainder": "kept"},
                                 table=["Rolo Compressor"])
    game.take(0, _on_table(game, "Rolo Compressor"))
    assert offers == [(0, 0, -2)] and events[0]["stars"] == 0
    assert game.zones[DOMAIN] == [] and game.credit == [0, 0]


def test_a_kept_remainder_is_kept_from_an_exchange_for_no_star(loaded):
    game, _, _ = _game(loaded, accept=lambda stars: True, overrides={"exchange_remainder": "kept"},
                       domain0=["Origami Sublime"], table=["Muro Alto"])
    game.take(0, _on_table(game, "Muro Alto"))
    assert game.credit == [6, 0]  # the 6 points are the remainder below a multiple of 8


def test_no_star_left_to_buy_is_still_an_offer(loaded):
    """With the star supply used up, a domain worth 12 buys nothing; the choice is still offered."""
    game, offers, _ = _game(loaded, overrides={"star_supply": "1"}, domain0=["Origami Sublime", "Origami Sublime"],
                            table=["Muro Alto"])
    game.gain_stars(1, 1)
    game.take(0, _on_table(game, "Muro Alto"))
    assert offers == [(0, 0, 10)]


def test_an_exchange_that_buys_stars_still_says_how_many(loaded):
    game, offers, events = _game(loaded, accept=lambda stars: stars >= 1,
                                 domain0=["Origami Sublime", "Origami Sublime"], table=["Muro Alto"])
    game.take(0, _on_table(game, "Muro Alto"))
    assert offers == [(0, 1, 10)]
    assert game.stars(0) == 1 and events[0]["stars"] == 1


@pytest.mark.parametrize("name", [f"{s}:{e}" for s in bots.STRATEGIES for e in bots.EXCHANGES])
def test_bots_decline_an_exchange_for_no_star(loaded, name):
    """Even `hoard`, which exchanges whatever it buys when the deck is about to run out."""
    game, _, _ = _game(loaded, domain0=["Origami Sublime"])
    while len(game.zones[DECK]) >= game.rules.table_size:
        game.move(game.zones[DECK][-1], TABLE)
    player = bots.make_player(name, random.Random(1))
    assert player.exchange(game, 0, 0) is False
    assert player.exchange(game, 0, 1) is True  # eager always; hoard because the deck is nearly out


class AlwaysExchange(bots.RandomPlayer):
    """Random, but discards its domain at every offer, stars or not."""

    def exchange(self, game, me, stars):
        return True


@pytest.mark.parametrize("overrides", [{}, {"exchange_remainder": "kept"}, {"star_cost": "1"},
                                       {"star_supply": "1"}, {"exchange_window": "round"}])
def test_players_who_always_discard_still_finish_their_games(loaded, overrides):
    rules = janken.rules_for(loaded.deck, loaded.profile, {"round_limit": "400", **overrides})
    compiled = janken.compile_deck(loaded.deck, loaded.profile, rules)
    for seed in range(30):
        rng = random.Random(seed)
        seats = [AlwaysExchange(random.Random(seed), bots.Exchange()),
                 bots.make_player("random", random.Random(seed + 1000))]
        outcome = janken.Game(compiled, seats, rng).play()
        assert outcome.winner in (0, 1, None) and outcome.rounds <= 400


def _offer(loaded, language: str, wanted):
    """A game of the standard deck where a person (seat 1, answering through the state) first faces an
    exchange offer that `wanted(stars)` accepts, against the random bot; the first option of every other
    decision is taken (keeping the domain, for an offer)."""
    engine = engine_for(loaded.deck, loaded.profile, {})
    for seed in range(40):
        state = engine.new_game(random.Random(seed), [None, make_bot("random", random.Random(seed), engine.bots)])
        assert state.follow(0, language)
        while not state.is_terminal():
            decision = state.decision
            if decision.seat == 0 and decision.kind == "exchange" and wanted(decision.stars):
                return state
            state.apply(state.legal_actions()[0])
    raise AssertionError("no such offer in 40 games")


def test_a_person_is_asked_to_discard_for_no_star(loaded):
    state = _offer(loaded, "en", lambda stars: stars == 0)
    points = state.game.domain_value(0) + state.game.credit[0]
    assert state.question() == f"discard your whole domain ({points} points) for no star?"
    options = state.legal_actions()
    assert [state.describe(action) for action in options] == ["no, keep the domain", "yes, discard it"]
    state.news()
    cards = len(state.game.zones[DOMAIN])
    state.apply(options[1])
    said = f"{cards} card{'s' if cards != 1 else ''} worth {points} point{'s' if points != 1 else ''}"
    assert f"you discard the whole domain, {said}, for no star" in state.news()
    assert state.game.stars(0) == 0


def test_a_person_is_asked_in_portuguese(loaded):
    state = _offer(loaded, "pt-BR", lambda stars: stars == 0)
    points = state.game.domain_value(0) + state.game.credit[0]
    assert state.question() == f"descartar seu domínio inteiro ({points} pontos) sem ganhar estrela?"
    assert [state.describe(action) for action in state.legal_actions()] == ["não, manter o domínio", "sim, descartar"]


def test_a_person_is_asked_for_the_stars_an_exchange_buys(loaded):
    state = _offer(loaded, "en", lambda stars: stars >= 1)
    points = state.game.domain_value(0) + state.game.credit[0]
    stars = state.decision.stars
    plural = "s" if stars > 1 else ""
    assert state.question() == f"exchange your whole domain ({points} points) for {stars} star{plural}?"
    assert state.describe(state.legal_actions()[1]) == "yes, exchange it"


def test_a_seat_without_a_person_is_never_offered_an_exchange_for_no_star(loaded):
    engine = engine_for(loaded.deck, loaded.profile, {})
    state, rng, offers = engine.new_state(random.Random(5)), random.Random(6), 0
    while not state.is_terminal():
        assert not (state.decision.kind == "exchange" and state.decision.stars == 0)
        offers += state.decision.kind == "exchange"
        state.apply(rng.choice(state.legal_actions()))
    assert offers
