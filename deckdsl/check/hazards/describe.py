"""A hazard's witness in words: the situation, and how it ends in each order.

    `Origami Sublime` (4) in your domain with `Moldura Dourada` and `Lupa Dobradora`: `Moldura Dourada`
    first → `Origami Sublime` is worth 10; `Lupa Dobradora` first → 9

The first card of the pair belongs to "you"; the other player is "the opponent".
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from ...said import said
from ..lists import commas, listed, semicolons
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
    return _situation(semicolons([*setting, event]), said(
        "check-orders", "`{first}` first → {one}; `{second}` first → {other}", first=first, second=second,
        one=told[0], other=told[1]))


def _situation(setting: str, orders: str) -> str:
    return said("check-situation", "{setting}: {orders}", setting=setting, orders=orders)


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
        if len(members) > 1 and pieces[members[0]][0] is not None:
            what = said("check-each", "each {what}", what=what)
        return _situation(setting, said(
            "check-orders-worth", "`{first}` first → {what} is worth {one}; `{second}` first → {other}", first=first,
            what=what, one=_number(one[members[0]]), second=second, other=_number(other[members[0]])))
    parts = [commas([_valued(_group(pieces, m), _number(values[m[0]])) for m in shown]) for values in (one, other)]
    return _situation(setting, said("check-orders", "`{first}` first → {one}; `{second}` first → {other}",
                                    first=first, second=second, one=parts[0], other=parts[1]))


def _valued(what: str, value: str) -> str:
    return f"{what} {value}" if type(what) is str else said("check-valued", "{what} {value}", what=what, value=value)


def _group(pieces: list, members: list[int]) -> str:
    card, name, _ = pieces[members[0]]
    if card is None:
        return said("check-each-brinde", "each Brinde") if len(members) > 1 else said("check-the-brinde", "the Brinde")
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
        items = [(said("check-brindes-each", "{count} Brindes (1 each)", count=n) if n > 1
                  else said("check-a-brinde-worth", "a Brinde (1)")) if label == "Brinde"
                 else (label if n == 1 else f"{label} ×{n}") for label, n in counts.items()]
        parts.append(_holds(zone, items))
    return semicolons(parts)


def _holds(zone: Zone, items: list[str]) -> str:
    return said("check-zone-holds", "{zone} holds {cards}", zone=_zone(zone), place=_place(zone), cards=listed(items))


def _number(value) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


# -------------------------------------------------------------------------------- triggers ---


def _setting(pieces: list, happening: tuple) -> list[str]:
    """Where the cards are before the event (the event's own card aside), zone by zone."""
    event_card = happening[2] if happening[0] in ("GainEvent", "DiscardEvent") else None
    by_zone: dict[Zone, list[str]] = {}
    stars: Counter = Counter()
    for index, (card, name, zone) in enumerate(pieces):
        if index == event_card or (happening[0] == "step" and index == happening[1]):
            continue
        if name == "Estrela":
            stars[zone] += 1
            continue
        by_zone.setdefault(zone, []).append(_A_BRINDE if card is None else f"`{name}`")
    parts = [_holds(zone, _counted(cards)) for zone, cards in by_zone.items()]
    for zone, count in stars.items():
        if zone == SUPPLY and count != 5:
            parts.append(said("check-stars-left", "{count} {count:star|stars} left in the supply", count=count))
        elif zone != SUPPLY:
            parts.append(_stars_held(zone[1], count))
    if not any(zone == SUPPLY for zone in stars) and any(name == "Estrela" for _, name, _ in pieces):
        parts.append(said("check-no-star-left", "no star left in the supply"))
    return parts


def _stars_held(seat: int, count: int) -> str:
    if seat == 0:
        return said("check-you-hold-stars", "you hold {count} {count:star|stars}", count=count) if count else \
            said("check-you-hold-no-star", "you hold no star")
    return said("check-opponent-holds-stars", "the opponent holds {count} {count:star|stars}", count=count) if count \
        else said("check-opponent-holds-no-star", "the opponent holds no star")


def _happening(happening: tuple, pieces: list) -> str:
    kind = happening[0]
    if kind == "dispute":
        facts = {"throw": happening[2], "against": happening[3]}
        if happening[1] == 0:
            return said("check-you-win-dispute", "you win a dispute with {throw} against {against}", **facts)
        return said("check-opponent-wins-dispute", "the opponent wins a dispute with {throw} against {against}",
                    **facts)
    if kind == "step":
        name = pieces[happening[1]][1]
        actor = happening[2]
        player = happening[3].player or "you"
        if (actor if player == "you" else 1 - actor) == 0:
            return said("check-makes-you-discard", "`{card}` makes you discard a card from that domain", card=name)
        return said("check-makes-opponent-discard", "`{card}` makes the opponent discard a card from that domain",
                    card=name)
    _, seat, index, origin = happening
    card, name, _ = pieces[index]
    what = _A_BRINDE if card is None else f"`{name}`"
    you = seat == 0
    if kind == "DiscardEvent":
        return said("check-you-discard", "you discard {what} {origin}", what=what, origin=_from(origin)) if you \
            else said("check-opponent-discards", "the opponent discards {what} {origin}", what=what,
                      origin=_from(origin))
    if origin == TABLE:
        return said("check-you-take", "you take {what} from the table", what=what) if you \
            else said("check-opponent-takes", "the opponent takes {what} from the table", what=what)
    if origin == SUPPLY:
        return said("check-you-win-brinde", "you win a Brinde") if you \
            else said("check-opponent-wins-brinde", "the opponent wins a Brinde")
    return said("check-you-gain", "you gain {what} {origin}", what=what, origin=_from(origin)) if you \
        else said("check-opponent-gains", "the opponent gains {what} {origin}", what=what, origin=_from(origin))


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
        return said("check-never-stop", "the effects never stop setting each other off")
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
                    told.append(_stars_held(seat, held))
            continue
        shown = _A_BRINDE if name == "Brinde" else f"`{name}`"
        spots = listed([_place(z) for z in dict.fromkeys(where)]) or said("check-nowhere", "nowhere")
        told.append(said("check-stays", "{what} stays {places}", what=shown, places=spots) if stays[name]
                    else said("check-ends", "{what} ends {places}", what=shown, places=spots))
    for name in sorted(cancelled ^ cancelled_other):
        card = names.get(name, name)
        told.append(said("check-action-cancelled", "`{card}`'s action is cancelled", card=card) if name in cancelled
                    else said("check-action-not-cancelled", "`{card}`'s action is not cancelled", card=card))
    text = listed(told) or said("check-nothing-changes", "nothing changes")
    return said("check-can-end-with", "it can end with {what}", what=text) if many else text


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
        return said("check-at-bottom", "at the bottom of the deck")
    return _WORDS[zone][1] if zone in _WORDS else said("check-in-zone", "in {zone}", zone=_zone(zone))


def _from(zone: Zone) -> str:
    return _WORDS[zone][2] if zone in _WORDS else said("check-from-zone", "from {zone}", zone=_zone(zone))


# ---------------------------------------------------------------------------------- words ---


@cache
def _zone(zone: Zone) -> str:
    if zone in _WORDS:
        return _WORDS[zone][0]
    kind, seat = zone
    if seat is None:
        return kind
    return said("check-zone-yours", "your {key}", key=kind) if seat == 0 else \
        said("check-zone-opponents", "the opponent's {key}", key=kind)


_WORDS: dict[Zone, tuple[str, str, str]] = {
    DECK: (said("check-zone-deck", "the deck"), said("check-in-deck", "in the deck"),
           said("check-from-deck", "from the deck")),
    TABLE: (said("check-zone-table", "the table"), said("check-on-table", "on the table"),
            said("check-from-table", "from the table")),
    SUPPLY: (said("check-zone-supply", "the supply"), said("check-in-supply", "in the supply"),
             said("check-from-supply", "from the supply")),
    ("hand", 0): (said("check-zone-your-hand", "your hand"), said("check-in-your-hand", "in your hand"),
                  said("check-from-your-hand", "from your hand")),
    ("hand", 1): (said("check-zone-opponent-hand", "the opponent's hand"),
                  said("check-in-opponent-hand", "in the opponent's hand"),
                  said("check-from-opponent-hand", "from the opponent's hand")),
    ("domain", 0): (said("check-zone-your-domain", "your domain"), said("check-in-your-domain", "in your domain"),
                    said("check-from-your-domain", "from your domain")),
    ("domain", 1): (said("check-zone-opponent-domain", "the opponent's domain"),
                    said("check-in-opponent-domain", "in the opponent's domain"),
                    said("check-from-opponent-domain", "from the opponent's domain")),
    ("discard", 0): (said("check-zone-your-discard", "your discard pile"),
                     said("check-in-your-discard", "in your discard pile"),
                     said("check-from-your-discard", "from your discard pile")),
    ("discard", 1): (said("check-zone-opponent-discard", "the opponent's discard pile"),
                     said("check-in-opponent-discard", "in the opponent's discard pile"),
                     said("check-from-opponent-discard", "from the opponent's discard pile")),
    ("stars", 0): (said("check-zone-your-stars", "your stars"), said("check-in-your-stars", "in your stars"),
                   said("check-from-your-stars", "from your stars")),
    ("stars", 1): (said("check-zone-opponent-stars", "the opponent's stars"),
                   said("check-in-opponent-stars", "in the opponent's stars"),
                   said("check-from-opponent-stars", "from the opponent's stars")),
}
"""Each zone in words: its name, where a card in it is, and where a card taken from it comes from."""

_A_BRINDE = said("check-a-brinde", "a Brinde")


def _counted(items: list[str]) -> list[str]:
    counts = Counter(items)
    return [item if counts[item] == 1 else f"{item} ×{counts[item]}" if type(item) is str
            else said("check-times", "{what} ×{count}", what=item, count=counts[item]) for item in dict.fromkeys(items)]
