"""A hazard's witness in words: the situation, and how it ends in each order.

    `Origami Sublime` (4) in your domain with `Moldura Dourada` and `Lupa Dobradora`: `Moldura Dourada`
    first → `Origami Sublime` is worth 10; `Lupa Dobradora` first → 9

The first card of the pair belongs to "you"; the other player is "the opponent".
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from .pairs import Witness
from .board import DECK, SUPPLY, TABLE, Zone


def tell(witness: Witness, first: str, second: str) -> str:
    """The witness as one sentence, with `first` and `second` as the names of the pair's cards.

    Remembered by what the sentence is made of (`_told_key`), for up to `_TOLD_MAX` sentences: an editor
    re-checks a deck after every edit, and the searches find the same witnesses again; telling them took
    most of the hazard rules' time on a deck of many cards."""
    key = _told_key(witness, first, second)
    told = _TOLD.get(key)
    if told is None:
        if len(_TOLD) >= _TOLD_MAX:
            _TOLD.clear()
        told = _TOLD[key] = _tell(witness, first, second)
    return told


_TOLD: dict[tuple, str] = {}
_TOLD_MAX = 50_000


def _told_key(witness: Witness, first: str, second: str) -> tuple:
    """Everything `_tell` reads: of each piece, whether it is a card, its name and its zone (not the card
    itself); of a discard step, who discards (`_happening`)."""
    situation = witness.situation
    happening = situation.happening
    if happening is not None and happening[0] == "step":
        happening = (*happening[:3], happening[3].player)
    return (witness.kind, tuple([(card is None, name, zone) for card, name, zone in situation.pieces]), happening,
            witness.outcomes, witness.roles, witness.plain, first, second)


def _tell(witness: Witness, first: str, second: str) -> str:
    names = {witness.roles[0]: first, witness.roles[1]: second}
    situation = witness.situation
    pieces = [(card, names.get(name, name), zone) for card, name, zone in situation.pieces]
    if situation.happening is None:
        return _values(witness, pieces, first, second)
    setting = _setting(pieces, situation.happening)
    event = _happening(situation.happening, pieces)
    one, other = _pick(witness.outcomes[0], witness.outcomes[1])
    initial: dict[str, list] = {}
    for _, name, zone in pieces:
        initial.setdefault(name, []).append(zone)
    start = _as_text(initial)
    ends = _ending(one, names), _ending(other, names)
    told = [_state(ending, against, many, start) for ending, against, many in (
        (ends[0], ends[1], len(witness.outcomes[0]) > 1), (ends[1], ends[0], len(witness.outcomes[1]) > 1))]
    return f"{setting}{event}: `{first}` first → {told[0]}; `{second}` first → {told[1]}"


# ----------------------------------------------------------------------------------- values ---


def _values(witness: Witness, pieces: list, first: str, second: str) -> str:
    one, other = next(iter(witness.outcomes[0])), next(iter(witness.outcomes[1]))
    groups: dict[tuple, list[int]] = {}
    for index, (_, name, zone) in enumerate(pieces):
        groups.setdefault((name, zone, one[index], other[index]), []).append(index)
    changed = [members for members in groups.values() if one[members[0]] != other[members[0]]]
    changed.sort(key=lambda members: (pieces[members[0]][1] in (first, second), pieces[members[0]][0] is None,
                                      members[0]))
    shown = changed[:2]
    plain = [i for i, (card, name, _) in enumerate(pieces) if card is not None and name not in (first, second)]
    setting = _holdings(pieces, witness.plain, plain)
    if len(shown) == 1:
        members = shown[0]
        what = _group(pieces, members)
        if len(members) > 1 and not what.startswith("each"):
            what = f"each {what}"
        worth = f"{_number(one[members[0]])}; `{second}` first → {_number(other[members[0]])}"
        return f"{setting}: `{first}` first → {what} is worth {worth}"
    parts = [", ".join(f"{_group(pieces, m)} {_number(values[m[0]])}" for m in shown) for values in (one, other)]
    return f"{setting}: `{first}` first → {parts[0]}; `{second}` first → {parts[1]}"


def _group(pieces: list, members: list[int]) -> str:
    card, name, _ = pieces[members[0]]
    if card is None:
        return "each Brinde" if len(members) > 1 else "the Brinde"
    return f"`{name}`"


def _holdings(pieces: list, plain: tuple, shown: list[int]) -> str:
    """`your domain holds A, B and X (4)` for every zone of the situation."""
    by_zone: dict[Zone, Counter] = {}
    for index, (card, name, zone) in enumerate(pieces):
        label = "Brinde" if card is None else f"`{name}`"
        if index in shown and plain:
            label += f" ({_number(plain[index])})"
        by_zone.setdefault(zone, Counter())[label] += 1
    parts = []
    for zone, counts in by_zone.items():
        items = [(f"{n} Brindes (1 each)" if n > 1 else "a Brinde (1)") if label == "Brinde"
                 else (label if n == 1 else f"{label} ×{n}") for label, n in counts.items()]
        parts.append(f"{_zone(zone)} holds {_and(items)}")
    return "; ".join(parts)


def _number(value) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


# -------------------------------------------------------------------------------- triggers ---


def _setting(pieces: list, happening: tuple) -> str:
    """Where the cards are before the event (the event's own card aside)."""
    event_card = happening[2] if happening[0] in ("GainEvent", "DiscardEvent") else None
    by_zone: dict[Zone, list[str]] = {}
    stars: Counter = Counter()
    for index, (card, name, zone) in enumerate(pieces):
        if index == event_card or (happening[0] == "step" and index == happening[1]):
            continue
        if name == "Estrela":
            stars[zone] += 1
            continue
        by_zone.setdefault(zone, []).append("a Brinde" if card is None else f"`{name}`")
    parts = [f"{_zone(zone)} holds {_and(_counted(cards))}" for zone, cards in by_zone.items()]
    for zone, count in stars.items():
        if zone == SUPPLY and count != 5:
            parts.append(f"{count} star{'s' if count != 1 else ''} left in the supply")
        elif zone != SUPPLY:
            holder = "you hold" if zone[1] == 0 else "the opponent holds"
            parts.append(f"{holder} {count} star{'s' if count != 1 else ''}")
    if not any(zone == SUPPLY for zone in stars) and any(name == "Estrela" for _, name, _ in pieces):
        parts.append("no star left in the supply")
    return "; ".join(parts) + ("; " if parts else "")


def _happening(happening: tuple, pieces: list) -> str:
    kind = happening[0]
    if kind == "dispute":
        winner = "you win" if happening[1] == 0 else "the opponent wins"
        return f"{winner} a dispute with {happening[2]} against {happening[3]}"
    if kind == "step":
        name = pieces[happening[1]][1]
        actor = happening[2]
        player = happening[3].player or "you"
        doer = actor if player == "you" else 1 - actor
        return f"`{name}` makes {'you' if doer == 0 else 'the opponent'} discard a card from that domain"
    _, seat, index, origin = happening
    card, name, _ = pieces[index]
    what = "a Brinde" if card is None else f"`{name}`"
    subject, verb = ("you", "") if seat == 0 else ("the opponent", "s")
    if kind == "DiscardEvent":
        return f"{subject} discard{verb} {what} from {_zone(origin)}"
    if origin == TABLE:
        return f"{subject} take{verb} {what} from the table"
    if origin == SUPPLY:
        return f"{subject} win{verb} a Brinde"
    return f"{subject} gain{verb} {what} from {_zone(origin)}"


@lru_cache(maxsize=256)
def _pick(first: frozenset, second: frozenset) -> tuple:
    """An outcome of one order that the other cannot reach, and the nearest outcome of the other."""
    only = sorted(first - second, key=repr) or sorted(first, key=repr)
    one = only[0]
    other = min(sorted(second, key=repr), key=lambda o: _distance(one, o))
    return one, other


def _distance(one, other) -> int:
    if not (isinstance(one, tuple) and isinstance(other, tuple) and len(one) == 2 and len(other) == 2):
        return 0
    a, b = dict(one[0]), dict(other[0])
    return sum(Counter(a.get(z, ())) != Counter(b.get(z, ())) for z in set(a) | set(b))


class _Ending:
    """An outcome told: where each card ends (`places`, by shown name; `text`, the same places as sorted
    text, to compare), and the cards whose action is `cancelled`."""

    __slots__ = ("places", "text", "cancelled", "names")

    def __init__(self, outcome: tuple, names: dict[str, str]) -> None:
        self.places = _places(outcome, names)
        self.text = _as_text(self.places)
        self.cancelled = set(outcome[1])
        self.names = names


def _ending(outcome, names: dict[str, str]) -> _Ending | None:
    """The outcome told, or None when it is not a state (the effects never stop)."""
    return _Ending(outcome, names) if isinstance(outcome, tuple) and len(outcome) == 2 else None


def _as_text(places: dict[str, list]) -> dict[str, list[str]]:
    return {name: sorted(map(str, zones)) for name, zones in places.items()}


def _state(ending: _Ending | None, against: _Ending | None, many: bool, initial: dict[str, list[str]]) -> str:
    """Where the cards that end elsewhere in the other order end in this one."""
    if ending is None:
        return "the effects never stop setting each other off"
    places, here, cancelled, names = ending.places, ending.text, ending.cancelled, ending.names
    others, there, cancelled_other = ({}, {}, set()) if against is None else (
        against.places, against.text, against.cancelled)
    told = []
    stays = {name: here.get(name, []) == initial.get(name, []) for name in {*places, *others}}
    for name in sorted(stays, key=lambda n: (n == "Estrela", stays[n], n)):
        if here.get(name, []) == there.get(name, []):
            continue
        where = places.get(name, [])
        if name == "Estrela":
            mine, theirs = (Counter(z for z in where if z[0] == "stars"),
                            Counter(z for z in others.get(name, []) if z[0] == "stars"))
            for seat in (0, 1):
                held = mine[("stars", seat)]
                if held != theirs[("stars", seat)]:
                    stars = "no star" if not held else f"{held} star{'s' if held != 1 else ''}"
                    told.append(f"{'you hold' if seat == 0 else 'the opponent holds'} {stars}")
            continue
        shown = "a Brinde" if name == "Brinde" else f"`{name}`"
        verb = "stays" if stays[name] else "ends"
        told.append(f"{shown} {verb} {_and([_place(z) for z in dict.fromkeys(where)]) or 'nowhere'}")
    for name in sorted(cancelled ^ cancelled_other):
        told.append(f"`{names.get(name, name)}`'s action is {'cancelled' if name in cancelled else 'not cancelled'}")
    text = _and(told) or "nothing changes"
    return f"it can end with {text}" if many else text


def _places(outcome, names: dict[str, str]) -> dict[str, list]:
    places: dict[str, list] = {}
    for zone, held in outcome[0]:
        for position, name in enumerate(held):
            place = (zone, "bottom") if zone == DECK and position == 0 and len(held) > 1 else zone
            places.setdefault(names.get(name, name), []).append(place)
    return places


@cache
def _place(zone) -> str:
    if isinstance(zone, tuple) and len(zone) == 2 and zone[1] == "bottom":
        return "at the bottom of the deck"
    if zone == DECK:
        return "in the deck"
    return ("on " if zone == TABLE else "in ") + _zone(zone)


# ---------------------------------------------------------------------------------- words ---


@cache
def _zone(zone: Zone) -> str:
    kind, seat = zone
    if seat is None:
        return {"deck": "the deck", "table": "the table", "supply": "the supply"}.get(kind, kind)
    owner = "your" if seat == 0 else "the opponent's"
    return f"{owner} {({'discard': 'discard pile', 'stars': 'stars'}).get(kind, kind)}"


def _counted(items: list[str]) -> list[str]:
    counts = Counter(items)
    return [item if counts[item] == 1 else f"{item} ×{counts[item]}" for item in dict.fromkeys(items)]


def _and(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
