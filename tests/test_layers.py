"""The package's layers, as the folders show them: the engine imports nothing of the record,
the views or the command line; the record nothing of the views or the command line; the views
nothing of the command line. Checked on the source text, so a lazy import inside a function
counts too."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "scorepad"
# Each layer and the layers above it, which it may not import.
ABOVE = {
    "engine": ("scorepad.record", "scorepad.views", "scorepad.cli", "typer", "rich", "tomli_w", "tomllib", "filelock"),
    "record": ("scorepad.views", "scorepad.cli", "typer", "rich"),
    "views": ("scorepad.cli", "typer"),
}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_a_layer_imports_nothing_above_it(layer):
    modules = sorted((PACKAGE / layer).rglob("*.py"))
    assert modules, layer
    wrong = {
        f"{module.relative_to(PACKAGE)} imports {name}"
        for module in modules
        for name in imported(module)
        if any(name == above or name.startswith(above + ".") for above in ABOVE[layer])
    }
    assert not wrong


def test_the_package_folder_is_its_layers():
    """A newcomer finds a module by its layer: no flat folder of modules beside them."""
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py", "errors.py", "i18n.py", "start.py"]
