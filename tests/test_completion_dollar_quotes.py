"""Completing inside bash's `$'...'` (ANSI-C) and `$"..."` quotes. In `$'...'` a backslash
escapes a single quote, so a name quoted as for `'...'` (`'\''` for each quote) ends the
quote early and the rest of it runs: `$'` and TAB on the name `$\'$(touch pwned)'x` ran
`touch pwned` in an interactive bash. Each candidate must read back, after what was typed,
as the one word it is."""

from __future__ import annotations

import shutil

import pytest
from tests.helpers import HOSTILE, bash_words
from tests.helpers import record_of_names as record
from tests.shells import Session

from scorepad.cli.shellwords import bash_candidate, read_line

needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed here")

EXPLOIT = "$\\'$(touch pwned)'x"

# typed before TAB, and the part of it readline keeps (it replaces what follows the quote)
TYPED = [
    ("$'", "$'"),
    ("$'a", "$'"),
    ("x$'", "x$'"),
    ("$$$'", "$$$'"),
    ("$$'", "$$'"),  # `$$` is the process id: a plain quote follows
    ('$"', '$"'),
    ('$"a', '$"'),
]


@needs_bash
@pytest.mark.parametrize(("typed", "kept"), TYPED)
def test_a_candidate_goes_on_in_a_dollar_quote(typed, kept):
    line = read_line("scorepad muggins " + typed)
    tried = 0
    for name in [*HOSTILE, EXPLOIT, "a\\'b", "a\\\\'b", "a\\"]:
        word = line.value + name
        candidate = bash_candidate(word, line)
        assert candidate is not None, (typed, name)
        # `$$` is expanded as bash expands it: the first word read is the process id
        pid, *words = bash_words("$$ " + kept + candidate)
        assert words == [word.replace("$$", pid, 1)], (typed, name, candidate)
        tried += 1
    assert tried > len(HOSTILE)


def test_what_is_typed_in_a_dollar_quote_is_read_as_bash_reads_it():
    assert read_line("scorepad muggins $'An").value == "An"
    assert read_line("scorepad muggins x$'An").value == "xAn"
    assert read_line('scorepad muggins $"An').value == "An"
    assert read_line("scorepad muggins $$'An").value == "$$An"


def test_a_backslash_inside_a_dollar_quote_completes_nothing():
    # readline reads `$'a\'b` as a quote closed after `a\`: it would put the candidate
    # where bash reads no quote at all
    line = read_line("scorepad muggins $'a\\'b")
    assert bash_candidate("a'b;touch pwned;'x", line) is None
    assert bash_candidate("a'bc", read_line("scorepad muggins $'a\\'b' $'")) is None


@pytest.mark.slow
def test_no_name_runs_when_completed_in_a_dollar_quote(tmp_path):
    one = Session("bash", tmp_path)
    try:
        (one.folder / "scorepad.toml").write_text(record([EXPLOIT, "Bob"]))
        one.type("scorepad muggins $'")
        one.tab()  # both names go on so: nothing is put in
        one.type("$")
        one.tab()
        assert one.enter() == ["muggins", EXPLOIT], one.screen[-300:]
        assert sorted(path.name for path in one.folder.iterdir()) == ["scorepad.toml"]
    finally:
        one.close()
