"""The fuzzer's `fmt` and `fix` targets (fuzz/fuzz.py): `deckdsl fmt` keeps a text's meaning and is
idempotent, and `deckdsl check --fix` adds no reading error, leaves nothing to fix, and offers as safe only
fixes that add no error and change no card they do not edit (as tests/test_fmt.py and
tests/test_surface_fixes.py define them)."""

from __future__ import annotations

from fuzz_mutate import Layout, slip
from fuzz_surfaces import Broken
from surfaces import cards_apart, places  # tests/surfaces.py: the tests' definitions

FMT_DECKS = 0.75
"""The share of `fmt` inputs that are decks (the others: game profiles)."""
GENTLE = 0.7
"""The share of `fmt` inputs whose layout only is mutated (the others get any mutation: mostly refused)."""
MAX_FIX_SEED = 8_000
"""The largest deck `fix` starts from: every input is checked 5-10 times."""


def meaning(text: str, kind: str):
    """What the text means, positions stripped (tests/test_fmt.py's `meaning`): the deck's AST with its
    header fields by name, and the parse diagnostics' codes; or a profile's data."""
    import deckdsl
    from deckdsl.lang.ast import without_spans
    from deckdsl.profiles import gamefile

    if kind == "game":
        file, problems = gamefile.read(text)
        if file is None:
            return None
        blocks = [(b.kind, b.name, b.fields) for b in file.blocks]
        return file.title, file.game.fields, blocks, [p.code for p in problems]
    result = deckdsl.loads(text, check=False)
    data = without_spans(result.deck.model_dump(mode="json")) if result.deck is not None else None
    if data is not None:
        data["meta"] = sorted(data["meta"], key=lambda meta: meta["name"])
    return data, sorted(d.code for d in result.diagnostics)


def _reading_errors(diagnostics) -> int:
    return sum(1 for d in diagnostics if d.code.startswith("DK0") and d.severity.value == "error")


class Texts:
    """`fmt` (deck and game texts, their layout mutated) and `fix` (readable decks with slips)."""

    def __init__(self, rng, targets) -> None:
        import deckdsl

        self.rng, self.targets = rng, targets
        self.reads = 0
        """The reads of its text (checks) the last `fix` input made: the fuzzer's time allowance."""
        self.layout = Layout(rng)
        self.readable = []
        for data in targets.decks:
            if len(data) > MAX_FIX_SEED:
                continue
            text = data.decode("utf-8", "replace")
            result = deckdsl.loads(text, "fuzz.deck")
            if result.deck is not None and not any(d.code.startswith("DK0") for d in result.diagnostics):
                self.readable.append(text)

    # ------------------------------------------------------------------------------------ fmt ---

    def make_fmt(self) -> tuple[str, bytes]:
        kind = "deck" if self.rng.random() < FMT_DECKS else "game"
        mutator = self.targets.deck_mut if kind == "deck" else self.targets.game_mut
        seed = self.rng.choice(mutator.seeds)
        if self.rng.random() < GENTLE:
            return kind, self.layout.mutate(seed.decode("utf-8", "replace")).encode("utf-8", "surrogatepass")
        return kind, mutator.mutate(seed)

    def run_fmt(self, payload: tuple[str, bytes]) -> None:
        from deckdsl.files import decode
        from deckdsl.lang.fmt import FormatBug, FormatError, format_source

        kind, data = payload
        text, _ = decode(data)
        if text is None:
            return  # `fmt` reads files as `check` does: not text is DK005/DK006
        try:
            once = format_source(text, kind)
        except FormatBug:
            raise
        except FormatError:
            return
        twice = format_source(once, kind)
        if twice != once:
            raise Broken("fmt_idempotent", "fmt of a formatted text changed it", f"once:\n{once!r}\ntwice:\n{twice!r}")
        if meaning(once, kind) != meaning(text, kind):
            raise Broken("fmt_meaning", "the formatted text means something else",
                         f"before:\n{meaning(text, kind)!r}\nafter:\n{meaning(once, kind)!r}")

    # ------------------------------------------------------------------------------------ fix ---

    def make_fix(self) -> tuple[int, bool, bytes]:
        """A readable deck with 1-3 slips (or, one input in 6, any mutation and a slip), a number that chooses
        which safe fix is tried alone, and whether the deck has one slip only (the inputs a safe fix is
        tried alone on: with two slips in a block, fixing one shows the other, a reading error `added_errors`
        counts as added, and `fix_text` holds the fix back, as it should)."""
        text = self.rng.choice(self.readable)
        mutated = self.rng.random() < 1 / 6
        if mutated:
            text = self.targets.deck_mut.mutate(text.encode("utf-8")).decode("utf-8", "replace")
        slips = self.rng.choice((1, 1, 2, 3))
        for _ in range(slips):
            text = slip(self.rng, text)
        return self.rng.randrange(2**16), slips == 1 and not mutated, text.encode("utf-8", "surrogatepass")

    def run_fix(self, payload: tuple[int, bool, bytes]) -> None:
        import deckdsl
        from deckdsl.check import fixes
        from deckdsl.diagnostics import MAX_LISTED
        from deckdsl.files import decode
        from deckdsl.lang.parse import blocks

        chosen, single, data = payload
        self.reads = 1
        text, _ = decode(data)
        if text is None:
            return
        checks = 0

        def check(new: str):
            nonlocal checks
            checks += 1
            self.reads += 1
            return deckdsl.loads(new, "fuzz.deck").diagnostics

        before = deckdsl.loads(text, "fuzz.deck")
        found = before.diagnostics
        outcome = fixes.fix_text(text, check, diagnostics=found, blocks=blocks)
        if checks > fixes.MAX_PASSES + fixes.SEARCH_CHECKS:
            raise Broken("fix_checks", f"fix_text checked the text {checks} times")
        codes = [d.code for d in found]
        uncounted = fixes.GAVE_UP in codes or any(codes.count(code) >= MAX_LISTED for code in set(codes))
        if not uncounted and _reading_errors(outcome.remaining) > _reading_errors(found):
            raise Broken("fix_reading_errors", f"--fix left {_reading_errors(outcome.remaining)} reading errors "
                                               f"where there were {_reading_errors(found)}", outcome.text)
        if outcome.passes < fixes.MAX_PASSES and not outcome.held:
            again = fixes.fix_text(outcome.text, check, blocks=blocks)
            if again.passes:
                raise Broken("fix_again", f"--fix run again fixed {[d.code for d in again.fixed]}", outcome.text)
        safe = list(dict.fromkeys(d.fix for d in found if d.fix is not None and d.fix.safe))
        if safe and single:
            self.alone(text, before, safe[chosen % len(safe)])

    def alone(self, text: str, before, fix) -> None:
        """A safe fix, applied alone, adds no error and changes no card it does not edit."""
        import deckdsl
        from deckdsl.check import fixes
        from deckdsl.lang.parse import blocks

        self.reads += 1
        newline = fixes.newline_of(text)
        new, applied = fixes.apply(text, [fix], newline=newline)
        if not applied:
            raise Broken("fix_not_applicable", f"the safe fix `{fix.message}` cannot be applied alone", whole=True)
        after = deckdsl.loads(new, "fuzz.deck")
        edits = sorted(fix.edits, key=lambda e: (e.span.start, e.span.end))
        added = fixes.added_errors(text, before.diagnostics, after.diagnostics, edits, newline, blocks=blocks(text))
        if added:
            raise Broken("fix_safe_adds_error", f"the safe fix `{fix.message}` adds {[d.code for d in added]}",
                         f"fixed:\n{new}", whole=True)
        if before.deck is not None and after.deck is not None and newline == "\n":
            at_before, at_after = places(edits)
            if cards_apart(after, at_after) != cards_apart(before, at_before):
                raise Broken("fix_safe_changes_cards", f"the safe fix `{fix.message}` changes a card it does not "
                                                       "edit", f"fixed:\n{new}", whole=True)

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        if target == "fmt":
            return "input", payload[1], {"kind": payload[0]}
        return "input", payload[2], {"kind": "deck", "one slip": payload[1], "safe fix tried alone": (
            f"number {payload[0]} modulo the count of distinct safe fixes" if payload[1] else None)}
