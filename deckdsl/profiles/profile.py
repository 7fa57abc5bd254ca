"""Game profiles: what a game fixes for every deck (attributes, derived properties, zones, structure,
components, rule parameters, the relations its reference card prints).

A profile is data written by a designer in the game profile language (`*.game`, grammar
`grammars/game.lark`, tutorial docs/profiles.md), not code: the checker, the engine and the renderer read
everything game-specific from here.  `deckdsl.profiles.gamefile` reads the syntax; `build` here checks what it
means and reports every problem with its position.  A game's profile lives in its package
(`deckdsl/games/janken_wars/janken-wars.game`), found through the game registry
(`deckdsl.games.registry`); a deck can also use a profile next to it (`game: my-game` finds `my-game.game`
in the deck's folder or a folder above it).
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from ..diagnostics import Diagnostic, did_you_mean
from ..games.registry import GameError, find_game, games
from ..said import said
from ..span import Span
from .fields import CARD_FIELDS
from .wording import needs, no_attribute, not_a_value, shape, unknown_name


class ProfileError(Exception):
    """A shipped profile is broken (a bug in deckdsl, reported with the profile's diagnostics)."""


@dataclass(frozen=True)
class AttributeSpec:
    """A card attribute: its canonical `name`, other spellings (`aliases`), whether every card needs it,
    and its allowed `values` (canonical value -> other spellings), in the profile's order."""

    name: str
    aliases: tuple[str, ...]
    required: bool
    values: dict[str, tuple[str, ...]]
    derived_from: str | None = None
    """For a derived attribute (a card's colour, from its suit): the attribute it is computed from."""
    groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For a derived attribute: each of its values → the values of `derived_from` that give it."""
    labels: dict[str, str] = field(default_factory=dict)
    """How a value is printed (`hearts` → `эльфы`); the value itself when absent."""
    symbols: dict[str, str] = field(default_factory=dict)
    """A value's symbol for the corners of a playing card (`hearts` → `♥`)."""
    colours: dict[str, str] = field(default_factory=dict)
    """A value's colour (`#rrggbb`) where it is printed as a card's theme (`fire` → `#c0392b`)."""
    name_forms: dict[str, str] = field(default_factory=dict)
    """How a value is written inside a card's name (`card name`), where grammar wants another form than its
    label: Russian names a suit in the genitive plural (`hearts` → `червей`: «Туз червей»)."""

    def label(self, value: str) -> str:
        return self.labels.get(value, value)

    def in_name(self, value: str) -> str:
        """The value as a card's name writes it: its `in names` form, else its label."""
        return self.name_forms.get(value, self.label(value))

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
        text = str(written).strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
            return None  # `١٠` and `²` are digits to int(), not to a designer; 18 digits is past any range
        number = int(text)
        return number if self.min <= number <= self.max else None

    def allowed(self) -> str:
        """The allowed values, for messages."""
        if self.choices:
            return said("profile-one-of", "one of {choices}", choices=", ".join(f"`{c}`" for c in self.choices))
        return said("profile-number-between", "a number between {low} and {high}", low=self.min, high=self.max)


@dataclass(frozen=True)
class PropertySpec:
    """A property computed from a card's attributes (Queens vs Kings' `power`: the rank's number plus the
    suit's bonus).  `tables`: attribute → value → number; a card's property is the sum of its values'
    numbers (a value a table leaves out adds 0).  `label`: how it is printed."""

    name: str
    tables: dict[str, dict[str, int]]
    label: str = ""
    description: str = ""


@dataclass(frozen=True)
class RelationSpec:
    """What beats what, for the reference card (and, for the dispute, the engine).  `attribute`: whose
    values it relates; `beats`: value → the values it beats; `title`: how the reference card heads it."""

    name: str
    attribute: str
    beats: dict[str, tuple[str, ...]]
    title: str = ""
    note: str = ""


@dataclass(frozen=True)
class Profile:
    """A game profile (see `deckdsl/games/janken_wars/janken-wars.game` for a commented example)."""

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
    max_players: int | None = None
    """The most players the game takes (None: no limit); `players` is the fewest."""
    properties: dict[str, PropertySpec] = field(default_factory=dict)
    relations: tuple[RelationSpec, ...] = ()
    printing: dict[str, object] = field(default_factory=dict)
    """How cards are printed: `face` (`janken` or `playing-card`), `corners` (attributes in the
    corners), `show` (properties and attributes on the face), `theme` (an attribute printed as the card's
    theme), `back` (an attribute whose value picks the back's design)."""
    language: str = "en"
    card_name: str = ""
    """How `deckdsl new` names a scaffolded card (`{rank} de espadas`)."""
    source: str = ""
    """The file the profile was read from."""
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

    def value_of(self, card, name: str) -> str | None:
        """The canonical value of attribute `name` for `card`, derived attributes included."""
        spec = self.attributes.get(name)
        if spec is None:
            return None
        if spec.derived_from is None:
            value = card.attribute(name)
            return None if value is None else str(value)
        source = self.value_of(card, spec.derived_from)
        return next((derived for derived, sources in spec.groups.items() if source in sources), None)

    def property_of(self, card, name: str) -> int | None:
        """The card's property `name` (None when the card has none of the attributes it is computed from)."""
        spec = self.properties.get(name)
        if spec is None:
            return None
        values = [(table, self.value_of(card, attribute)) for attribute, table in spec.tables.items()]
        if all(value is None for _, value in values):
            return None
        return sum(table.get(value, 0) for table, value in values if value is not None)

    def written_attributes(self) -> list[AttributeSpec]:
        """The attributes a card states (not derived)."""
        return [spec for spec in self.attributes.values() if spec.derived_from is None]

    def attribute_spellings(self) -> list[str]:
        return [s for spec in self.attributes.values() for s in (spec.name, *spec.aliases)]

    def zone_spellings(self) -> list[str]:
        return [s for zone in self.zones.values() for s in (zone.name, *zone.aliases)]


def available() -> list[str]:
    """The ids of the games whose profile comes with their package (the shipped and installed games)."""
    return [game.id for game in games() if game.profile_path() is not None]


DEFAULT_PROFILE = "janken-wars"
MAX_GROUPS = 10_000
"""The most groups one `count per …` of a structure may make (the product of its attributes' numbers of values):
a 52-card deck counted per suit and rank is 52 groups, and a check, a fix and `deckdsl new` go through every
group (8 attributes of 4 values were once 65,536 groups, and a check of minutes)."""

MAX_PROFILE_BYTES = 512 * 1024
"""Profiles above this size are refused (DK006): the largest shipped profile is 20 KB."""


def find(profile_id: str, near: Path | None = None) -> Path | None:
    """The profile file for `profile_id`: `<id>.game` in the folder `near` or a folder above it, else the
    shipped one; None when there is none."""
    if near is not None and profile_id and "/" not in profile_id and "\\" not in profile_id:
        for folder in (near, *near.parents):
            candidate = folder / f"{profile_id}.game"
            if os.path.islink(candidate):
                return candidate  # `read` judges where it leads, without following it out of its folder
            try:
                if (_UNSAVED and str(candidate.resolve()) in _UNSAVED) or candidate.is_file():
                    return candidate
            except OSError:  # a name too long for the file system names no file
                return None
    return _packaged(profile_id)


def _packaged(profile_id: str) -> Path | None:
    """The profile that comes with the game `profile_id`'s package, if there is one."""
    try:
        game = find_game(profile_id) if profile_id and "/" not in profile_id and "\\" not in profile_id else None
    except GameError:  # an installed package that cannot be loaded: `registry.load_error` says why (DK017)
        return None
    return None if game is None else game.profile_path()


def load(profile_id: str, near: Path | None = None) -> Profile | None:
    """The profile `profile_id` (see `find`), or None when there is none or it has errors (`read` says
    which)."""
    path = find(profile_id, near)
    if path is None:
        return None
    profile, problems, _ = read(path)
    if profile is None and path == _packaged(profile_id):
        raise ProfileError(f"the shipped profile {path.name} is broken: {problems[0].message if problems else ''}")
    return profile


def read(path: Path, root: str | Path | None = None) -> tuple[Profile | None, list[Diagnostic], str]:
    """Read and check the profile file at `path`: (the profile or None, its diagnostics, its text) — from
    the editor's buffer when `unsaved` holds one for it.  `root`: the folder the file must stay inside
    (default: its own); a link leading out of it is DK015 and is not read (`deckdsl.files.inside`)."""
    from ..files import inside, link_out_of_folder

    real = inside(path.parent if root is None else root, path.absolute())
    if real is None:
        return None, [replace(link_out_of_folder(), path=str(path))], ""
    if _UNSAVED and str(real) in _UNSAVED:
        return _read_unsaved(str(real), _UNSAVED[str(real)])
    stat = real.stat()
    return _read(str(real), stat.st_mtime_ns, stat.st_size)


_UNSAVED: dict[str, str] = {}


@contextmanager
def unsaved(texts: Mapping[str, str]):
    """Meanwhile, read the profiles at these paths from these texts instead of from their files: the
    buffers an editor has open (`deckdsl lsp`), so a deck is checked against the profile as it is being
    written, saved or not — and a profile not yet saved at all is found too.  Not for threads: the
    server runs every analysis on one worker."""
    previous = dict(_UNSAVED)
    _UNSAVED.clear()
    _UNSAVED.update({str(Path(path).resolve()): text for path, text in texts.items()})
    try:
        yield
    finally:
        _UNSAVED.clear()
        _UNSAVED.update(previous)


@lru_cache(maxsize=32)
def _read_unsaved(path: str, text: str) -> tuple[Profile | None, list[Diagnostic], str]:
    """An unsaved profile, built once per text (so that a deck re-checked against an unchanged buffer gets
    the same `Profile`, and keeps what its last check kept: `deckdsl.lang.reuse`)."""
    profile, problems = loads(text, path)
    return profile, problems, text


@lru_cache(maxsize=64)
def _read(path: str, _mtime: int, _size: int) -> tuple[Profile | None, list[Diagnostic], str]:
    from ..files import lossy_text, read_file, recall, remember

    text, problem = read_file(path, MAX_PROFILE_BYTES)
    if text is None:
        return None, [replace(problem, path=path)], lossy_text(path) if problem.code == "DK005" else ""
    cached = _cache_file(text, path)
    data = recall(cached) if cached is not None else None
    if data is not None:
        try:
            profile, problems = pickle.loads(data)
            return profile, problems, text
        except (pickle.PickleError, EOFError, AttributeError, TypeError, ValueError):
            pass
    profile, problems = loads(text, path)
    if cached is not None:
        remember(cached, pickle.dumps((profile, problems)))
    return profile, problems, text


def _cache_file(text: str, path: str) -> str | None:
    """Where the built profile of `text` is kept between runs (parsing a profile costs ~10 ms of every
    `deckdsl check`): the user's own cache folder, keyed by the text, its path and the code that builds it."""
    from ..files import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha256("\0".join((text, path, _CODE)).encode()).hexdigest()[:24]
    return os.path.join(folder, f"profile-{digest}.pickle")


_CODE = "".join(Path(__file__).with_name(name).read_text(encoding="utf-8")
                for name in ("profile.py", "gamefile.py", "fields.py", "wording.py"))
"""The code that builds profiles, as this process imported it: read once, so that a cached profile is
keyed by the code that built it even if the files change while the process runs."""


def loads(text: str, path: str = "<profile>") -> tuple[Profile | None, list[Diagnostic]]:
    """Parse and check a profile's text: (the profile, or None when it has errors; every diagnostic)."""
    from dataclasses import replace

    from .gamefile import read as read_syntax

    if len(text) > MAX_PROFILE_BYTES:
        return None, [Diagnostic(
            "DK006", said("profile-too-long", "the profile is {size:,} characters; profiles are limited to {limit:,} "
                          "bytes", size=len(text), limit=MAX_PROFILE_BYTES), Span(1, 1, 1, 1, 0, 0), path=path,
            help=said("profile-too-long-help", "a game profile is a few KB: is this the right file?"),
        )]
    parsed, problems = read_syntax(text)
    if parsed is None:
        return None, [replace(d, path=path) for d in problems]
    builder = _Builder(parsed)
    builder.problems.extend(problems)
    profile = builder.build(source=path)
    found = [replace(d, path=path) for d in builder.problems]
    found.sort(key=Diagnostic.sort_key)
    return (profile if not any(d.severity.value == "error" for d in found) else None), found


# ------------------------------------------------------------------------------ building ---

_GAME_FIELDS = ("id", "players", "value", "language", "card name")
_BLOCKS: dict[str, tuple[str, ...]] = {
    "attribute": ("aliases", "required", "values", "labels", "symbols", "colours", "in names", "derived from",
                  "groups"),
    "property": ("label", "description"),  # and one table per attribute
    "zone": ("shared", "aliases"),
    "structure": (),  # `count: N`, `count per A B: N | { value: N }`
    "component": ("name", "names", "count", "at least", "value", "text"),
    "rule": ("group", "default", "min", "max", "choices", "description", "quote", "decision"),
    "reading": ("quote", "decision"),
    "dispute": ("attribute", "beats"),
    "relation": ("attribute", "beats", "title", "note"),
    "summary": (),  # one list of lines per language
    "print": ("face", "corners", "show", "theme", "back"),
}
_YES, _NO = ("yes", "true", "sim"), ("no", "false", "não", "nao")
_CARD_WORDS = frozenset({"name", "card", "carta"} | {word for name, others in CARD_FIELDS.items()
                                                      for word in (name, *others)})
"""The words of a card's own fields (`deckdsl.profiles.fields.CARD_FIELDS`): no attribute may take them."""


class _Builder:
    """Checks a parsed profile file and builds the `Profile`; `problems` collects the diagnostics."""

    def __init__(self, parsed):
        self.parsed = parsed
        self.problems: list[Diagnostic] = []

    def error(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        self.problems.append(Diagnostic(code, message, span, help=help))

    # -- typed field access ------------------------------------------------------------------

    def get(self, block, key: str, kind: str, default=None, required: bool = False):
        """Field `key` of `block`, checked to be of `kind` (text, word, number, yes-no, list, map)."""
        if key not in block.fields:
            if required:
                where = f"{block.kind} {block.name}" if block.name else block.kind
                self.error("DK504", needs(where, key), block.span)
            return default
        value, span = block.fields[key], block.field_spans[key]
        ok = {
            "text": isinstance(value, str), "word": isinstance(value, str) and " " not in value,
            "number": isinstance(value, int), "yes-no": isinstance(value, str) and value.casefold() in _YES + _NO,
            "list": isinstance(value, (list, str, int)), "map": isinstance(value, dict),
        }[kind]
        if not ok:
            self.error("DK503", said("profile-must-be", "`{key}` must be {kind}", key=key, kind=shape(kind)), span)
            return default
        if kind == "yes-no":
            return value.casefold() in _YES
        if kind == "list":
            return [str(v) for v in value] if isinstance(value, list) else [str(value)]
        return value

    def check_fields(self, block, allowed: tuple[str, ...], extra=()) -> None:
        for key, span in block.field_spans.items():
            if key not in allowed and key not in extra:
                known = list(allowed) + list(extra)
                self.error("DK502", said("profile-no-field", "`{kind}` has no field `{key}`", kind=block.kind, key=key),
                           span, help=did_you_mean(key, known) or (said("profile-fields-are", "its fields are {fields}",
                                                                        fields=", ".join(known)) if known else None))

    # -- the whole profile ---------------------------------------------------------------------

    def build(self, source: str) -> Profile | None:
        game = self.parsed.game
        self.check_fields(game, _GAME_FIELDS)
        for block in self.parsed.blocks:
            if block.kind not in _BLOCKS:
                self.error("DK502", said("profile-no-block", "a game profile has no `{kind}` block", kind=block.kind),
                           block.span, help=did_you_mean(block.kind, list(_BLOCKS))
                           or said("profile-blocks-are", "the blocks are {blocks}", blocks=", ".join(_BLOCKS)))
        profile_id = self.get(game, "id", "word", default="", required=True)
        players, most = self.players(game)
        value = self.get(game, "value", "word", default="optional")
        if value not in ("required", "optional"):
            self.error("DK503", said("profile-value-kind", "`value` must be `required` or `optional`"),
                       game.field_spans["value"])
        attributes = self.attributes()
        self.attribute_specs = attributes
        zones = {
            b.name: ZoneSpec(b.name, tuple(self.get(b, "aliases", "list", [])), self.get(b, "shared", "yes-no", False))
            for b in self.named("zone", ("shared", "aliases"))
        }
        profile = Profile(
            id=profile_id, name=self.parsed.title, players=players, max_players=most,
            value_required=value == "required", attributes=attributes, zones=zones,
            structure=self.structure(attributes), components=self.components(), rules=self.rules(),
            summary=self.summary(), readings=self.readings(), properties=self.properties(attributes),
            relations=self.relations(attributes), printing=self.printing(attributes),
            language=self.get(game, "language", "word", "en"), card_name=self.get(game, "card name", "text", ""),
            source=source, **self.dispute(attributes),
        )
        self.check_names(profile)
        stem = Path(source).stem if source.endswith(".game") else None
        if stem is not None and profile_id and stem != profile_id:
            self.error("DK503", said("profile-id-not-file", "the profile's id is `{id}` but its file is `{file}`",
                                     id=profile_id, file=Path(source).name), game.field_spans["id"],
                       help=said("profile-id-not-file-help", "decks find a profile by its file name: write "
                                 "`id: {stem}`, or rename the file `{id}.game`", stem=stem, id=profile_id))
        return profile

    def check_names(self, profile: Profile) -> None:
        """`{name}`s in texts must be known: attributes in `card name`, rule parameters in the summary and
        the components' texts (they are filled in when a deck is made or printed)."""
        game = self.parsed.game
        if "card name" in game.fields:
            self.known_names(game.fields["card name"], list(profile.attributes), game.field_spans["card name"],
                             "attribute")
        summary = self.parsed.of_kind("summary")
        texts = [(line, block.field_spans[key]) for block in summary for key, lines in block.fields.items()
                 for line in (lines if isinstance(lines, list) else [lines])]
        for block in self.parsed.of_kind("component"):
            text = block.fields.get("text")
            if isinstance(text, dict):
                texts += [(str(line), block.field_spans["text"]) for line in text.values()]
        for text, span in texts:
            self.known_names(str(text), list(profile.rules), span, "rule parameter")

    def known_names(self, text: str, names: list[str], span: Span, what: str) -> None:
        from .template import TemplateError
        from .template import names as template_names

        if not isinstance(text, str):
            return  # the field's type was reported where it was read
        try:
            used = template_names(text)
        except TemplateError as error:
            stray = str(error).startswith("a stray")
            self.error("DK503", error.args[0], span, help=said("profile-double-brace", "write `{{{{` and `}}}}` for a "
                                                                "brace that is not a name") if stray else None)
            return
        for name in used:
            if name not in names:
                message, help = unknown_name(name, names, what)
                self.error("DK505", message, span, help=help)

    def players(self, game) -> tuple[int, int | None]:
        written = game.fields.get("players", 2)
        text = str(written).strip()
        try:
            if text.endswith("+"):
                return int(text[:-1]), None
            if "-" in text:
                low, high = (int(part) for part in text.split("-", 1))
                if low > high or low < 1:
                    raise ValueError(text)
                return low, high
            if int(text) < 1:
                raise ValueError(text)
            return int(text), int(text)
        except ValueError:
            self.error("DK503", said("profile-players", '`players` must be a number (`2`), a range (`2-4`) or a '
                                     'minimum (`"3+"`)'),
                       game.field_spans.get("players", game.span))
            return 2, 2

    def named(self, kind: str, allowed: tuple[str, ...], extra_fields=False):
        seen: dict[str, Span] = {}
        for block in self.parsed.of_kind(kind):
            if not block.name:
                self.error("DK504", said("profile-block-needs-name", "a `{kind}` block needs a name: "
                                         "`{kind} NAME {{ … }}`", kind=kind), block.span)
                continue
            if block.name in seen:
                self.error("DK506", said("profile-defined-twice", "`{kind} {name}` is defined twice", kind=kind,
                                         name=block.name), block.span)
                continue
            seen[block.name] = block.span
            if not extra_fields:
                self.check_fields(block, allowed)
            yield block

    def single(self, kind: str):
        blocks = self.parsed.of_kind(kind)
        for extra in blocks[1:]:
            self.error("DK506", said("profile-one-block", "a game profile has one `{kind}` block; this is another",
                                     kind=kind), extra.span)
        return blocks[0] if blocks else None

    # -- attributes, properties, relations -----------------------------------------------------

    def attributes(self) -> dict[str, AttributeSpec]:
        found: dict[str, AttributeSpec] = {}
        blocks = []
        for block in self.named("attribute", _BLOCKS["attribute"]):
            if block.name.casefold() in _CARD_WORDS:
                self.error("DK503", said("profile-card-word", "an attribute cannot be called `{name}`: it is a "
                                         "field every card has", name=block.name), block.span,
                           help=said("profile-card-word-help", "give the attribute another name"))
                continue
            blocks.append(block)
        for block in blocks:
            values_field = block.fields.get("values")
            derived = self.get(block, "derived from", "word")
            groups: dict[str, tuple[str, ...]] = {}
            if derived is not None:
                raw = self.get(block, "groups", "map", {}, required=True)
                groups = {str(k): _strings(v) for k, v in raw.items()}
                values = {name: () for name in groups}
            elif isinstance(values_field, dict):
                values = {str(k): _strings(v) for k, v in values_field.items()}
            else:
                values = {v: () for v in self.get(block, "values", "list", [], required=True)}
            found[block.name] = AttributeSpec(
                name=block.name, aliases=tuple(self.get(block, "aliases", "list", [])),
                required=self.get(block, "required", "yes-no", derived is None) if derived is None else False,
                values=values, derived_from=derived, groups=groups,
                labels={str(k): str(v) for k, v in self.get(block, "labels", "map", {}).items()},
                symbols={str(k): str(v) for k, v in self.get(block, "symbols", "map", {}).items()},
                colours=self.colours(block),
                name_forms={str(k): str(v) for k, v in self.get(block, "in names", "map", {}).items()},
            )
        for block in blocks:
            spec = found[block.name]
            for key in ("labels", "symbols", "colours", "in names"):
                for value, span in block.entry_spans.get(key, {}).items():
                    self.known_value(spec, value, span)
            if spec.derived_from is not None:
                source = next((a for a in found.values() if spec.derived_from == a.name or
                               spec.derived_from.casefold() in (x.casefold() for x in a.aliases)), None)
                if source is not None and source.name != spec.derived_from:
                    spec = found[block.name] = replace(spec, derived_from=source.name)
                if source is None or source.derived_from is not None:
                    self.error("DK505", said("profile-derived-from", "`{name}` is derived from `{source}`, which "
                                             "is not an attribute cards state", name=spec.name,
                                             source=spec.derived_from), block.field_spans["derived from"],
                               help=did_you_mean(spec.derived_from, [n for n, a in found.items()
                                                                     if not a.derived_from]))
                    continue
                for derived, sources in spec.groups.items():
                    for value, span in zip(sources, self.value_spans(block, "groups", derived, len(sources)),
                                           strict=True):
                        self.known_value(source, value, span)
        return found

    def colours(self, block) -> dict[str, str]:
        """The `colours` table: `#rrggbb` values only (they go into the printed page's style)."""
        import re

        found = {}
        for value, colour in self.get(block, "colours", "map", {}).items():
            if isinstance(colour, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", colour):
                found[str(value)] = colour
            else:
                self.error("DK503", said("profile-colour", "the colour of `{value}` must be written `#rrggbb`, "
                                         "like `#c0392b`", value=value),
                           block.entry_spans["colours"][value])
        return found

    def value_spans(self, block, key: str, entry: str, count: int) -> list[Span]:
        """Where each value of a table entry is written (the entry's key when unknown)."""
        spans = block.item_spans.get(key, {}).get(entry) or []
        fallback = block.entry_spans.get(key, {}).get(entry, block.span)
        return list(spans[:count]) + [fallback] * (count - len(spans))

    def known_value(self, spec: AttributeSpec, value: str, span: Span) -> bool:
        if spec.canonical_value(value) is not None:
            return True
        message, help = not_a_value(value, spec.name, list(spec.values))
        self.error("DK505", message, span, help=help)
        return False

    def attribute_ref(self, name: str, span: Span, attributes) -> AttributeSpec | None:
        """The attribute `name` names (any of its spellings), or None after reporting it."""
        spec = attributes.get(name) or next(
            (a for a in attributes.values() if name.casefold() in (x.casefold() for x in a.aliases)), None)
        if spec is None:
            message, help = no_attribute(name, list(attributes))
            self.error("DK505", message, span, help=help)
        return spec

    def properties(self, attributes) -> dict[str, PropertySpec]:
        found = {}
        for block in self.named("property", (), extra_fields=True):
            tables = {}
            for key, value in block.fields.items():
                if key in _BLOCKS["property"]:
                    continue
                spec = self.attribute_ref(key, block.field_spans[key], attributes)
                if spec is None:
                    continue
                if not isinstance(value, dict) or not all(isinstance(v, int) for v in value.values()):
                    self.error("DK503", said("profile-table-of-numbers", "`{key}` must be a table of numbers, "
                                             "`{{ value: number, … }}`", key=key),
                               block.field_spans[key])
                    continue
                table = {}
                for written, number in value.items():
                    if self.known_value(spec, str(written), block.entry_spans[key][written]):
                        table[spec.canonical_value(str(written))] = number
                tables[spec.name] = table
            if not tables:
                self.error("DK504", said("profile-property-tables", "`property {name}` needs a table per attribute, "
                                         "like `rank: {{ 2: 2, 3: 3 }}`", name=block.name), block.span)
            found[block.name] = PropertySpec(block.name, tables, self.get(block, "label", "text", block.name),
                                             self.get(block, "description", "text", ""))
        return found

    def beats(self, block, spec: AttributeSpec | None, required: bool = True) -> dict[str, tuple[str, ...]]:
        raw = self.get(block, "beats", "map", {}, required=required)
        found = {}
        for winner, losers in raw.items():
            losers = losers if isinstance(losers, list) else [losers]
            span = block.entry_spans.get("beats", {}).get(winner, block.span)
            spans = [span, *self.value_spans(block, "beats", winner, len(losers))]
            if spec is None or not all([self.known_value(spec, str(v), where)
                                        for v, where in zip([winner, *losers], spans, strict=True)]):
                continue
            found[spec.canonical_value(str(winner))] = tuple(spec.canonical_value(str(v)) for v in losers)
        return found

    def relations(self, attributes) -> tuple[RelationSpec, ...]:
        found = []
        for block in self.named("relation", _BLOCKS["relation"]):
            name = self.get(block, "attribute", "word", required=True)
            where = block.field_spans.get("attribute", block.span)
            spec = self.attribute_ref(name, where, attributes) if name else None
            name = spec.name if spec else name
            beats = self.beats(block, spec, required="note" not in block.fields)
            title, note = self.get(block, "title", "text", block.name), self.get(block, "note", "text", "")
            found.append(RelationSpec(block.name, name or "", beats, title, note))
        return tuple(found)

    def dispute(self, attributes) -> dict:
        block = self.single("dispute")
        if block is None:
            return {"dispute_attribute": "", "beats": {}}
        self.check_fields(block, _BLOCKS["dispute"])
        name = self.get(block, "attribute", "word", required=True)
        spec = self.attribute_ref(name, block.field_spans.get("attribute", block.span), attributes) if name else None
        name = spec.name if spec else name
        beats = self.beats(block, spec)
        if any(len(losers) != 1 for losers in beats.values()):
            self.error("DK503", said("profile-beats-one", "in a dispute each throw beats exactly one other"),
                       block.field_spans["beats"])
        if spec is not None and beats and set(beats) != set(spec.values):
            missing = [f"`{v}`" for v in spec.values if v not in beats]
            self.error("DK503", said("profile-beats-missing", "the dispute does not say what {missing} beats",
                                     missing=", ".join(missing), count=len(missing)), block.field_spans["beats"])
        return {"dispute_attribute": name or "", "beats": {k: v[0] for k, v in beats.items() if v}}

    # -- structure, components, rules, texts ---------------------------------------------------

    def structure(self, attributes) -> tuple[CountConstraint, ...]:
        block = self.single("structure")
        if block is None:
            return ()
        found = []
        for key, value in block.fields.items():
            span = block.field_spans[key]
            words = key.split()
            if words[0] != "count" or (len(words) > 1 and (words[1] != "per" or len(words) == 2)):
                example = " ".join(list(attributes)[:2]) or "type"
                self.error("DK502", said("profile-not-structure", "`{key}` is not a structure rule", key=key), span,
                           help=said("profile-structure-help", "write `count: N` (the whole deck) or "
                                     "`count per {example}: …` (per group)", example=example))
                continue
            specs = [self.attribute_ref(name, span, attributes) for name in words[2:]]
            if any(spec is None for spec in specs):
                continue
            by = tuple(spec.name for spec in specs)
            groups = math.prod(max(len(spec.values), 1) for spec in specs)
            if groups > MAX_GROUPS:
                self.error("DK503", said("profile-too-many-groups", "`{key}` makes {count:,} groups of cards, one for "
                                         "each combination of values; a count has at most {limit:,}", key=key,
                                         count=groups, limit=MAX_GROUPS), span,
                           help=said("profile-too-many-groups-help", "count per fewer attributes, or per attributes "
                                     "with fewer values"))
                continue
            if isinstance(value, int) and value < 0 or isinstance(value, dict) and any(
                    isinstance(v, int) and v < 0 for v in value.values()):
                self.error("DK503", said("profile-negative", "`{key}` cannot be negative: it counts cards", key=key),
                           span)
                continue
            if isinstance(value, int):
                found.append(CountConstraint(by=by, count=value))
            elif isinstance(value, dict) and by and all(isinstance(v, int) for v in value.values()):
                last = specs[-1]
                table = {}
                for written, number in value.items():
                    if self.known_value(last, str(written), block.entry_spans[key][written]):
                        table[last.canonical_value(str(written))] = number
                found.append(CountConstraint(by=by, count=table))
            else:
                per = by[-1] if by else said("profile-group", "group")
                self.error("DK503", said("profile-count-kind", "`{key}` must be a number, or a table of numbers per "
                                         "`{per}`", key=key, per=per), span)
        return tuple(found)

    def components(self) -> dict[str, dict]:
        found = {}
        for block in self.named("component", _BLOCKS["component"]):
            found[block.name] = {
                "name": self.get(block, "name", "text", block.name),
                "names": dict(self.get(block, "names", "map", {})),
                "count": self.get(block, "count", "number", 1),
                "at_least": self.get(block, "at least", "yes-no", False),
                "value": self.get(block, "value", "number", None),
                "text": dict(self.get(block, "text", "map", {})),
            }
        return found

    def rules(self) -> dict[str, RuleParameter]:
        found = {}
        for block in self.named("rule", _BLOCKS["rule"]):
            choices = tuple(self.get(block, "choices", "list", []))
            default = block.fields.get("default")
            if default is None:
                self.error("DK504", said("profile-rule-default", "`rule {name}` needs a `default:`",
                                         name=block.name), block.span)
                continue
            if choices and str(default) not in choices:
                self.error("DK503", said("profile-default-choice", "the default `{default}` is not one of the "
                                         "choices", default=default), block.field_spans["default"],
                           help=did_you_mean(str(default), list(choices)) or said(
                               "profile-choices-are", "the choices are {choices}",
                               choices=", ".join(f"`{c}`" for c in choices)))
                continue
            if not choices and not isinstance(default, int):
                self.error("DK503", said("profile-default-kind", "a rule's default must be a number, or one of its "
                                         "`choices`"),
                           block.field_spans["default"])
                continue
            low, high = self.get(block, "min", "number", -(10**9)), self.get(block, "max", "number", 10**9)
            if not choices and not low <= default <= high:
                self.error("DK503", said("profile-default-range", "the `default` {default} is outside the rule's own "
                                         "`min` {low} and `max` {high}", default=default, low=low, high=high),
                           block.field_spans["default"])
                continue
            found[block.name] = RuleParameter(
                name=block.name, default=str(default) if choices else default, min=low, max=high,
                description=self.get(block, "description", "text", ""), choices=choices,
                quote=self.get(block, "quote", "text", ""), decision=self.get(block, "decision", "text", ""),
                group=self.get(block, "group", "word", "rule"),
            )
        return found

    def summary(self) -> dict[str, tuple[str, ...]]:
        block = self.single("summary")
        if block is None:
            return {}
        return {language: tuple(self.get(block, language, "list", [])) for language in block.fields}

    def readings(self) -> tuple[dict[str, str], ...]:
        found = []
        for block in self.parsed.of_kind("reading"):
            self.check_fields(block, _BLOCKS["reading"])
            found.append({"topic": block.name, "quote": self.get(block, "quote", "text", ""),
                          "decision": self.get(block, "decision", "text", "", required=True)})
        return tuple(found)

    def printing(self, attributes) -> dict[str, object]:
        block = self.single("print")
        if block is None:
            return {"face": "janken"}
        self.check_fields(block, _BLOCKS["print"])
        face = self.get(block, "face", "word", "janken")
        if face not in ("janken", "playing-card"):
            self.error("DK503", said("profile-face", "`face` must be `janken` or `playing-card`"),
                       block.field_spans["face"])
        found: dict[str, object] = {"face": face}
        for key in ("corners", "show"):
            names = []
            for name in self.get(block, key, "list", []):
                if name in self.parsed_properties():
                    names.append(name)
                    continue
                spec = next((a for a in attributes.values() if name == a.name or name in a.aliases), None)
                if spec is None:
                    self.error("DK505", said("profile-not-shown", "`{name}` is neither an attribute nor a property",
                                             name=name), block.field_spans[key],
                               help=did_you_mean(name, list(attributes) + self.parsed_properties()))
                else:
                    names.append(spec.name)
            found[key] = tuple(names)
        for key in ("theme", "back"):
            name = self.get(block, key, "word")
            if name is not None:
                spec = self.attribute_ref(name, block.field_spans[key], attributes)
                if spec is not None:
                    found[key] = spec.name
        return found

    def parsed_properties(self) -> list[str]:
        return [block.name for block in self.parsed.of_kind("property")]


def _strings(value) -> tuple[str, ...]:
    return tuple(str(item) for item in (value if isinstance(value, list) else [value]))
