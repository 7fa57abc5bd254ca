"""Checking decks: `check` (with `--evidence`), `explain`, `rule` and `rules`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import __version__
from ..escapes import visible, visible_lines
from ..files import folder_of
from ..said import said
from . import main
from .common import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, Finite, _load_or_exit, deck_files, progress_bar


def _evidence_options(command):
    """`--evidence` and its settings, shared by `check` and `explain`."""
    options = [
        click.option("--evidence", is_flag=True,
                     help="Test each balance finding (JW106, JW107, JW108, JW121) by playing the deck: "
                     "confirmed, unconfirmed or contradicted (docs/rules/README.md)."),
        click.option("--evidence-games", type=click.IntRange(10, 1_000_000), default=20_000, show_default=True,
                     help="Paired games per finding."),
        click.option("--evidence-seed", type=int, default=1, show_default=True, help="Seed of the games."),
        click.option("--evidence-players", default="random,random", show_default=True, metavar="A,B",
                     help="The bots (see `deckdsl simulate`)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _add_evidence(result, games: int, seed: int, players: str, language: str = "en") -> None:
    """Play the experiments behind `result`'s balance findings and add their outcome to each as a note
    (a progress bar on a terminal, its label said in `language`).  A deck with errors is not played: the note
    says so."""
    from ..games.registry import find_game
    from ..text import speak

    game = find_game(result.profile.id) if result.profile is not None else None
    evidence = game.evidence() if game is not None else None
    if result.deck is None or evidence is None or not evidence.testable(result.diagnostics):
        return
    names = tuple(name.strip() for name in players.split(","))
    try:
        evidence.check_players(names)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    if result.errors:
        found = {i: said("explain-evidence-not-played", "evidence: not played — the deck has errors")
                 for i, d in enumerate(result.diagnostics) if evidence.comparison(d) is not None}
    else:
        total = evidence.testable(result.diagnostics) * games
        label = speak.translator(language, "deckdsl.cli")(said("progress-evidence", "playing the evidence"))
        bar = progress_bar(total, label)
        with bar if bar is not None else _nothing():
            found = evidence.gather(result.diagnostics, result.deck, result.profile, games=games, seed=seed,
                                    players=names, progress=bar.update if bar is not None else None)
    result.diagnostics[:] = evidence.annotate(result.diagnostics, found)


def _nothing():
    import contextlib

    return contextlib.nullcontext()


def _codes_option(value: tuple[str, ...]) -> list[str]:
    return [code.strip().upper() for item in value for code in item.split(",") if code.strip()]


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--format", "output_format", type=click.Choice(["full", "concise", "json", "github", "sarif"]),
    default="full", show_default=True, help="How to print the findings.",
)
@click.option("--select", multiple=True, metavar="CODES", help="Only these codes or prefixes (JW1, DK105,…).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Leave out these codes or prefixes.")
@click.option(
    "--fail-on", type=click.Choice(["error", "warning", "info"]), default=None,
    help="The lowest severity that makes the exit status 1 (default: error, or the config file's).",
)
@click.option("--no-config", is_flag=True, help="Ignore deckdsl.toml / [tool.deckdsl] files.")
@click.option(
    "--render-lint", is_flag=True,
    help="Also lay the cards out (A4, poker) and report text that does not fit and images it cannot use.",
)
@click.option("--theme", type=click.Path(exists=True, file_okay=False), default=None, metavar="DIR",
              help="With --render-lint: lay the cards out in this theme (default: the deck's folder's, if any).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing when there is nothing to report.")
@click.option("--fix", is_flag=True,
              help="Apply the safe fixes to the files (docs/rules/README.md, \"Fixes\"), then report what remains.")
@click.option("--unsafe-fixes", is_flag=True,
              help="With --fix, apply the unsafe fixes too (they guess: check each against the deck's meaning).")
@click.option("--diff", is_flag=True,
              help="With --fix (implied): print the changes as a unified diff instead of writing them; exit 1 "
              "when there are some.")
@click.option("--timeout", type=Finite(1, 86_400, " s"), default=300.0, show_default=True,
              help="Stop checking a file that takes longer, seconds (1–86400): DK013, exit 2, and the next "
              "files are checked.  With --fix, fixing it has as long again (the file is then left as it was).")
@click.option("--lang", default=None, metavar="TAG",
              help="The language findings are said in (pt-BR, en, ru; default: the configuration's `lang`, else "
              "the locale's, LANG=pt_BR.UTF-8, else English).  JSON and SARIF stay English.")
@_evidence_options
def check(
    paths: tuple[str, ...], output_format: str, select: tuple[str, ...], ignore: tuple[str, ...],
    fail_on: str | None, no_config: bool, render_lint: bool, theme: str | None, quiet: bool, fix: bool,
    unsafe_fixes: bool, diff: bool, timeout: float, lang: str | None, evidence: bool, evidence_games: int,
    evidence_seed: int, evidence_players: str,
) -> None:
    """Check deck files and game profiles (or every *.deck and *.game under folders); report every problem.

    The configuration is the nearest deckdsl.toml, or pyproject.toml with a [tool.deckdsl] table, above
    each deck; options override it.  `# deckdsl: allow CODE` on a card's first line silences CODE for
    that card.

    With --fix, the safe fixes are applied first (a misspelt field or zone, a missing `}` …: see
    `deckdsl rule CODE`), each file is written only when it changed, and the findings that remain are
    reported; --unsafe-fixes applies the fixes that guess too, and --diff shows the changes instead.

    \b
    Exit status: 0 nothing at the --fail-on level, 1 findings at that level, 2 usage or I/O error
    (also a file --fix cannot write).  With --fix, the status is that of what remains; with --diff,
    1 when there are changes.

    \b
    Examples:
      deckdsl check decks/janken-wars.deck
      deckdsl check my-game.game               a game profile (docs/profiles.md)
      deckdsl check decks/ --format github     annotations for a GitHub Actions run
      deckdsl check decks/ --format sarif > deckdsl.sarif
      deckdsl check deck.deck --select JW --ignore JW111 --fail-on warning
      deckdsl check deck.deck --format json | jq '.diagnostics[].code'
      deckdsl check deck.deck --evidence       balance findings tested by play
      deckdsl check decks/ --fix               fix typos and missing braces, report the rest
      deckdsl check deck.deck --fix --unsafe-fixes --diff
    """
    import deckdsl

    from ..check import config as configuration
    from ..check import report
    from ..limits import TimeUp, time_limit

    files = deck_files(paths)
    if not files:
        raise click.UsageError("no *.deck or *.game files found in the given folders")
    fix = fix or diff
    notices_err = output_format != "full"
    everything = []
    io_error = False
    changed_files = 0
    fixed_json: list[dict] = []
    configs: dict[Path, configuration.Config] = {}
    for file, root in files:
        try:
            found = configuration.Config() if no_config else configs.setdefault(
                file.parent, configuration.discover(file)
            )
        except configuration.ConfigError as error:
            raise click.UsageError(str(error)) from error
        config = found.override(select=_codes_option(select), ignore=_codes_option(ignore), fail_on=fail_on)
        try:
            with time_limit(timeout):
                result = deckdsl.load_game(file, root=root) if file.suffix == ".game" else deckdsl.load(
                    file, config=config, root=root)
        except TimeUp:
            result = _timed_out(file, timeout)
        except Exception as error:  # noqa: BLE001 — one file's bug must not hide the other files' findings
            result = _internal_error(file, error)
        if fix:
            result, done, changed, failed = _fix_file(file, result, config, unsafe_fixes, diff, notices_err, timeout)
            changed_files += changed
            io_error = io_error or failed
            fixed_json.extend(done)
        if render_lint and result.deck is not None and not any(d.code < "DK200" for d in result.errors):
            from ..printing import render as renderer
            from ..printing import themes

            options = renderer.Options(theme=themes.find(folder_of(file), Path(theme) if theme else None),
                                       timeout=timeout)
            found = renderer.lint(result.deck, file, options, profile=result.profile)
            seen = {(d.code, d.span) for d in result.diagnostics}  # `check` already reports missing art
            result.diagnostics.extend(d for d in found if config.enabled(d.code) and (d.code, d.span) not in seen)
        everything.append((result, config))
        io_error = io_error or any(d.code in ("DK009", "DK012", "DK013", "DK017", "DK309") for d in result.diagnostics)
    if diff:
        if not changed_files:
            click.echo("nothing to fix", err=True)
        sys.exit(EXIT_ERROR if io_error else EXIT_FINDINGS if changed_files else EXIT_CLEAN)
    if evidence:
        from ..text import speak

        for result, config in everything:
            _add_evidence(result, evidence_games, evidence_seed, evidence_players, speak.chosen(lang, config.lang))
    diagnostics = [d for result, _ in everything for d in result.diagnostics]
    shown = [d for result, _ in everything for d in result.diagnostics[:MAX_SHOWN]]
    failing = any(
        d.severity.rank >= deckdsl.Severity(config.fail_on).rank for result, config in everything
        for d in result.diagnostics
    )
    if output_format == "sarif":
        from ..check.registry import all_codes

        click.echo(report.to_sarif(shown, all_codes(), __version__))
    elif output_format == "json":
        for piece in report.iter_json(shown, len(files), fixed=fixed_json if fix else None, total=diagnostics):
            click.echo(piece, nl=False)
        click.echo()
    else:
        from ..text import speak

        for result, config in everything:
            translate = speak.translator(speak.chosen(lang, config.lang))
            for diagnostic in result.diagnostics[:MAX_SHOWN]:
                diagnostic = report.localized(diagnostic, translate)
                if output_format == "full":
                    click.echo(report.full(diagnostic, _source(diagnostic, result)) + "\n")
                elif output_format == "concise":
                    click.echo(report.concise(diagnostic))
                else:
                    click.echo(report.github(diagnostic))
            if len(result.diagnostics) > MAX_SHOWN:
                click.echo(f"… and {len(result.diagnostics) - MAX_SHOWN:,} more findings in {visible(result.path)} "
                           f"(the first {MAX_SHOWN:,} are shown; the counts below are of all of them)",
                           err=output_format == "github")
        if output_format != "github":
            say = speak.translator(speak.chosen(lang, everything[0][1].lang if everything else None), "deckdsl.cli")
            errors = sum(1 for d in diagnostics if d.severity.value == "error")
            warnings = sum(1 for d in diagnostics if d.severity.value == "warning")
            if diagnostics or not quiet:
                click.echo(say(said("check-summary", "checked {files} {files:file|files}: {errors} "
                                    "{errors:error|errors}, {warnings} {warnings:warning|warnings}",
                                    files=len(files), errors=errors, warnings=warnings)),
                           err=output_format == "concise")
            hint = _fixable_hint(diagnostics, fix, unsafe_fixes)
            hint = say(hint) if hint else None
            if hint:
                click.echo(hint, err=output_format == "concise")
    if io_error:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if failing else EXIT_CLEAN)


def _source(diagnostic, result) -> str:
    """The text a diagnostic's source line comes from: its file's (a theme's DK307 or DK309 points into
    `theme.html.j2`), else the deck's."""
    if diagnostic.code in ("DK307", "DK309"):
        from ..printing.themes import source_of

        source = source_of(diagnostic)
        return result.text if source is None else source
    return result.text


def _fix_file(file: Path, result, config, unsafe: bool, diff: bool, notices_err: bool, timeout: float):
    """Apply the fixes to one file (`deckdsl.check.fixes.fix_text`, within `timeout` seconds): write it when
    it changed, or print the diff (`diff`).  Returns the result to report (of the fixed text, once written),
    what was written (JSON records: path, code, message, safe), whether the text changed and whether
    writing failed (or the time ran out: DK013, the file left as it was)."""
    from dataclasses import replace

    import deckdsl

    from ..check import fixes
    from ..diagnostics import Diagnostic
    from ..files import decode, write_atomic
    from ..lang.parse import blocks
    from ..limits import TimeUp, time_limit
    from ..span import Span

    unchanged = (result, [], False, False)
    if not any(fixes.applicable(d, unsafe) for d in result.diagnostics):
        return unchanged
    try:
        data = file.read_bytes()
        original = data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return unchanged
    normalized, problem = decode(data)
    if problem is not None or normalized != result.text or len(original) != len(normalized):
        return unchanged  # the file changed since it was read, or its offsets are not the text's
    latest: dict[str, object] = {}

    def check_text(text: str) -> list[Diagnostic]:
        readable, trouble = decode(text.encode("utf-8"))
        if readable is None:
            return [trouble]
        if file.suffix == ".game":
            from ..profiles.profile import loads as load_profile

            profile, found = load_profile(readable, str(file))
            found = sorted((replace(d, path=str(file)) for d in found), key=Diagnostic.sort_key)
            checked = deckdsl.Result(str(file), readable, None, profile, found)
        else:
            checked = deckdsl.loads(readable, str(file), config=config)
        latest[text] = checked  # every pass's text, so the one kept has its result
        return checked.diagnostics

    try:
        with time_limit(timeout):
            outcome = fixes.fix_text(original, check_text, unsafe=unsafe, diagnostics=result.diagnostics,
                                     blocks=None if file.suffix == ".game" else blocks)
    except TimeUp:
        stopped = Diagnostic("DK013", said("check-fix-timed-out", "fixing this file took longer than {seconds:g} s: "
                                           "stopped, and the file was left as it was", seconds=timeout),
                             Span.point(result.text, 0), path=str(file),
                             help=said("check-fix-timed-out-help", "give more time (--timeout), or fix fewer problems "
                                       "at once (--select)"))
        return replace(result, diagnostics=[stopped, *result.diagnostics]), [], False, True
    shown = visible(click.format_filename(str(file)))
    _report_held(outcome.held, shown)
    if not outcome.changed:
        return unchanged
    count = len(outcome.fixed)
    lines = [f"  - {d.fix.message} ({d.code})" for d in outcome.fixed]
    if diff:
        click.echo(_unified_diff(original, outcome.text, shown), nl=False)
        click.echo(f"would fix {count} problem{'s' if count != 1 else ''} in {shown}:\n" + "\n".join(lines),
                   err=True)
        return result, [], True, False
    try:
        write_atomic(file, outcome.text.encode("utf-8"))  # through a link, keeping the file's mode
    except OSError as error:
        click.echo(f"deckdsl: cannot write the fixes to {shown}: {error.strerror or error}", err=True)
        return result, [], False, True
    click.echo(f"fixed {count} problem{'s' if count != 1 else ''} in {shown}:\n" + "\n".join(lines),
               err=notices_err)
    done = [{"path": str(file), "code": d.code, "message": d.fix.message, "safe": d.fix.safe}
            for d in outcome.fixed]
    if outcome.text not in latest:
        check_text(outcome.text)
    return latest[outcome.text], done, True, False


MAX_HELD_SHOWN = 20
"""Fixes held back that are named one by one; the others are counted."""


def _report_held(held, shown: str) -> None:
    """Say which fixes were not applied because they would add errors (`deckdsl.check.fixes.Held`)."""
    for item in held[:MAX_HELD_SHOWN]:
        where = f"{item.diagnostic.span.line}:{item.diagnostic.span.column}"
        if item.added:
            first = item.added[0]
            why = f"it would add an error ({first.code}: {first.message})"
        else:
            why = "it was not tried (the search for the fixes that add errors stopped)"
        click.echo(f"deckdsl: not applied to {shown}:{where}: {item.diagnostic.fix.message} "
                   f"({item.diagnostic.code}): {why}", err=True)
    if len(held) > MAX_HELD_SHOWN:
        click.echo(f"deckdsl: … and {len(held) - MAX_HELD_SHOWN:,} more fixes not applied to {shown}", err=True)


def _unified_diff(before: str, after: str, name: str) -> str:
    """The change as a unified diff `patch -p1` applies: lines end at `\n` only (as deckdsl counts them),
    and a last line without one is marked as diff marks it."""
    import difflib
    import re

    def lines(text: str) -> list[str]:
        return re.findall(r"[^\n]*\n|[^\n]+$", text)

    out = []
    for line in difflib.unified_diff(lines(before), lines(after), fromfile=f"a/{name}", tofile=f"b/{name}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _fixable_hint(diagnostics, fixing: bool, unsafe: bool) -> str | None:
    """The line after the summary saying how many findings a fix would resolve (ruff's `[*] N fixable`)."""
    from ..check.fixes import applicable

    safe = sum(1 for d in diagnostics if applicable(d))
    more = sum(1 for d in diagnostics if d.fix is not None and not d.fix.safe)
    if fixing:  # what remains after --fix: it was not applied, or could not be (an overlap, the pass limit)
        if unsafe or not more:
            return None
        return said("check-fixable-remaining", "{count} more fixable with `--fix --unsafe-fixes` (check each: they "
                    "guess)", count=more)
    if not safe and not more:
        return None
    if safe and more:
        return said("check-fixable-both", "{safe} fixable with `deckdsl check --fix`; {more} more with `--fix "
                    "--unsafe-fixes`", safe=safe, more=more)
    if safe:
        return said("check-fixable-safe", "{count} fixable with `deckdsl check --fix`", count=safe)
    return said("check-fixable-unsafe", "{count} with `--fix --unsafe-fixes`", count=more)


@main.command()
@click.argument("deck", type=click.Path(dir_okay=False))
@click.argument("cards", nargs=-1)
@click.option("--lang", default=None, metavar="TAG",
              help="The language the figures and findings are said in (pt-BR, en, ru; default: the configuration's "
              "`lang`, else the locale's, LANG=pt_BR.UTF-8, else English).")
@_evidence_options
def explain(deck: str, cards: tuple[str, ...], lang: str | None, evidence: bool, evidence_games: int,
            evidence_seed: int, evidence_players: str) -> None:
    """Show each card's worth as the balance rules see it, effect by effect, and the findings about it.

    \b
    Examples:
      deckdsl explain decks/janken-wars.deck
      deckdsl explain decks/examples/old-rolo-compressor.deck "Estilete Afiado"
      deckdsl explain decks/examples/origami-5.deck "Origami Sublime" --evidence
      deckdsl explain decks/janken-wars.deck "Muro Alto" --lang ru
    """
    from ..check import config as configuration
    from ..check import explain as explaining
    from ..check import report
    from ..text import speak

    try:
        config = configuration.discover(Path(deck))
    except configuration.ConfigError as error:
        raise click.UsageError(str(error)) from error
    language = speak.chosen(lang, config.lang)
    translate, say = speak.translator(language), speak.translator(language, "deckdsl.cli")
    result = _load_or_exit(deck, config)
    known = {card.name for card in result.deck.cards}
    for name in cards:
        if name not in known:
            from ..diagnostics import did_you_mean

            hint = did_you_mean(name, sorted(known))
            if hint is None:
                raise click.UsageError(say(said("explain-no-card", "the deck has no card `{card}`", card=name)))
            raise click.UsageError(say(said("explain-no-card-hint", "the deck has no card `{card}`; {hint}", card=name,
                                            hint=translate(hint))))
    if evidence:
        _add_evidence(result, evidence_games, evidence_seed, evidence_players, language)
    click.echo(visible_lines(explaining.deck_lines(result.deck, result.text, cards or None, result.profile, translate)),
               nl=False)
    wanted = set(cards)
    spans = [c.span for c in result.deck.cards if c.name in wanted]

    def about(diagnostic) -> bool:
        if not wanted:
            return diagnostic.code.startswith("JW")
        inside = any(s.start <= diagnostic.span.start < s.end for s in spans)
        return inside or bool(wanted & set(diagnostic.cards))

    shown = [d for d in result.diagnostics if about(d)]
    if shown:
        click.echo("\n" + say(said("explain-findings", "findings:")) + "\n")
        for diagnostic in shown:
            click.echo(report.full(report.localized(diagnostic, translate), result.text) + "\n")


MAX_SHOWN = 500
"""Findings shown per file in every format: a generated or pasted file can hold hundreds of thousands
(a 1 MB deck once gave 223,041 and 192 MB of SARIF); the summary and the JSON count them all."""


def _timed_out(file: Path, seconds: float):
    """A file whose check ran past `--timeout`, as a DK013 finding at its start (exit status 2), so the run
    goes on to the other files."""
    import deckdsl
    from ..diagnostics import Diagnostic
    from ..span import Span

    found = Diagnostic("DK013", said("check-timed-out", "checking this file took longer than {seconds:g} s: stopped",
                                     seconds=seconds), Span.point("", 0),
                       path=str(file), help=said("check-timed-out-help", "a file this slow to check is a bug in "
                                                 "deckdsl: please report it with the file (or give more time: "
                                                 "--timeout)"))
    return deckdsl.Result(str(file), "", None, None, [found])


def _internal_error(file: Path, error: Exception):
    """A file deckdsl failed on, as a DK012 finding at its start (exit status 2), so the run goes on
    to the other files."""
    import deckdsl
    from ..diagnostics import Diagnostic
    from ..span import Span

    found = Diagnostic("DK012", said("check-internal-error", "deckdsl failed on this file: {error}: {detail}",
                                     error=type(error).__name__, detail=str(error)[:200]),
                       Span.point("", 0), path=str(file),
                       help=said("check-internal-error-help", "this is a bug in deckdsl, not in your file: please "
                                 "report it with the file"))
    return deckdsl.Result(str(file), "", None, None, [found])
