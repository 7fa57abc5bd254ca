"""`deckdsl play`: a person (scripted answers on stdin) against a bot, to the end of the game.

The transcript is read the way a player reads it: the table and both domains (with values that add
up), the stars and discard counts, the throw menu, bad answers asked again, the rules text of every card
taken, and a last line that says who won.  End of input and `q` leave cleanly; the same seed and
answers replay the same game, in process (CliRunner) and through a pipe (not a TTY).
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl.cli import main
from deckdsl.text import card_text

ROOT = Path(__file__).resolve().parent.parent
STANDARD = "decks/janken-wars.deck"
ACTION_CARDS = ["Estilete Afiado", "Joia Cobiçada", "Kit de Ferramentas", "Presente Embrulhado", "Rolo Compressor"]
BAD = ["9", "x", "", "0", "-1", "2.5"]
PROMPT = re.compile(r"\[1-(\d+), q quits\] > ")
STATE = re.compile(r"^(you|the bot): (\d+) stars? · domain (-?\d+) points? \[(.*)\] · (\d+) discarded$")
CARD = re.compile(r"([^,\[\]]+?) \((rock|paper|scissors|component), (-?\d+|\*)\)")
END = re.compile(r"^(YOU WIN|the bot wins) \(.+\), round \d+$|^draw \(.+\)$")


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def answers(count: int = 4000, cycle=("1", "9", "2", "yes", "x", "3", "", "2", "1", "3", "1")) -> str:
    """A long answer stream: valid numbers for every menu size, with bad answers among them (and `yes`, which
    confirms a discard of the domain chosen just before it)."""
    return "".join(f"{answer}\n" for answer in itertools.islice(itertools.cycle(cycle), count))


def play(*args, input: str):
    return CliRunner().invoke(main, ["play", STANDARD, "--lang", "en", *map(str, args)], input=input)


def play_piped(*args, input: str, timeout: float = 60):
    return subprocess.run([sys.executable, "-m", "deckdsl", "play", STANDARD, "--lang", "en", *map(str, args)],
                          cwd=ROOT,
                          input=input, capture_output=True, text=True, timeout=timeout)


def last_line(output: str) -> str:
    return [line for line in output.splitlines() if line.strip()][-1]


def assert_clean_exit(result):
    assert result.exit_code == 0, result.output
    assert result.exception is None or (isinstance(result.exception, SystemExit) and not result.exception.code), \
        repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output


@pytest.fixture(scope="module")
def full_game():
    result = CliRunner().invoke(main, ["play", str(ROOT / STANDARD), "--lang", "en", "--seed", "3", "--bot", "random"],
                                input=answers())
    return result


# ------------------------------------------------------------------------ a whole game ---


def test_game_reaches_its_end(full_game):
    assert_clean_exit(full_game)
    assert END.match(last_line(full_game.output)), last_line(full_game.output)
    assert "game left" not in full_game.output
    first = full_game.output.splitlines()[0]
    assert "seed 3" in first and "--seed 3" in first and "random" in first


def test_table_domains_stars_and_discards_are_shown(full_game):
    lines = full_game.output.splitlines()
    tables = [line for line in lines if line.startswith("table: ")]
    assert tables
    for table in tables:
        assert 1 <= len(CARD.findall(table)) <= 5, table
    states = [STATE.match(line) for line in lines if line.startswith(("you:", "the bot:"))]
    assert states and all(states), [line for line in lines if line.startswith(("you:", "the bot:"))]
    assert {match.group(1) for match in states} == {"you", "the bot"}
    for match in states:
        cards = CARD.findall(match.group(4))
        shown = [int(value) for _, _, value in cards]  # a card in a domain shows its current value
        assert sum(shown) == int(match.group(3)), match.group(0)
        assert (match.group(4) == "empty") == (not cards), match.group(0)
    assert any(int(m.group(2)) > 0 for m in states), "nobody ever had a star"
    assert any(int(m.group(5)) > 0 for m in states), "nothing was ever discarded"


def test_throw_menu(full_game):
    output = full_game.output
    assert "  1) rock (pedra)\n  2) paper (papel)\n  3) scissors (tesoura)\nyour throw [1-3, q quits] > " in output
    assert re.search(r"^you throw \w+ \(\w+\), the bot throws \w+ \(\w+\): (you win|the bot wins|a tie: throw again)$",
                     output, re.M)


def test_bad_answers_are_asked_again(full_game):
    lines = full_game.output.splitlines()
    complaints = [i for i, line in enumerate(lines) if line.strip().startswith("please answer with a number")]
    assert len(complaints) > 10
    for i in complaints:
        before, after = PROMPT.search(lines[i - 1]), PROMPT.search(lines[i + 1])
        assert before and after, lines[i - 1:i + 2]
        question = lines[i - 1][: before.start()]
        assert lines[i + 1].startswith(question), lines[i - 1:i + 2]
        assert lines[i].strip() == f"please answer with a number from 1 to {before.group(1)}"
        given = lines[i - 1][before.end():]
        assert given in BAD or not given.isdigit() or not 1 <= int(given) <= int(before.group(1)), given


def test_rules_text_of_a_taken_card(full_game):
    deck = deckdsl.load(STANDARD).deck
    lines = full_game.output.splitlines()
    seen = set()
    for i, line in enumerate(lines):
        taken = re.match(r"^(you take|the bot takes) (.+?) \((rock|paper|scissors), ", line)
        if not taken:
            continue
        name = taken.group(2)
        text = list(card_text(deck.card(name), "en").lines)  # `--lang en`: the screen and the card texts
        assert [x.strip() for x in lines[i + 1:i + 1 + len(text)]] == text, (name, lines[i:i + 3])
        if name in ACTION_CARDS:
            assert lines[i + 1].startswith("    Action: "), lines[i:i + 2]
            seen.add(name)
    assert seen, "no card with an action was taken"


def test_exchange_is_offered_and_told(full_game):
    output = full_game.output
    # Whenever your domain changes: an exchange for the stars it buys, or, below the star cost, the GDD's
    # choice to discard it for none (this game's answers take that one several times).
    assert re.search(r"(exchange your whole domain \(-?\d+ points\) for \d+ stars?|"
                     r"discard your whole domain \(-?\d+ points\) for no star)\?", output)
    assert re.search(r"^(you exchange|the bot exchanges) \d+ cards? worth \d+ points? for \d+ stars?$", output, re.M)
    assert re.search(r"^you discard the whole domain, \d+ cards? worth -?\d+ points?, for no star$", output, re.M)
    assert not re.search(r"\b1 (cards|points|stars)\b|\(s\)", output), "English plurals agree with their number"


# ------------------------------------------------------------------------ leaving early ---


@pytest.mark.parametrize("count", [0, 1, 2, 5, 9, 14, 20, 33])
def test_end_of_input_leaves_cleanly(count):
    result = play("--seed", 3, "--bot", "random", input=answers(count))
    assert_clean_exit(result)
    assert last_line(result.output) == "game left"
    assert not END.match(last_line(result.output))


@pytest.mark.parametrize("word", ["q", "Q", "quit", "exit"])
@pytest.mark.parametrize("after", [0, 4, 11])
def test_q_leaves_cleanly(word, after):
    result = play("--seed", 3, "--bot", "random", input=answers(after) + f"{word}\n" + answers(50))
    assert_clean_exit(result)
    assert last_line(result.output) == "game left"
    assert result.output.count("game left") == 1


# ------------------------------------------------------------------------------ replays ---


def test_same_seed_and_answers_give_the_same_transcript(full_game):
    again = play("--seed", 3, "--bot", "random", input=answers())
    assert again.output == full_game.output
    other = play("--seed", 4, "--bot", "random", input=answers())
    assert_clean_exit(other)
    assert other.output != full_game.output


def test_printed_seed_replays_the_game():
    first = play("--bot", "random", input=answers())
    assert_clean_exit(first)
    seed = re.search(r"replay with --seed (\d+)", first.output.splitlines()[0])
    assert seed, first.output.splitlines()[0]
    replay = play("--bot", "random", "--seed", seed.group(1), input=answers())
    assert replay.output == first.output


# ---------------------------------------------------------------------- piped, not a TTY ---


def _without_prompts(text: str, echoed: bool) -> str:
    """The transcript without the prompts (and, for CliRunner, the answers it echoes after them)."""
    prompt = r"(?:\[1-\d+, q quits\]|\(type yes to confirm\)) > "
    if echoed:
        return re.sub(rf"(?m)^[^\n]*?{prompt}[^\n]*\n?", "", text)
    return re.sub(rf"(?m)^(?:[^\n]*?{prompt})+", "", text)


def test_piped_stdin_plays_the_same_game(full_game):
    proc = play_piped("--seed", 3, "--bot", "random", input=answers())
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.strip() == ""
    assert END.match(last_line(proc.stdout)), last_line(proc.stdout)
    assert _without_prompts(proc.stdout, echoed=False) == _without_prompts(full_game.output, echoed=True)


@pytest.mark.parametrize("script", [answers(7), answers(7) + "q\n"])
def test_piped_stdin_leaves_cleanly(script):
    proc = play_piped("--seed", 3, "--bot", "random", input=script)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert last_line(proc.stdout) == "game left"


def test_piped_closed_stdin():
    proc = subprocess.run([sys.executable, "-m", "deckdsl", "play", STANDARD, "--lang", "en", "--seed", "1",
                           "--bot", "random"],
                          cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert last_line(proc.stdout) == "game left"


# ----------------------------------------------------------------------------- options ---


@pytest.mark.parametrize("bot", ["nope", "random:lazy", "Greedy"])
def test_bad_bot_is_a_usage_error(bot):
    result = play("--bot", bot, "--seed", 1, input="1\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "--bot" in result.output
    assert "your throw" not in result.output


def test_bad_bot_is_a_usage_error_piped():
    proc = play_piped("--bot", "nope", input="1\n")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "nope" in proc.stderr


@pytest.mark.parametrize("bot", ["random", "greedy", "yomi:hoard"])
def test_every_bot_plays_to_the_end(bot):
    result = play("--seed", 5, "--bot", bot, input=answers())
    assert_clean_exit(result)
    assert END.match(last_line(result.output)), last_line(result.output)
    assert f"you are player 1 against {bot}" in result.output.splitlines()[0]


def test_set_chooser_owner_is_accepted():
    result = play("--seed", 3, "--bot", "random", "--set", "chooser=owner", input=answers())
    assert_clean_exit(result)
    assert END.match(last_line(result.output)), last_line(result.output)


def test_set_star_cost_is_announced():
    result = play("--seed", 3, "--bot", "random", "--set", "star_cost=6", input=answers(3))
    assert_clean_exit(result)
    assert "a star costs 6 points" in result.output


@pytest.mark.parametrize("setting", ["bogus=1", "chooser=nobody", "star_cost"])
def test_bad_set_is_a_usage_error(setting):
    result = play("--seed", 3, "--set", setting, input="1\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "--set" in result.output


def test_english_card_texts():
    result = play("--seed", 3, "--bot", "random", "--lang", "en", input=answers())
    assert_clean_exit(result)
    assert re.search(r"^    Action: ", result.output, re.M)
    assert "Ação:" not in result.output


def test_deck_with_errors_is_not_played():
    result = CliRunner().invoke(main, ["play", "tests/bad/40-deck-size.deck", "--seed", "1"], input="1\n")
    assert result.exit_code == 1, result.output
    assert "DK201" in result.output and "your throw" not in result.output


def test_a_portuguese_deck_plays_in_portuguese():
    """Without `--lang`, the screen speaks the deck's language: the standard deck is pt-BR."""
    result = CliRunner().invoke(main, ["play", STANDARD, "--seed", "3", "--bot", "random"], input=answers())
    assert_clean_exit(result)
    out = result.output
    assert "você é o Jogador 1 contra random · semente 3" in out
    assert re.search(r"^── rodada 1 · baralho com \d+ cartas ──$", out, re.M)
    assert re.search(r"^mesa: .+\((pedra|papel|tesoura), ", out, re.M)
    assert re.search(r"^você: (nenhuma estrela|1 estrela|\d+ estrelas) · domínio -?\d+ pontos? \[", out, re.M)
    assert not re.search(r"\b1 (cartas|pontos|estrelas)\b|\(s\)", out), "Portuguese plurals agree with their number"
    assert "  1) pedra" in out and "  2) papel" in out and "  3) tesoura" in out
    assert re.search(r"^    Ação: ", out, re.M)
    assert re.search(r"^(VOCÊ VENCEU|o bot venceu) \(.+\), rodada \d+$", out, re.M)
    for english in ("your throw", "the bot", "round ", "game left", "please answer"):
        assert english not in out, english


def test_portuguese_quit_word_and_end_of_input():
    result = CliRunner().invoke(main, ["play", STANDARD, "--seed", "3"], input="1\nsair\n")
    assert result.exit_code == 0 and last_line(result.output) == "partida abandonada"
    bad = CliRunner().invoke(main, ["play", STANDARD, "--seed", "3"], input="9\n")
    assert "responda com um número de 1 a 3" in bad.output and last_line(bad.output) == "partida abandonada"


def test_janken_wars_plays_in_russian_with_lang_ru():
    """Issue 29: `play decks/janken-wars.deck --lang ru` speaks Russian everywhere — the throw question, the
    throws, the state lines — with nouns that agree with their numbers (the rule of tests/test_text_ru.py)."""
    from test_text_ru import plural
    result = CliRunner().invoke(main, ["play", STANDARD, "--seed", "3", "--bot", "random", "--lang", "ru"],
                                input=answers())
    assert_clean_exit(result)
    out = result.output
    assert "ваш бросок" in out and "  1) камень" in out and "сид 3" in out
    for english in ("your throw", "the bot", "round ", "you win", "stars", "game left", "(s)"):
        assert english not in out, english
    counted = re.findall(r"(\d+) (карта|карты|карт|звезда|звезды|звёзд|очко|очка|очков)\b", out)
    assert len(counted) > 50
    forms = {"карт": ("карта", "карты", "карт"), "звезд": ("звезда", "звезды", "звёзд"),
             "очк": ("очко", "очка", "очков")}
    for number, word in counted:
        stem = next(stem for stem in forms if word.replace("ё", "е").startswith(stem))
        assert word == plural(int(number), *forms[stem]), (number, word)


def test_a_move_that_throws_cards_away_is_never_the_default_and_asks_once_to_confirm():
    """Issue 29: discarding the whole domain for no star is never option 1, and choosing it asks once to
    confirm — anything but `sim` goes back to the menu, keeping the domain."""
    from deckdsl.games import table
    from deckdsl.games.interface import engine_for

    result = deckdsl.load(Path(__file__).resolve().parent.parent / STANDARD)
    engine = engine_for(result.deck, result.profile, {})
    shown: list[str] = []
    asked: list[str] = []
    confirmed = [0]

    def read(question: str) -> str:
        asked.append(question)
        if "digite sim para confirmar" in question:
            confirmed[0] += 1
            return "não" if confirmed[0] == 1 else "sim"
        if "sem ganhar estrela?" in question and confirmed[0] < 2:
            return "2"
        return "1" if len(asked) < 400 else "q"

    table.play(engine, 0, "random", 3, read, shown.append, "pt-BR")
    discards = [i for i, q in enumerate(asked) if "sem ganhar estrela?" in q and "confirmar" not in q]
    assert discards, "the game offered a discard for no star"
    assert "  1) não, manter o domínio" in shown and "  2) sim, descartar" in shown
    assert not any(line.startswith("  1) sim") for line in shown)
    first = next(i for i, q in enumerate(asked) if "confirmar" in q)
    assert asked[first].startswith("descartar mesmo o seu domínio inteiro")
    assert "  não feito: escolha de novo" in shown
    assert "sem ganhar estrela?" in asked[first + 1] and "confirmar" in asked[first + 2]  # asked again, once
    assert any(line.startswith("você descarta o domínio inteiro") for line in shown)
