"""Structure of the package: stage order of imports, dispatch coverage, the code registry."""

import ast as pyast
from pathlib import Path

import pytest

from deckdsl.check import semantics
from deckdsl.check.registry import RULES
from deckdsl.diagnostics import CODES
from deckdsl.lang import ast

PACKAGE = Path(__file__).resolve().parent.parent / "deckdsl"

# Earlier stages never import later ones: the packages from the foundation up (the top level's own modules
# first, its entry points last), each with its modules in order.  A tuple is one stage, whose modules may
# import each other; `check/rules/…` is in the stage of `rules`.  Every module of the package has a place.
STAGES: list[tuple[str, list[str | tuple[str, ...]]]] = [
    ("", ["span", "escapes", "said", "diagnostics", "hidden", "files", "folders", "limits", "stats"]),
    ("games", ["registry"]),
    ("profiles", ["fields", "wording", "template", "gamefile", "profile", "scaffold", "__init__"]),
    ("lang", ["models", "nodes", "ast", "reuse", "spelling", "build", "slips", "words", "misspelt", "syntax", "parse", "expect", "fmt", "__init__"]),
    ("check", ["config", "figures", "memo", "parts", ("guidelines", "lists", "rule", "hazards", "cards", "semantics", "vocabulary", "pictures", "art", "style", "coverage", "explain", "rules", "registry", "__init__"),
               "suppress", "fixes", "report", "docs"]),
    ("text", ["catalog", "speak", "writer", "__init__"]),
    ("printing", ["layout", "colours", "artwork", "sandbox", "themes", "look", "sheets", "playing", "boxes", "render", "export", "sheetwords", "spreadsheet", "__init__"]),
    ("games", ["chance", "view", "interface", "search", "table", ("janken_wars", "embate_dos_guardioes", "cooperativo", "queens_vs_kings"), "__init__"]),
    ("lab", ["arena", "compare", "variants", "sweep", "results", "cluster", "tune", "charts", "report", "comparereport", "sweepreport", "__init__"]),
    ("", ["build", "__init__"]),
    ("editor", [("highlight", "lsp_features", "lsp_effects", "lsp_assist", "lsp_stdio", "lsp", "preview"), "__init__"]),
    ("cli", ["common", ("checking", "codes", "reading", "printing", "playing", "lab", "formatting", "serving", "previewing", "__init__")]),
    ("", ["__main__"]),
]
RANK = {
    (package, name): (index, position)
    for index, (package, modules) in enumerate(STAGES)
    for position, group in enumerate(modules)
    for name in ((group,) if isinstance(group, str) else group)
}
"""(package, module) -> its stage, comparable."""


def _module(dotted: str) -> str | None:
    """The module that `deckdsl.<dotted>` names, as a dotted path (`check.rules.deck_size`,
    `text.__init__`), or None when it is not a module of the package (a name defined in one)."""
    path = PACKAGE.joinpath(*dotted.split(".")) if dotted else PACKAGE
    if path.with_suffix(".py").is_file():
        return dotted
    if (path / "__init__.py").is_file():
        return f"{dotted}.__init__".lstrip(".")
    return None


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def _stage(module: str) -> tuple[str, str]:
    """The key of `RANK` for a dotted module path (`check.rules.deck_size` -> `("check", "rules")`)."""
    parts = module.split(".")
    return ("", parts[0]) if len(parts) == 1 else (parts[0], parts[1])


def _imports(path: Path) -> set[str]:
    """The package's modules that `path` imports (dotted), with relative imports resolved."""
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    package = _dotted(path).split(".")[:-1]
    found = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.ImportFrom) and node.level > 0:
            base = package[: len(package) - node.level + 1]
            source = ".".join([*base, *(node.module.split(".") if node.module else [])])
        elif isinstance(node, pyast.ImportFrom) and (node.module or "").split(".")[0] == "deckdsl":
            source = node.module.removeprefix("deckdsl").lstrip(".")
        elif isinstance(node, pyast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "deckdsl":
                    found.add(_module(alias.name.removeprefix("deckdsl").lstrip(".")))
            continue
        else:
            continue
        for alias in node.names:
            found.add(_module(f"{source}.{alias.name}".lstrip(".")) or _module(source))
    return {name for name in found if name}


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_stage_imports_a_later_one(path):
    stage = _stage(_dotted(path))
    assert stage in RANK, f"{_dotted(path)} has no place in STAGES"
    later = {name for name in _imports(path) if RANK[_stage(name)] > RANK[stage]}
    assert not later, f"{_dotted(path)} (stage {stage}) imports later stage(s) {later}"


GAME_PACKAGES = next(group for package, modules in STAGES if package == "games" for group in modules
                     if isinstance(group, tuple))
"""The game packages, as STAGES names them: each one game, on the one interface."""


def test_stages_name_every_game_package_and_the_registry_ships_them():
    from deckdsl.games.registry import SHIPPED

    folders = {path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py")}
    assert folders == set(GAME_PACKAGES)
    assert {module.rpartition(".")[2] for module in SHIPPED.values()} == set(GAME_PACKAGES)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_core_never_imports_a_game(path):
    """Games are found through the registry (`find_game`), never imported by the core; a game imports the
    core, and no other game."""
    dotted = _dotted(path)
    parts = dotted.split(".")
    own = parts[1] if parts[0] == "games" and len(parts) > 2 and parts[1] in GAME_PACKAGES else None
    games = {name.split(".")[1] for name in _imports(path)
             if name.startswith("games.") and name.split(".")[1] in GAME_PACKAGES}
    assert games <= ({own} if own else set()), f"{dotted} imports the game package(s) {games - {own}}"


def test_weasyprint_and_jinja_are_not_imported_by_check():
    import subprocess
    import sys

    code = (
        "import sys, deckdsl, deckdsl.cli; deckdsl.load('decks/janken-wars.deck');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'jinja2')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent).stdout.strip()
    assert out == "[]"


EFFECT_NODES = sorted(
    name for name, cls in ast.NODE_CLASSES.items()
    if name not in {"Card", "Deck", "Attribute", "CardRef", "ModifierOrder", "Addendum", "Meta", "Setting",
                    "PrintSetting", "PrintEntry", "Action", "Condition"}
)


@pytest.mark.parametrize("name", EFFECT_NODES)
def test_semantics_handles_every_effect_node(name):
    assert hasattr(semantics._Effects, f"visit_{name}"), f"semantics has no visit_{name}"


def test_visitor_fails_loudly_on_unknown_node():
    class Stranger(ast.Node):
        kind: str = "Stranger"

    effects = semantics._Effects.__new__(semantics._Effects)
    with pytest.raises(NotImplementedError, match="visit_Stranger"):
        effects.visit(ast.construct(Stranger, span=None))


def test_every_node_has_a_docstring_and_a_kind():
    for name, cls in ast.NODE_CLASSES.items():
        assert cls.__doc__ and cls.__doc__.strip(), name
        assert cls.model_fields["kind"].default == name


def test_rules_are_registered_codes_with_documentation():
    for rule in RULES:
        assert rule.code.code in CODES
        for section in ("## What it does", "## Why", "## Example"):
            assert section in rule.doc, (rule.code.code, section)


def test_codes_are_unique_and_kebab_case():
    import re

    names = [code.name for code in CODES.values()]
    assert len(names) == len(set(names))
    for code in CODES.values():
        assert re.fullmatch(r"[A-Z]{2}\d{3}", code.code)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code.name), code.name


@pytest.mark.parametrize("name", sorted(set(EFFECT_NODES) - {
    "Number", "BinaryOp", "Negate", "Function", "ThisCard", "EventCard", "Zone", "Selection", "DeckTop",
    "TypeFilter", "NameFilter", "ValueFilter", "Comparison", "GainEvent", "DiscardEvent", "DisputeEvent",
}))
def test_polarity_handles_every_step_and_clause(name):
    from deckdsl.games.janken_wars import worth as polarity

    assert hasattr(polarity, f"polarity_{name}"), f"deckdsl.games.janken_wars.worth has no polarity_{name}"


@pytest.mark.parametrize("name", sorted(set(EFFECT_NODES) - {
    "GainEvent", "DiscardEvent", "DisputeEvent", "ValueDefinition", "ValueModifier", "DiscardPriority", "Trigger",
}))
def test_engine_compiles_every_effect_node(name):
    """Clauses and events are taken apart by `_Compiler.run`; every other effect node has a compile_ method."""
    from deckdsl.games.janken_wars.engine import compiler

    assert hasattr(compiler._Compiler, f"compile_{name}"), f"the engine has no compile_{name}"


def test_engine_fails_loudly_on_a_node_it_does_not_know():
    from deckdsl.games.janken_wars.engine import compiler
    from deckdsl.profiles import profile

    deck = ast.Deck(span=ast.Span(1, 1, 1, 1, 0, 0))
    engine = compiler._Compiler(deck, profile.load("janken-wars"), compiler.Rules())
    with pytest.raises(NotImplementedError, match="Card"):
        engine.compile(ast.Card(span=ast.Span(1, 1, 1, 1, 0, 0), name="x", name_span=ast.Span(1, 1, 1, 1, 0, 0)))


def test_card_field_spellings_match_the_grammar():
    from deckdsl.lang import parse, words

    parser = parse.deck_parser()
    for name, others in ast.CARD_FIELDS.items():
        assert set(words.spellings(parser, name.upper())) == {name, *others}, name
