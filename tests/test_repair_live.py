"""Repairs at the live prompt, in English and German: each kind of slip typed as a table
types it, the refusal that reveals it, the repair offered in live syntax, and the
number alone making it in one step."""

import re

import pytest
from tests.helpers import live, ok

from scorepad.record.files import load

EVENING = {
    # A play typed on the wrong end; three plays later Cy's 0-6 on E is refused.
    "end": (
        ["--players", "Ann,Bob,Cy", "--opener", "Ann"],
        ["44", "41 w", "43 e", "35 e", "54 e", "46 n", "12 w", "25 w", "06 e", "1"],
        "1. replace 1.6 Cy: 4-6 E",
        ["Ann: 4-4", "Bob: 4-1 W", "Cy: 4-3 E", "Ann: 3-5 E", "Bob: 5-4 E", "Cy: 4-6 E", "Ann: 1-2 W", "Bob: 2-5 W", "Cy: 0-6 E"],
    ),
    # The highest-double lead typed as Bob's: every later move one seat off, until the hands.
    "seat": (
        ["--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5"],
        ["66 @bob", "63 e", "61 w", "34 e", "12 w", "hands Bob=4", "1"],
        "1. replace 1.1 Ann: 6-6 --reseat",
        ["Ann: 6-6", "Bob: 6-3 E", "Ann: 6-1 W", "Bob: 3-4 E", "Ann: 1-2 W"],
    ),
    # Bob's draw typed after his play, so it went to Ann. (Not 6-4 W later: with 6-1 it
    # would have fitted [6|6] right after the draw, which the rules forbid.)
    "after": (
        ["--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5"],
        ["66 @ann", "61 e", "d 2", "12 e", "25 e", "53 e", "hands Bob=5-5,0-0,3-4", "1"],
        "1. replace 1.2 Bob: draw 2\n     1.3 Bob: 6-1 E",  # broken to fit 40 columns
        ["Ann: 6-6", "Bob: draw 2", "Bob: 6-1 E", "Ann: 1-2 E", "Bob: 2-5 E", "Ann: 5-3 E"],
    ),
    # Bob's 2-2 came before Ann's spinner 1-1; typed the other way round.
    "swap": (
        ["--players", "Ann,Bob", "--opener", "Ann"],
        ["21", "11 e", "22 w", "42 w", "32 n", "1"],
        "1. replace 1.2 Bob: 2-2 W 1.3 Ann: 1-1 E",
        ["Ann: 2-1", "Bob: 2-2 W", "Ann: 1-1 E", "Bob: 4-2 W", "Ann: 3-2 N"],
    ),
    # Tom drew four before his 2-5, untyped: how many, and where (before his 4-2 fits as
    # well), the live prompt asks.
    "draw": (
        ["--players", "Ann,Tom", "--opener", "Ann", "--deal", "3,2,2"],
        ["64", "44 e", "61 w", "42 e", "d 2", "13 w", "25 e", "30 w @ann", "1", "4", "1.7"],
        "1. insert 1.7 Tom: draw N",
        [
            "Ann: 6-4",
            "Tom: 4-4 E",
            "Ann: 6-1 W",
            "Tom: 4-2 E",
            "Ann: draw 2",
            "Ann: 1-3 W",
            "Tom: draw 4",
            "Tom: 2-5 E",
            "Ann: 3-0 W",
        ],
    ),
    # Bob's 0-6 went on W; the 2-6 lead that would also let 2-0 through breaks the lead rule.
    "claim": (
        ["--players", "Ann,Bob", "--rules", "two-ends"],
        ["66 @ann", "06 e", "20 w =5", "1"],
        "1. replace 1.2 Bob: 0-6 W",
        ["Ann: 6-6", "Bob: 0-6 W", "Ann: 2-0 W =5"],
    ),
}


def _german(line: str) -> str:
    """The line as a German table types it: E is O."""
    return re.sub(r"^(\d\d) e\b", r"\1 o", line)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", sorted(EVENING))
def test_each_slip_is_repaired_at_the_live_prompt_in_one_step(here, kind, lang):
    options, lines, offered, moves = EVENING[kind]
    ok("new", *options)
    typed = [_german(line) for line in lines] if lang == "de" else lines
    out = live("\n".join([*typed, "q"]) + "\n", 40, lang).output
    # A German offer names East O, as every German screen does; the record keeps E.
    shown = re.sub(r"(\d-\d) E\b", r"\1 O", offered) if lang == "de" else offered
    assert shown + "\n" in out
    assert "Traceback" not in out
    if kind == "claim":
        assert "2-6" not in out
    game = load(here).game
    assert [str(m) for m in game.rounds[0].moves] == moves
    assert game.rounds[0].warnings == [] or kind == "claim"
