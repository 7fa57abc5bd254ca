"""The sandbox a theme runs in: Jinja2's immutable sandbox, with bounds on the work a theme may do.

A theme (`deckdsl.printing.themes`) arrives in a pull request like a deck, so it is untrusted code.  Jinja2's
sandbox keeps it away from Python's internals, but not from asking for a three-gigabyte string
(`{{ "x" * 3000000000 }}`) or for ten billion loop turns (two nested `range(100000)`); a CI job or the
preview server must not be taken down by one.  `Bounded` keeps three kinds of bound, each far above what a theme
that describes how cards look ever needs (the numbers are explained where they are defined):

- **Steps** (`MAX_STEPS`, and `STEPS_PER_CARD` more for each card printed): every loop turn, attribute
  look-up, call, filter and intercepted operator is one.  Every `for` takes its items through
  `Bounded.steps` — the template's tree is rewritten before it is compiled (`_Rewrite`) — and so does a
  recursive loop's `loop(…)`.
- **One value** (`MAX_LENGTH`, `MAX_DIGITS`): a text, list or number that could grow past the bound in one
  step is measured *before* it is made — `*`, `**`, `%`, `~`, `range`, `str.format` and `|format`, the
  widths of `center`/`ljust`/`rjust`/`zfill`/`expandtabs`/`indent`, `replace`, `join`, `translate`,
  `wordwrap`, `batch`, `slice`, `lipsum`, and any list or dict turned into text (a list of a million
  references to one long text is short as a list, not as a text).  Every other result grows at most a
  small factor past its inputs, and is measured after it is made, so the next step starts bounded too.
- **Everything made** (`MAX_OUTPUT`): every character output — inside a macro, a `{% set %}` block or a
  `{% filter %}` block too — and every text and list a step makes count against one total.

A theme past a bound raises `OverBudget` at its line (a DK309); a theme that fails any other way — a
division by zero, a number too large to print — raises a `TemplateRuntimeError` there (a DK307).  Nothing
here bounds wall-clock time: the commands' `--timeout` does, and a comparison of two long texts on every
step is the one way left to be slow within the bounds.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import ItemsView, KeysView, ValuesView
from functools import wraps
from itertools import chain

from jinja2 import Environment, nodes, pass_eval_context
from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError, TemplateError, TemplateRuntimeError, TemplateSyntaxError
from jinja2.filters import make_attrgetter
from jinja2.runtime import BlockReference, Context, LoopContext, Macro, Undefined, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace, generate_lorem_ipsum
from jinja2.visitor import NodeTransformer

from ..said import said

MAX_STEPS = 1_000_000
"""Loop turns, look-ups, calls, filters and operators in one render, besides `STEPS_PER_CARD`: what a
theme may spend apart from the cards (its CSS, a loop over a palette), where the example themes spend a few
dozen."""

STEPS_PER_CARD = 1_000
"""Steps more for each card printed (a face and its back).  The shipped design takes 86 a card, with the
example themes as without (its lines, their pieces, the attributes each reads): 860,000 for a 10,000-card
deck, whose bound is then eleven million.  Counting the cards keeps the bound that far above need for
any deck, and low for a small one: a runaway loop in a theme for the standard deck (51 cards with the
game's own) is stopped after about a million steps."""

MAX_LENGTH = 1_000_000
"""Characters of one text, items of one list, that one step may make.  What a theme builds is a class
name, a label, a CSS rule — the shipped design's longest, a card's list of labels, is a few dozen
characters; a million is far past any of them, and still only a few megabytes.  (The sheets themselves
are counted by `MAX_OUTPUT`.)"""

MAX_DIGITS = 4_300
"""Digits of one number: Python's own limit for turning a number into text (`sys.int_info`), so a theme
cannot make one it could not print, nor spend its steps multiplying numbers of millions of digits."""

MAX_OUTPUT = 200_000_000
"""Characters a render outputs, and characters and items its steps make on the way, in all.  The shipped
design writes about 1,500 characters a card, 15 million for a 10,000-card deck; two hundred million is
thirteen times that, and a few hundred megabytes at most."""

_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))
_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?[a-zA-Z%]")
_DIGITS = re.compile(r"\d+")
_DIGITS_RUN = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))


class OverBudget(SecurityError):
    """A theme went past one of the bounds: a DK309 at its line in `theme.html.j2`."""


class _TooLong(Exception):
    """`_measured` passed its limit (the measure stops there)."""


def _digits(number: int) -> int:
    return math.ceil(abs(number).bit_length() * math.log10(2)) + 1


def _measured(value, limit: int) -> int:
    """The length of `str(value)` — at most that, counted without making the text — or `limit + 1` as soon
    as it passes `limit`.  Lists, tuples, sets and dicts (and a `namespace`'s values) are counted item by
    item, each shared one once (so the count stays as cheap as the structure is small); the deck's own
    objects by their `repr`, once each."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, int):
        return _digits(value)
    seen: dict[int, int] = {}

    def size(item, nested: bool) -> int:
        if isinstance(item, (str, bytes)):
            return 4 * len(item) + 3 if nested else len(item)  # a repr escapes a character to at most 4
        if item is None or isinstance(item, (bool, float)):
            return 24
        if isinstance(item, int):
            return _digits(item)
        if isinstance(item, (Context, Environment, nodes.EvalContext, Undefined)):
            return 0
        key = id(item)
        if key in seen:
            return seen[key]
        seen[key] = 5  # a container inside itself prints as `[...]`
        if isinstance(item, Namespace):
            parts = [object.__getattribute__(item, "__dict__")]
        elif isinstance(item, (dict, ItemsView)):
            parts = chain.from_iterable(item.items() if isinstance(item, dict) else item)
        elif isinstance(item, (list, tuple, set, frozenset, KeysView, ValuesView)):
            parts = item
        else:
            seen[key] = len(repr(item))
            return seen[key]
        total = 20
        for part in parts:
            total += size(part, True) + 2
            if total > limit:
                raise _TooLong
        seen[key] = total
        return total

    try:
        return size(value, False)
    except _TooLong:
        return limit + 1


def _length(value) -> int:
    """The size of a value a step made: its characters or items (0 for anything else)."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return len(value)
    return 0


def _repeated(left, right) -> int:
    """The length `left * right` would have (a text or list repeated), else 0."""
    for sequence, times in ((left, right), (right, left)):
        if isinstance(sequence, (str, bytes, list, tuple)) and isinstance(times, int):
            return len(sequence) * max(times, 0)
    return 0


def _printf(text: str, values, measure) -> int:
    """The most `text % values` can make: the text, each conversion's width and precision (`*` takes a
    number from the values), and the longest value once per conversion."""
    specs = _PRINTF.findall(text)
    items = values if isinstance(values, tuple) else (values,)
    widths = sum(int(number) for spec in specs for number in spec if number.isdigit())
    if any("*" in spec for spec in specs):
        widths += sum(item for item in items if isinstance(item, int) and item > 0)
    return len(text) + widths + len(specs) * max((measure(item) for item in items), default=0)


def _braces(text: str, args: tuple, kwargs: dict, measure) -> int:
    """The most `text.format(*args, **kwargs)` can make, like `_printf` (a `{}` inside a field's spec takes
    its width from the arguments)."""
    try:
        specs = [spec or "" for _, name, spec, _ in string.Formatter().parse(text) if name is not None]
    except ValueError:
        return len(text)  # malformed: `format` itself says so
    values = (*args, *kwargs.values())
    widths = sum(int(number) for spec in specs for number in _DIGITS.findall(spec))
    if any("{" in spec for spec in specs):
        widths += sum(value for value in values if isinstance(value, int) and value > 0)
    return len(text) + widths + len(specs) * max((measure(value) for value in values), default=0)


def _replaced(measure, text, old, new, count=-1) -> int:
    """The most `replace(old, new, count)` can make of `text` (a value not yet a text: its every place)."""
    if isinstance(text, str) and isinstance(old, str):
        found = text.count(old) if old else len(text) + 1
    else:
        found = measure(text) + 1
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return measure(text) + found * max(measure(new) - measure(old), 0)


def _padded(measure, text, width=80, *rest) -> int:
    return max(measure(text), width if isinstance(width, int) else 0)


def _tabs(measure, text, tabsize=8) -> int:
    tabs = text.count("\t" if isinstance(text, str) else b"\t")
    return len(text) + tabs * tabsize if isinstance(tabsize, int) else 0


def _translated(measure, text, table=None, *rest) -> int:
    values = table.values() if isinstance(table, dict) else ()
    return len(text) * max((measure(value) for value in values), default=1)


def _indented(measure, text, width=4, first=False, blank=False) -> int:
    lines = text.count("\n") + 1 if isinstance(text, str) else 1
    return measure(text) + lines * (width if isinstance(width, int) else measure(width))


def _wrapped(measure, text, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True) -> int:
    return measure(text) * (1 + (measure(wrapstring) if wrapstring else 1))


def _formatted(measure, text, *args, **kwargs) -> int:
    return _printf(text, kwargs or args, measure) if isinstance(text, str) else measure(text)


def _batched(measure, value, linecount=0, fill_with=None) -> int:
    return linecount if isinstance(linecount, int) else 0


def _sliced(measure, value, slices=0, fill_with=None) -> int:
    return slices if isinstance(slices, int) else 0


def _as_text(measure, value, *rest, **kwargs) -> int:
    return measure(value)


METHODS = {"center": _padded, "ljust": _padded, "rjust": _padded, "zfill": _padded, "expandtabs": _tabs,
           "replace": _replaced, "translate": _translated}
"""Methods of a text whose result may be far longer than the text and its arguments: the most each can
make, from the text and the arguments (`join` and `format` are measured apart)."""

FILTERS = {"center": _padded, "indent": _indented, "replace": _replaced, "wordwrap": _wrapped,
           "format": _formatted, "batch": _batched, "slice": _sliced,
           **dict.fromkeys(("string", "pprint", "tojson", "escape", "e", "forceescape", "safe", "urlencode",
                            "xmlattr", "upper", "lower", "title", "capitalize", "trim", "striptags", "truncate",
                            "urlize", "wordcount", "list"), _as_text)}
"""Filters that may make far more than they are given, or that turn a list or dict into text: the most each
can make, from its arguments after any context (`join` and `sum` are `Bounded`'s own)."""


class _Rewrite(NodeTransformer):
    """Every `for` takes its items through `environment.steps`; every `~` is `environment.joined`, which
    measures the pieces before joining them."""

    def __init__(self, environment) -> None:
        self.environment = environment

    def _call(self, method: str, arguments: list, lineno: int):
        call = nodes.Call(nodes.EnvironmentAttribute(method), arguments, [], None, None, lineno=lineno)
        return call.set_environment(self.environment).set_lineno(lineno)

    def visit_For(self, node):
        self.generic_visit(node)
        node.iter = self._call("steps", [node.iter], node.iter.lineno)
        return node

    def visit_Concat(self, node):
        self.generic_visit(node)
        return self._call("joined", list(node.nodes), node.lineno)


class _Counted(CodeGenerator):
    """The code of a bounded template: rewritten first (`_Rewrite`), and every piece of output goes through
    `environment.emitted` (counted), a value measured first by `environment.printable`."""

    def visit_Template(self, node, frame=None) -> None:
        _Rewrite(self.environment).visit(node)
        super().visit_Template(node, frame)

    def _output_const_repr(self, group) -> str:
        return f"environment.emitted({super()._output_const_repr(group)})"

    def _output_child_pre(self, node, frame, finalize) -> None:
        self.write("environment.emitted(")
        super()._output_child_pre(node, frame, finalize)
        self.write("environment.printable(")

    def _output_child_post(self, node, frame, finalize) -> None:
        self.write(")")
        super()._output_child_post(node, frame, finalize)
        self.write(")")


class Bounded(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with the bounds of this module, for a document of `cards` cards.  One
    environment renders one document: its counts start at zero and are not reset."""

    code_generator_class = _Counted
    intercepted_binops = frozenset({"+", "*", "%", "**"})

    def __init__(self, cards: int = 0, **options) -> None:
        super().__init__(**options)
        self.most_steps = MAX_STEPS + STEPS_PER_CARD * cards
        self.taken = 0
        """Steps taken so far."""
        self.made = 0
        """Characters and items made so far (output included)."""
        self.globals.update(range=self.range, lipsum=self.lipsum)
        self._join = self.filters["join"]
        own = {**self.filters, "join": self.join_filter, "sum": self.sum_filter}
        self.filters = {name: self._bounded_filter(name, function) for name, function in own.items()}

    # ----------------------------------------------------------------------------- the counts ---

    def step(self) -> None:
        self.taken += 1
        if self.taken > self.most_steps:
            raise OverBudget(said("print-steps", "the theme took more than {steps:,} steps (loop turns, calls, "
                                  "look-ups) and was stopped", steps=self.most_steps))

    def expect(self, size: int, what: str) -> None:
        """Refuse, before it is made, a value of `size` characters or items past `MAX_LENGTH` or past what
        is left of `MAX_OUTPUT`."""
        if size > MAX_LENGTH:
            raise OverBudget(said("print-too-long", "{what} would make a text or list of {size:,} characters or "
                                  "items; a theme's texts and lists may have {limit:,} at most", what=what, size=size,
                                  limit=MAX_LENGTH))
        if self.made + size > MAX_OUTPUT:
            raise OverBudget(said("print-output", "the theme made more than {limit:,} characters in all and was "
                                  "stopped", limit=MAX_OUTPUT))

    def result(self, value, what: str):
        """`value`, made by a step: counted, and refused when past a bound."""
        if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > _MAX_BITS:
            raise OverBudget(said("print-made-digits", "{what} made a number of more than {limit:,} digits",
                                  what=what, limit=MAX_DIGITS))
        size = _length(value)
        if size:
            self.expect(size, what)
            self.made += size
        return value

    def measure(self, value) -> int:
        return _measured(value, MAX_LENGTH)

    def emitted(self, text: str) -> str:
        """A piece of output, counted."""
        self.made += len(text)
        if self.made > MAX_OUTPUT:
            raise OverBudget(said("print-output", "the theme made more than {limit:,} characters in all and was "
                                  "stopped", limit=MAX_OUTPUT))
        return text

    def printable(self, value):
        """A value about to be output: a list or dict is measured as text first."""
        if not isinstance(value, (str, int, float)):
            self.expect(self.measure(value), said("print-printing-value", "printing this value"))
        return value

    # ------------------------------------------------------------ what the template reaches ---

    def steps(self, iterable):
        """The items of a `for`, a step each."""
        for item in iterable:
            self.step()
            yield item

    @pass_eval_context
    def joined(self, eval_ctx, *pieces):
        """`a ~ b ~ c`, measured before it is joined."""
        self.step()
        self.expect(sum(self.measure(piece) for piece in pieces), "`~`")
        return self.result(markup_join(pieces) if eval_ctx.autoescape else str_join(pieces), "`~`")

    def range(self, *args) -> range:
        numbers = range(*args)
        try:
            size = len(numbers)
        except OverflowError:
            size = MAX_LENGTH + 1
        self.expect(size, "`range`")
        return numbers

    def lipsum(self, n=5, html=True, min=20, max=100) -> str:  # noqa: A002 — Jinja2's names
        self.expect(n * max * 12 if isinstance(n, int) and isinstance(max, int) else 0, "`lipsum`")
        return generate_lorem_ipsum(n, html, min, max)

    def getattr(self, obj, attribute):
        self.step()
        return super().getattr(obj, attribute)

    def getitem(self, obj, argument):
        self.step()
        return super().getitem(obj, argument)

    def call_binop(self, context, operator, left, right):
        self.step()
        what = f"`{operator}`"
        if operator == "*":
            self.expect(_repeated(left, right), what)
            if isinstance(left, int) and isinstance(right, int) and _digits(left) + _digits(right) > MAX_DIGITS + 2:
                raise OverBudget(said("print-digits", "{what} would make a number of more than {limit:,} digits",
                                      what=what, limit=MAX_DIGITS))
        elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
            if right * abs(left).bit_length() > _MAX_BITS + 64:
                raise OverBudget(said("print-digits", "{what} would make a number of more than {limit:,} digits",
                                      what=what, limit=MAX_DIGITS))
        elif operator == "%" and isinstance(left, str):
            self.expect(_printf(left, right, self.measure), what)
        return self.result(super().call_binop(context, operator, left, right), what)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 — the base class's names
        __self.step()
        if isinstance(__obj, LoopContext) and args:  # a recursive loop's `loop(items)`
            args = (__self.steps(args[0]), *args[1:])
        name = getattr(__obj, "__name__", "")
        what = f"`{name}`" if name else said("print-a-call", "a call")
        if isinstance(getattr(__obj, "__self__", None), (str, bytes)):
            if name == "join" and args:
                args = (tuple(args[0]), *args[1:])
                pieces = sum(__self.measure(piece) for piece in args[0])
                __self.expect(pieces + len(__obj.__self__) * len(args[0]), what)
            elif name in METHODS:
                given = {key: value for key, value in kwargs.items() if key not in ("_block_vars", "_loop_vars")}
                try:  # (Jinja2 passes a block's and a loop's variables along, for functions that ask for them)
                    size = METHODS[name](__self.measure, __obj.__self__, *args, **given)
                except TypeError:  # arguments the method itself refuses, in its own words
                    size = 0
                __self.expect(size, what)
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(__obj, (Macro, BlockReference)):  # its output is counted as it is made
            return result
        return __self.result(result, what)

    def wrap_str_format(self, value):
        formatting = super().wrap_str_format(value)
        if formatting is None:
            return None
        text = value.__self__

        @wraps(formatting)
        def measured_first(*args, **kwargs):
            if value.__name__ == "format_map":
                mapping = args[0] if args and isinstance(args[0], dict) else {}
                self.expect(_braces(text, (), mapping, self.measure), "`format_map`")
            else:
                self.expect(_braces(text, args, kwargs, self.measure), "`format`")
            return formatting(*args, **kwargs)

        return measured_first

    def _parse(self, source, name, filename):
        """The theme's tree; a number Python will not read is a syntax error at its line, not a crash:
        Jinja2's lexer raises ValueError past 4,300 digits, and SyntaxError for a number its pattern takes
        with digits of another script (`1e٣`: the lexer's `\\d` is Unicode's, Python's literals are not)."""
        try:
            return super()._parse(source, name, filename)
        except ValueError as error:
            long_number = _DIGITS_RUN.search(source)
            line = source.count("\n", 0, long_number.start()) + 1 if long_number else 1
            raise TemplateSyntaxError(said("print-long-number", "a number of more than {limit:,} digits",
                                           limit=MAX_DIGITS), line, name, filename) from error
        except SyntaxError as error:
            written = (error.text or "").strip()
            at = source.find(written) if written else -1
            line = source.count("\n", 0, at) + 1 if at >= 0 else 1
            message = said("print-unread-number-shown", "a number Python cannot read (`{written}`): write its "
                           "digits as 0-9", written=written[:40]) if written.isprintable() else \
                said("print-unread-number", "a number Python cannot read: write its digits as 0-9")
            raise TemplateSyntaxError(message, line, name, filename) from error

    def handle_exception(self, source=None):
        """A theme's failure at its line: past a bound, an `OverBudget` (running out of memory is one);
        any other error a `TemplateRuntimeError` (a division by zero is the theme's, not deckdsl's)."""
        try:
            super().handle_exception(source)
        except (TemplateError, RecursionError):
            raise
        except MemoryError as error:
            raise OverBudget(said("print-out-of-memory", "the theme ran out of memory")).with_traceback(
                error.__traceback__) from None
        except Exception as error:  # noqa: BLE001 — whatever a template's Python raised
            raise TemplateRuntimeError(f"{error} ({type(error).__name__})").with_traceback(
                error.__traceback__) from None

    # -------------------------------------------------------------------------------- filters ---

    def _bounded_filter(self, name: str, function):
        """`function`, the filter `name`: a step, the size `FILTERS` foresees refused before it is made,
        the result measured after (`result`)."""
        passes = getattr(function, "jinja_pass_arg", None) is not None  # a context, eval context or environment
        foresee = FILTERS.get(name)
        what = f"`{name}`"

        @wraps(function)
        def bounded(*args, **kwargs):
            self.step()
            if foresee is not None:
                try:
                    size = foresee(self.measure, *args[1 if passes else 0 :], **kwargs)
                except TypeError:  # arguments the filter itself refuses, in its own words
                    size = 0
                self.expect(size, what)
            return self.result(function(*args, **kwargs), what)

        return bounded

    @pass_eval_context
    def join_filter(self, eval_ctx, value, d="", attribute=None):
        """Jinja2's `join`, its items measured before they are joined."""
        items = list(value) if attribute is None else list(map(make_attrgetter(self, attribute), value))
        self.expect(sum(self.measure(item) for item in items) + len(items) * self.measure(d), "`join`")
        return self._join(eval_ctx, items, d)

    def sum_filter(self, iterable, attribute=None, start=0):
        """Jinja2's `sum`; lists or tuples are joined in one go, measured first (adding them one by one would
        copy the sum at every item)."""
        items = list(iterable) if attribute is None else list(map(make_attrgetter(self, attribute), iterable))
        if isinstance(start, (list, tuple)) and all(isinstance(item, type(start)) for item in items):
            self.expect(len(start) + sum(len(item) for item in items), "`sum`")
            return type(start)(chain(start, *items))
        return sum(items, start)
