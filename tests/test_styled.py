"""What is written without the libraries it used to take (so that commands start fast) is byte for
byte what they write: the status without rich (views/console.print_styled) plain, in colour
and under NO_COLOR, for every move of random games in every rule set, German too, at widths
from a phone's to a wide terminal's; the program's help in panels without rich
(cli/helppanels) as Typer and rich draw it; small JSON without the json package."""

import io
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from scorepad import Game, Rules, i18n
from scorepad.engine.simulate import play_game
from scorepad.views import console as boundary
from scorepad.views.status import status
from scorepad.views.styled import Styled, StyledLines


class Screen(io.StringIO):
    """Standard output as a terminal (or not) that records what is written."""

    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal

    @property
    def encoding(self) -> str:
        return "utf-8"


def written(shown, style: str, *, terminal: bool, rich: bool, monkeypatch) -> str:
    screen = Screen(terminal)
    with monkeypatch.context() as patch:
        patch.setattr("sys.stdout", screen)
        if rich:

            def unsure(*args, **kwargs):
                raise boundary._Unsure

            patch.setattr(boundary, "_as_rich_writes", unsure)
        boundary.print_styled(shown, style)
    return screen.getvalue()


def statuses():
    """The status after every move of a few random games, with the move explained."""
    for preset, seed in (("pagat", 1), ("two-ends", 2), ("fuenfer", 3), ("pagat", 4)):
        options = {"muggins": True} if seed == 4 else {}
        players = ["Ann", "Bob", "Cy", "Dee"] if seed == 1 else ["Ann", "Bob", "Cy"]
        recorded = play_game(players, Rules.from_options(preset, **options), random.Random(seed), max_rounds=3)
        game = Game(recorded.players, recorded.rules)
        for r in recorded.rounds:
            for move in r.moves:
                yield game, game.push(move)
            if r.hands is not None:
                yield game, game.end_round({game.players[seat]: held for seat, held in r.hands.items()})


ENVIRONMENTS = {
    "a pipe": ({}, False),
    "a terminal": ({}, True),
    "a terminal under NO_COLOR": ({"NO_COLOR": "1"}, True),
    "a dumb terminal": ({"TERM": "dumb"}, True),
    "FORCE_COLOR into a pipe": ({"FORCE_COLOR": "1"}, False),
    "TTY_COMPATIBLE=0 on a terminal": ({"TTY_COMPATIBLE": "0"}, True),
}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("where", sorted(ENVIRONMENTS))
def test_the_status_is_written_as_rich_writes_it(where, language, monkeypatch):
    environment, terminal = ENVIRONMENTS[where]
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TERM", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    i18n.use(language)
    try:
        fast = compared = 0
        for number, (game, out) in enumerate(statuses()):
            columns = (20, 30, 40, 60, 80, 120)[number % 6]
            monkeypatch.setenv("COLUMNS", str(columns))
            shown = status(game, columns, out)
            mine = written(shown, "", terminal=terminal, rich=False, monkeypatch=monkeypatch)
            theirs = written(shown, "", terminal=terminal, rich=True, monkeypatch=monkeypatch)
            assert mine == theirs, (columns, [text.plain for text in shown])
            compared += 1
            try:
                for text in shown:
                    boundary._as_rich_writes(text, "", "plain", columns)
                fast += 1
            except boundary._Unsure:
                pass
        assert compared > 100 and fast > compared // 2, (compared, fast)  # most are written without rich
    finally:
        i18n.use("en")


@pytest.mark.parametrize("terminal", [False, True])
def test_notes_and_awkward_texts_are_written_as_rich_writes_them(terminal, monkeypatch):
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("COLUMNS", "30")
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    awkward = [
        Styled("Saved a copy of the hand-edited record as game.toml.orig"),  # wraps
        Styled("trailing blank "),
        Styled("a\n\nb", style="bold"),  # an empty line
        Styled("tab\there"),
        Styled("名前 wide"),
        Styled("bell\x07dropped"),
        Styled.assemble(("x", "bold"), Styled("", style="red"), "y"),  # an empty stretch
        Styled.assemble(("one", "bold green"), "\n", ("two", "cyan"), " three", style="dim"),
        Styled.assemble(("styled", "bold black on yellow"), " ", ("odd", "blink")),
        Styled("ends W 6 + E 6 = ").append("12", style="bold black on yellow"),
    ]
    for shown in [*awkward, StyledLines(awkward)]:
        for style in ("", "bold"):
            mine = written(shown, style, terminal=terminal, rich=False, monkeypatch=monkeypatch)
            theirs = written(shown, style, terminal=terminal, rich=True, monkeypatch=monkeypatch)
            assert mine == theirs, shown


def test_without_standard_output_what_is_shown_goes_nowhere(monkeypatch):
    monkeypatch.setattr("sys.stdout", None)  # as Python leaves it when started with it closed
    monkeypatch.setattr("sys.stderr", None)
    boundary.print_styled(StyledLines([Styled("Ann to play.", style="bold")]))
    boundary.echo("scorepad 1.0")
    boundary.json_line({"round": 1})
    boundary.error("no game")


def test_the_characters_taken_as_one_column_are_one_column_for_rich():
    assert all(cell_len(ch) == 1 for ch in boundary._NARROW)


def test_styled_text_becomes_the_same_rich_text():
    text = Styled("W6 ", style="cyan")
    text.append("{6|6}", style="bold magenta").append(" E6")
    both = Styled.assemble(text, ("!", "red"), style="dim")
    rich = both.to_rich()
    assert rich.plain == both.plain == "W6 {6|6} E6!"
    assert rich.style == "dim"
    assert [tuple(span) for span in rich.spans] == [(0, 11, "cyan"), (3, 8, "bold magenta"), (11, 12, "red")]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@pytest.mark.slow
@given(JSON_VALUES)
def test_json_lines_are_the_json_module_s_with_only_unsafe_characters_escaped(data):
    assert json.loads(boundary.json_text(data)) == json.loads(json.dumps(data, ensure_ascii=False))


def help_written(asked: list[str], *, terminal: bool, rich: bool, monkeypatch) -> tuple[str, bool]:
    """What `scorepad ASKED` (a help of the program) writes on standard output, drawn by
    Typer and rich (`rich`) or where it can by cli/helppanels, and whether helppanels drew it."""
    import typer.main

    from scorepad.cli import helppanels
    from scorepad.cli.app import app

    screen = Screen(terminal)
    drawn = []
    draw = helppanels.draw
    with monkeypatch.context() as patch:
        patch.setattr("sys.stdout", screen)
        patch.setattr(helppanels, "draw", lambda group, ctx: drawn.append(not rich and draw(group, ctx)) or drawn[-1])
        try:
            typer.main.get_command(app).main(asked, prog_name="scorepad", standalone_mode=False)
        finally:
            i18n.use("en")
    return screen.getvalue(), any(drawn)


HELP_ENVIRONMENTS = {
    "a pipe": ({}, False),
    "a terminal": ({}, True),
    "a terminal under NO_COLOR": ({"NO_COLOR": "1"}, True),
    "FORCE_COLOR into a pipe": ({"FORCE_COLOR": "1"}, False),
    "TTY_COMPATIBLE=1 into a pipe": ({"TTY_COMPATIBLE": "1"}, False),
    "TTY_COMPATIBLE=0 on a terminal": ({"TTY_COMPATIBLE": "0"}, True),
}


def compare_help(widths, environments, monkeypatch, asked=("-h",), languages=("en", "de"), drawn_by_helppanels=True) -> int:
    """Compare the program's help drawn both ways; how many helppanels drew (all of them,
    where `drawn_by_helppanels` and Typer is one whose panels it lays out)."""
    import typer

    from scorepad import fences
    from scorepad.cli import helppanels

    mine_drawn = 0
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "LINES", "TERMINAL_WIDTH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for where in environments:
        environment, terminal = HELP_ENVIRONMENTS[where]
        with monkeypatch.context() as patch:
            for name, value in environment.items():
                patch.setenv(name, value)
            for language in languages:
                patch.setenv("SCOREPAD_LANG", language)
                for columns in widths:
                    patch.setenv("COLUMNS", str(columns))
                    theirs, _ = help_written(list(asked), terminal=terminal, rich=True, monkeypatch=patch)
                    mine, drawn = help_written(list(asked), terminal=terminal, rich=False, monkeypatch=patch)
                    assert mine == theirs, (where, language, columns)
                    assert "╭─" in mine
                    mine_drawn += drawn
                    if drawn_by_helppanels and fences.FAST and typer.__version__.startswith(helppanels.TYPERS):
                        assert drawn, (where, language, columns)  # with the fast paths off, Typer drew both
    return mine_drawn


@pytest.mark.parametrize("asked", [["-h"], ["--help"], ["--lang", "de", "--help"]])
def test_the_programs_help_is_written_as_typer_and_rich_write_it(asked, monkeypatch):
    compare_help((70, 80, 101), ("a pipe", "a terminal", "a terminal under NO_COLOR"), monkeypatch, asked)


@pytest.mark.slow
def test_the_programs_help_is_written_as_typer_and_rich_write_it_at_every_width(monkeypatch):
    compare_help([*range(70, 161), 200, 399, 400], sorted(HELP_ENVIRONMENTS), monkeypatch)


@pytest.mark.parametrize(
    "text",
    [
        "Keep [bold]the[/bold] score.",  # markup
        "Keep the score :thumbs_up: at the table.",  # an emoji's name
        "Use --lang de or -h, a <value> or Usage: here.",  # highlighted
        "One paragraph.\n\nAnd a second one.",
        "A word " + "x" * 90 + " wider than the screen.",
        "tab\there, and a line\nbroken by hand",
        "名前 wide characters",
        "Trailing blanks   ",
    ],
)
def test_an_awkward_help_text_is_written_as_typer_and_rich_write_it(text, monkeypatch):
    from scorepad.cli import helpscreen

    translate = helpscreen.translate_help

    def awkward(command):
        translate(command)
        if command.__class__.__name__ == "ScreenGroup" or command.name == "show":  # the program's text, and a command's
            command.help = text

    monkeypatch.setattr(helpscreen, "translate_help", awkward)
    compare_help((70, 90), ("a pipe", "a terminal"), monkeypatch, languages=("en",), drawn_by_helppanels=False)
