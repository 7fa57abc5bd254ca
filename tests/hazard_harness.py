"""Play a hazard situation in the rules engine, so the analysis's reference semantics (check/hazards/board.py
and world.py) and the engine (games/janken_wars/engine/) can be compared on the same situations.

`compile_with_order(text, first, second)` compiles the deck `text` with an addendum that puts one card of
the pair before the other, `only_the_pair` leaves only the pair's effects in force (as in the analysis's
situations), and `engine_outcomes(compiled, situation, names)` sets the engine's zones as the situation
says, makes its event happen and returns every way it can end — every answer to every question, random
picks included — in the form the analysis compares (`World.state()`, or the pieces' values in order).
"""

from __future__ import annotations

import itertools
import random

import deckdsl
from deckdsl.check.hazards.pairs import Situation, shape
from deckdsl.check.hazards.world import ENDLESS, Answers, outcomes
from deckdsl.games.janken_wars import engine as janken
from deckdsl.games.janken_wars.engine import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE

ZONES = {("deck", None): DECK, ("table", None): TABLE, ("supply", None): SUPPLY}
for _seat in (0, 1):
    ZONES.update({("hand", _seat): HAND + _seat, ("domain", _seat): DOMAIN + _seat,
                  ("discard", _seat): DISCARD + _seat, ("stars", _seat): STARS + _seat})
KEYS = {index: key for key, index in ZONES.items()}


class Scripted(janken.Player):
    def __init__(self, script: Answers):
        self.script, self.name = script, "scripted"

    def choose(self, game, me, request, options, count):
        combos = list(itertools.combinations(options, count))
        return list(combos[self.script.ask(len(combos))])

    def may(self, game, me, request):
        return bool(self.script.ask(2))

    def exchange(self, game, me, stars):
        return False  # exchanges for stars are not part of the analysis's situations


class ScriptedRandom(random.Random):
    """A random generator whose picks (`sample`) are answers of the script, like the analysis's."""

    def __init__(self, script: Answers):
        super().__init__(0)
        self.script = script

    def sample(self, population, k, **_):
        combos = list(itertools.combinations(population, k))
        return list(combos[self.script.ask(len(combos))])


def compile_with_order(text: str, first: str, second: str):
    """The deck `text` with an addendum putting `first` before `second`, loaded and compiled."""
    ordered = text + f'\naddendum "Ordem do teste" {{\n  order: "{first}" then "{second}"\n}}\n'
    result = deckdsl.loads(ordered, "ordered.deck", check=False)
    rules = janken.rules_for(result.deck, result.profile)
    return janken.compile_deck(result.deck, result.profile, rules)


def engine_outcomes(compiled, situation: Situation, names: dict[str, str], *, values: bool,
                    limit: int = 256) -> frozenset | None:
    """Every way the situation can end in the engine (None past `limit` ways), enumerated as the analysis
    enumerates its own (`world.outcomes`)."""

    def play(answers: Answers) -> tuple:
        try:
            return _play(compiled, situation, names, answers, values)
        except janken.EngineError:
            return ENDLESS

    return outcomes(play, limit)


def _play(compiled, situation: Situation, names: dict[str, str], script: Answers, values: bool):
    players = [Scripted(script), Scripted(script)]
    game = janken.Game(compiled, players, ScriptedRandom(script), shuffle=False)
    box = len(game.zones)
    game.zones.append([])
    for card in list(game.zones[DECK]) + list(game.zones[SUPPLY]):
        game.zones[game.loc[card]].remove(card)
        game.zones[box].append(card)
        game.loc[card] = box
    pool: dict[str, list[int]] = {}
    for card in compiled.deck_ids + compiled.star_ids:
        pool.setdefault(compiled.name(card), []).append(card)
    ids = []
    for card, name, zone in situation.pieces:
        real = names.get(name, name)
        if real == "Estrela":
            piece = pool[janken.STAR_NAME].pop(0)
        elif card is None:
            piece = game.new_brinde()
        else:
            piece = pool[real].pop(0)
        source = game.loc[piece]
        if piece in game.zones[source]:
            game.zones[source].remove(piece)
        game.zones[ZONES[zone]].append(piece)
        game.loc[piece] = ZONES[zone]
        ids.append(piece)
    for seat in (0, 1):
        domain = game.zones[DOMAIN + seat]
        game.printed[seat] = sum(compiled.base_of[c] for c in domain if compiled.base_of[c] is not None)
        game.starred[seat] = sum(1 for c in domain if compiled.base_of[c] is None)
    for holder, target in situation.chosen:
        definition = compiled.defs[compiled.def_of[ids[holder]]]
        k = definition.entry[0][0]
        game.chosen[(ids[holder], k)] = [ids[target]]
    happening = situation.happening
    if happening is None:
        return tuple(game.value(card) for card in ids)
    if happening[0] == "dispute":
        throws = compiled.throws
        winner, throw, beaten = happening[1], throws.index(happening[2]), throws.index(happening[3])
        game.active = winner
        game._fire_all([("DisputeEvent", winner, -1, -1, "win", throw),
                        ("DisputeEvent", 1 - winner, -1, -1, "lose", beaten)])
    elif happening[0] == "step":
        holder = ids[happening[1]]
        definition = compiled.defs[compiled.def_of[holder]]
        steps = [s for group in (definition.cost or [], definition.action or [],
                                 *(t[4] for t in definition.triggers)) for s in group]
        step = next(s for s in _walk_steps(steps) if shape(s.node) == shape(happening[3]))
        step.run(game, janken.Ctx(happening[2], holder))
    else:
        kind, seat, index, origin = happening
        card = ids[index]
        game.active = seat
        game._fire(kind, seat, card, ZONES[origin])
        for piece in list(game.zones[HAND + seat]):
            game.move(piece, DOMAIN + seat)
    return _state(game, names)


def _walk_steps(steps):
    for step in steps:
        yield step
        inner = getattr(step, "step", None)
        if inner is not None:
            yield from _walk_steps([inner])


def _state(game, names: dict[str, str]) -> tuple:
    """The engine's zones in the form of `World.state()`, with the pair's stand-in names."""
    compiled = game.compiled
    back = {real: stand_in for stand_in, real in names.items()}

    def name(card):
        real = compiled.name(card)
        return back.get(real, real)

    zones = []
    for index, cards in enumerate(game.zones):
        key = KEYS.get(index)
        if key is None or not cards:
            continue
        listed = [name(card) for card in cards]
        zones.append((key, tuple(listed) if key == ("deck", None) else tuple(sorted(listed))))
    zones.sort(key=lambda item: (item[0][0], item[0][1] or 0))
    acts = {name(c) for c in game.cancelled
            if compiled.defs[compiled.def_of[c]].action or compiled.defs[compiled.def_of[c]].cost}
    return tuple(zones), tuple(sorted(acts))


def only_the_pair(compiled, effects):
    """The compiled deck with only the two effects under test in force (besides value definitions), as
    in the analysis's situations: every other modifier, trigger and discard priority is taken out.
    `effects`: the two (card name, clause index)."""
    import copy

    nodes = [compiled.deck.card(name).condition.clauses[clause] for name, clause in effects]
    keep = {id(node) for node in nodes}
    events = {id(node.event) for node in nodes if isinstance(node, janken.ast.Trigger)}
    ranked = {name for (name, _), node in zip(effects, nodes, strict=True)
              if isinstance(node, janken.ast.DiscardPriority)}
    trimmed = copy.copy(compiled)
    trimmed.defs = []
    for definition in compiled.defs:
        own = copy.copy(definition)
        own.triggers = [t for t in definition.triggers if id(t[1]) in events]
        own.entry = [(k, node) for k, node in definition.entry if id(node) in keep]
        if definition.name not in ranked:
            own.priority = 0
        trimmed.defs.append(own)
    trimmed.ordered_modifiers = [m for m in compiled.ordered_modifiers if id(m[2][4]) in keep]
    trimmed.modifiers = bool(trimmed.ordered_modifiers)
    trimmed.gain_triggers = any(t[0] == "GainEvent" for d in trimmed.defs for t in d.triggers)
    trimmed.discard_triggers = any(t[0] == "DiscardEvent" for d in trimmed.defs for t in d.triggers)
    trimmed.dispute_triggers = any(t[0] == "DisputeEvent" for d in trimmed.defs for t in d.triggers)
    trimmed.priorities = any(d.priority for d in trimmed.defs)
    trimmed.entry_choices = any(d.entry for d in trimmed.defs)
    return trimmed
