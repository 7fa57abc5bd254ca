#!/usr/bin/env bash
# Runs bench/anchor.py (OpenSpiel on goofspiel) in its own venv, bench/.venv-anchor, made here when missing:
#
#     bash bench/anchor.sh [--quick]
#
# Prints one JSON object on stdout.  When open-spiel cannot be had (no network, no wheel for this Python or
# platform, a wheel that does not import), it prints {"unavailable": "<reason>"} and exits 0, so that a bench run
# goes on with deckdsl's own figures.  pip's output goes to stderr.  Delete bench/.venv-anchor to install afresh.
#
#     PYTHON=python3.12 bash bench/anchor.sh      # the interpreter the venv is made from (default python3)
#     OPEN_SPIEL=open-spiel bash bench/anchor.sh  # what pip installs (default pinned, so that the anchor stays put)
set -u

cd "$(dirname "$0")/.."
venv=bench/.venv-anchor
python=${PYTHON:-python3}
spec=${OPEN_SPIEL:-open-spiel==2.0.2}

unavailable() {
    "$python" -c 'import json, sys; print(json.dumps({"unavailable": sys.argv[1]}))' "$1" 2>/dev/null \
        || printf '{"unavailable": "%s"}\n' "${1//\"/\'}"
    exit 0
}

last_line() {
    grep -v '^WARNING: Location' "$1" | grep -v '^\s*$' | tail -n 1
}

if ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    if ! "$python" -m venv "$venv" >"$log" 2>&1; then
        cat "$log" >&2
        unavailable "$python -m venv failed: $(last_line "$log")"
    fi
    if ! "$venv/bin/python" -m pip install --disable-pip-version-check -q "$spec" >"$log" 2>&1; then
        cat "$log" >&2
        unavailable "pip install $spec failed: $(last_line "$log")"
    fi
    cat "$log" >&2
    if ! "$venv/bin/python" -c 'import pyspiel' >"$log" 2>&1; then
        cat "$log" >&2
        unavailable "$spec installed but pyspiel does not import: $(last_line "$log")"
    fi
    rm -f "$log"
fi

exec "$venv/bin/python" bench/anchor.py "$@"
