"""How a deck's cards look, as data: the settings of the deck's `print` block (docs/print.md, "The print
block"), read and checked once for the checker (DK308, DK301) and the renderer (`Style`).

    print {
      colours: { rock: "#7a5230", paper: "#2d5f8f", scissors: "#8c2f5d" }
      rarity_marks: { simple: "•", advanced: "♦♦", special: "★★★" }
      font: "fonts/Bitter.ttf"
      frame: square
      back_image: "art/back.png"
      show: [rarity]
    }

The game's profile gives the defaults: the `colours` of the attribute the face is coloured by and the
`symbols` of its `rarity` attribute (docs/profiles.md); the deck's settings win.  Every value is checked
before anything is printed: a colour is `#rgb` or `#rrggbb`, a table's keys are
values of the game's attributes (in any spelling the profile allows), a file is a font or a picture inside
the deck's folder that exists.  A theme (`theme.html.j2`) can go further than these settings; the two
combine, the theme's CSS last.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic
from ..files import inside
from ..lang import ast
from ..profiles.profile import Profile
from ..said import said
from .lists import either

FRAMES = ("rounded", "square", "none")
"""`frame`: the boxes of the picture and the text with rounded corners (the default), square ones, or none
(the text and the picture on the card's own colour)."""

BACK_PATTERNS = ("checks", "dots", "lines", "plain")
"""`back_pattern`: the pattern of the backs (the default: checks)."""

FONT_TYPES = (".ttf", ".otf", ".woff", ".woff2")
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")
MAX_MARK = 6
"""The longest rarity mark, in characters: a mark is a symbol or a few, seen across the table."""

_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


@dataclass(frozen=True)
class Style:
    """The `print` block's settings, checked.  `colours`: a colour by canonical value of `coloured_by` (the
    attribute the face is coloured by); `rarity_marks`: a mark by canonical rarity; `font`, `back_image`:
    files inside the deck's folder; `frame`, `back_pattern`: one of `FRAMES`, `BACK_PATTERNS`; `show`: the
    attributes the line under a card's name shows, in order (None: every attribute the card writes)."""

    coloured_by: str | None = None
    colours: dict[str, str] = field(default_factory=dict)
    rarity_marks: dict[str, str] = field(default_factory=dict)
    font: Path | None = None
    frame: str = "rounded"
    back_image: Path | None = None
    back_pattern: str = "checks"
    show: tuple[str, ...] | None = None


def coloured_by(profile: Profile | None) -> str | None:
    """The attribute whose values `colours` names: the profile's printed `theme`, else `type`."""
    if profile is None:
        return None
    name = profile.printing.get("theme")
    return str(name) if name else ("type" if "type" in profile.attributes else None)


def read(deck: ast.Deck, profile: Profile | None, folder: Path | None) -> tuple[Style, list[Diagnostic]]:
    """The deck's `Style` and the problems of its `print` block (a setting with a problem is left out).
    Without a `folder` (a deck that is not a file), files are not looked for."""
    reader = _Reader(profile, folder)
    values: dict[str, object] = {}
    seen: set[str] = set()
    for setting in deck.printing:
        if setting.name in seen:
            reader.say(said("check-print-twice", "`{key}` is set twice in the `print` block", key=setting.name),
                       setting.span, said("check-keep-one", "keep one: the later one would silently win"))
            continue
        seen.add(setting.name)
        check = _SETTINGS.get(setting.name)
        if check is None:
            reader.say(said("check-print-unknown", "`{key}` is not a setting of the `print` block", key=setting.name),
                       setting.span, said("check-print-settings-are", "the settings are {keys} (docs/print.md)",
                                          keys=", ".join(f"`{name}`" for name in _SETTINGS)))
            continue
        value = check(reader, setting)
        if value is not None:
            values[setting.name] = value
    attribute = coloured_by(profile)
    own = profile.attributes if profile is not None else {}
    values["colours"] = {**(own[attribute].colours if attribute in own else {}), **values.get("colours", {})}
    values["rarity_marks"] = {**(own["rarity"].symbols if "rarity" in own else {}), **values.get("rarity_marks", {})}
    return Style(coloured_by=attribute, **values), reader.found


class _Reader:
    def __init__(self, profile: Profile | None, folder: Path | None) -> None:
        self.profile, self.folder = profile, folder
        self.found: list[Diagnostic] = []

    def say(self, message: str, span, help: str | None = None, code: str = "DK308") -> None:
        self.found.append(Diagnostic(code, message, span, help=help))

    def word(self, setting: ast.PrintSetting, allowed: tuple[str, ...]) -> str | None:
        if isinstance(setting.value, str) and setting.value in allowed:
            return setting.value
        self.say(said("check-print-one-of", "`{key}` takes one of {values}", key=setting.name,
                      values=", ".join(allowed)), setting.span, _for_example(f"{setting.name}: {allowed[0]}"))
        return None

    def table(self, setting: ast.PrintSetting, attribute: str | None,
              value_ok: Callable[[object], str | None]) -> dict[str, str] | None:
        """A table keyed by the values of `attribute`, each value checked by `value_ok` (its problem, or None)."""
        if setting.value is not None:
            self.say(said("check-print-table", "`{key}` takes a table, one entry per value", key=setting.name),
                     setting.span, said("check-print-table-help", "write for example `{key}: {{ {example}: … }}` on "
                                        "one line", key=setting.name, example=self.example(attribute)))
            return None
        spec = self.profile.attributes.get(attribute) if self.profile is not None and attribute else None
        table: dict[str, str] = {}
        for entry in setting.entries:
            key = spec.canonical_value(entry.key) if spec is not None else str(entry.key)
            if key is None:
                allowed = ", ".join(f"`{value}`" for value in spec.values) if spec else ""
                self.say(said("check-print-not-a-value", "`{value}` is not a value of `{key}`", value=str(entry.key),
                              key=str(attribute)), entry.span,
                         said("check-print-values-are", "the values are {values}", values=allowed))
                continue
            problem = value_ok(entry.value)
            if problem is not None:
                self.say(problem, entry.span, said("check-print-sample", "for example `{code}`",
                                                   code=f"{entry.key}: {self.sample(setting.name)}"))
                continue
            if key in table:
                self.say(said("check-print-entry-twice", "`{value}` is given twice in `{key}`", value=str(entry.key),
                              key=setting.name), entry.span)
                continue
            table[key] = str(entry.value)
        return table

    def example(self, attribute: str | None) -> str:
        spec = self.profile.attributes.get(attribute) if self.profile is not None and attribute else None
        return next(iter(spec.values)) if spec is not None and spec.values else "value"

    @staticmethod
    def sample(name: str) -> str:
        return '"#2d5f8f"' if name == "colours" else '"★"'

    def file(self, setting: ast.PrintSetting, types: tuple[str, ...], font: bool) -> Path | None:
        written = setting.value
        what = said("check-file-font", "font") if font else said("check-file-picture", "picture")
        if not isinstance(written, str) or not written:
            example = "fonts/Bitter.ttf" if font else "art/back.png"
            self.say(said("check-print-file", "`{key}` takes the path of a {what} file, in quotes", key=setting.name,
                          what=what), setting.span, _for_example(f'{setting.name}: "{example}"'))
            return None
        if Path(written).suffix.lower() not in types:
            self.say(said("check-print-file-type", "`{path}` is not a {what} file deckdsl can print", path=written,
                          what=what), setting.span, said("check-use-a-file", "use a {types} file", types=either(types)))
            return None
        copy = said("check-copy-next-to-deck", "copy the file next to the deck and write its path relative to the deck")
        if re.match(r"[A-Za-z][\w+.-]*:", written) or Path(written).is_absolute():
            self.say(said("check-print-file-outside", "`{key}` must be a file inside the deck's folder, not `{path}`",
                          key=setting.name, path=written), setting.span, copy, code="DK301")
            return None
        if self.folder is None:
            return None
        path = inside(self.folder, written)
        if path is None:
            self.say(said("check-outside-folder", "`{path}` is outside the deck's folder", path=written), setting.span,
                     copy, code="DK301")
            return None
        if not os.path.isfile(path):
            self.say(said("check-print-file-missing", "the {what} file `{path}` does not exist", what=what,
                          path=written), setting.span,
                     said("check-path-from-folder", "check the path: it is relative to the deck file's folder"))
            return None
        return path


def _show(reader: _Reader, setting: ast.PrintSetting) -> tuple[str, ...] | None:
    written = setting.value if isinstance(setting.value, tuple) else None
    if written is None:
        reader.say(said("check-print-show", "`show` takes a list of attributes, `[type, rarity]` (`[]` shows none)"),
                   setting.span)
        return None
    names = []
    for name in written:
        spec = reader.profile.attribute(str(name)) if reader.profile is not None else None
        if spec is None:
            known = ", ".join(f"`{n}`" for n in reader.profile.attributes) if reader.profile is not None else ""
            reader.say(said("check-print-not-attribute", "`{key}` is not an attribute of the game", key=str(name)),
                       setting.span, said("check-attributes-are", "the attributes are {keys}", keys=known))
            return None
        names.append(spec.name)
    return tuple(names)


def _colours(reader: _Reader, setting: ast.PrintSetting):
    attribute = coloured_by(reader.profile)
    return reader.table(setting, attribute, lambda value: None if isinstance(value, str) and _COLOUR.fullmatch(value)
                        else said("check-not-a-colour", "`{value}` is not a colour: write `#rrggbb` (in quotes: `#` "
                                  "starts a comment)", value=str(value)))


def _marks(reader: _Reader, setting: ast.PrintSetting):
    return reader.table(setting, "rarity", lambda value: None if isinstance(value, str) and 0 < len(value) <= MAX_MARK
                        and value.isprintable() else said("check-rarity-mark", "a rarity mark is 1 to {count} "
                                                          "characters in quotes", count=MAX_MARK))


def _for_example(code: str) -> str:
    return said("check-write-for-example", "write for example `{code}`", code=code)


_SETTINGS: dict[str, Callable[[_Reader, ast.PrintSetting], object]] = {
    "colours": _colours,
    "rarity_marks": _marks,
    "font": lambda reader, setting: reader.file(setting, FONT_TYPES, True),
    "frame": lambda reader, setting: reader.word(setting, FRAMES),
    "back_image": lambda reader, setting: reader.file(setting, IMAGE_TYPES, False),
    "back_pattern": lambda reader, setting: reader.word(setting, BACK_PATTERNS),
    "show": _show,
}
"""The settings of the `print` block, each with what reads and checks it."""

SETTINGS = tuple(_SETTINGS)
