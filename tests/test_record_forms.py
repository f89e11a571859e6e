"""A record in any valid TOML form costs at most a few times its size to read: over 1 MB
(chunks.MAX_WHOLE) it is read a round at a time, which needs each round written as a
`[[rounds]]` table of its own, in any TOML inside (dotted keys, literal strings, inline
tables, comments); a larger record in a form that cannot be read so (all rounds in one
inline array, a multi-line string) is refused on reading with a message, never parsed
whole at ten to thirty times its size."""

from __future__ import annotations

import tracemalloc

import pytest
from tests.helpers import flat, refused, run

from scorepad.record.chunks import MAX_WHOLE
from scorepad.record.format import RecordError, audit_text, dumps, loads

HEAD = 'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n'
RULES = 'rules = { preset = "pagat", deal = [14, 7, 5], target = 100000 }\n'


def pairs(count: int) -> list[tuple[str, str]]:
    return [("Ann", "Bob") if i % 2 == 0 else ("Bob", "Ann") for i in range(count)]


def inline_array(size: int) -> str:
    """Blocked rounds, every one an inline table of one array `rounds = [...]`."""
    rows = []
    total = 0
    for a, b in pairs(size // 100):
        row = (
            f'{{opener = "{a}", moves = ["{a}: 0-0", "{b}: pass", "{a}: pass"], '
            "hands = {Ann = 84, Bob = 84}, points = {Ann = 0, Bob = 0}}"
        )
        rows.append(row)
        total += len(row) + 2
        if total > size:
            break
    return HEAD + RULES + "rounds = [\n" + ",\n".join(rows) + "\n]\n"


def dotted_and_literal(size: int) -> str:
    """The same game with each round a `[[rounds]]` table of dotted keys and literal strings."""
    parts, total = [HEAD, "[rules]\npreset = 'pagat'\ndeal = [14, 7, 5]\ntarget = 100000\n"], 0
    for a, b in pairs(size // 50):
        part = (
            f"\n[[rounds]]\nopener = '{a}'\nmoves = ['{a}: 0-0', '{b}: pass', '{a}: pass']  # blocked\n"
            "hands.Ann = 84\nhands.Bob = 84\npoints.Ann = 0\npoints.Bob = 0\n"
        )
        parts.append(part)
        total += len(part)
        if total > size:
            break
    return "".join(parts)


def peak(action) -> int:
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_a_large_record_of_one_inline_array_is_refused_unparsed(here):
    text = inline_array(3 * MAX_WHOLE)
    assert len(text) > 2 * MAX_WHOLE
    here.write_text(text, encoding="utf-8")
    message = "does not write its rounds as [[rounds]] tables"
    refused(["show"], here, 2, message)
    result = run("audit", here)
    assert result.exit_code != 0 and message in flat(result.output)
    with pytest.raises(RecordError, match="read a round at a time"):
        loads(text)
    # Refused from its form, before tomllib builds its tables (about 14 times the text).
    assert peak(lambda: audit_text(text)) < len(text)


@pytest.mark.slow
def test_a_large_record_with_a_multi_line_string_is_refused_unparsed():
    text = dotted_and_literal(2 * MAX_WHOLE).replace("opener = 'Ann'", "opener = '''Ann'''", 1)
    with pytest.raises(RecordError, match="multi-line string"):
        loads(text)


@pytest.mark.slow
def test_a_large_record_of_dotted_keys_and_literal_strings_is_read_within_five_times_its_size():
    text = dotted_and_literal(2 * MAX_WHOLE)
    assert len(text) > MAX_WHOLE
    game = loads(text).game
    assert len(game.rounds) > 10_000
    assert peak(lambda: loads(text)) < 5 * len(text)
    assert loads(dumps(game)).game.scores == game.scores


def test_a_small_record_in_any_form_is_read_as_before():
    text = inline_array(20_000)
    assert len(text) < MAX_WHOLE
    assert len(loads(text).game.rounds) > 100


@pytest.mark.slow
def test_a_large_record_is_written_a_round_at_a_time():
    """Writing a record made every round's table at once, about thirteen times the text."""
    text = dotted_and_literal(2 * MAX_WHOLE)
    game = loads(text).game
    written = dumps(game)
    assert (
        written.count("\n[[rounds]]\n") >= len(game.rounds) - 1
    )  # the form read a round at a time (not the round nobody opened)
    assert peak(lambda: dumps(game)) < 5 * len(written)
    assert dumps(loads(written).game) == written


@pytest.mark.slow
def test_a_large_record_is_saved_without_its_whole_text_in_memory(tmp_path):
    """A save wrote the joined text and read the old one back to look for comments. Since
    every save reads its whole text back as a later command would (issue 39), it holds the
    game read back beside the text: within 5 times the record, never a second whole text
    (4.5x; 6.6x when the read-back compared the text the read game writes whole)."""
    from scorepad.record.files import save

    game = loads(dotted_and_literal(2 * MAX_WHOLE)).game
    path = tmp_path / "game.toml"
    path.write_text(dumps(game), encoding="utf-8")
    size = path.stat().st_size
    assert peak(lambda: save(game, path)) < 5 * size
    assert path.read_text(encoding="utf-8") == dumps(game)


@pytest.mark.slow
def test_a_change_to_the_past_of_a_large_record_parses_only_the_rounds_changed(monkeypatch):
    """amend parsed the whole record with tomllib (about ten times its text) to change one
    round; it gives the same record as before, within a few times the text."""
    from scorepad.engine.notation import parse_move
    from scorepad.record import chunks
    from scorepad.record import format as format_
    from scorepad.record.amend import amend_all

    text = dotted_and_literal(2 * MAX_WHOLE) + "\n[[rounds]]\nopener = 'Ann'\nmoves = ['Ann: 0-0']\n"
    last = text.count("\n[[rounds]]\n")
    steps = [("replace", (last, 1), parse_move("Ann: 1-1")), ("insert", (last, 2), parse_move("Bob: 1-2 W"))]
    memory = peak(lambda: amend_all(text, steps))
    by_rounds = amend_all(text, steps).text
    monkeypatch.setattr(chunks, "CHUNKED_FROM", 1 << 40)  # as the whole record was parsed
    monkeypatch.setattr(chunks, "MAX_WHOLE", 1 << 40)
    monkeypatch.setattr(format_, "MAX_WHOLE", 1 << 40)
    assert amend_all(text, steps).text == by_rounds
    assert by_rounds.endswith('moves = [\n  "Ann: 1-1",\n  "Bob: 1-2 W",\n]\n')
    assert memory < 8 * len(text)
