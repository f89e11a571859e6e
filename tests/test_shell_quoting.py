"""How a completion candidate is quoted for bash and for PowerShell (cli/shellwords.py).

bash's quoting is checked by bash itself: every candidate, put after what was typed, must
read back as the name and nothing else. PowerShell cannot be installed here, so its
quoting is checked against its rules: in a single-quoted string only a single quote is
special (and PowerShell takes U+0027 and U+2018 to U+201B alike), each doubled; a double
quote is left out, since Windows PowerShell hands it to a native program unescaped."""

from __future__ import annotations

import random
import shutil

import pytest
from tests.helpers import HOSTILE, bash_words

# what was typed before TAB, and the part of each name it must be a prefix of
from scorepad.cli.shellwords import bash_candidate, bash_quote, completable, powershell_quote, powershell_unquoted, read_line

TYPED = ["", "'", '"', "'a", '"a', "a", "x\\$", "--by="]


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed here")


@needs_bash
@pytest.mark.parametrize("name", HOSTILE)
def test_bash_reads_the_quoted_name_back(name):
    assert bash_words(bash_quote(name)) == [name]


@needs_bash
@pytest.mark.parametrize("typed", TYPED)
def test_a_candidate_goes_on_in_the_quote_the_cursor_is_in(typed):
    line = read_line("scorepad muggins " + typed)
    for name in HOSTILE:
        word = ("--by=" if typed == "--by=" else "") + name
        candidate = bash_candidate(word, line)
        if not word.startswith(line.value):
            continue
        assert candidate is not None, (typed, name)
        # readline replaces the text after an open quote, or after the last `=`, or all of it
        if line.quote:
            kept = line.raw[: line.opened + 1]
        else:
            kept = line.raw[: line.raw.rfind("=") + 1]
        assert bash_words(kept + candidate) == [word], (typed, name, candidate)


@needs_bash
def test_random_hostile_names_read_back_as_one_word():
    alphabet = "ab $`'\"\\;&|<>()*?[]{}~!#=%^,.-+@:/\u00fc\u00df"
    rng = random.Random(20261201)
    names = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(300)]
    line = " ".join(bash_quote(name) for name in names)
    assert bash_words(line) == names


@pytest.mark.parametrize("name", ["x\ntouch pwned", "a\tb", "esc\x1b[31m", "bell\x07", "back\u202eward", "nul\x00"])
def test_a_name_with_a_control_character_is_never_a_candidate(name):
    assert not completable(name)
    assert bash_candidate(name, read_line("scorepad muggins ")) is None
    assert powershell_quote(name) is None


def test_a_trailing_backslash_completes_nothing():
    assert bash_candidate("a b", read_line("scorepad muggins a\\")) is None


def test_plain_words_stay_bare():
    for name in ["Ann", "Jürgen", "o.k", "a-b", "a_b", "x/y"]:
        assert bash_quote(name) == name
        assert powershell_quote(name) == name


@pytest.mark.parametrize(
    ("name", "quoted"),
    [
        ("Ann Lee", "'Ann Lee'"),
        ("x$(touch pwned)", "'x$(touch pwned)'"),
        ("b`touch pw4`", "'b`touch pw4`'"),
        ("a;b", "'a;b'"),
        ("it's", "'it''s'"),
        ("it\u2019s", "'it\u2019\u2019s'"),
        ("\u2018x\u201a\u201b", "'\u2018\u2018x\u201a\u201a\u201b\u201b'"),
        ("-x", "'-x'"),
        ("--%", "'--%'"),
        ("@a", "'@a'"),
        ("$env:HOME", "'$env:HOME'"),
        ("a,b", "'a,b'"),
        ("{x}", "'{x}'"),
        ("#x", "'#x'"),
        ("*", "'*'"),
        ("~x", "'~x'"),
    ],
)
def test_powershell_quoting_by_its_rules(name, quoted):
    assert powershell_quote(name) == quoted
    assert powershell_unquoted(quoted) == name


@pytest.mark.parametrize("name", ['q"u', 'x"; rm -r ~; "', '"'])
def test_powershell_leaves_out_a_name_with_a_double_quote(name):
    assert powershell_quote(name) is None


def test_powershell_reads_the_word_being_typed():
    assert powershell_unquoted("'Ann L") == "Ann L"
    assert powershell_unquoted("'it''") == "it'"
    assert powershell_unquoted("Ann") == "Ann"
    assert powershell_unquoted('"Ann') == "Ann"
