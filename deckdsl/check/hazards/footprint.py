"""What a trigger's steps read and change, to skip pairs of triggers that cannot affect each other.

Two triggers set off by one event resolve the same way in either order when neither changes anything the
other reads or changes: which zones' cards they move or count, the event's card (`it`), stars,
cancelled actions, the events they set off in turn, and whether a card stays in its domain (a trigger
whose card has left its domain by its turn does not resolve).  The footprint over-approximates (zones by
kind, whoever owns them), so a pair it lets through may still commute; the situations decide those.
"""

from __future__ import annotations

from ...lang import ast
from ...profiles.profile import Profile


def _kind(zone: ast.Zone, profile: Profile) -> str:
    spec = profile.zone(zone.name)
    return spec.name if spec else zone.name


def _sources(cards: ast.Node, profile: Profile) -> set[str]:
    """The resources naming where a card set's cards are."""
    if isinstance(cards, ast.Selection):
        kind = _kind(cards.zone, profile)
        return {"zone:" + kind} | ({"zone:domain", "zone:stars"} if kind == "domain" else set())
    if isinstance(cards, ast.Zone):
        return {"zone:" + _kind(cards, profile)} | ({"zone:stars"} if _kind(cards, profile) == "domain" else set())
    if isinstance(cards, ast.DeckTop):
        return {"zone:deck"}
    if isinstance(cards, ast.ThisCard):
        return {"this", "zone:domain", "out:domain"}
    return {"it", "zone:hand", "zone:domain", "zone:discard", "zone:stars", "out:domain"}


def _reads(node: ast.Node, profile: Profile) -> set[str]:
    """What evaluating an expression or a test reads."""
    found: set[str] = set()
    for inner in node.walk():
        if isinstance(inner, ast.Zone):
            found.add("zone:" + _kind(inner, profile))
        elif isinstance(inner, ast.DeckTop):
            found.add("zone:deck")
        elif isinstance(inner, ast.EventCard):
            found.add("it")
        elif isinstance(inner, ast.ValueFilter) or (isinstance(inner, ast.Function) and inner.name == "total"):
            found.add("zone:domain")
    return found


def footprint(trigger: ast.Trigger, profile: Profile) -> tuple[set[str], set[str]]:
    """(what the trigger reads, what it changes)."""
    reads = {"out:domain", "event:" + type(trigger.event).__name__}
    writes: set[str] = set()
    for step in trigger.steps:
        _step(step, reads, writes, profile)
    return reads, writes


def _step(step: ast.Node, reads: set[str], writes: set[str], profile: Profile) -> None:
    if isinstance(step, ast.Optional):
        _step(step.step, reads, writes, profile)
        return
    if isinstance(step, ast.Conditional):
        reads |= _reads(step.test, profile)
        _step(step.step, reads, writes, profile)
        return
    reads |= _reads(step, profile)
    if isinstance(step, (ast.GainStars, ast.LoseStars)):
        writes |= {"zone:stars", "zone:supply"}
        return
    if isinstance(step, ast.CancelAction):
        writes.add("cancel")
        return
    sets = [step.first, step.second] if isinstance(step, ast.Swap) else [step.cards]
    for cards in sets:
        moved = _sources(cards, profile)
        writes |= moved
        if "zone:domain" in moved:
            writes.add("out:domain")
    if isinstance(step, ast.Gain):
        writes |= {"zone:domain", "zone:stars", "event:GainEvent"}
    elif isinstance(step, ast.Discard):
        writes |= {"zone:discard", "event:DiscardEvent"}
    elif isinstance(step, ast.PutOnBottom):
        writes.add("zone:deck")
    elif isinstance(step, ast.Swap):
        writes |= {"zone:domain", "zone:hand", "out:domain", "event:GainEvent"}


def conflicts(first: ast.Trigger, second: ast.Trigger, profile: Profile) -> set[str]:
    """The resources one trigger changes and the other reads or changes."""
    reads_a, writes_a = footprint(first, profile)
    reads_b, writes_b = footprint(second, profile)
    return (writes_a & (reads_b | writes_b)) | (writes_b & reads_a)


def may_interfere(first: ast.Trigger, second: ast.Trigger, profile: Profile) -> bool:
    return bool(conflicts(first, second, profile))


def shared_zones(first: ast.Trigger, second: ast.Trigger, profile: Profile) -> set[str]:
    """The kinds of zone where situations put other cards: those the triggers' steps name (a zone, the
    deck's top) where they meet, and the stars when they meet there.  (The event's card and the
    triggers' own cards are in every situation already.)"""
    met = {resource.split(":", 1)[1] for resource in conflicts(first, second, profile) if resource.startswith("zone:")}
    named = _named(first, profile) | _named(second, profile)
    return (met & named) | (met & {"stars", "supply"})


def _named(trigger: ast.Trigger, profile: Profile) -> set[str]:
    found = set()
    for step in trigger.steps:
        for node in step.walk():
            if isinstance(node, ast.Zone):
                found.add(_kind(node, profile))
            elif isinstance(node, ast.DeckTop):
                found.add("deck")
    return found
