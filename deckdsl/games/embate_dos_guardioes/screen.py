"""What a seat of Embate dos Guardiões is shown and told (`deckdsl play`): the state's `information`, each
action described, and the public log (`EmbateState.log`: events as tuples, `FACTS`), in the screen's language
— the catalogs `locales/<tag>.ftl` (pt-BR, en, ru).  Apart from the engine so that the engine's search, which
never reads a screen, carries none of it; the engine only logs tuples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine import CLASH, DRAFT, GUARDIAN1, GUARDIAN2, NEGOTIATE, ORDER, OVER

if TYPE_CHECKING:
    from .engine import EmbateState

PLAYERS = frozenset({"seat", "high", "attacker", "defender"})
"""The facts of an event that are seats (told as players numbered from 1)."""
FACTS: dict[str, tuple[str, ...]] = {
    "took-place": ("seat", "place"), "chose-first": ("seat", "place"), "center-laid": ("place",),
    "second-down": ("seat",), "center-shown": ("card",), "played-down": ("seat",), "pile-built": ("seat",),
    "picked": ("seat",), "swapped": (), "took-from-hand": ("seat", "number"),
    "clash": ("first", "second", "high"), "duel": ("first", "second", "high"),
    "sums": ("one", "two", "attacker"), "all-taken": ("attacker",),
    "defends": ("defender", "which", "card", "mine", "theirs"), "full-defense": ("defender",),
    "counter": ("defender",), "end-bluffed": ("seat", "both"), "both-bluffed-on": (), "both-caught": (),
    "caught": ("seat",),
}
"""Each public event of the log (`EmbateState.log`: a tuple, its kind then these facts, in order); the
screen tells it as the catalog's `em-<kind>`.  A card fact is a card id, `place` a place on the table."""


def place_name(place: int) -> str:
    """A place on the table as the screen names it: a letter (A, B, …), never a number a menu also shows."""
    return chr(ord("A") + place)


def describe(state: EmbateState, action: int) -> str:
    """An action of the current player in words."""
    words, phase = state.engine.words(), state.phase
    if phase in (DRAFT, GUARDIAN1):
        return words.say("em-describe-draft" if phase == DRAFT else "em-describe-first", place=place_name(action))
    if phase == NEGOTIATE:
        return words.say("em-describe-negotiate", number=action + 1)
    if phase in (GUARDIAN2, CLASH):
        proper = state.proper_g2(state.turn, action) if phase == GUARDIAN2 else state.proper_clash(state.turn, action)
        return words.say("em-describe-second" if phase == GUARDIAN2 else "em-describe-clash",
                         card=state.name(action), bluff="no" if proper else "yes")
    if phase == ORDER:
        return words.say("em-describe-order", card=state.name(action), number=len(state.piles[state.turn]) + 1)
    return words.say("em-nothing")


def names(state: EmbateState, cards) -> str:
    """Cards by name, lowest first (`none` when there are none)."""
    cards = sorted(cards, key=state.value)
    return ", ".join(state.name(card) for card in cards) if cards else state.engine.words().say("em-none")


def guardian(state: EmbateState, seat: int, viewer: int, which: str) -> str:
    """`seat`'s guardian `which` (`g1`, `g2`) as `viewer` sees it."""
    shown, words = state.seen(seat, viewer, which), state.engine.words()
    if shown == -1:
        return words.say("em-guardian-unchosen")
    if shown == -2:
        return words.say("em-guardian-down")
    return words.say("em-guardian-shown" if shown >= 0 else "em-guardian-down-known",
                     card=state.name(shown if shown >= 0 else -3 - shown))


def told(state: EmbateState) -> list[str]:
    """The public log, told in the screen's language (`FACTS`, the catalog's `em-<kind>`)."""
    words = state.engine.words()
    lines = []
    for event in state.log:
        facts = {}
        for name, fact in zip(FACTS[event[0]], event[1:], strict=True):
            if name in PLAYERS:
                facts[name] = fact + 1
            elif name in ("card", "first", "second"):
                facts[name] = state.name(fact)
            elif name == "place":
                facts[name] = place_name(fact)
            else:
                facts[name] = fact
        lines.append(words.say("em-" + event[0], **facts))
    return lines


def information(state: EmbateState, seat: int) -> str:
    other, words = 1 - seat, state.engine.words()
    lines = [words.say("em-title", seat=seat + 1),
             words.say("em-parity", won="yes" if state.first == seat else "no"),
             words.say("em-phase", phase=state.phase)]
    if state.phase == OVER:
        result = "draw" if state.winner == -1 else "won" if state.winner == seat else "lost"
        lines.append(words.say("em-result", result=result, reason=state.reason))
    else:
        lines.append(words.say("em-your-turn" if state.turn == seat else "em-their-turn"))
    places = [place_name(p) for p, card in enumerate(state.table) if card is not None]
    if places:
        lines.append(words.say("em-table", places=", ".join(places), count=len(places)))
    if state.center is not None:
        lines.append(words.say("em-center", card=state.name(state.center) if state.reached >= 3 else "",
                               shown="yes" if state.reached >= 3 else "no"))
    lines.append(words.say("em-hand", cards=names(state, state.hands[seat])))
    lines.append(words.say("em-guardians-mine", first=guardian(state, seat, seat, "g1"),
                           second=guardian(state, seat, seat, "g2")))
    lines.append(words.say("em-guardians-theirs", count=len(state.hands[other]),
                           first=guardian(state, other, seat, "g1"), second=guardian(state, other, seat, "g2")))
    if state.took[seat] is not None:
        lines.append(words.say("em-took-mine", card=state.name(state.took[seat])))
    if state.took[other] is not None:
        lines.append(words.say("em-took-theirs", card=state.name(state.took[other])))
    mine, theirs = state.pending[seat], state.pending[other]
    if mine is not None:
        lines.append(words.say("em-chose-mine", number=mine + 1) if state.phase == NEGOTIATE
                     else words.say("em-played-mine", card=state.name(mine)))
    if theirs is not None:
        lines.append(words.say("em-their-choice"))
    if state.phase == ORDER:
        if state.piles[seat]:
            pile = ", ".join(words.say("em-pile-item", number=i + 1, card=state.name(card))
                             for i, card in enumerate(state.piles[seat]))
            lines.append(words.say("em-pile", cards=pile))
        if state.piles[other]:
            lines.append(words.say("em-their-pile"))
    for who, s in (("you", seat), ("opponent", other)):
        if state.won[s]:
            lines.append(words.say("em-dominates", who=who, cards=names(state, state.won[s]),
                                   total=sum(map(state.value, state.won[s]))))
    lines.append(words.say("em-history"))
    lines.extend(f"  {line}" for line in told(state))
    return "\n".join(lines)
