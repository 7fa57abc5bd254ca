"""The test session speaks English whatever the machine's locale: findings and screens follow `LANG`
(`deckdsl.text.speak`), and the tests that read English words must not depend on who runs them.  Tests of
other languages say theirs (`--lang`, or `LANG` in a subprocess's environment).

The suite runs on several processes (pytest-xdist, `make test`): a test's report crosses from a worker as
UTF-8, so what a test captured that is not UTF-8 (a lone surrogate the language server logged for a URI
that holds one) is sent with it written as an escape."""

from __future__ import annotations

import os

import pytest

for _name in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    report.sections = [(title, text.encode("utf-8", "backslashreplace").decode("utf-8"))
                       for title, text in report.sections]
