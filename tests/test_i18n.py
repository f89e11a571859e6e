"""Choosing the language, looking texts up in the catalogue, and the catalogues themselves."""

import ast
import gettext
import importlib.util
import io
import itertools
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from tests.helpers import parsed, source_tree

from scorepad import i18n

pytestmark = pytest.mark.usefixtures("source_trees")


@pytest.mark.parametrize(
    "asked, env, expected",
    [
        ("de", {}, "de"),
        ("en", {"SCOREPAD_LANG": "de"}, "en"),
        (None, {"SCOREPAD_LANG": "de"}, "de"),
        (None, {"SCOREPAD_LANG": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        (None, {"LANGUAGE": "de:en"}, "de"),
        (None, {"LANGUAGE": "fr:de"}, "de"),
        (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        (None, {"LC_MESSAGES": "de_CH", "LANG": "C"}, "de"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
        ("xx", {"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_language_is_chosen_from_option_then_environment(asked, env, expected):
    assert i18n.choose(asked, env) == expected


def test_english_needs_no_catalogue():
    i18n.use("en")
    assert i18n._("round") == "round"
    assert i18n.ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"


# --- the catalogues -------------------------------------------------------------------
# scripts/i18n.py extracts with Babel in-process; the tests use the same functions, so
# what they check is what `python scripts/i18n.py update` would write.

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("scorepad_i18n_tool", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
CATALOGUES = tool.catalogues()


@pytest.fixture(scope="module")
def template():
    return tool.extract()


def test_there_is_a_german_catalogue():
    assert [po.parent.parent.name for po in CATALOGUES] == ["de"]


def test_extraction_finds_the_engine_messages(template):
    """Guards the completeness test below: an extraction that found nothing would pass it."""
    ids = {m.id for m in template if m.id}
    assert "'{text}' is not an end: W, E, N, S (or left, right, up, down)" in ids
    assert ("end name", "E") in {(m.context, m.id) for m in template if m.id}


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda po: po.parent.parent.name)
def test_every_message_is_translated(po, template):
    missing = list(tool.untranslated(template, tool.read(po)))
    assert not missing, f"{len(missing)} message(s) lack a translation in {po.name}:\n" + "\n".join(missing)


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda po: po.parent.parent.name)
def test_translations_keep_the_placeholders(po):
    wrong = list(tool.misplaced(tool.read(po)))
    assert not wrong, "\n".join(wrong)


def test_placeholder_check_sees_a_lost_or_renamed_placeholder():
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="de")
    catalog.add("{tile} does not fit {end}", "{tile} passt nicht")
    catalog.add("{n} tile", "{n} Stein")
    catalog.add(("{n} tile", "{n} tiles"), ("{n} Stein", "{anzahl} Steine"))
    catalog.add("{tile} is on the table", "{tile} liegt schon")
    catalog.add("{tile} fits {end}", "{tile passt {end}")
    problems = list(tool.misplaced(catalog))
    assert len(problems) == 3, problems
    assert "{tile} does not fit {end}" in problems[0]
    assert "'{n} tiles'" in problems[1]
    assert "broken braces" in problems[2]


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda po: po.parent.parent.name)
def test_the_committed_mo_is_compiled_from_the_po(po):
    """`python scripts/i18n.py compile` after every change of a .po: the .mo is what ships."""

    def entries(data: bytes) -> tuple:
        catalog = read_mo(io.BytesIO(data))
        messages = {(m.context, _tuple(m.id)): _tuple(m.string) for m in catalog if m.id}
        return catalog.plural_forms, catalog.charset, messages

    committed = po.with_suffix(".mo").read_bytes()
    assert entries(committed) == entries(tool.compiled(tool.read(po))), (
        f"{po.with_suffix('.mo').name} is stale: run python scripts/i18n.py compile"
    )


def _tuple(text):
    return tuple(text) if isinstance(text, list) else text


def _lookups(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            # _("..."), and i18n._("...") as Babel also extracts it
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            texts = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2}.get(name)
            if texts:
                yield node, node.args[:texts]


def test_messages_are_literal_texts_with_named_placeholders():
    """Babel extracts only literal texts: `_(f"...")` or `_("..." .format())` would be
    shown untranslated. `{}` and `{0}` cannot be reordered by a translator."""
    wrong = []
    for path in sorted((ROOT / "src" / "scorepad").rglob("*.py")):
        for node, args in _lookups(source_tree(path)):
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for arg in args:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    if isinstance(arg, (ast.JoinedStr, ast.BinOp, ast.Call)):
                        wrong.append(f"{where}: not a literal text")
                    continue
                names = tool.fields(arg.value)
                if any(not name.isidentifier() for name in names):
                    wrong.append(f"{where}: {arg.value!r} has an unnamed placeholder")
    assert not wrong, "\n".join(wrong)


def _lookups_in_f_strings(source: str):
    """Where a lookup sits inside an f-string: Python 3.12's tokenizer shows Babel the
    code inside f-strings and 3.11's does not, so such a text would be in the catalogue
    on one Python and missing on another. `ast` parses f-strings alike on every Python."""
    found = {}
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.JoinedStr):  # a format spec is an f-string inside one: once each
            found.update({id(call): call.lineno for call, _args in _lookups(node)})
    return sorted(found.values())


def test_no_lookup_inside_an_f_string():
    wrong = []
    for folder in ("src", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for line in _lookups_in_f_strings(path.read_text(encoding="utf-8")):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: a translatable text inside an f-string")
    assert not wrong, "\n".join(wrong)


def test_the_f_string_check_sees_every_lookup():
    source = """
a = f"<{_('value')}>"
b = f"{n} {ngettext('tile', 'tiles', n)}"
c = f"{pgettext('end name', 'E')}!"
d = f"{x:{N_('w')}}"
e = f"{i18n._('round')}"
f = _("outside") + f"{plain}"
"""
    assert _lookups_in_f_strings(source) == [2, 3, 4, 5, 6]


def test_german_lookup_returns_german():
    i18n.use("de")
    assert i18n._("'{text}' is not an end: W, E, N, S (or left, right, up, down)") == (
        "'{text}' ist kein Ende: W, O, N, S (oder links, rechts, oben, unten)"
    )
    assert i18n.pgettext("end name", "E") == "O"
    i18n.use("en")
    assert i18n.pgettext("end name", "E") == "E"


def test_the_catalogue_is_found_where_the_package_is():
    """gettext itself (not Babel) reads the shipped .mo."""
    translation = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, ["de"])
    assert translation.pgettext("end name", "E") == "O"


def test_end_names_on_screen_follow_the_language_the_record_does_not():
    from scorepad import End, parse_move

    assert [end.label for end in End] == ["W", "E", "N", "S"]
    i18n.use("de")
    assert [end.label for end in End] == ["W", "O", "N", "S"]
    assert str(parse_move("Ann: 6-4 E")) == "Ann: 6-4 E"


def test_engine_refusals_in_german():
    from scorepad import Game, IllegalMoveError, InvalidMoveError, Rules, parse_move, parse_tile

    i18n.use("de")
    with pytest.raises(InvalidMoveError, match=r"^'6-9' ist kein Stein: schreibe zwei Zahlen von 0 bis 6, wie 6-4, 64"):
        parse_tile("6-9")
    with pytest.raises(InvalidMoveError, match=r"^'Ann: draw zwei': die Anzahl bei draw muss eine ganze Zahl sein"):
        parse_move("Ann: draw zwei")
    game = Game(["Ann", "Bob"], Rules.from_options("pagat"), opener="Ann")
    game.push(parse_move("Ann: 6-2"))
    with pytest.raises(IllegalMoveError) as info:
        game.push(parse_move("Bob: 5-3"))
    assert str(info.value) == "5-3 passt nicht: W zeigt 6, O zeigt 2"
    with pytest.raises(IllegalMoveError) as info:
        game.push(parse_move("Bob: 6-1 E"))
    assert str(info.value) == "6-1 passt nicht an O: W zeigt 6, O zeigt 2 (er passt an W)"


def test_rules_in_words_in_german():
    from scorepad import Rules

    i18n.use("de")
    words = dict(Rules.from_options("fuenfer", target=1).describe())
    assert words["deal"] == "je 7 Steine bei 2 Spielern, 5 bei 3, 5 bei 4"
    assert words["target"] == "1 Punkt"
    assert words["spinner"] == "der erste Pasch ist ein Spinner mit vier Armen"
    assert words["partners"] == "nein"
    assert dict(Rules.from_options("pagat", target=150).describe())["target"] == "150 Punkte"


def test_lang_offers_the_languages_of_the_catalogue():
    """--lang's choices are i18n.LANGUAGES: a language added there is offered."""
    import subprocess
    import sys

    code = (
        "from scorepad import i18n\n"
        "i18n.LANGUAGES = (*i18n.LANGUAGES, 'fr')\n"
        "import sys, typer.main\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from helpers import choices_of\n"
        "from scorepad.cli.app import app\n"
        "print(*choices_of(next(p for p in typer.main.get_command(app).params if p.name == 'lang')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == sorted((*i18n.LANGUAGES, "fr"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_screens_break_lines_only_where_the_width_does(lang):
    """A help text's paragraphs are wrapped to fit the source; Typer's panels keep those
    breaks, which cut sentences on the screen ("Export never writes" alone on a line). On
    every help screen, in both languages, at 80 and 100 columns, a line of the text is
    broken only where the next word would not have fit."""
    import typer
    from tests.helpers import ok

    from scorepad.cli.app import app

    screens = [[], *([name] for name in typer.main.get_command(app).commands)]
    cut = []
    for width in (80, 100):
        for args in screens:
            lines = ok(*args, "--help", width=width, lang=lang).splitlines()
            for line, after in itertools.pairwise(lines):
                text, words = line.strip(), after.split()
                inside = not {"│", "╭", "╰"} & {line[:1], after[:1]}
                # A plain screen's option and its description stand at their own indents:
                # only a line going on at the same indent continues the text.
                indent = len(line) - len(line.lstrip())
                inside = inside and indent == len(after) - len(after.lstrip()) and not after.lstrip().startswith("-")
                # The line as wide as it is, its indent included (a plain screen's
                # descriptions stand indented under their option).
                fits = bool(words) and len(line.rstrip()) + 1 + len(words[0]) <= width - 2
                if inside and text and fits and not text.endswith(("\\", ":")):
                    cut.append((width, args, text, words[0]))
    assert not cut, cut
