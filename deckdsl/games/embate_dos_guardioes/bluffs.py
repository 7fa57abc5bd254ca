"""Embate's bluffs on values: when a face-down card is proper, and when what a player has seen proves a bluff.

A second guardian is proper below the first guardian or as the lowest card its player holds; a clash card is
proper above the centre card or as the highest card its player holds.  Anything else put face down is a bluff
(the seed's "carta imprópria").  The engine (engine.py) says which cards a player owns and which of them the
opponent has seen; these functions only compare values, so the legal moves (`bluffs: forbidden`), the check
at the end of a game and the proof a search asks at every step read one rule.
"""

from __future__ import annotations

from itertools import permutations


def second_is_proper(value: int, first: int, lowest: int) -> bool:
    """A second guardian of `value`, over a first guardian of value `first`: below it, or the lowest card its
    seat holds (`lowest`: the lowest value among its cards besides its guardians, this one counted or not)."""
    return value < first or value <= lowest


def clash_is_proper(value: int, centre: int, highest: int) -> bool:
    """A clash card of `value`: above the centre card (`centre`), or the highest card its seat holds
    (`highest`: the highest value among its cards besides its guardians, this one counted or not)."""
    return value > centre or value >= highest


def bluffed_in(values: list[int], centre: int, ranked: list[tuple[int, int]], g1: int | None, g2: int | None,
               card: int | None) -> bool:
    """Whether a seat bluffed that owns the cards `ranked` ((value, card) of its cards at the clash and its
    guardians, lowest first), with the guardians `g1` and `g2`, having played `card` in the clash.
    `values[card]`: a card's value; `centre`: the centre card's."""
    if g1 is not None and g2 is not None:
        second = lowest = values[g2]
        for value, c in ranked:
            if c != g1 and c != g2:
                lowest = value
                break
        if not second_is_proper(second, values[g1], lowest):
            return True
    if card is None:
        return False
    highest = values[card]
    for i in range(len(ranked) - 1, -1, -1):
        value, c = ranked[i]
        if c != g1 and c != g2:
            highest = value
            break
    return not clash_is_proper(values[card], centre, highest)


def proven(values: list[int], centre: int, ranked: list[tuple[int, int]], hidden: list[int],
           guardians: tuple[int | None, int | None], free: tuple[bool, bool], card: int | None,
           lost: int | None) -> bool:
    """Whether every way the cards the opponent has not seen (`hidden`) could lie is a bluff (`bluffed_in`).
    `guardians`: the seat's two guardians; `free`: whether the opponent has not seen each (a free guardian
    could be any hidden card); `lost`: the card the opponent saw leave, which is not the first guardian."""
    g1, g2 = guardians
    free1, free2 = free
    if (lost is None or g1 != lost) and not bluffed_in(values, centre, ranked, g1, g2, card):
        return False  # the true world is one of them, and it is proper: the common case, found at once
    for chosen in permutations(sorted(set(hidden)), free1 + free2):
        world1 = chosen[0] if free1 else g1
        world2 = chosen[-1] if free2 else g2
        if world1 == lost and lost is not None:
            continue
        if not bluffed_in(values, centre, ranked, world1, world2, card):
            return False
    return True
