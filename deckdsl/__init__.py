"""deckdsl: one text file per card deck — checked, printed and played from the same source.

The public API:

    >>> import deckdsl
    >>> result = deckdsl.load("decks/janken-wars.deck")
    >>> [card.name for card in result.deck.cards][:2]
    ['Muro Alto', 'Joia Cobiçada']
    >>> result.errors
    []

`load` reads and checks a deck file, `loads` a string, `load_game` a game profile (`*.game`); each returns
a `Result` (the AST, the profile and every diagnostic) and never raises on bad input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import build as _build  # noqa: F401 — first: picks the compiled game engines or their source (build.py)
from .check import registry as _registry  # noqa: F401 — registers every rule's code in diagnostics.CODES
from .check.config import Config
from .diagnostics import Diagnostic, Findings, Severity
from .files import MAX_FILE_BYTES
from .lang.ast import Deck
from .lang.reuse import Memory
from .profiles.profile import Profile
from .said import said

__version__ = "0.1.0"
__all__ = ["Config", "Deck", "Diagnostic", "Memory", "Result", "Severity", "load", "load_game", "loads", "__version__"]


@dataclass
class Result:
    """What loading a deck gives: `deck` (None only when the file could not be read as text), its
    `profile`, all `diagnostics` sorted by position, and the `path` and `text` they refer to."""

    path: str
    text: str
    deck: Deck | None
    profile: Profile | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


def loads(
    text: str, path: str = "<string>", *, check: bool = True, config: Config | None = None,
    memory: Memory | None = None, verify_fixes: bool = True,
) -> Result:
    """Parse and (unless `check=False`) check the text of a deck file.

    `config` chooses the findings (default: all, see `deckdsl.check.config`); `# deckdsl: allow CODE` comments
    in the text suppress findings (see `deckdsl.check.suppress`).  `memory`: a `Memory` kept from the last
    call on the same document (an editor's), so that only what an edit changed is parsed and judged again;
    the result is the same with or without it (`deckdsl.lang.reuse`).  The blocks an edit did not change are
    the last result's own objects, moved to their new place: after a call with a memory, the last result
    read with it shows the new text's positions for those blocks.

    A fix is offered as safe only when applying it adds no error: with `verify_fixes` (and `check`), the
    safe fixes are tried on the text, and one that adds an error is offered as unsafe, a note saying which
    (`deckdsl.check.fixes.offered`).  An editor that analyses the text at every keystroke with a `memory`
    passes `verify_fixes=False` and tries a fix when it is asked for one
    (`deckdsl.editor.lsp_features.verified`): a check of the whole text at each keystroke would undo what
    the memory saves.

    The cyclic garbage collector is paused meanwhile: parsing and checking allocate many objects and
    free few, and generation-2 collections made a 10,000-card deck ~1.5x slower than ten 1,000-card ones.
    """
    import gc

    from . import check as checker
    from .check import suppress
    from .lang.parse import parse_deck

    config = config or Config()
    if len(text) > MAX_FILE_BYTES:  # characters: at least as many bytes
        from .span import Span

        return _result(path, "", None, None, [Diagnostic(
            "DK006", said("read-text-size", "the text is {count:,} characters; decks are limited to {limit:,} bytes",
                          count=len(text), limit=MAX_FILE_BYTES),
            Span.point("", 0), help=said("read-text-size-help", "a 10,000-card deck is about 1.3 MB: is this the right "
                                         "file?"))])
    enabled = gc.isenabled()
    gc.disable()
    try:
        near = Path(path).parent if path and not path.startswith("<") else None
        deck, diagnostics, profile, gaps = parse_deck(text, near, memory)
        findings = Findings(diagnostics)
        found: list[Diagnostic] = findings
        if check:
            coverage = checker.Coverage(deck, profile, gaps)
            findings.extend(checker.run(deck, profile, gaps=gaps, early=diagnostics, enabled=config.enabled,
                                        coverage=coverage, folder=near, memory=memory, path=path))
            found = [d for d in findings if config.enabled(d.code)]
            found = suppress.apply(text, deck, found, config.enabled, judged=coverage.judged)
            found = [d for d in found if config.enabled(d.code)]
        found = found + findings.unlisted(config.enabled)
        if check and verify_fixes and any(d.fix is not None and d.fix.safe for d in found):
            from .check.fixes import offered
            from .lang.parse import blocks

            def recheck(fixed: str) -> list[Diagnostic]:
                return loads(fixed, path, config=config, verify_fixes=False).diagnostics

            found = offered(text, _result(path, text, deck, profile, found).diagnostics, recheck,
                            blocks=blocks(text))
        return _result(path, text, deck, profile, found)
    finally:
        if enabled:
            gc.enable()


def load(path: str | Path, *, check: bool = True, config: Config | None = None,
         root: str | Path | None = None) -> Result:
    """Read, parse and check the deck file at `path` (with `config`, see `loads`).  `root`: the folder the
    file must stay inside (default: its own folder) — a file that is a symbolic link out of it is DK015
    and is not read (`deckdsl.files.inside`)."""
    from .lang.parse import read_file

    text, problem = read_file(path, root=root)
    if text is None:
        assert problem is not None
        return _result(str(path), "", None, None, [problem])
    return loads(text, str(path), check=check, config=config)


def load_game(path: str | Path, *, root: str | Path | None = None) -> Result:
    """Read and check the game profile file (`*.game`) at `path`: a `Result` with no deck, the profile
    (None when it has errors) and its diagnostics.  `root`: as for `load`."""
    from .profiles.profile import read

    try:
        profile, found, text = read(Path(path), root)
    except OSError as error:
        from .span import Span

        found, profile, text = [Diagnostic("DK009", said("read-cannot-read", "cannot read the file: {reason}",
                                                         reason=error.strerror or str(error)),
                                           Span(1, 1, 1, 1, 0, 0))], None, ""
    return _result(str(path), text, None, profile, list(found))


def _result(path: str, text: str, deck, profile, found: list[Diagnostic]) -> Result:
    stamped = sorted((d if d.path == path else d.at(path) for d in found), key=Diagnostic.sort_key)
    return Result(path=path, text=text, deck=deck, profile=profile, diagnostics=stamped)
