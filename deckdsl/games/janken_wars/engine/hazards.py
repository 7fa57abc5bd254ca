"""What `play` and `simulate` announce about ordering hazards: the ones no addendum settles, with the
order the engine plays them in."""

from __future__ import annotations

from ....profiles.profile import Profile
from ....said import Said, said
from .compiler import Compiled


def unresolved_hazards(compiled: Compiled, profile: Profile) -> list[dict]:
    """The deck's ordering hazards that no addendum settles (their codes ignored in the configuration),
    each with the order the engine plays it in: what `play` and `simulate` announce.  Each is a dict:
    `code`, `kind`, `cards` (the two cards), `more` (other cards in the same conflict), `played` (the
    default the engine uses, docs/language.md section 9) and `situation` (the witness, in words)."""
    from ....check.hazards.analysis import Analysis
    from ....check.hazards.describe import tell
    from ....check.registry import HAZARD_CODES

    found = []
    for finding in Analysis(compiled.deck, profile).report():
        first, second = finding.partner.card.name, finding.effect.card.name
        found.append({"code": HAZARD_CODES[finding.kind], "kind": finding.kind, "cards": [first, second],
                      "more": finding.others, "played": _default_order(compiled, finding.kind, first, second),
                      "situation": tell(finding.witness, first, second)})
    return found


def _default_order(compiled: Compiled, kind: str, first: str, second: str) -> Said:
    """How the engine orders two effects the addenda leave unordered."""
    index = {definition.name: definition.index for definition in compiled.defs}
    if kind == "modifiers":
        applied = [compiled.defs[card].name for card, _, _ in compiled.ordered_modifiers]
        earlier = first if applied.index(first) <= applied.index(second) else second
        return said("jw-played-modifiers", "with `{card}` first (set, then multiply, then add or subtract; ties in "
                    "deck order)", card=earlier)
    if kind == "triggers":
        rank = compiled.trigger_rank
        earlier = first if rank[index[first]] <= rank[index[second]] else second
        return said("jw-played-triggers", "with `{card}` first (deck order)", card=earlier)
    if kind == "values":
        return said("jw-played-values", "with neither first (each value counts the other as it stands without it)")
    return said("jw-played-priorities", "letting whoever picks the card to discard choose between them")
