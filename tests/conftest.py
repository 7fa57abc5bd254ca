"""The test session speaks English whatever the machine's locale: findings and screens follow `LANG`
(`deckdsl.text.speak`), and the tests that read English words must not depend on who runs them.  Tests of
other languages say theirs (`--lang`, or `LANG` in a subprocess's environment)."""

from __future__ import annotations

import os

for _name in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
