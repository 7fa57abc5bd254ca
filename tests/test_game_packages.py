"""A game is a package: the shipped games register through `deckdsl.games.registry`, and a game shipped as its
own Python package (an entry point in the group `deckdsl.games`) is found by `deckdsl check`, `simulate` and
`play` once installed — shown with a small game built as a wheel and installed with pip into a new venv."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from deckdsl.games import registry

ROOT = Path(__file__).resolve().parent.parent

TOY_INIT = '''\
"""Toy Duel: two players take turns taking a card from a row; the higher total wins."""

import random

from deckdsl.games.interface import TERMINAL, Engine, State
from deckdsl.games.registry import Game, register_game


class ToyState(State):
    seats = 2

    def __init__(self, values, rng):
        self.row, self.taken, self.turn, self.rng = list(values), [0, 0], 0, rng
        rng.shuffle(self.row)

    def current_player(self):
        return TERMINAL if not self.row else self.turn

    def legal_actions(self):
        return list(range(len(self.row)))

    def apply(self, action):
        self.taken[self.turn] += self.row.pop(action)
        self.turn = 1 - self.turn

    def returns(self):
        if self.row or self.taken[0] == self.taken[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.taken[0] > self.taken[1] else [-1.0, 1.0]

    def information(self, seat):
        return f"row {self.row} · you {self.taken[seat]} · opponent {self.taken[1 - seat]}"

    def clone(self):
        copy = ToyState.__new__(ToyState)
        copy.row, copy.taken, copy.turn = list(self.row), list(self.taken), self.turn
        copy.rng = random.Random()
        copy.rng.setstate(self.rng.getstate())
        return copy

    def describe(self, action):
        return f"take {self.row[action]}"


class ToyEngine(Engine):
    seats = 2

    def __init__(self, deck, profile):
        self.name = profile.name
        self.values = [profile.property_of(card, "points") for card in deck.cards for _ in range(card.copies)]

    def new_state(self, rng):
        return ToyState(self.values, rng)


class ToyDuel(Game):
    id = "toy-duel"

    def engine(self, deck, profile, settings):
        return ToyEngine(deck, profile)


register_game(ToyDuel())
'''

TOY_PROFILE = '''\
game "Toy Duel" {
  id: toy-duel
  players: 2
  language: en

  attribute rank {
    values: { one: [], two: [], three: [] }
  }

  property points {
    label: "points"
    rank: { one: 1, two: 2, three: 3 }
  }
}
'''

TOY_DECK = '''\
deck "Toy row" {
  game: toy-duel
}

card "One" {
  rank: one
  copies: 3
}

card "Two" {
  rank: two
  copies: 2
}

card "Three" {
  rank: three
}
'''


def _wheel(folder: Path) -> Path:
    """A wheel of the package `toy_duel` with its entry point (built by hand: no build backend needed)."""
    name = "deckdsl_toy_duel-1.0-py3-none-any.whl"
    info = "deckdsl_toy_duel-1.0.dist-info"
    files = {
        "toy_duel/__init__.py": TOY_INIT,
        "toy_duel/toy-duel.game": TOY_PROFILE,
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: deckdsl-toy-duel\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/entry_points.txt": "[deckdsl.games]\ntoy-duel = toy_duel\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    wheel = folder / name
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A new venv that sees deckdsl and its dependencies (a .pth adds this environment's site-packages) and
    has the toy game installed by pip from its wheel."""
    folder = tmp_path_factory.mktemp("games")
    env = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True, capture_output=True)
    python = env / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    Path(site, "deckdsl_parent.pth").write_text(f"import site; site.addsitedir({ours!r})\n", encoding="utf-8")
    installed = subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--no-deps", "--quiet",
                                str(_wheel(folder))], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    return env


def _deckdsl(env: Path, *args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([str(env / "bin" / "python"), "-m", "deckdsl", *args], capture_output=True, text=True,
                          cwd=cwd, input=stdin, timeout=300, env={**os.environ, "PYTHONPATH": ""})


def test_an_installed_game_package_is_checked_played_and_simulated(venv, tmp_path):
    (tmp_path / "row.deck").write_text(TOY_DECK, encoding="utf-8")
    checked = _deckdsl(venv, "check", "row.deck", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    simulated = _deckdsl(venv, "simulate", "row.deck", "--games", "20", "--format", "json", cwd=tmp_path)
    assert simulated.returncode == 0, simulated.stderr
    assert '"games": 20' in simulated.stdout
    played = _deckdsl(venv, "play", "row.deck", "--seed", "3", cwd=tmp_path, stdin="1\n" * 10)
    assert played.returncode == 0, played.stderr
    assert "take" in played.stdout and ("you win" in played.stdout or "you lose" in played.stdout
                                        or "a draw" in played.stdout), played.stdout


def test_an_effect_on_the_installed_game_is_an_error(venv, tmp_path):
    (tmp_path / "row.deck").write_text(TOY_DECK.replace("  copies: 2\n", "  copies: 2\n  action: gain 1 star\n"),
                                       encoding="utf-8")
    checked = _deckdsl(venv, "check", "row.deck", cwd=tmp_path)
    assert checked.returncode == 1 and "DK124" in checked.stdout, checked.stdout + checked.stderr


def test_the_game_is_not_known_without_its_package(tmp_path):
    (tmp_path / "row.deck").write_text(TOY_DECK, encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "deckdsl", "check", "row.deck"], capture_output=True, text=True,
                             cwd=tmp_path, timeout=300)
    assert checked.returncode == 1 and "DK114" in checked.stdout, checked.stdout


def test_a_broken_installed_package_is_reported_not_a_traceback(venv, tmp_path):
    site = subprocess.run([str(venv / "bin" / "python"), "-c",
                           "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    broken = Path(site, "deckdsl_broken-1.0.dist-info")
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: deckdsl-broken\nVersion: 1.0\n")
    (broken / "entry_points.txt").write_text("[deckdsl.games]\nbroken-game = no_such_module_here\n")
    try:
        (tmp_path / "b.deck").write_text(TOY_DECK.replace("toy-duel", "broken-game"), encoding="utf-8")
        (tmp_path / "row.deck").write_text(TOY_DECK, encoding="utf-8")
        checked = _deckdsl(venv, "check", "b.deck", cwd=tmp_path)
        assert checked.returncode == 2, checked.stdout + checked.stderr
        assert "Traceback" not in checked.stdout + checked.stderr, checked.stdout + checked.stderr
        assert "error[DK017]" in checked.stdout and "no_such_module_here" in checked.stdout, checked.stdout
        others = _deckdsl(venv, "check", "row.deck", cwd=tmp_path)
        assert others.returncode == 0, others.stdout + others.stderr
    finally:
        for path in broken.iterdir():
            path.unlink()
        broken.rmdir()


def test_the_shipped_games_are_packages_with_their_profiles():
    for game_id, module in registry.SHIPPED.items():
        game = registry.find_game(game_id)
        assert type(game).__module__ == module
        folder = ROOT.joinpath(*module.split("."))
        assert game.profile_path() == folder / f"{game_id}.game"
        assert (folder / "__init__.py").is_file() and (folder / "engine.py").exists() or (folder / "engine").is_dir()


def test_registering_a_second_game_under_a_taken_id_is_refused():
    class Impostor(registry.Game):
        id = "janken-wars"

    registry.find_game("janken-wars")
    with pytest.raises(registry.GameError, match="two games"):
        registry.register_game(Impostor())
    assert registry.find_game("no-such-game") is None
