"""Findings in the designer's language (issue 29): every `said(key, template, …)` of the package — read from the
source, not from a hand list — has one English template, and every catalog of findings
(deckdsl/check/locales/) has its key with no fact the template lacks; `check` in Portuguese and Russian
keeps the codes and places of English; a reviewed table of the most frequent findings reads right."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast as fluent
from fluent.syntax.visitor import Visitor

from deckdsl.said import Said, said
from deckdsl.text import speak
from deckdsl.text.catalog import languages

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "deckdsl"
FINDINGS = tuple(PACKAGE.joinpath(*package.split(".")[1:], "locales") for package in speak.packages())
LOCALES = (*FINDINGS, PACKAGE / "cli" / "locales")
"""The catalogs of words written with `said`: the findings' (each stage's and each game's guidelines'), and
the command line's own."""
_FIELD = re.compile(r"\{(\w+)(?::[^{}]*)?\}")


def calls() -> dict[str, set[tuple[str, frozenset[str] | None]]]:
    """Every `said("key", "template", facts…)` in the package: key -> {(template, fact names or None when
    the call passes `**facts`)}."""
    found: dict[str, set] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said"):
                continue
            key, template = node.args[0], node.args[1]
            assert isinstance(key, ast.Constant) and isinstance(template, ast.Constant), (path, ast.dump(node))
            names = None if any(k.arg is None for k in node.keywords) else frozenset(k.arg for k in node.keywords)
            found.setdefault(key.value, set()).add((template.value, names))
    return found


class _Variables(Visitor):
    def __init__(self):
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node):
        self.names.add(node.id.name)


def catalog_variables(tag: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for folder in LOCALES:
        assert (folder / f"{tag}.ftl").is_file(), f"{folder} has no {tag}.ftl"
        resource = FluentParser().parse((folder / f"{tag}.ftl").read_text(encoding="utf-8"))
        assert not [entry for entry in resource.body if isinstance(entry, fluent.Junk)], (folder, tag)
        for entry in resource.body:
            if isinstance(entry, fluent.Message):
                assert entry.id.name not in found, f"`{entry.id.name}` is in two catalogs"
                seen = _Variables()
                seen.visit(entry)
                found[entry.id.name] = seen.names
    return found


CALLS = calls()


def test_the_source_says_things_and_each_key_has_one_template():
    assert len(CALLS) >= 20
    for key, uses in CALLS.items():
        templates = {template for template, _ in uses}
        assert len(templates) == 1, (key, templates)
        (template,) = templates
        needed = set(_FIELD.findall(template))
        for _, names in uses:
            assert names is None or needed <= names, (key, needed, names)


@pytest.mark.parametrize("tag", ["pt-BR", "ru"])
def test_every_catalog_has_every_message_with_the_facts_the_code_gives(tag):
    assert tag in languages("deckdsl.check") and tag in languages("deckdsl.cli")
    variables = catalog_variables(tag)
    for key, uses in CALLS.items():
        assert key in variables, f"{tag}.ftl lacks `{key}`"
        (template,) = {template for template, _ in uses}
        given = set(_FIELD.findall(template)) | {name for _, names in uses if names for name in names}
        allowed = {name.replace("_", "-") for name in given} | ({"field-of"} if "field" in given else set())
        assert variables[key] <= allowed, (tag, key, variables[key] - allowed)


WORDS = {"Diagnostic": (1, 4, "message", "help", "notes"), "Label": (1, "message"), "Fix": (0, "message")}
"""Where a finding's words go, by what makes it: positions and keyword names."""


def _plain(node: ast.expr) -> bool:
    """Whether `node` writes English that no catalog can say: a string, an f-string, a joined or formatted
    one, or a tuple or list of them (notes)."""
    if isinstance(node, (ast.Tuple, ast.List)):
        return any(_plain(each) for each in node.elts)
    if isinstance(node, ast.IfExp):
        return _plain(node.body) or _plain(node.orelse)
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.JoinedStr, ast.BinOp)):
        return True
    return isinstance(node, ast.Call) and getattr(node.func, "attr", None) in ("format", "join")


def test_no_finding_is_written_in_plain_english():
    """Every message, help, note, label and fix of a finding is `said(...)` (or a value made by it): read
    from the source, so a new finding written as an f-string fails here."""
    plain = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            made = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if made not in WORDS:
                continue
            places = WORDS[made]
            given = [arg for index, arg in enumerate(node.args) if index in places]
            given += [k.value for k in node.keywords if k.arg in places]
            if any(_plain(arg) for arg in given):
                plain.append(f"{path.relative_to(ROOT)}:{node.lineno}: {made}")
    assert not plain, "findings in plain English:\n" + "\n".join(plain)


def _words(finding) -> list[str]:
    return [finding.message, *([finding.help] if finding.help is not None else []), *finding.notes,
            *(label.message for label in finding.labels), *([finding.fix.message] if finding.fix else [])]


def _corpus() -> dict[str, list]:
    """The findings of every test deck, of each code page's example and of the rules' fixtures, by code."""
    import deckdsl
    from test_code_docs import BY_TEXT, PROFILE_CODES, _as_deck, _example, _load_profile, _profile_id

    found: dict[str, list] = {}
    files = sorted({*ROOT.glob("tests/**/*.deck"), *ROOT.glob("decks/**/*.deck")})
    results = [deckdsl.load(path) for path in files]
    results += [deckdsl.loads(_as_deck(code, _example(code, "Example"))) for code in BY_TEXT]
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for code in ("DK301", "DK302"):  # art paths are read from the deck's folder
            (Path(folder) / f"{code}.deck").write_text(_as_deck(code, _example(code, "Example")), encoding="utf-8")
            results.append(deckdsl.load(Path(folder) / f"{code}.deck"))
        (Path(folder) / "latin.deck").write_bytes('card "Pedra Lisa" { type: pedra }'.encode("latin-1") + b"\xe9")
        results += [deckdsl.load(Path(folder) / "latin.deck"), deckdsl.load(Path(folder) / "missing.deck")]
        for code in PROFILE_CODES:
            example = _example(code, "Example")
            name = _profile_id(_example(code, "Use instead")) or "exemplo"
            results.append(_load_profile(Path(folder) / code, example, name))
    for result in results:
        for finding in result.diagnostics:
            found.setdefault(finding.code, []).append(finding)
    return found


@pytest.fixture(scope="module")
def corpus():
    return _corpus()


def _all_codes() -> list[str]:
    from deckdsl.check.registry import all_codes

    return [code.code for code in all_codes()]


@pytest.mark.parametrize("code", _all_codes())
def test_every_code_is_said_in_every_language(code, corpus):
    """From the registry: each code's findings, made by the test decks and the code pages' examples, have
    every word `said` with a key every catalog has.  A code no text makes (a file that cannot be read, a
    render) is covered by the source scan above and says why in tests/test_code_docs.py."""
    from test_code_docs import NOT_BY_TEXT

    if code not in corpus:
        assert code in NOT_BY_TEXT, f"no test deck makes {code}: add one to tests/rules/ or tests/bad/"
        pytest.skip(NOT_BY_TEXT[code])
    keys = {tag: catalog_keys(tag) for tag in ("pt-BR", "ru")}
    for finding in corpus[code]:
        for words in _words(finding):
            assert isinstance(words, Said), f"{code}: not said: {words!r}"
            for tag, known in keys.items():
                assert words.key in known, f"{tag} has no `{words.key}` ({code}: {words!r})"


def catalog_keys(tag: str) -> set[str]:
    return set(catalog_variables(tag))


def test_said_is_english_text_that_keeps_its_key_through_pickling():
    import pickle

    words = said("group-add", "add {count} {count:card|cards} with {what}", count=1, what="type `rock`")
    assert words == "add 1 card with type `rock`" and isinstance(words, str)
    assert said("group-add", "add {count} {count:card|cards} with {what}", count=3, what="x") == "add 3 cards with x"
    again = pickle.loads(pickle.dumps(words))
    assert isinstance(again, Said) and again.key == "group-add" and dict(again.facts)["count"] == 1


def test_the_language_is_the_option_then_the_configuration_then_the_locale():
    assert speak.chosen("ru", "pt-BR", {"LANG": "en_US.UTF-8"}) == "ru"
    assert speak.chosen(None, "pt-BR", {"LANG": "ru_RU.UTF-8"}) == "pt-BR"
    assert speak.chosen(None, None, {"LANG": "pt_BR.UTF-8"}) == "pt-BR"
    assert speak.chosen(None, None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "pt_BR.UTF-8"}) == "ru"
    assert speak.chosen(None, None, {"LANG": "pt_PT.UTF-8"}) == "pt-BR"  # the language's catalog
    assert speak.chosen(None, None, {"LANG": "C.UTF-8"}) == "en" and speak.chosen(None, None, {}) == "en"
    assert speak.chosen(None, None, {"LANG": "de_DE.UTF-8"}) == "en"


BROKEN = ROOT / "tests" / "bad" / "08-field-typo.deck"


def _check(*args: str, lang: str) -> str:
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    done = subprocess.run([sys.executable, "-m", "deckdsl", "check", "--format", "concise", *args], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 1, done.stderr
    return done.stdout


def test_check_speaks_portuguese_and_russian_with_the_codes_and_places_of_english(tmp_path):
    deck = tmp_path / "deck.deck"
    deck.write_text((ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8").replace(
        "  rarity: simples\n  copies: 6\n  value: 2\n", "  rarty: simples\n  copies: 7\n  value: 2\n", 1),
        encoding="utf-8")
    english = _check(str(deck), lang="C.UTF-8")
    portuguese = _check(str(deck), lang="pt_BR.UTF-8")
    russian = _check(str(deck), lang="ru_RU.UTF-8")
    where = re.compile(r"^(\S+:\d+:\d+: \w+\[\w+\])", re.M)
    assert where.findall(english) == where.findall(portuguese) == where.findall(russian) != []
    assert "cards have no field `rarty`" in english
    assert "as cartas não têm o campo `rarty`" in portuguese and "cards have no field" not in portuguese
    assert "у карт нет поля `rarty`" in russian
    data = subprocess.run([sys.executable, "-m", "deckdsl", "check", "--format", "json", str(deck)], cwd=ROOT,
                          env={**os.environ, "LANG": "ru_RU.UTF-8"}, capture_output=True, text=True, timeout=300)
    assert "cards have no field `rarty`" in data.stdout  # JSON stays English: it is for machines


def _said(key: str, **facts) -> Said:
    """The words of `key` with `facts`, written by its template in the source (a fact of a reviewed message)."""
    return said(key, next(iter(CALLS[key]))[0], **facts)


REVIEWED = {
    # (key, facts): (pt-BR, ru) — read for grammar: agreement, cases, CLDR plurals.  One or more messages of
    # each of the 25 codes found most often in the test decks (DK202, DK131, DK101, DK104, JW105, JW107,
    # DK201, DK004, DK103, DK002, DK001, JW102, JW120, JW104, DK116, DK110, JW115, JW111, DK120, JW114,
    # JW113, DK114, JW106, JW103, JW112), and the plurals of one, few and many.
    ("unknown-field", (("key", "rarty"),)): ("as cartas não têm o campo `rarty`", "у карт нет поля `rarty`"),
    ("card-lacks", (("card", "Muro Alto"), ("field", "rarity"))):
        ("`Muro Alto` não tem raridade", "у `Muro Alto` нет редкости"),
    ("so-card-lacks", (("card", "Muro Alto"), ("field", "suit"))):
        ("por isso `Muro Alto` fica sem naipe", "поэтому у `Muro Alto` нет масти"),
    ("did-you-mean", (("word", "rarity"),)): ("você quis dizer `rarity`?", "может быть, `rarity`?"),
    ("deck-size-under", (("total", 35), ("game", "Janken Wars"), ("expected", 36), ("count", 1))):
        ("o baralho tem 35 cartas; baralhos de Janken Wars têm 36 (falta 1)",
         "в колоде 35 карт; в колоде Janken Wars их 36 (не хватает 1)"),
    ("deck-size-over", (("total", 22), ("game", "X"), ("expected", 21), ("count", 1))):
        ("o baralho tem 22 cartas; baralhos de X têm 21 (1 a mais)", "в колоде 22 карты; в колоде X их 21 (1 лишняя)"),
    ("group-add", (("count", 2), ("what", "rank `K`"))):
        ("acrescente 2 cartas com rank `K`", "добавьте 2 карты с rank `K`"),
    ("incomplete-both", (("checks", 4), ("cards", 1))):
        ("4 verificações puladas e 1 carta não julgada por todas as verificações até que os erros acima sejam "
         "corrigidos", "4 проверки пропущены и 1 карта проверена не всеми проверками, пока не исправлены ошибки выше"),
    ("incomplete-skipped", (("checks", 5),)):
        ("5 verificações puladas até que os erros acima sejam corrigidos",
         "5 проверок пропущено, пока не исправлены ошибки выше"),
    ("priority-single", (("card", "Muro Alto"), ("order", "first"), ("other", "Estilete Afiado"))):
        ("`Muro Alto` é `discarded first`, o que só importa contra `Estilete Afiado`",
         "`Muro Alto` — `discarded first`, а это важно только против `Estilete Afiado`"),
    ("free-value", (("card", "Joia"), ("value", 22), ("above", 18), ("limit", 4))):
        ("`Joia` vale 22 pontos, 18 a mais que 4, sem nenhuma desvantagem que o compense",
         "`Joia` стоит 22 очка, на 18 больше 4, и ничто этого не уравновешивает"),
    ("free-value", (("card", "Joia"), ("value", 5), ("above", 1), ("limit", 4))):
        ("`Joia` vale 5 pontos, 1 a mais que 4, sem nenhuma desvantagem que o compense",
         "`Joia` стоит 5 очков, на 1 больше 4, и ничто этого не уравновешивает"),
    ("group-under", (("group", "rarity `special`"), ("found", 21), ("game", "X"), ("expected", 24), ("count", 3))):
        ("rarity `special` tem 21 cartas; X exige 24 (faltam 3)",
         "rarity `special`: 21 карта; X требует 24 (не хватает 3)"),
    # JW107
    ('jw-dominated-help', (('card', 'Jornal Velho'), ('other', 'Moldura Dourada'),)):
        ('dê a `Jornal Velho` algo que falte a `Moldura Dourada` (mais pontos, um efeito mais forte ou diferente), '
         'dê uma desvantagem a `Moldura Dourada`, ou corte `Jornal Velho`',
         'дайте `Jornal Velho` то, чего нет у `Moldura Dourada` (больше очков, более сильный или другой эффект), '
         'дайте `Moldura Dourada` недостаток или уберите `Jornal Velho`'),
    # DK004
    ('unknown-word', (('word', 'val'),)):
        ('palavra desconhecida: `val`',
         'неизвестное слово `val`'),
    # DK103
    ('not-a-value', (('value', 'stone'), ('field', 'type'), ('game', 'Janken Wars'),)):
        ('`stone` não existe como tipo em Janken Wars',
         '`stone` — не тип игры Janken Wars'),
    # DK002
    ('unclosed-named', (('kind', 'card'), ('name', 'Joia'), ('line', 9), ('column', 13),)):
        ('falta a chave de fechamento do bloco card `Joia`, aberto em 9:13',
         'нет закрывающей скобки у блока card `Joia`, открытого в 9:13'),
    # DK001
    ('read-expected', (('what', _said('read-or', items='`deck`, `card`', last='`addendum`')),)):
        ('esperava-se `deck`, `card` ou `addendum`',
         'ожидалось: `deck`, `card` или `addendum`'),
    # JW102
    ('jw-simple-complex-help', (('card', 'Jornal Velho'), ('limit', 6),)):
        ('torne `Jornal Velho` avançada ou especial, ou reduza o efeito a uma só ação ou condição curta (no máximo 6 '
         'partes, sem gatilho, sem modificador de valor)',
         'сделайте `Jornal Velho` продвинутой или особой либо сократите её эффект до одного короткого действия или '
         'условия (не больше 6 частей, без триггера, без модификатора значения)'),
    # JW120
    ('jw-no-advanced', (('deck', 4),)):
        ('nenhuma das 4 cartas do baralho é avançada: uma mesa recém-distribuída nunca tem uma',
         'ни одна из 4 карт колоды не является продвинутой: на только что разложенном столе такой карты не бывает '
         'никогда'),
    # JW104
    ('names-a-card', (('card', 'Kit de Ferramentas'), ('other', 'Lupa Dobradora'),)):
        ('`Kit de Ferramentas` nomeia `Lupa Dobradora`: este efeito só funciona com essa carta',
         '`Kit de Ferramentas` называет `Lupa Dobradora`: этот эффект работает только с этой одной картой'),
    # DK116
    ('unknown-header-field', (('key', 'autor'),)):
        ('campo de cabeçalho desconhecido: `autor`',
         'неизвестное поле заголовка `autor`'),
    # DK110
    ('unknown-zone', (('game', 'Janken Wars'), ('key', 'hand'),)):
        ('Janken Wars não tem zona chamada `hand`',
         'у Janken Wars нет зоны `hand`'),
    # JW115
    ('jw-gives-you', (('card', 'Bilhete Premiado'), ('amount', 1),)):
        ('`Bilhete Premiado` dá a você 1 estrela',
         '`Bilhete Premiado` даёт вам 1 звезду'),
    # JW111
    ('jw-name-one-word', (('card', 'Joia'),)):
        ('o nome `Joia` tem uma palavra só, e não um substantivo e um adjetivo',
         'в имени `Joia` одно слово, а не существительное и прилагательное'),
    # DK120
    ('zone-shared', (('zone', 'table'),)):
        ('a zona `table` é compartilhada: não pertence a nenhum jogador',
         'зона `table` общая: она не принадлежит ни одному игроку'),
    # JW114
    ('jw-no-order-effect', (('card', 'Muro Alto'),)):
        ('`Muro Alto` não tem nenhum efeito cuja ordem possa importar (um modificador de valor, um valor que lê '
         'outros valores, um gatilho ou uma prioridade de descarte), então o lugar dela na ordem não muda nada',
         'у `Muro Alto` нет эффекта, порядок которого мог бы иметь значение (модификатора значения, значения, '
         'которое читает другие значения, триггера или приоритета сброса), так что её место в порядке ничего не '
         'меняет'),
    # JW113
    ('check-hazard-modifiers',
     (('first', '`Moldura Dourada` (`+1`)'), ('second', '`Lupa Dobradora` (`x2`)'), ('more', ''),)):
        ('`Moldura Dourada` (`+1`) e `Lupa Dobradora` (`x2`) podem mudar o valor da mesma carta, e nenhum adendo diz '
         'qual se aplica primeiro',
         '`Moldura Dourada` (`+1`) и `Lupa Dobradora` (`x2`) могут менять значение одной и той же карты, и ни одно '
         'дополнение не говорит, какой применяется первым'),
    # DK114
    ('unknown-game', (('key', 'janken-war'),)):
        ('não há perfil de jogo chamado `janken-war`',
         'нет профиля игры `janken-war`'),
    # JW106
    ('jw-better-than-reference',
     (('card', 'Folha de Ouro'), ('value', 4), ('reference', 'Origami Sublime'), ('reference_value', 4),)):
        ('`Folha de Ouro` vale 4 pontos e tem um efeito positivo sem desvantagem: é estritamente melhor que `Origami '
         'Sublime` do baralho padrão (4 pontos, sem efeito)',
         '`Folha de Ouro` стоит 4 очка и имеет положительный эффект без недостатка: она строго лучше, чем `Origami '
         'Sublime` из стандартной колоды (4 очка, без эффекта)'),
    # JW103
    ('jw-special-plain-points', (('card', 'Papel Timbrado'), ('value', 3),)):
        ('a carta especial `Papel Timbrado` não tem efeito (nem custo, nem ação, nem condição): ela só vale 3 pontos',
         'у особой карты `Papel Timbrado` нет эффекта (ни цены, ни действия, ни условия): она стоит всего 3 очка'),
    # JW112
    ('jw-paper-value-help', ()):
        ('as cartas paper do GDD são as que valem mais (o baralho padrão: paper 3,17, rock 2,33, scissors 0,83); '
         'aumente os valores das cartas paper ou baixe os das outras',
         'в GDD карты paper стоят больше всех (стандартная колода: paper 3,17, rock 2,33, scissors 0,83); поднимите '
         'значения карт paper или снизьте значения остальных'),
    # JW115, a plural of few
    ('jw-gives-you', (('card', 'Apito Rouco'), ('amount', 2),)):
        ('`Apito Rouco` dá a você 2 estrelas', '`Apito Rouco` даёт вам 2 звезды'),
}


@pytest.mark.parametrize(("key", "facts"), list(REVIEWED), ids=lambda value: value if isinstance(value, str) else "")
def test_the_reviewed_table_reads_right(key, facts):
    template = next(iter(CALLS[key]))[0]
    english = said(key, template, **dict(facts))
    for tag, expected in zip(("pt-BR", "ru"), REVIEWED[(key, facts)], strict=True):
        assert speak.translator(tag)(english) == expected, tag


def test_a_finding_not_yet_in_the_catalogs_stays_english():
    from deckdsl.check.report import localized
    from deckdsl.diagnostics import Diagnostic
    from deckdsl.span import Span

    translate = speak.translator("ru")
    assert translate("plain English") == "plain English"
    assert translate(said("no-such-key", "english {x}", x=1)) == "english 1"
    finding = Diagnostic("DK201", "plain English", Span(1, 1, 1, 1, 0, 0), help=said("did-you-mean", "did you mean "
                                                                                   "`{word}`?", word="x"))
    shown = localized(finding, translate)
    assert shown.message == "plain English" and shown.help == "может быть, `x`?" and shown.code == "DK201"


def test_explain_and_progress_speak_the_designers_language(monkeypatch):
    """`deckdsl explain --lang` says its table, the model's reasons and the findings in the language, its
    columns aligned in each; English stays as it was; the progress bars' labels are `said` too."""
    from click.testing import CliRunner

    from deckdsl.cli import main
    from deckdsl.cli.common import progress_label

    deck = str(ROOT / "decks" / "janken-wars.deck")
    quiet = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    runs = {tag: CliRunner().invoke(main, ["explain", deck, "Muro Alto", *(["--lang", tag] if tag else [])], env=quiet)
            for tag in ("", "pt-BR", "ru")}
    assert all(run.exit_code == 0 for run in runs.values()), {tag: run.output for tag, run in runs.items()}
    english, portuguese, russian = (runs[tag].output.splitlines() for tag in ("", "pt-BR", "ru"))
    assert english[:5] == [
        "Muro Alto — pedra, simples, ×6",
        "  value                                               2   as written",
        "  discarded first                                  +0.5   a discard priority shields or keeps a card: a "
        "fixed 0.5",
        "  effects                                          +0.5   what they are worth to the card's owner",
        "  power                                             2.5   value + effects",
    ]
    assert "findings:" in english
    assert "warning[JW105]: `Muro Alto` is `discarded first`, which only matters against `Estilete Afiado`" in english
    for lines in (english, portuguese, russian):
        assert all(line[55:58] == "   " and line[54] != " " for line in lines[1:5]), lines[1:5]
    assert portuguese[1].startswith("  valor ") and portuguese[1].endswith("   como escrito")
    assert portuguese[2].endswith("+0,5   uma prioridade de descarte protege ou guarda uma carta: 0,5 fixo")
    assert portuguese[3].startswith("  efeitos ") and portuguese[4].endswith("2,5   valor + efeitos")
    assert "constatações:" in portuguese and "findings:" not in portuguese
    assert "warning[JW105]: `Muro Alto` é `discarded first`, o que só importa contra `Estilete Afiado`" in portuguese
    assert russian[1].startswith("  значение ") and russian[1].endswith("   как написано")
    assert russian[2].endswith("+0,5   приоритет сброса защищает или сохраняет карту: ровно 0,5")
    assert russian[3].startswith("  эффекты ") and russian[4].endswith("2,5   значение + эффекты")
    assert "находки:" in russian and "findings:" not in russian
    assert "warning[JW105]: `Muro Alto` — `discarded first`, а это важно только против `Estilete Afiado`" in russian

    bars = []
    for path in ("checking.py", "playing.py", "lab.py"):
        for node in ast.walk(ast.parse((PACKAGE / "cli" / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "progress_bar":  # cli.common's
                label = node.args[1]
                bars.append(path)
                assert not isinstance(label, (ast.Constant, ast.JoinedStr)), (path, node.lineno)
    assert sorted(bars) == ["checking.py", "lab.py", "playing.py"]
    labels = {key: next(iter(CALLS[key]))[0] for key in CALLS if key.startswith("progress-")}
    assert set(labels) == {"progress-evidence", "progress-playing", "progress-sweeping", "progress-screening",
                           "progress-confirming"}
    for tag in ("pt-BR", "ru"):
        known = catalog_keys(tag)
        for key, template in labels.items():
            assert key in known and speak.translator(tag, "deckdsl.cli")(said(key, template)) != template, (tag, key)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert progress_label(said("progress-playing", "playing"), deck) == "партии"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert progress_label(said("progress-playing", "playing"), deck) == "playing"
