"""What a seat of the cooperative sequence game is shown (`deckdsl play`): the state's `information` and
each action described, in the screen's language — the catalogs `locales/<tag>.ftl` (pt-BR, en, ru).  Apart
from the state so that a search, which never reads a screen, carries none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...text.catalog import Catalog, speaking
from .state import H

if TYPE_CHECKING:
    from .state import CooperativoState


def words(state: CooperativoState) -> Catalog:
    """The screen's words in the state's language (its catalog, else its language's, else English)."""
    return speaking(state.language, __package__)


def describe(state: CooperativoState, action: int) -> str:
    """The current player's `action` in words (`co-<kind>`)."""
    said = words(state)
    kind, source, place, target = _decoded(state, action)
    facts = {}
    if source >= 0:
        facts["card"] = _card_of(state, said, source, place)
    if target >= 0:
        facts["whom"] = _whom(state, said, target)
    return said.say(f"co-{kind}", **facts)


def menu(state: CooperativoState, action: int) -> tuple[str, str]:
    """`action` in a person's menu: grouped by the card it takes (`co-take`; drawing from the reserve is
    one group, `co-draw`), said within it by where the card goes; showing or not showing the cards stand
    alone."""
    said = words(state)
    kind, source, place, target = _decoded(state, action)
    where = (said.say("co-option-give", whom=_whom(state, said, target)) if target >= 0
             else said.say("co-option-recycle"))
    if kind in ("give", "recycle-card"):
        return said.say("co-take", card=_card_of(state, said, source, place)), where
    if kind in ("buy-give", "buy-recycle"):
        return said.say("co-draw"), where
    return "", describe(state, action)


def announce(state: CooperativoState, action: int, seat: int) -> str:
    """The current player's `action` as `seat` sees it (`co-did-<kind>`): every hand but its own is open to
    it, so a card taken from its own hand is one it does not see."""
    said = words(state)
    kind, source, place, target = _decoded(state, action)
    facts = {}
    if source >= 0:
        facts["card"] = _card_for(state, said, source, place, seat)
    if target >= 0:
        facts["whom"] = _whom_for(state, said, target, seat)
    return said.say(f"co-did-{kind}", **facts)


def _decoded(state: CooperativoState, action: int) -> tuple[str, int, int, int]:
    """(kind, the seat a card is taken from, its place in that hand, the seat it goes to) of an action, -1
    for what it has not (the state's numbering of actions: `state.py`)."""
    if action == state.BATER:
        return "bater", -1, -1, -1
    if action == state.PASS:
        return "pass", -1, -1, -1
    if action == state.BUY_RECYCLE:
        return "buy-recycle", -1, -1, -1
    if action >= state.G + state.R:
        return "buy-give", -1, -1, action - state.G - state.R
    if action >= state.G:
        source, place = divmod(action - state.G, H)
        return "recycle-card", source, place, -1
    source, rest = divmod(action, H * state.seats)
    place, target = divmod(rest, state.seats)
    return "give", source, place, target


def _whom_for(state: CooperativoState, said: Catalog, target: int, seat: int) -> str:
    if target == seat:
        return said.say("co-to-you")
    return said.say("co-to-self") if target == state.player else said.say("co-to-player", seat=target + 1)


def _card_for(state: CooperativoState, said: Catalog, source: int, place: int, seat: int) -> str:
    if source == seat:
        return said.say("co-one-of-yours")
    card = state.table.short[state.hands[source][place]]
    return said.say("co-own-card", card=card) if source == state.player else said.say(
        "co-card-other", card=card, seat=source + 1)


def information(state: CooperativoState, seat: int) -> str:
    """What `seat` sees: the turn, the reserve and recycling, every hand (its own as far as it saw it), the
    last check."""
    said, table, n = words(state), state.table, state.seats
    lines = [said.say("co-title", seat=seat + 1, count=n, turn=state.turns, limit=table.settings["move_limit"])]
    if state.outcome == "success":
        lines.append(said.say("co-success"))
    elif state.outcome == "failure":
        lines.append(said.say("co-failure"))
    elif state.window:
        lines.append(said.say("co-deciding", player=state.player + 1, next=state.next_turn + 1))
    else:
        lines.append(said.say("co-turn", player=state.player + 1))
    lines.append(said.say("co-reserve", count=len(state.reserve), known="yes" if state.reserve_known else "no",
                          cards=" ".join(table.short[c] for c in reversed(state.reserve))))
    lines.append(said.say("co-recycle", cards=" ".join(table.short[c] for c in state.recycle) or said.say("co-empty")))
    for other in range(n):
        hand = state.hands[other]
        if other == seat:
            shown = " ".join(table.short[c] if seen else "?" for c, seen in zip(hand, state.known[seat], strict=False))
            lines.append(said.say("co-own-hand", seat=seat + 1, cards=shown, count=len(hand)))
        else:
            lines.append(said.say("co-other-hand", seat=other + 1, cards=" ".join(table.short[c] for c in hand),
                                  count=len(hand)))
    if state.last_check:
        items = "; ".join(said.say("co-check-item", seat=s + 1, cards=" ".join(table.short[c] for c in cards),
                                   passed="yes" if ok else "no") for s, cards, ok in state.last_check)
        lines.append(said.say("co-last-check", items=items))
    return "\n".join(lines)


def _whom(state: CooperativoState, said: Catalog, seat: int) -> str:
    return said.say("co-whom", you="yes" if seat == state.player else "no", seat=seat + 1)


def _card_of(state: CooperativoState, said: Catalog, source: int, place: int) -> str:
    card = state.table.short[state.hands[source][place]]
    if source != state.player:
        return said.say("co-card-other", card=card, seat=source + 1)
    if state.known[source][place]:
        return said.say("co-card-own-seen", number=place + 1, card=card)
    return said.say("co-card-own-unseen", number=place + 1)
