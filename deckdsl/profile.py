"""Game profiles: what a game fixes for every deck (attributes, zones, structure, components, rules).

A profile is data (`deckdsl/profiles/<id>.toml`), not code: the checker and, later, the engine and the
renderer read everything game-specific from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path


class ProfileError(Exception):
    """A profile file is malformed (a bug in the profile, reported with its file name)."""


@dataclass(frozen=True)
class AttributeSpec:
    """A card attribute: its canonical `name`, other spellings (`aliases`), whether every card needs it,
    and its allowed `values` (canonical value -> other spellings), in the profile's order."""

    name: str
    aliases: tuple[str, ...]
    required: bool
    values: dict[str, tuple[str, ...]]

    def canonical_value(self, written: str | int) -> str | None:
        text = str(written).casefold()
        for value, spellings in self.values.items():
            if text == value.casefold() or text in (s.casefold() for s in spellings):
                return value
        return None

    def spellings(self) -> list[str]:
        return [s for value, others in self.values.items() for s in (value, *others)]


@dataclass(frozen=True)
class ZoneSpec:
    """A zone: canonical `name`, `aliases`, and whether it is `shared` (has no owner)."""

    name: str
    aliases: tuple[str, ...]
    shared: bool


@dataclass(frozen=True)
class CountConstraint:
    """Cards (copies) grouped `by` these attributes must number `count` per group, or, when `count` is a
    table, `count[value of the last attribute]`."""

    by: tuple[str, ...]
    count: int | dict[str, int]

    def expected(self, key: tuple[str, ...]) -> int | None:
        if isinstance(self.count, int):
            return self.count
        return self.count.get(key[-1]) if key else None


@dataclass(frozen=True)
class RuleParameter:
    """A rule parameter a deck may change (`star_cost: 8`), or a rule option that settles a point the
    game's rules leave open (`chooser: owner`).

    `default`: the value in force when the deck says nothing.  `min`, `max`: the range of a number.
    `choices`: the named values of an option (empty for a number).  `description`: what it means.
    `quote`: the sentence of the rules it comes from, word for word.  `decision`: why the default reads
    that sentence that way (docs/rules.md is generated from these fields).  `group`: `rule` for the
    game's own parameters, `option` for readings of an ambiguous sentence, `limit` for engine limits.
    """

    name: str
    default: int | str
    min: int
    max: int
    description: str
    choices: tuple[str, ...] = ()
    quote: str = ""
    decision: str = ""
    group: str = "rule"

    def parse(self, written: int | str) -> int | str | None:
        """The value `written` (a deck setting or `--set name=value`) means, or None when it is not allowed."""
        if self.choices:
            text = str(written).strip().casefold()
            return text if text in self.choices else None
        try:
            number = int(str(written).strip())
        except ValueError:
            return None
        return number if self.min <= number <= self.max else None

    def allowed(self) -> str:
        """The allowed values, for messages."""
        if self.choices:
            return "one of " + ", ".join(f"`{choice}`" for choice in self.choices)
        return f"a number between {self.min} and {self.max}"


@dataclass(frozen=True)
class Profile:
    """A game profile (see `deckdsl/profiles/janken-wars.toml` for a commented example)."""

    id: str
    name: str
    players: int
    value_required: bool
    attributes: dict[str, AttributeSpec]
    zones: dict[str, ZoneSpec]
    structure: tuple[CountConstraint, ...]
    components: dict[str, dict]
    rules: dict[str, RuleParameter]
    summary: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dispute_attribute: str = "type"
    """The attribute a dispute is thrown with (`type`: rock, paper, scissors)."""
    beats: dict[str, str] = field(default_factory=dict)
    """What each throw beats (`rock` beats `scissors`); empty for a game without disputes."""
    readings: tuple[dict[str, str], ...] = ()
    """How the engine reads rules sentences that are not parameters: `topic`, `quote`, `decision`."""
    _attribute_names: dict[str, str] = field(default_factory=dict, repr=False)
    _zone_names: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for spec in self.attributes.values():
            for spelling in (spec.name, *spec.aliases):
                self._attribute_names[spelling.casefold()] = spec.name
        for zone in self.zones.values():
            for spelling in (zone.name, *zone.aliases):
                self._zone_names[spelling.casefold()] = zone.name

    def attribute(self, written: str) -> AttributeSpec | None:
        """The attribute called `written` (any spelling), or None."""
        name = self._attribute_names.get(written.casefold())
        return None if name is None else self.attributes[name]

    def zone(self, written: str) -> ZoneSpec | None:
        """The zone called `written` (any spelling, `discard pile` included), or None."""
        name = self._zone_names.get(" ".join(written.split()).casefold())
        return None if name is None else self.zones[name]

    def parameters(self, settings=()) -> dict[str, int | str]:
        """The rule parameters and options in force: the profile's defaults, overridden by the deck's
        `rules` block (`settings`; values the checker rejects are left at their default)."""
        values = {name: parameter.default for name, parameter in self.rules.items()}
        for setting in settings:
            parameter = self.rules.get(setting.name)
            value = None if parameter is None else parameter.parse(setting.value)
            if value is not None:
                values[setting.name] = value
        return values

    def attribute_spellings(self) -> list[str]:
        return [s for spec in self.attributes.values() for s in (spec.name, *spec.aliases)]

    def zone_spellings(self) -> list[str]:
        return [s for zone in self.zones.values() for s in (zone.name, *zone.aliases)]


def available() -> list[str]:
    """The ids of the shipped profiles."""
    return sorted(p.stem for p in PROFILES.glob("*.toml"))


@cache
def load(profile_id: str) -> Profile | None:
    """The shipped profile `profile_id`, or None when there is none by that id."""
    if profile_id not in available():
        return None
    path = PROFILES / f"{profile_id}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return _build(data)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise ProfileError(f"profile {profile_id}.toml is malformed: {error}") from error


DEFAULT_PROFILE = "janken-wars"
PROFILES = Path(__file__).parent / "profiles"


def _build(data: dict) -> Profile:
    attributes = {
        name: AttributeSpec(
            name=name,
            aliases=tuple(spec.get("aliases", ())),
            required=bool(spec.get("required", False)),
            values={value: tuple(others) for value, others in spec["values"].items()},
        )
        for name, spec in data.get("attributes", {}).items()
    }
    zones = {
        name: ZoneSpec(name=name, aliases=tuple(spec.get("aliases", ())), shared=bool(spec.get("shared")))
        for name, spec in data.get("zones", {}).items()
    }
    structure = tuple(
        CountConstraint(by=tuple(item["by"]), count=item["count"]) for item in data.get("structure", ())
    )
    for constraint in structure:
        unknown = [name for name in constraint.by if name not in attributes]
        if unknown:
            raise ValueError(f"structure groups by unknown attribute(s) {unknown}")
    rules = {
        name: RuleParameter(
            name=name,
            default=spec["default"] if "choices" in spec else int(spec["default"]),
            min=int(spec.get("min", -(10**9))),
            max=int(spec.get("max", 10**9)),
            description=" ".join(str(spec.get("description", "")).split()),
            choices=tuple(spec.get("choices", ())),
            quote=" ".join(str(spec.get("quote", "")).split()),
            decision=" ".join(str(spec.get("decision", "")).split()),
            group=str(spec.get("group", "rule")),
        )
        for name, spec in data.get("rules", {}).items()
    }
    for parameter in rules.values():
        if parameter.choices and parameter.default not in parameter.choices:
            raise ValueError(f"rule option {parameter.name}: default {parameter.default!r} is not a choice")
    dispute = data.get("dispute", {})
    beats = dict(dispute.get("beats", {}))
    thrown = attributes.get(dispute.get("attribute", "type"))
    if beats and (thrown is None or set(beats) - set(thrown.values)):
        raise ValueError("dispute.beats names a value the dispute attribute does not have")
    return Profile(
        id=data["id"],
        name=data["name"],
        players=int(data.get("players", 2)),
        value_required=bool(data.get("value_required", False)),
        attributes=attributes,
        zones=zones,
        structure=structure,
        components=dict(data.get("components", {})),
        rules=rules,
        summary={language: tuple(lines) for language, lines in data.get("summary", {}).items()},
        dispute_attribute=str(dispute.get("attribute", "type")),
        readings=tuple(
            {key: " ".join(str(reading[key]).split()) for key in ("topic", "quote", "decision")}
            for reading in data.get("readings", ())
        ),
        beats=beats,
    )
