"""Rules conformance: the engine plays scripted situations and must end in the state the GDD's rules say.

Each `tests/conformance/*.toml` quotes GDD sentences word for word and holds scenarios: a deck, rule
overrides, a setup by card name, a script of every decision and the expected state at named points (the
format: tests/conformance/README.md).  The harness builds the state, plays it with `Game.play()` and
scripted players, snapshots the state at those points and compares.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import pytest

import deckdsl
from deckdsl.games.janken_wars import engine as janken
from deckdsl.games.janken_wars.engine import DECK, DISCARD, DOMAIN, HAND, SUPPLY, TABLE

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "conformance"
GDD = ROOT / "docs" / "gdd" / "janken-wars.pt-BR.txt"

# Every sentence of the GDD's "Regras" and "Sequência da partida" (with the exchange / end paragraph).
RULES_SENTENCES = [
    "Janken Wars pode ser jogado sobre qualquer superfície lisa do tamanho de um tabuleiro de xadrez.",
    "O espaço do jogo é dividido nas seguinte zonas onde as cartas podem estar:",
    "O baralho é uma zona neutra, onde todas as cartas começam empilhadas viradas para baixo em uma ordem "
    "aleatória.",
    "A mesa é uma zona neutra onde até cinco cartas ficam, sempre viradas para cima.",
    "O domínio é uma zona que cada jogador possui onde ficam as cartas que ele ganhou, viradas para cima.",
    "A pilha de descarte é uma zona que cada jogador possui onde ficam empilhadas as cartas que ele "
    "descartou, em nenhuma ordem em particular.",
]
SEQUENCE_SENTENCES = [
    "Uma partida é composta por uma série de rodadas, sendo cada uma delas executada da seguinte maneira:",
    "Cartas do topo do baralho são colocadas na mesa até que se completem cinco cartas nela.",  # 1
    "Caso não haja mais cartas no baralho, o jogo é encerrado e ganha o jogador com mais estrelas.",  # 1.1
    "Em caso de empate pela regra anterior, ganha o jogador cujo domínio some maior valor.",  # 1.2
    "Se esses também forem iguais, o jogo é decidido por uma derradeira disputa de pedra-papel-tesoura, "
    "obviamente.",  # 1.3
    "Os dois jogadores disputam pedra-papel-tesoura até um deles ganhar.",  # 2
    "Não há restrições de tempo - os jogadores podem pensar à vontade entre disputas.",  # 2.1
    "O jogador que ganhou a disputa escolhe uma carta da mesa que seja do tipo com que ele ganhou (por "
    "exemplo, uma carta do tipo pedra se ele ganhou com pedra).",  # 3
    "Se a carta possui uma ação, ela ocorre nesse momento.",  # 3.1
    "Se não houver uma carta do tipo que ele ganhou, o jogador tem duas opções: (a) ganhar uma carta de 1 "
    "ponto genérica ou (b) colocar uma carta da mesa no fundo do baralho.",  # 3.2
    "Por último, o jogador coloca a carta em seu domínio e a rodada acaba.",  # 4
    "Sempre que o domínio de um jogador muda (por ter ganho ou perdido uma carta), ele pode optar por "
    "descartar seu domínio inteiro em troca de estrelas.",
    "Para cada 8 pontos em valor de cartas descartadas dessa maneira, ganha-se uma estrela.",
    "Se no final de uma rodada um dos jogadores tiver três ou mais estrelas em seu domínio, a partida é "
    "encerrada com ele sendo o vencedor e seu oponente, o perdedor.",
]
MULTISETS = {"table", "hand0", "hand1", "domain0", "domain1", "discard0", "discard1"}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _files() -> list[tuple[Path, dict]]:
    return [(path, tomllib.loads(path.read_text(encoding="utf-8"))) for path in sorted(HERE.glob("*.toml"))]


SCENARIOS = [(path, data, scenario) for path, data in _files() for scenario in data.get("scenario", [])]


class ScriptError(AssertionError):
    pass


class Scripted(janken.Player):
    """A seat fed from the scenario's `script` (shared by both seats, asked in order): a question the
    script did not foresee, or an answer that is not among the options, fails the test."""

    def __init__(self, entries: list[dict], seat: int, compiled):
        self.entries, self.name, self.compiled, self.pending = entries, f"scripted{seat}", compiled, None

    def names(self, cards) -> list[str]:
        return sorted(self.compiled.name(card) for card in cards)

    def next(self, kind: str, seat: int, detail: object, options: list[str] | None = None) -> dict:
        asked = f"player {seat} was asked `{kind}` ({detail}{f', options {options}' if options else ''})"
        if not self.entries:
            raise ScriptError(f"{asked}, but the script has no more answers")
        entry = self.entries.pop(0)
        if kind not in entry or entry.get("seat", seat) != seat:
            raise ScriptError(f"{asked}; the script expected {entry}")
        if "options" in entry and sorted(entry["options"]) != options:
            raise ScriptError(f"player {seat} `{kind}`: the options were {options}, not {sorted(entry['options'])}")
        info = detail if isinstance(detail, dict) else {}
        for key in [key for key in ("brinde", "stars", "verb") if key in entry and key in info]:
            if entry[key] != info[key]:
                raise ScriptError(f"player {seat} `{kind}`: {key} was {info[key]!r}, not {entry[key]!r}")
        return entry

    def pick(self, name: str, options, used=()) -> int:
        for card in options:
            if self.compiled.name(card) == name and card not in used:
                return card
        raise ScriptError(f"scripted answer `{name}` is not among the options {self.names(options)}")

    def throw(self, game, me):
        other = game.players[1]
        if me == 1:
            if self.pending is None:
                raise ScriptError("player 1 threw without player 0 throwing first")
            pending, self.pending = self.pending, None
            return pending
        pair = self.next("throws", me, "a throw")["throws"]
        other.pending = game.compiled.throws.index(pair[1])
        return game.compiled.throws.index(pair[0])

    def take(self, game, me, options):
        return self.pick(self.next("take", me, "a table card", self.names(options))["take"], options)

    def fallback(self, game, me, brinde):
        table = game.zones[TABLE]
        entry = self.next("fallback", me, {"brinde": brinde}, self.names(table))
        return None if entry["fallback"] == "Brinde" else self.pick(entry["fallback"], table)

    def choose(self, game, me, request, options, count):
        entry = self.next("choose", me, {"verb": request.verb, "count": count}, self.names(options))
        if len(entry["choose"]) != count:
            raise ScriptError(f"choose: {count} card(s) asked, the script answers {entry['choose']}")
        picked: list[int] = []
        for name in entry["choose"]:
            picked.append(self.pick(name, options, picked))
        return picked

    def may(self, game, me, request):
        return self.next("may", me, game.compiled.name(request.card))["may"]

    def exchange(self, game, me, stars):
        if stars < 1 and not self.answers_no_star(me):
            return False  # an exchange for no star is declined unless the script answers it (`stars = 0`)
        return self.next("exchange", me, {"stars": stars, "points": game.domain_value(me)})["exchange"]

    def answers_no_star(self, seat: int) -> bool:
        """Whether the script's next entry answers an exchange for no star: `{ exchange = …, stars = 0 }`.
        The engine offers one whenever a domain changes (the GDD lets a player discard it for nothing);
        a script that does not say `stars = 0` declines them and answers only the exchanges that buy stars."""
        entry = self.entries[0] if self.entries else {}
        return "exchange" in entry and entry.get("stars") == 0 and entry.get("seat", seat) == seat


@lru_cache(maxsize=None)
def _deck(path: str | None, text: str | None):
    result = deckdsl.loads(text) if text is not None else deckdsl.load(ROOT / path)
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    assert result.deck is not None and not errors, f"{path or 'deck_text'} does not check: {errors}"
    return result


def _snapshot(game, log: list, exchanges: list) -> dict:
    compiled, zones = game.compiled, game.zones

    def named(zone):
        return [compiled.name(card) for card in zones[zone]]

    snap = {"deck": named(DECK)[::-1], "deck_count": len(zones[DECK]), "table": named(TABLE),
            "supply": sum(compiled.def_of[card] == compiled.star_def for card in zones[SUPPLY]),
            "steps": list(log), "exchanges": [list(e) for e in exchanges]}
    for seat in (0, 1):
        snap.update({f"hand{seat}": named(HAND + seat), f"domain{seat}": named(DOMAIN + seat),
                     f"discard{seat}": named(DISCARD + seat), f"stars{seat}": game.stars(seat),
                     f"value{seat}": game.domain_value(seat), f"credit{seat}": game.credit[seat]})
        values = defaultdict(list)
        for card in zones[DOMAIN + seat]:
            values[compiled.name(card)].append(game.value(card))
        snap[f"values{seat}"] = {name: sorted(v) for name, v in values.items()}
    seen = Counter(card for zone in zones for card in zone)  # each deck card in one zone, `loc` agreeing
    snap["misplaced"] = [compiled.name(c) for c in compiled.deck_ids if seen[c] != 1 or c not in zones[game.loc[c]]]
    return snap


def _compare(point: str, want: dict, got: dict) -> list[str]:
    problems = []
    for key, expected in want.items():
        if key == "at":
            continue
        actual = got.get(key, "<no such snapshot key>")
        if key in MULTISETS:
            expected, actual = sorted(expected), sorted(actual)
        elif key.startswith("values"):  # {name: value}: every copy of that name in the domain has it
            actual = {name: actual.get(name, []) for name in expected}
            expected = {n: [v] * max(1, len(actual[n])) if isinstance(v, int) else sorted(v)
                        for n, v in expected.items()}
        if expected != actual:
            problems.append(f"at {point}: {key}: expected {expected!r}, got {actual!r}")
    return problems


def _point(at: str) -> str:
    return at if "#" in at or at == "final" else at + "#1"


def _setup(game, setup: dict) -> None:
    """Put the cards where the setup says; the deck's other copies go to the box (an extra zone: the
    supply holds only stars)."""
    compiled, pool, box = game.compiled, defaultdict(list), len(game.zones)
    game.zones.append([])
    for card in list(game.zones[DECK]):
        pool[compiled.name(card)].append(card)
        game.move(card, box)
    places = [("deck", DECK)] + [(f"{key}{seat}", base + seat) for seat in (0, 1)
                                 for key, base in (("hand", HAND), ("domain", DOMAIN), ("discard", DISCARD))]
    for key, zone in [("table", TABLE)] + places:
        names = setup.get(key, [])
        for name in reversed(names) if zone == DECK else names:  # the deck is written top first
            if name == "Brinde":
                card = game.new_brinde()
            else:
                assert pool[name], f"setup: no copy of `{name}` left in the deck"
                card = pool[name].pop(0)
            game.move(card, zone)
    for seat in (0, 1):
        game.gain_stars(seat, setup.get(f"stars{seat}", 0))


def run_scenario(data: dict, scenario: dict) -> list[str]:
    loaded = _deck(scenario.get("deck", data.get("deck", "decks/janken-wars.deck")),
                   scenario.get("deck_text", data.get("deck_text")))
    overrides = {k: str(v) for k, v in scenario.get("rules", {}).items()}
    rules = janken.rules_for(loaded.deck, loaded.profile, overrides)
    compiled = janken.compile_deck(loaded.deck, loaded.profile, rules)
    entries, setup = list(scenario.get("script", [])), scenario.get("setup", {})
    players = [Scripted(entries, 0, compiled), Scripted(entries, 1, compiled)]
    game = janken.Game(compiled, players, random.Random(scenario.get("seed", 0)), shuffle=bool(setup.get("shuffle")))
    shuffled = list(game.zones[DECK]) != list(compiled.deck_ids)
    if not setup.get("fresh"):
        _setup(game, setup)
    game.dirty = [False, False]
    rounds = scenario.get("rounds", 1)
    game.round = start = rules.round_limit - rounds  # the round limit stops the game after `rounds`
    wanted = {_point(e["at"]) for e in scenario.get("expect", [])}
    snaps, counts, log, exchanges = {}, Counter(), [], []

    def listener(event, info):
        counts[event] += 1
        points = [f"{event}#{counts[event]}"]
        if event == "step":
            log.append(f"{compiled.name(info['card'])}:{info['kind']}")
        elif event == "exchange":
            exchanges.append((info["seat"], info["points"], info["stars"]))
        elif event == "move" and info["from"] in (HAND, HAND + 1) and info["to"] == info["from"] - HAND + DOMAIN:
            counts["placed"] += 1
            points.append(f"placed#{counts['placed']}")
        for point in points:
            if point in wanted and point not in snaps:
                snaps[point] = _snapshot(game, log, exchanges)

    game.listener = listener
    try:
        outcome = game.play()
    except ScriptError as error:  # the engine asked something the script did not foresee
        return [f"{error}", f"steps so far: {log}", f"exchanges so far: {exchanges}"]
    snaps["final"] = _snapshot(game, log, exchanges)
    problems = ["the deck was not shuffled at the start"] if setup.get("shuffle") and not shuffled else []
    for expect in scenario.get("expect", []):
        point = _point(expect["at"])
        if point not in snaps:
            problems.append(f"the engine never reached `{point}` (events heard: {dict(counts)})")
        else:
            problems += _compare(point, expect, snaps[point])
    problems += [f"at {point}: cards not in exactly one zone: {snap['misplaced']}"
                 for point, snap in snaps.items() if snap["misplaced"]]
    got = {"winner": outcome.winner, "reason": outcome.reason, "rounds": outcome.rounds - start}
    want = scenario.get("outcome")
    if want is None and (outcome.reason != "round-limit" or got["rounds"] != rounds):
        problems.append(f"the game should go on for {rounds} round(s), but it ended: {got}")
    elif want is not None:
        problems += [f"outcome {k}: expected {v!r}, got {got[k]!r}" for k, v in want.items() if got[k] != v]
    if entries:
        problems.append(f"scripted decisions never asked for: {entries}")
    return problems


@pytest.mark.parametrize(
    "data,scenario", [(d, s) for _, d, s in SCENARIOS],
    ids=[f"{p.stem}::{s['name']}" for p, _, s in SCENARIOS])
def test_scenario(data, scenario):
    problems = run_scenario(data, scenario)
    quoted = " / ".join(_quotes(data))
    header = f"{scenario['name']}: {scenario.get('about', '')}\nGDD, {data['section']}: {quoted[:300]}"
    assert not problems, header + "\n  " + "\n  ".join(problems)


def _quotes(data: dict) -> list[str]:
    return [_norm(q) for q in (data["quote"] if isinstance(data["quote"], list) else [data["quote"]])]


def test_every_rules_sentence_is_covered():
    quotes = [q for _, data in _files() for q in _quotes(data)]
    missing = [s for s in RULES_SENTENCES + SEQUENCE_SENTENCES if not any(s in q for q in quotes)]
    assert not missing, "GDD sentences no scenario quotes:\n" + "\n".join(missing)


def test_quotes_are_word_for_word():
    files = _files()
    assert len(SCENARIOS) >= 35 and all(d.get("scenario") for _, d in files)
    gdd = _norm(GDD.read_text(encoding="utf-8"))
    wrong = [s for s in RULES_SENTENCES + SEQUENCE_SENTENCES if s not in gdd]
    wrong += [f"{p.name}: {q}" for p, d in files for q in _quotes(d) if q not in gdd]
    wrong += [f"{p.name}: section {d['section']}" for p, d in files if d["section"] not in gdd]
    assert not wrong, "not in the GDD word for word:\n" + "\n".join(wrong)


def test_rule_options_and_readings_quote_the_gdd():
    """docs/rules.md is generated from the profile's quotes: each piece (between `[...]` and ` / `) must
    be in the GDD word for word."""
    from deckdsl.profiles import profile

    game = profile.load("janken-wars")
    gdd = _norm(GDD.read_text(encoding="utf-8"))
    quotes = [p.quote for p in game.rules.values() if p.quote] + [r["quote"] for r in game.readings]
    pieces = [piece.strip(" .\"") for quote in quotes for part in quote.split(" / ")
              for piece in re.split(r"\[\.\.\.\]|\(.*?\)$", part)]
    missing = [piece for piece in pieces if piece and _norm(piece) not in gdd]
    assert not missing, missing
