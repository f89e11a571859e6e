"""The package's layers, as the folders show them: the engine imports nothing of the record,
the views or the command line; the record nothing of the views or the command line; the views
nothing of the command line. Checked on the source text, so a lazy import inside a function
counts too."""

import ast
from pathlib import Path

import pytest
from tests.helpers import source_tree

pytestmark = pytest.mark.usefixtures("source_trees")

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "scorepad"
# Each layer and the layers above it, which it may not import.
ABOVE = {
    "engine": (
        "scorepad.record",
        "scorepad.views",
        "scorepad.cli",
        "scorepad.serve",
        "typer",
        "rich",
        "tomli_w",
        "tomllib",
        "filelock",
    ),
    "record": ("scorepad.views", "scorepad.cli", "scorepad.serve", "typer", "rich"),
    "views": ("scorepad.cli", "typer", "scorepad.serve"),
    # The server may use the engine, the record and the views, never the command line.
    "serve": ("scorepad.cli", "typer", "click", "rich"),
}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(source_tree(path)):
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
    assert flat == ["__init__.py", "__main__.py", "errors.py", "fences.py", "i18n.py", "start.py"]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_imports(tree: ast.AST, *, type_only: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Every import the module can run, at its top or inside a function; not those under
    `if TYPE_CHECKING:`, which only a type checker reads, unless `type_only`."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node) and not type_only:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(*, type_only: bool = False) -> dict[str, set[str]]:
    """scorepad's modules and the scorepad modules each imports when it runs (and, with
    `type_only`, those it imports for the type checker alone)."""
    sources = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in sources}
    for name, path in sources.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in run_time_imports(source_tree(path), type_only=type_only):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], *filter(None, [base])])
                # `from scorepad.cli import completion` imports the module scorepad.cli.completion
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in sources else base for alias in node.names]
            graph[name].update(t for t in targets if t in sources and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_no_module_of_scorepad_imports_itself_through_others():
    """A cycle makes a module's names depend on which of the two is imported first."""
    assert cycles(import_graph()) == []


def test_no_cycle_even_through_imports_for_the_type_checker():
    """Two modules that need each other's types share a small Protocol instead: a cycle
    the type checker alone sees still ties the two together for whoever changes them."""
    assert cycles(import_graph(type_only=True)) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_a_private_name_of_another():
    """A name starting with _ is the module's own business: another module that needs it
    needs it public, under a name that says what it is (gettext's `_` is public)."""
    wrong = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(source_tree(path)):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("scorepad")):
                for alias in node.names:
                    private = alias.name.startswith("_") and alias.name != "_" and not alias.name.endswith("__")
                    if private or any(
                        part.startswith("_") and not part.endswith("__") for part in (node.module or "").split(".")
                    ):
                        wrong.add(f"{path.relative_to(PACKAGE)} imports {node.module}.{alias.name}")
    assert not wrong


def test_no_test_module_imports_another():
    """What several test modules share lives in tests/helpers.py (or conftest.py, or a
    helper module not named test_*): a test module imported by another runs its module-level
    code twice and ties the two together for whoever renames a test."""
    tests = Path(__file__).resolve().parent
    wrong = set()
    for path in tests.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            wrong.update(f"{path.name} imports {name}" for name in names if name.split(".")[-1].startswith("test_"))
    assert not wrong


NAMED_TUPLE_API = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def private_attributes_used_across(package: Path) -> set[str]:
    """Each use of a private attribute (`game._x`, `r._y()`, `module._Z`) in a module that
    does not define it (as a function, a class, a name it binds or an attribute it sets)
    while another module does."""
    defined: dict[str, set[Path]] = {}
    used: list[tuple[Path, str, int]] = []
    for path in package.rglob("*.py"):
        for node in ast.walk(source_tree(path)):
            name = None
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = node.name
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                name = node.attr
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                name = node.id
            if name is not None and name.startswith("_") and not name.endswith("__"):
                defined.setdefault(name, set()).add(path)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.endswith("__"):
                used.append((path, node.attr, node.lineno))
    return {
        f"{path.relative_to(package)}:{line} uses {name}"
        for path, name, line in used
        if name not in NAMED_TUPLE_API and name in defined and path not in defined[name]
    }


def test_no_module_uses_a_private_attribute_of_another():
    """`state._table_names_opener(r)` from the repair search was a private method of Game
    used in another module: what another module needs is public."""
    assert not private_attributes_used_across(PACKAGE)


def test_the_private_attribute_check_finds_one(tmp_path):
    (tmp_path / "a.py").write_text("class A:\n    def _hidden(self):\n        return 1\n")
    (tmp_path / "b.py").write_text("def f(a):\n    return a._hidden()\n")
    assert private_attributes_used_across(tmp_path) == {"b.py:2 uses _hidden"}
    (tmp_path / "c.py").write_text("_LIMIT = 3\n\n\nclass _Spool:\n    pass\n")
    (tmp_path / "d.py").write_text("import c\n\nlimit, spool = c._LIMIT, c._Spool\n")
    assert private_attributes_used_across(tmp_path) == {"b.py:2 uses _hidden", "d.py:3 uses _LIMIT", "d.py:3 uses _Spool"}
