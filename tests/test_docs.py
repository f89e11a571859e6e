"""The project's own documentation: docs/rules.md names every option, value and preset the
code knows, docs/format.md every key scorepad outputs, and nothing points outside the
repository."""

import json
import re
from pathlib import Path

import pytest
from tests.helpers import code_words, json_keys, run

from scorepad.cli.app import app
from scorepad.engine.rules import CHOICES, FLAGS, OPTION_ORDER, PRESETS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES_DOC = (DOCS / "rules.md").read_text(encoding="utf-8")
FORMAT_DOC = (DOCS / "format.md").read_text(encoding="utf-8")
EXAMPLES = ROOT / "examples"
BROKEN = Path(__file__).parent / "broken.toml"


def table_after(text: str, heading: str) -> list[list[str]]:
    """The rows (cells stripped, header and rule left out) of the first table after `heading`."""
    start = text.index(heading)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
        elif rows:
            break
    return [rows[0], *rows[2:]]


# --- docs/rules.md -------------------------------------------------------------------------


def test_rules_doc_names_every_option_and_every_value():
    words = code_words(RULES_DOC)
    missing = [name for name in OPTION_ORDER if name not in words]
    missing += [value for values in CHOICES.values() for value in values if value not in words]
    missing += [preset for preset in PRESETS if preset not in words]
    missing += [value for value in ("true", "false") if value not in words]
    assert not missing, f"docs/rules.md does not name: {missing}"


def test_rules_doc_options_table_has_one_row_per_option_with_its_values():
    header, *rows = table_after(RULES_DOC, "## The options and the presets")
    assert header[0] == "option"
    assert [row[0].strip("`") for row in rows] == list(OPTION_ORDER)
    for option, meaning in ((row[0].strip("`"), row[1]) for row in rows):
        values = CHOICES.get(option, ("true", "false") if option in FLAGS else ())
        for value in values:
            assert f"`{value}`" in meaning, f"{option}: value {value} not explained"


def _written(value) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, tuple):
        return f"`{list(value)}`"
    return f"`{value}`"


def test_rules_doc_presets_table_matches_the_presets():
    header, *rows = table_after(RULES_DOC, "### The three presets")
    assert header == ["option", *(f"`{p}`" for p in PRESETS)]
    assert [row[0].strip("`") for row in rows] == list(OPTION_ORDER)
    for row in rows:
        option = row[0].strip("`")
        for preset, cell in zip(PRESETS.values(), row[1:]):
            value = getattr(preset, option)
            if value is None:  # target: the preset's target for the table, in words
                assert re.search(r"\d", cell), f"{preset.preset}: no target given"
                continue
            assert cell.startswith(_written(value)), f"{preset.preset} {option}: {cell} is not {value!r}"


def test_rules_doc_gives_each_presets_targets():
    _header, *rows = table_after(RULES_DOC, "### The three presets")
    targets = dict(zip(PRESETS, next(row for row in rows if row[0] == "`target`")[1:]))
    for name, preset in PRESETS.items():
        for players in (2, 3, 4):
            assert str(preset.target_for(players)) in targets[name]


# --- docs/format.md ------------------------------------------------------------------------


def output(*args) -> list:
    result = run(*args, width=100)
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize(
    "args",
    [
        ("show", "--json", "-f", EXAMPLES / "muggins.toml"),
        ("show", "--json", "-f", EXAMPLES / "pagat-partners.toml"),
        ("log", "--json", "-f", EXAMPLES / "muggins.toml"),
        ("log", "--json", "-f", EXAMPLES / "pagat-split.toml"),
        ("audit", "--json", EXAMPLES / "muggins.toml", EXAMPLES / "pagat-split.toml", BROKEN),
        ("stats", "--json", *sorted(EXAMPLES.glob("*.toml"))),
    ],
    ids=["show", "show-partners", "log", "log-split", "audit", "stats"],
)
def test_format_doc_names_every_key_of_the_json_output(args):
    produced = json_keys(output(*args))
    assert produced, "the output has no keys to check"
    missing = sorted(produced - code_words(FORMAT_DOC))
    assert not missing, f"docs/format.md does not name these keys of `{' '.join(map(str, args[:2]))}`: {missing}"


def test_format_doc_names_every_csv_column():
    result = run("stats", "--csv", EXAMPLES / "demo.toml")
    assert result.exit_code == 0, result.output
    columns = result.stdout.splitlines()[0].split(",")
    assert len(columns) > 5
    missing = [c for c in columns if f"`{c}`" not in FORMAT_DOC]
    assert not missing, f"docs/format.md does not name these CSV columns: {missing}"


def test_format_doc_keeps_the_contract_keys():
    """The keys other programs rely on, whether or not an example record produces them."""
    record = {"format", "players", "rules", "rounds", "preset", "opener", "moves", "hands", "points"}
    show = {"players", "sides", "scores", "round", "state", "turn", "ends", "end_sum", "boneyard", "hand_sizes", "winner"}
    audit = {"file", "ok", "scores", "rounds", "problems", "notes", "winner", "result", "move", "message"}
    words = code_words(FORMAT_DOC)
    # A way of counting is declared in engine/counting.py alone; the option `counting`, once
    # there is a choice, is named in rules.md's table, to which format.md's `[rules]` points.
    options = set(OPTION_ORDER) - {"counting"}
    assert not sorted((record | show | audit | options) - words)
    for value in ('"playing"', '"hand-over"', '"over"', '"domino"', '"blocked"', '"unfinished"'):
        assert value in FORMAT_DOC, value


def test_format_doc_record_example_is_a_readable_record():
    from scorepad.record.format import loads

    example = re.search(r"```toml\n(.*?)```", FORMAT_DOC, re.DOTALL).group(1)
    game = loads(example).game
    assert game.players == ("Ann", "Bob", "Cy")
    assert game.rules.muggins is True


# --- nothing points outside the repository ---------------------------------------------------

SCANNED = ("README.md", "docs", "src", "tests", "examples", "benchmarks")
TEXT = {".md", ".py", ".toml", ".po", ".txt", ".cfg", ".ini", ".json", ".csv", ""}


def repository_texts():
    for name in SCANNED:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if file.suffix in TEXT and ".venv" not in file.parts and "__pycache__" not in file.parts:
                yield file, file.read_text(encoding="utf-8", errors="replace")


def test_nothing_refers_to_the_shared_folder_outside_the_repository():
    outside = re.compile(r"\.\./" + "shared|/work/" + "shared")
    found = [str(f.relative_to(ROOT)) for f, text in repository_texts() if outside.search(text)]
    assert not found, f"these files point outside the repository: {found}"


def test_the_rules_and_format_are_named_by_their_place_in_the_repository():
    """The developers' rules and format texts are not in the repository: a file names
    docs/rules.md and docs/format.md instead."""
    outside = re.compile(r"\b(?:RULES|FORMAT)" + r"\.md")
    found = [str(f.relative_to(ROOT)) for f, text in repository_texts() if outside.search(text)]
    assert not found, f"these files name the developers' rules or format text: {found}"


def test_readme_and_docs_links_lead_to_files_and_headings_that_exist():
    def slug(heading: str) -> str:
        text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
        return text.replace(" ", "-")

    checked = 0
    for source in (ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))):
        text = source.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            file, _, anchor = target.partition("#")
            path = (source.parent / file).resolve() if file else source
            assert path.is_file(), f"{source.name} links to {target}: no such file"
            assert ROOT in path.parents, f"{source.name} links outside the repository: {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
                assert anchor in {slug(h) for h in headings}, f"{source.name} links to {target}: no such heading"
            checked += 1
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "(docs/format.md)" in readme
    assert checked >= 4


def test_help_names_the_docs_and_the_wheel_ships_them():
    import tomllib

    result = run("--help", width=100)
    assert result.exit_code == 0, result.output
    assert "docs/rules.md" in result.output and "docs/format.md" in result.output
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped.get("docs/rules.md") == "scorepad/docs/rules.md"
    assert shipped.get("docs/format.md") == "scorepad/docs/format.md"


def test_every_file_under_docs_is_the_users_and_shipped_or_the_contributors():
    """A new page of the user's documentation is shipped, or named as a contributor's (or as
    the package index's page, or the manual page, which the wheel installs on its own)."""
    import tomllib

    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]
    shipped = {source: target for source, target in wheel["force-include"].items() if source.startswith("docs")}
    assert all(target == "scorepad/" + source for source, target in shipped.items())
    contributors = {"docs/development.md", "docs/translating.md", "docs/package.md", "docs/benchmarks.md"}
    files = {path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").rglob("*") if path.is_file()}
    assert files - contributors - {"docs/scorepad.1"} == set(shipped)
    assert set(wheel["shared-data"]) == {"docs/scorepad.1"}


# --- the package's metadata, its description and its manual page ------------------------------


def _pyproject() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_package_description_works_outside_the_repository():
    """The package index shows `readme`: the README's links are relative to the repository
    and the project has no public address, so the description links nowhere and names
    the installed docs instead."""
    project = _pyproject()
    description = (ROOT / project["readme"]).read_text(encoding="utf-8")
    assert project["readme"] != "README.md"
    assert not re.search(r"\]\(|<a |href=", description), "a link in the package description"
    for name in ("rules.md", "format.md", "scorepad.1"):
        assert f"`{name}`" in description and (DOCS / name).is_file()


def test_the_metadata_names_an_author_and_no_invented_address():
    project = _pyproject()
    assert project["authors"] == [{"name": "scorepad developers"}]
    assert "urls" not in project  # no public address exists (docs/development.md, "Packaging")


def _manpage_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("scorepad_manpage", ROOT / "scripts" / "manpage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_manual_page_is_made_from_the_current_help():
    """`python scripts/manpage.py` after every change of a command's help or options."""
    tool = _manpage_tool()
    assert (DOCS / "scorepad.1").read_text(encoding="utf-8") == tool.page(), "docs/scorepad.1 is stale: run scripts/manpage.py"


def test_the_manual_page_has_every_command_and_option():
    import typer.main

    from scorepad import __version__

    page = (DOCS / "scorepad.1").read_text(encoding="utf-8")
    assert f'"scorepad {__version__}"' in page
    group = typer.main.get_command(app)
    for name in group.commands:
        command = group.commands[name]
        assert f'.SS "{name}"' in page
        for param in command.params:
            for option in param.opts if param.param_type_name == "option" else ():
                assert option.replace("-", "\\-") in page, f"{name} {option}"
    assert "\\-\\-show\\-completion" in page and "\\-\\-lang" in page


def test_the_wheel_installs_the_manual_page_where_man_looks():
    import tomllib

    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["shared-data"] == {"docs/scorepad.1": "share/man/man1/scorepad.1"}
