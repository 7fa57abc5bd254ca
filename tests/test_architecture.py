"""Structure of the package: stage order of imports, dispatch coverage, the code registry."""

import ast as pyast
from pathlib import Path

import pytest

from deckdsl import ast
from deckdsl.check import semantics
from deckdsl.check.registry import RULES
from deckdsl.diagnostics import CODES

PACKAGE = Path(__file__).resolve().parent.parent / "deckdsl"

# Earlier stages never import later ones.
STAGES = [
    "span", "diagnostics", "files", "gamefile", "ast", "polarity", "profile", "config", "build", "syntax", "parse", "check",
    "suppress", "text", "layout", "render", "engine", "bots", "sim", "simreport", "play",
    "report", "ruledocs", "cli",
]


def _imports(path: Path) -> set[str]:
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.ImportFrom) and node.level > 0:
            parts = (node.module or "").split(".")
            found.add(parts[0] if parts[0] else "")
            if not node.module:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, pyast.ImportFrom) and (node.module or "").startswith("deckdsl"):
            found.add((node.module.split(".") + [""])[1])
    return {name for name in found if name}


def _stage(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


@pytest.mark.parametrize(
    "path", sorted(p for p in PACKAGE.rglob("*.py") if _stage(p) in STAGES), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_stage_imports_a_later_one(path):
    stage = STAGES.index(_stage(path))
    later = {name for name in _imports(path) if name in STAGES and STAGES.index(name) > stage}
    assert not later, f"{path.name} (stage {STAGES[stage]}) imports later stage(s) {later}"


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
                    "Action", "Condition"}
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
    from deckdsl import polarity

    assert hasattr(polarity, f"polarity_{name}"), f"deckdsl.polarity has no polarity_{name}"


@pytest.mark.parametrize("name", sorted(set(EFFECT_NODES) - {
    "GainEvent", "DiscardEvent", "DisputeEvent", "ValueDefinition", "ValueModifier", "DiscardPriority", "Trigger",
}))
def test_engine_compiles_every_effect_node(name):
    """Clauses and events are taken apart by `_Compiler.run`; every other effect node has a compile_ method."""
    from deckdsl import engine

    assert hasattr(engine._Compiler, f"compile_{name}"), f"the engine has no compile_{name}"


def test_engine_fails_loudly_on_a_node_it_does_not_know():
    from deckdsl import engine, profile

    compiler = engine._Compiler(ast.Deck(span=ast.Span(1, 1, 1, 1, 0, 0)), profile.load("janken-wars"), engine.Rules())
    with pytest.raises(NotImplementedError, match="Card"):
        compiler.compile(ast.Card(span=ast.Span(1, 1, 1, 1, 0, 0), name="x", name_span=ast.Span(1, 1, 1, 1, 0, 0)))


def test_card_field_spellings_match_the_grammar():
    from deckdsl import parse, syntax

    parser = parse._parser()
    for name, others in ast.CARD_FIELDS.items():
        assert set(syntax._spellings(parser, name.upper())) == {name, *others}, name
