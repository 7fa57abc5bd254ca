"""Views of diagnostics: `full` (rustc/ruff style), `concise`, `json`, `github` annotations and `sarif`.

A diagnostic's fix (`Diagnostic.fix`) shows in each: `full` ends with `= fix: … (safe, --fix)` (or
`(unsafe, --fix --unsafe-fixes)`), `concise` marks a safe fix `[*]` as ruff does, `json` has a `fix`
object (or null) with its edits, `sarif` a `fixes` entry of replacements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..diagnostics import AFTERWORDS, CODES, Diagnostic, Fix, Severity
from ..escapes import json_text, visible
from .fixes import describe


_split: tuple[str, list[str]] | None = None


def _lines(text: str) -> list[str]:
    """The lines of `text` as positions count them (only `\n` ends a line), cached for the last text:
    a file with 20,000 findings is split once, not 20,000 times."""
    global _split
    if _split is None or _split[0] is not text:
        _split = (text, [line.removesuffix("\r") for line in text.split("\n")] if text else [])
    return _split[1]


LONG_LINE = 1_000
"""Source lines longer than this are shown as a window of it around the first mark, `…` where cut: a line
of megabytes was once printed whole under each of 500 findings."""


def _window(line: str, first: int) -> tuple[int, int]:
    """The part of `line` shown: all of it, or `LONG_LINE` characters from a little before `first`."""
    if len(line) <= LONG_LINE:
        return 0, len(line)
    begin = max(0, min(first - 40, len(line) - LONG_LINE))
    return begin, begin + LONG_LINE


def full(diagnostic: Diagnostic, text: str, where: str | None = None) -> str:
    """The diagnostic with the source line as written, carets under the span, labels and `help:`.
    `where`: the location shown after `-->` instead of `path:line:column` (a spreadsheet's cell is
    `sheet.csv:ROW:COLUMN`, numbered as the spreadsheet numbers them).  A finding about the check itself
    (`AFTERWORDS`: what was not checked, what was not listed) is one line, the concise one: it comes after
    the findings that caused it and must not crowd them (its notes and labels are in the JSON and SARIF)."""
    if diagnostic.code in AFTERWORDS:
        return concise(diagnostic) if where is None else concise(diagnostic).replace(
            f"{visible(str(diagnostic.path))}:{diagnostic.span.line}:{diagnostic.span.column}", visible(where), 1)
    span = diagnostic.span
    path = diagnostic.path or "<string>"
    lines = _lines(text)
    header = f"{diagnostic.severity.value}[{diagnostic.code}]: {diagnostic.message}"
    shown = [(span, "^", "")] + [(label.span, "-", label.message) for label in diagnostic.labels]
    numbers = sorted({s.line for s, _, _ in shown if 1 <= s.line <= len(lines)})
    width = len(str(numbers[-1])) if numbers else 1
    gutter = " " * width
    out = [header, f"{gutter}--> {visible(where or f'{path}:{span.line}:{span.column}')}"]
    if numbers:
        out.append(f"{gutter} |")
        previous = None
        for number in numbers:
            if previous is not None and number > previous + 1:
                out.append(f"{gutter} ...")
            whole = lines[number - 1]
            marks = [(marked.column - 1, marked.end_column - 1 if marked.end_line == number else len(whole), mark,
                      message) for marked, mark, message in shown if marked.line == number]
            begin, finish = _window(whole, min(start for start, *_ in marks))
            source = ("…" if begin else "") + whole[begin:finish] + ("…" if finish < len(whole) else "")
            shift = begin - (1 if begin else 0)
            out.append(f"{str(number).rjust(width)} | " + visible(source, keep="\t"))
            for start, end, mark, message in marks:
                start = min(max(start - shift, 0), len(source))
                end = max(min(end - shift, len(source)), start + 1)
                prefix = "".join("\t" if ch == "\t" else " " for ch in visible(source[:start], keep="\t"))
                carets = mark * max(1, len(visible(source[start:end], keep="\t")) + (end > len(source)))
                out.append(f"{gutter} | {prefix}{carets}{(' ' + message) if message else ''}".rstrip())
            previous = number
        out.append(f"{gutter} |")
    for note in diagnostic.notes:
        out.append(f"{gutter} = note: {note}")
    if diagnostic.help:
        out.append(f"{gutter} = help: {diagnostic.help}")
    if diagnostic.fix is not None:
        out.append(f"{gutter} = fix: {describe(diagnostic.fix)}")
    return "\n".join(out)


def localized(diagnostic: Diagnostic, translate: Callable[[str], str]) -> Diagnostic:
    """The finding with its words — message, labels, notes, help, what its fix does — passed through
    `translate` (the words of another language, `deckdsl.text.speak.translator`); its code, places and the
    fix's edits as they are."""
    from dataclasses import replace

    return replace(
        diagnostic, message=translate(diagnostic.message),
        help=translate(diagnostic.help) if diagnostic.help is not None else None,
        notes=tuple(translate(note) for note in diagnostic.notes),
        labels=tuple(replace(label, message=translate(label.message)) for label in diagnostic.labels),
        fix=replace(diagnostic.fix, message=translate(diagnostic.fix.message)) if diagnostic.fix else None)


def concise(diagnostic: Diagnostic) -> str:
    span = diagnostic.span
    mark = "[*] " if diagnostic.fix is not None and diagnostic.fix.safe else ""
    return (
        f"{visible(str(diagnostic.path))}:{span.line}:{span.column}: "
        f"{diagnostic.severity.value}[{diagnostic.code}] {mark}{diagnostic.message}"
    )


def as_dict(diagnostic: Diagnostic) -> dict:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "name": CODES[diagnostic.code].name,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "path": diagnostic.path,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "help": diagnostic.help,
        "notes": list(diagnostic.notes),
        "labels": [
            {"message": label.message, "line": label.span.line, "column": label.span.column,
             "end_line": label.span.end_line, "end_column": label.span.end_column}
            for label in diagnostic.labels
        ],
        "fix": fix_dict(diagnostic.fix),
    }


def fix_dict(fix: Fix | None) -> dict | None:
    """A fix as JSON: its message, whether it is safe, and its edits (character offsets `start`/`end` into
    the file and the same place as lines and columns, both 1-based, the end exclusive; `text` replaces
    it, an empty range inserts)."""
    if fix is None:
        return None
    return {
        "message": fix.message,
        "safe": fix.safe,
        "edits": [
            {"start": edit.span.start, "end": edit.span.end, "line": edit.span.line, "column": edit.span.column,
             "end_line": edit.span.end_line, "end_column": edit.span.end_column, "text": edit.text}
            for edit in fix.edits
        ],
    }


def to_json(diagnostics: Iterable[Diagnostic], files: int, fixed: list[dict] | None = None,
            total: list[Diagnostic] | None = None) -> str:
    """The JSON report; `fixed`, with `check --fix`: what was fixed (`path`, `code`, `message`, `safe`).
    `total`: all the findings when `diagnostics` shows only some (the summary counts all; `omitted` says
    how many are not listed).  The text of `iter_json`'s pieces."""
    return "".join(iter_json(diagnostics, files, fixed, total))


def iter_json(diagnostics: Iterable[Diagnostic], files: int, fixed: list[dict] | None = None,
              total: list[Diagnostic] | None = None) -> Iterator[str]:
    """The JSON report (see `to_json`) in pieces, one finding at a time, so that writing a report of many
    findings holds one finding's JSON at a time rather than the whole document twice (as dicts, then as
    text).  The pieces joined are `json.dumps(report, ensure_ascii=False, indent=2)`, byte for byte."""
    import json

    diagnostics = diagnostics if isinstance(diagnostics, list) else list(diagnostics)
    counted = total if total is not None else diagnostics
    summary = {s.value: sum(1 for d in counted if d.severity is s) for s in Severity}

    def member(name: str, value, last: bool = False) -> str:
        text = json_text(value, indent=2).replace("\n", "\n  ")
        return f"  {json.dumps(name)}: {text}" + ("\n" if last else ",\n")

    tail = []
    if total is not None and len(total) > len(diagnostics):
        tail.append(("omitted", len(total) - len(diagnostics)))
    if fixed is not None:
        tail.append(("fixed", fixed))
    yield "{\n" + member("files", files) + member("summary", summary)
    if not diagnostics:
        yield '  "diagnostics": []' + (",\n" if tail else "\n")
    else:
        yield '  "diagnostics": [\n'
        for index, diagnostic in enumerate(diagnostics):
            text = json_text(as_dict(diagnostic), indent=2).replace("\n", "\n    ")
            yield "    " + text + (",\n" if index < len(diagnostics) - 1 else "\n")
        yield "  ]" + (",\n" if tail else "\n")
    for index, (name, value) in enumerate(tail):
        yield member(name, value, last=index == len(tail) - 1)
    yield "}"


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def github(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command (`::error file=…,line=…::message`)."""
    level = {"error": "error", "warning": "warning", "info": "notice"}[diagnostic.severity.value]
    span = diagnostic.span
    properties = (
        f"file={_escape_property(visible(diagnostic.path or ''))},line={span.line},col={span.column},"
        f"endLine={span.end_line},endColumn={span.end_column},"
        f"title={_escape_property(diagnostic.code + ' ' + CODES[diagnostic.code].name)}"
    )
    return f"::{level} {properties}::{_escape_data(diagnostic.message + diagnostic.details)}"


def to_sarif(diagnostics: Iterable[Diagnostic], rules: Iterable, version: str) -> str:
    """A SARIF 2.1.0 log: one run, rule metadata in `tool.driver.rules`, one result per diagnostic.

    `rules`: the registered `Code`s to describe (every code, so a result's `ruleIndex` always resolves).
    """
    codes = list(rules)
    index = {code.code: i for i, code in enumerate(codes)}
    level = {"error": "error", "warning": "warning", "info": "note"}
    driver_rules = [
        {
            "id": code.code,
            "name": code.name,
            "shortDescription": {"text": code.summary},
            "defaultConfiguration": {"level": level[code.severity.value]},
            "helpUri": f"https://deckdsl.invalid/rules/{code.code}",
        }
        for code in codes
    ]
    results = []
    for diagnostic in diagnostics:
        span = diagnostic.span
        region = {
            "startLine": span.line, "startColumn": span.column,
            "endLine": span.end_line, "endColumn": max(span.end_column, span.column),
        }
        result = {
            "ruleId": diagnostic.code,
            "ruleIndex": index[diagnostic.code],
            "level": level[diagnostic.severity.value],
            "message": {"text": diagnostic.message + diagnostic.details},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(diagnostic.path)},
                    "region": region,
                }
            }],
        }
        if diagnostic.fix is not None:
            result["fixes"] = [_sarif_fix(diagnostic.fix, diagnostic.path)]
        if diagnostic.labels:
            result["relatedLocations"] = [
                {
                    "id": number,
                    "message": {"text": label.message},
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(diagnostic.path)},
                        "region": {"startLine": label.span.line, "startColumn": label.span.column},
                    },
                }
                for number, label in enumerate(diagnostic.labels)
            ]
        results.append(result)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "deckdsl", "version": version, "rules": driver_rules}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json_text(log, indent=2)


def _sarif_fix(fix: Fix, path: str | None) -> dict:
    """A SARIF `fix`: one artifact change whose replacements are the edits (a region with equal start and
    end deletes nothing: an insertion).  Columns and offsets count Unicode code points (`columnKind`)."""
    return {
        "description": {"text": fix.message + ("" if fix.safe else " (unsafe: check it keeps the deck's meaning)")},
        "artifactChanges": [{
            "artifactLocation": {"uri": _uri(path)},
            "replacements": [
                {
                    "deletedRegion": {
                        "startLine": edit.span.line, "startColumn": edit.span.column,
                        "endLine": edit.span.end_line, "endColumn": edit.span.end_column,
                        "charOffset": edit.span.start, "charLength": edit.span.end - edit.span.start,
                    },
                    "insertedContent": {"text": edit.text},
                }
                for edit in fix.edits
            ],
        }],
    }


def _uri(path: str | None) -> str:
    from pathlib import PurePath

    return PurePath(path or "<string>").as_posix()
