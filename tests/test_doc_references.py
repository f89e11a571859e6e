"""The files and folders the documentation names exist: a file renamed or split without its
docs fails here, as a broken link fails in tests/test_docs.py."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "scorepad"
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
FROM_ROOT = re.compile(r"(?:src|tests|scripts|benchmarks|examples|docs)/[\w./-]*\w")
FROM_PACKAGE = re.compile(r"(?:engine|record|views|cli)/[\w./-]*\w")


def named_paths(text: str) -> set[str]:
    """Every path written as `code` on its own: `tests/test_docs.py`, `engine/game.py`."""
    return {word for word in re.findall(r"`([^`\s*]+)`", text) if FROM_ROOT.fullmatch(word) or FROM_PACKAGE.fullmatch(word)}


# Files the docs tell a reader to make (docs/translating.md: a catalogue for a new language).
TO_BE_MADE = {"src/scorepad/locale/fr/LC_MESSAGES/scorepad.po"}


def exists(path: str) -> bool:
    """`views/award.py` as a file; `views/award.award_reason` as a name in views/award.py."""
    base = ROOT if FROM_ROOT.fullmatch(path) else PACKAGE
    if (base / path.rstrip("/")).exists():
        return True
    folder, _, name = path.rpartition("/")
    module, dot, attribute = name.partition(".")
    if not dot or attribute.endswith(("py", "md", "toml")):
        return False
    source = base / folder / f"{module}.py"
    return (
        source.is_file()
        and re.search(
            rf"\b(?:def|class) {re.escape(attribute)}\b|^{re.escape(attribute)} =",
            source.read_text(encoding="utf-8"),
            re.MULTILINE,
        )
        is not None
    )


def test_every_path_the_docs_name_exists():
    missing = []
    for document in DOCUMENTS:
        for path in sorted(named_paths(document.read_text(encoding="utf-8")) - TO_BE_MADE):
            if not exists(path):
                missing.append(f"{document.relative_to(ROOT)}: {path}")
    assert not missing, "\n".join(missing)


def test_the_check_finds_the_paths_it_is_meant_to():
    found = named_paths("see `tests/test_docs.py`, `engine/game.py` and `record/format.py`; not `club/*.toml` or `64 e`")
    assert found == {"tests/test_docs.py", "engine/game.py", "record/format.py"}
    assert named_paths("`tests/gone.py`") == {"tests/gone.py"}
    assert exists("views/award.award_reason") and exists("engine/game.py")
    assert not exists("tests/gone.py") and not exists("views/award.no_such_name")
