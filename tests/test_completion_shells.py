"""Completing a hostile player's name in a real interactive bash, zsh and fish: TAB, then
Enter, under a pseudo-terminal. The name must reach scorepad as the one word it is, and
nothing in it may run: a record received from someone else is enough to try."""

from __future__ import annotations

import pytest
from tests.helpers import record_of_names as record
from tests.shells import Session

SHELLS = ("bash", "zsh", "fish")

# (name, what is typed before TAB, the words scorepad must be run with)
HOSTILE = [
    ("x$(touch pwned)", "scorepad muggins x", ["muggins", "x$(touch pwned)"]),
    ("a;touch pw3", "scorepad play 64 --by a", ["play", "64", "--by", "a;touch pw3"]),
    ("b`touch pw4`", "scorepad muggins b", ["muggins", "b`touch pw4`"]),
    ("q'uo\"te", "scorepad draw --by q", ["draw", "--by", "q'uo\"te"]),
    ("Ann Lee", "scorepad muggins A", ["muggins", "Ann Lee"]),
    ("*", "scorepad muggins \\*", ["muggins", "*"]),
    ("~x", "scorepad muggins \\~", ["muggins", "~x"]),
    ("!x", "scorepad pass --by \\!", ["pass", "--by", "!x"]),
    ("#x", "scorepad muggins \\#", ["muggins", "#x"]),
    ("-x", "scorepad hands Bob=0 ", ["hands", "Bob=0", "-x="]),
    # The cursor inside a quote the player opened: the rest goes in that quote's way.
    ("Ann Lee", "scorepad muggins 'Ann", ["muggins", "Ann Lee"]),
    ("x$(touch pwned)", 'scorepad muggins "x', ["muggins", "x$(touch pwned)"]),
    ("a!b`touch pw5`", 'scorepad muggins "a', ["muggins", "a!b`touch pw5`"]),
    ("Ann Lee", "scorepad muggins --by=A", ["muggins", "--by=Ann Lee"]),
]


@pytest.fixture
def session(request, tmp_path):
    made: list[Session] = []

    def start(shell: str, players: list[str]) -> Session:
        one = Session(shell, tmp_path)
        made.append(one)
        (one.folder / "scorepad.toml").write_text(record(players))
        return one

    yield start
    for one in made:
        one.close()


def folder_files(one: Session) -> list[str]:
    return sorted(path.name for path in one.folder.iterdir())


@pytest.mark.slow
@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize(("name", "typed", "words"), HOSTILE, ids=[f"{n}|{t.split(' ', 1)[1]}" for n, t, _ in HOSTILE])
def test_a_completed_name_is_one_literal_word(session, shell, name, typed, words):
    one = session(shell, [name, "Bob"])
    one.type(typed)
    one.tab()
    assert one.enter() == words, one.screen[-300:]
    assert folder_files(one) == ["scorepad.toml"]  # nothing ran, no pattern matched


@pytest.mark.slow
@pytest.mark.parametrize("shell", SHELLS)
def test_a_name_with_a_line_break_is_not_offered(session, shell):
    one = session(shell, ["x\ntouch pwned", "Bob"])
    one.type("scorepad muggins x")
    one.tab()
    assert one.enter() == ["muggins", "x"], one.screen[-300:]
    assert folder_files(one) == ["scorepad.toml"]
