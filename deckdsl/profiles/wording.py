"""The words of a game profile's findings (DK5xx) that choose between phrases (`deckdsl.said`): what a
field must be, the field a block needs, a name the profile lacks (with the names it has), a list of items."""

from __future__ import annotations

from ..diagnostics import did_you_mean
from ..said import Said, said


def shape(name: str) -> Said:
    """What a field of the kind `name` must hold (`a number`)."""
    return {"yes-no": said("profile-kind-yes-no", "`yes` or `no`"),
            "map": said("profile-kind-map", "a `{{ key: value, … }}` table"),
            "list": said("profile-kind-list", "a `[…]` list"), "number": said("profile-kind-number", "a number"),
            "text": said("profile-kind-text", 'a "text"'), "word": said("profile-kind-word", "a word")}[name]


def needs(block: str, key: str) -> Said:
    """`block` lacks the field `key`, which it needs."""
    if key[0] in "aeiou":
        return said("profile-needs-an", "`{block}` needs an `{key}:` field", block=block, key=key)
    return said("profile-needs-a", "`{block}` needs a `{key}:` field", block=block, key=key)


def unknown_name(name: str, names: list[str], what: str) -> tuple[Said, str | None]:
    """The message and help for `{name}` in a text, which is not one of `names` (`what`: `attribute` or
    `rule parameter`)."""
    listed = ", ".join(names)
    if what == "attribute":
        return (said("profile-not-attribute", "`{{{name}}}` is not an attribute", name=name),
                did_you_mean(name, names) or (said("profile-attributes-are", "the attributes are {names}",
                                                   names=listed) if names else
                                              said("profile-no-attributes", "there are no attributes to name here")))
    return (said("profile-not-parameter", "`{{{name}}}` is not a rule parameter", name=name),
            did_you_mean(name, names) or (said("profile-parameters-are", "the rule parameters are {names}",
                                               names=listed) if names else
                                          said("profile-no-parameters", "there are no rule parameters to name here")))


def not_a_value(value: str, attribute: str, values: list[str]) -> tuple[Said, str | None]:
    """The message and help for `value`, which is not one of the `values` of `attribute`."""
    return (said("profile-not-value", "`{value}` is not a value of `{name}`", value=value, name=attribute),
            did_you_mean(value, values) or (said("profile-values-are", "its values are {values}",
                                                 values=", ".join(values)) if values else
                                            said("profile-no-values", "it has no values yet")))


def no_attribute(name: str, names: list[str]) -> tuple[Said, str | None]:
    """The message and help for `name`, which is not one of the attributes `names`."""
    return (said("profile-no-attribute", "there is no attribute `{name}`", name=name),
            did_you_mean(name, names) or (said("profile-attributes-are", "the attributes are {names}",
                                               names=", ".join(names)) if names else
                                          said("profile-no-attributes-yet", "the profile has no attributes yet: add "
                                               "an `attribute NAME {{ values: […] }}` block")))


def listed(items: list[str]) -> str:
    """Items for a message, joined by commas: a said list, since an item may be words of its own."""
    if len(items) == 1:
        return items[0]
    return said("profile-list", "{first}, {rest}", first=items[0], rest=listed(items[1:]))
