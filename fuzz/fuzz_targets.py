"""The fuzzer's first targets (fuzz/fuzz.py): decks, game profiles, configuration, and the options of
`render`, `simulate` and `play`.  Each is a `make_X` (a payload drawn from the fuzzer's `random.Random`)
and a `run_X` (raises on a finding); fuzz/fuzz.py's docstring says what each does."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fuzz_mutate import NUMBERS, UNICODE_DIGITS, Mutator, grammar_words, seed_words

ROOT = Path(__file__).resolve().parent.parent
TEXT_SAMPLE = 8  # one deck input in 8 also goes through text/explain
SCAFFOLD_SAMPLE = 4
MAX_SEED_BYTES = 200_000  # the 1 MB amplification deck is a benchmark, not a seed


def deck_seeds() -> list[bytes]:
    paths = sorted((ROOT / "decks").rglob("*.deck")) + sorted((ROOT / "tests").rglob("*.deck"))  # tests/crashes too
    return [p.read_bytes() for p in paths if p.is_file() and p.stat().st_size <= MAX_SEED_BYTES]


def game_seeds() -> list[bytes]:
    paths = sorted((ROOT / "deckdsl" / "games").rglob("*.game")) + sorted((ROOT / "tests").rglob("*.game"))
    return [p.read_bytes() for p in paths if p.is_file() and p.stat().st_size <= MAX_SEED_BYTES]


class Targets:
    """Today's targets, and the deck and profile seeds (with their mutators) the others start from too."""

    def __init__(self, rng: random.Random, workdir: Path):
        import deckdsl  # noqa: F401 — imported once, before the clock starts

        self.rng, self.workdir = rng, workdir
        self.decks = deck_seeds()
        self.games = game_seeds()
        deck_words = grammar_words("deck.lark") + seed_words(self.decks)
        game_words = grammar_words("game.lark") + seed_words(self.games)
        self.deck_mut = Mutator(rng, self.decks, deck_words)
        self.game_mut = Mutator(rng, self.games, game_words)
        self.toml_mut = Mutator(rng, [s.encode() for s in TOML_SEEDS], TOML_WORDS)
        self.counter = 0

    def temp(self, name: str, data: bytes) -> Path:
        self.counter += 1
        folder = self.workdir / f"in{self.counter % 4}"
        folder.mkdir(exist_ok=True)
        path = folder / name
        path.write_bytes(data)
        return path

    # each target: make(rng) -> payload; run(payload) raises on a finding
    def make_deck(self) -> bytes:
        return self.deck_mut.mutate(self.rng.choice(self.decks))

    def run_deck(self, data: bytes, extra: bool | None = None) -> None:
        import deckdsl

        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None or text.startswith("\ufeff"):
            result = deckdsl.load(self.temp("fuzz.deck", data))
        else:
            result = deckdsl.loads(text, "fuzz.deck")
        if extra is None:
            extra = self.rng.randrange(TEXT_SAMPLE) == 0
        if extra and result.deck is not None:
            from deckdsl.check import explain
            from deckdsl.text import addendum_text, card_text

            for language in ("pt-BR", "en"):
                for card in result.deck.cards:
                    card_text(card, language, generated=False)
                    card_text(card, language, generated=True)
                for addendum in result.deck.addenda:
                    addendum_text(addendum, language)
            explain.deck_lines(result.deck, result.text, None, result.profile)

    def make_game(self) -> bytes:
        return self.game_mut.mutate(self.rng.choice(self.games))

    def run_game(self, data: bytes, extra: bool | None = None) -> None:
        import deckdsl
        from deckdsl.profiles import profile as profiles

        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None:
            profiles._read.cache_clear()
            deckdsl.load_game(self.temp("fuzz.game", data))
            return
        profile, _ = profiles.loads(text, "fuzz.game")
        if extra is None:
            extra = self.rng.randrange(SCAFFOLD_SAMPLE) == 0
        if extra and profile is not None and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,60}", profile.id or ""):
            from deckdsl.profiles.scaffold import scaffold

            deck_text = scaffold(profile, "Fuzz")
            folder = self.workdir / "game"
            folder.mkdir(exist_ok=True)
            for old in folder.glob("*.game"):
                old.unlink()
            (folder / f"{profile.id}.game").write_text(text, encoding="utf-8")
            profiles._read.cache_clear()
            deckdsl.loads(deck_text, str(folder / "fuzz.deck"))

    def make_config(self):
        if self.rng.random() < 0.6:
            return ("table", self.table())
        kind = self.rng.choice(("deckdsl.toml", "pyproject.toml"))
        return (kind, self.toml_mut.mutate(self.rng.choice(self.toml_mut.seeds)))

    def value(self, depth: int = 0):
        import datetime

        r = self.rng.random()
        if depth < 3 and r < 0.2:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(4))]
        if depth < 3 and r < 0.3:
            return {self.rng.choice(CONFIG_KEYS): self.value(depth + 1) for _ in range(self.rng.randrange(3))}
        return self.rng.choice([
            lambda: self.rng.choice(CODES), lambda: self.rng.choice(("error", "warning", "info", "", "ERROR")),
            lambda: self.rng.randrange(-10, 10**6), lambda: float(self.rng.choice(("nan", "inf", "-0.0", "1e308"))),
            lambda: self.rng.random() < .5, lambda: self.deck_mut.token(),
            lambda: datetime.date(2026, 1, 1), lambda: datetime.time(1, 2), lambda: None, lambda: "x" * 10_000,
            lambda: [self.rng.choice(CODES) for _ in range(self.rng.randrange(50))],
        ])()

    def table(self):
        if self.rng.random() < 0.05:
            return self.value(2)
        return {self.rng.choice(CONFIG_KEYS): self.value() for _ in range(self.rng.randrange(4))}

    def run_config(self, payload) -> None:
        from deckdsl.check import config

        kind, body = payload
        try:
            if kind == "table":
                found = config.from_table(body, Path("fuzz.toml"))
            else:
                folder = self.workdir / "config"
                folder.mkdir(exist_ok=True)
                for name in ("deckdsl.toml", "pyproject.toml"):
                    (folder / name).unlink(missing_ok=True)
                (folder / kind).write_bytes(body)
                found = config.discover(folder / "d.deck")
        except config.ConfigError:
            return
        for code in CODES:
            found.enabled(code)
        found.override(select=["JW1"], ignore=("DK2",), fail_on="warning", extend_ignore=("JW110",))

    # -- the CLI
    def cli_value(self) -> str:
        return self.rng.choice([
            lambda: self.rng.choice(NUMBERS), lambda: self.rng.choice(UNICODE_DIGITS),
            lambda: str(self.rng.uniform(-100, 100)), lambda: str(self.rng.randrange(-5, 60)),
            lambda: self.deck_mut.token(), lambda: "", lambda: " ", lambda: "1,2", lambda: ",", lambda: "1,2,3",
            lambda: "nan,0", lambda: "0,inf", lambda: "63x88", lambda: "0x0", lambda: "1e9x1e9", lambda: "-5x10",
            lambda: "nanxnan", lambda: "x", lambda: "a4", lambda: "letter", lambda: "A4", lambda: "poker",
            lambda: "tarot", lambda: "mini", lambda: "bridge", lambda: "long", lambda: "short", lambda: "full",
            lambda: "pt-BR", lambda: "en", lambda: "\x00", lambda: "１٣", lambda: "9" * 5000,
        ])()

    def make_render(self):
        options = ["--paper", "--card-size", "--bleed", "--safe", "--gutter", "--flip", "--back-offset", "--lang",
                   "--timeout", "--art"]
        args = []
        for _ in range(self.rng.randrange(1, 5)):
            args += [self.rng.choice(options), self.cli_value()]
        return {"deck": self.rng.choice(PLAY_DECKS), "args": args}

    def run_render(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import render
        from deckdsl.printing import render as renderer

        class Stub(Exception):
            pass

        def stub(*_args, **_kwargs):
            raise Stub()

        real, renderer.render = renderer.render, stub
        try:
            out = self.workdir / "render" / "x.pdf"
            result = CliRunner().invoke(render, [str(ROOT / payload["deck"]), *payload["args"], "-o", str(out)])
        finally:
            renderer.render = real
        if result.exception is not None and not isinstance(result.exception, (SystemExit, Stub)):
            raise result.exception.with_traceback(result.exc_info[2])

    def make_simulate(self):
        deck = self.rng.choice(PLAY_DECKS)
        args = ["--games", self.rng.choice(("1", "2", "3", "4", "0", "-1", "٣", "1e3", "x"))]
        for _ in range(self.rng.randrange(0, 4)):
            option = self.rng.choice(("--jobs", "--players", "--matchups", "--set", "--seed", "--format"))
            if option == "--jobs":
                value = self.rng.choice(("1", "2", "0", "513", "-1", "٢", "nan", "512"))
            elif option in ("--players", "--matchups"):
                value = ",".join(self.bot() for _ in range(self.rng.choice((0, 1, 2, 2, 3))))
                if self.rng.random() < 0.2:
                    value = self.rng.choice((",,,", ",", " , ", "random,,random", "random,random,random,random"))
            elif option == "--set":
                value = self.setting()
            elif option == "--seed":
                value = self.rng.choice(("0", "1", str(2**62), str(2**62 + 1), "-1", "٣", "x"))
            else:
                value = self.rng.choice(("text", "json", "html", ""))
            args += [option, value]
        return {"deck": deck, "args": args}

    def bot(self) -> str:
        name = self.rng.choice(("random", "greedy", "yomi", "yomi:eager", "yomi:hoard", "rollout", "ismcts", "nobot",
                                "greedy:hoard", "yomi:x", ""))
        if name in ("rollout", "ismcts"):
            # small or malformed budgets only: `ismcts`/`ismcts:` is the default budget, seconds a game by design
            name += ":" + self.rng.choice(("1", "2", "0", "-1", "٣", "²", "x", "1.5", "9" * 30, "1000001"))
        return name

    def setting(self) -> str:
        name = self.rng.choice(("star_cost", "stars_to_win", "chooser", "step_limit", "hand_size", "x", "", " ",
                                "star_cost=1", "=", "players", "deal"))
        return name + self.rng.choice(("=", "=", "=", "")) + self.cli_value()

    def run_simulate(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import simulate

        args = [str(ROOT / payload["deck"]), *payload["args"]]
        args = [a for a in args]
        result = CliRunner().invoke(simulate, args)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception.with_traceback(result.exc_info[2])

    def make_play(self):
        answers = []
        for _ in range(self.rng.randrange(0, 30)):
            answers.append(self.rng.choice([
                lambda: str(self.rng.randrange(0, 6)), lambda: str(self.rng.randrange(1, 3)), lambda: "",
                lambda: self.rng.choice(UNICODE_DIGITS), lambda: self.rng.choice(NUMBERS), lambda: "q",
                lambda: self.deck_mut.token().replace("\n", " "), lambda: " 1 ", lambda: "１",
            ])())
        args = ["--seed", str(self.rng.randrange(1000)), "--bot", self.rng.choice(("random", "greedy", "yomi",
                                                                                   "rollout:1", "random"))]
        if self.rng.random() < 0.3:
            args += ["--seat", self.rng.choice(("1", "2", "3", "0", "16", "17", "٢"))]
        if self.rng.random() < 0.3:
            args += ["--lang", self.rng.choice(("en", "pt-BR", "fr"))]
        if self.rng.random() < 0.2:
            args += ["--set", self.setting()]
        return {"deck": self.rng.choice(PLAY_DECKS), "args": args, "stdin": "\n".join(answers) + "\n"}

    def run_play(self, payload) -> None:
        from click.testing import CliRunner

        from deckdsl.cli import play

        result = CliRunner().invoke(play, [str(ROOT / payload["deck"]), *payload["args"]], input=payload["stdin"])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception.with_traceback(result.exc_info[2])


PLAY_DECKS = ["decks/janken-wars.deck", "decks/embate-dos-guardioes.deck", "decks/cooperativo.deck",
              "decks/queens-vs-kings.deck"]
CONFIG_KEYS = ["select", "ignore", "fail-on", "fail_on", "extend-ignore", "", "SELECT", "tool", "deckdsl"]
CODES = ["DK", "JW", "JW1", "JW110", "DK105", "DK0", "dk2", "", " ", "J", "JW999", "*", "É", "DK012", "XX1"]
TOML_SEEDS = [
    '[tool.deckdsl]\nselect = ["JW", "DK"]\nignore = ["JW111"]\nfail-on = "warning"\n',
    'select = ["JW1"]\nignore = "DK2"\nfail-on = "error"\n',
    '[tool]\ndeckdsl = 5\n',
    'tool = 5\n',
    '[tool.deckdsl]\nselect = 5\n',
    '[project]\nname = "x"\n[tool.deckdsl]\nfail-on = "info"\n',
]
TOML_WORDS = ["select", "ignore", "fail-on", "tool", "deckdsl", "[", "]", "=", '"', "'''", "{", "}", ",", "5", "1.5",
              "true", "nan", "inf", "1979-05-27", "JW", "DK", "[[tool.deckdsl]]", "[tool.deckdsl.x]", "error",
              "warning"]

