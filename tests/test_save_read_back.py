"""No command writes what the next command cannot read (issue 39): every save reads back
the whole text it writes with the reader of every later command (`format.read_back`),
and refuses (exit 2, the record as it was) what that reader would refuse; `new --force`'s
kept copy and `import`'s file are read back as well."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers import fast_paths_only, flat, ok, refused, run

from scorepad.engine.game import Game
from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.record import format as record_format
from scorepad.record.chunks import MAX_WHOLE
from scorepad.record.format import RecordError, dumps_parts, loads

# Every command that reads a record, as a later player would run it.
READERS = (
    ["show"],
    ["show", "--json"],
    ["log"],
    ["sheet"],
    ["audit"],
    ["review"],
    ["stats"],
    ["export", "page.html"],
)


def unreadable_by(record: Path) -> list[str]:
    """The reading commands that refuse `record` (exit 2) or fail without a message."""
    refusing = []
    for command in READERS:
        args = [*command, record] if command[0] == "stats" else [*command, "-f", record]
        result = run(*args, width=80)
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        if result.exit_code == 2 or crashed or "Traceback" in result.output:
            refusing.append(f"{' '.join(command)}: {flat(result.output)[:300]}")
    return refusing


def test_a_name_the_reader_refuses_is_never_saved(here):
    """`[a.b.c.d.e.f.g.h.i` once passed the save's read-back and then locked every command,
    `new --force` included, out of the record: saved now only where every command reads it."""
    result = run("new", "--players", "[a.b.c.d.e.f.g.h.i,Bob", "--opener", "Bob")
    if result.exit_code == 0:  # the reader reads it (its guard no longer matches inside a string)
        assert unreadable_by(here) == []
        ok("new", "--force", "--players", "Ann,Bob", "--opener", "Ann")
        return
    assert result.exit_code == 2, result.output
    assert "cannot read it back" in flat(result.output)
    assert "the record is as it was" in flat(result.output)
    assert not here.exists()


def test_a_save_over_a_readable_record_is_refused_as_a_whole(here):
    """The same name given to `new --force` over a game: the game stays, and stays readable."""
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "66")
    result = run("new", "--force", "--players", "[a.b.c.d.e.f.g.h.i,Bob", "--opener", "Bob")
    if result.exit_code == 0:
        assert unreadable_by(here) == []
        return
    assert result.exit_code == 2, result.output
    assert "Ann: 6-6" in here.read_text(encoding="utf-8")
    assert unreadable_by(here) == []


def test_the_read_back_runs_the_readers_guards_on_the_whole_text(monkeypatch):
    """What the reader decides from the whole text (here its dotted-key guard, made to
    refuse every record) refuses a save that only adds a move: the rounds not replayed
    again are still read by the reader's own whole-text checks."""
    game = Game(["Ann", "Bob"], Rules.from_options("pagat"), opener="Ann")
    game.push(record_format.parse_move("Ann: 6-6"))
    before = "".join(dumps_parts(game))
    game.push(record_format.parse_move("Bob: draw"))
    parts = dumps_parts(game)
    same = record_format.proven_parts(parts, before)
    assert same == 1  # the head; the one round changed
    record_format.read_back(parts, game, same)
    monkeypatch.setattr(record_format, "_deep_key_line", lambda text: 1)
    with pytest.raises(RecordError, match="cannot read it back"):
        record_format.read_back(parts, game, same)


@fast_paths_only
def test_the_read_back_of_a_small_record_parses_only_what_the_save_changed(monkeypatch):
    """A small record is parsed whole on reading; its read-back parses only the parts the
    save changed, each alone, as a large record's are (format.read_back), and still refuses
    a part that is not the game's round."""
    import random
    import tomllib

    from scorepad.engine.simulate import play_game

    game = play_game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=100_000), random.Random(3), max_rounds=6)
    before = "".join(dumps_parts(game))
    opener = game.players[game.current.opener]
    game.push(record_format.parse_move(f"{opener}: 6-6"))
    parts = dumps_parts(game)
    same = record_format.proven_parts(parts, before)
    assert same == len(parts) - 1  # the round led changed
    parsed: list[str] = []
    parse = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or parse(text))
    record_format.read_back(parts, game, same)
    assert parsed == [parts[-1]]
    with pytest.raises(RecordError, match="cannot read back"):
        record_format.read_back([*parts[:-1], parts[-1].replace(": 6-6", ": 5-5")], game, same)


def _blocked_rounds_near(size: int, players: tuple[str, str]) -> tuple[str, int]:
    """A record of blocked rounds as scorepad writes it, just under `size` characters, and
    how many rounds it holds."""
    a, b = players
    rules = Rules.from_options("pagat", deal=[14, 7, 5], target=100_000)
    game = Game([a, b], rules, opener=a)
    for first, second in ((a, b), (b, a)):
        if game.current.opener is None:
            game.set_opener(first)
        for move in (f"{first}: 0-0", f"{second}: pass", f"{first}: pass"):
            game.push(record_format.parse_move(move))
        game.end_round({a: 84, b: 84})
    head, one, two = dumps_parts(game)
    count = (size - len(head) - 150) // len(one + two)
    text = head + (one + two) * count
    if len(text) + len(one) < size - 150:
        return text + one, 2 * count + 1
    return text, 2 * count


@pytest.mark.slow
def test_a_name_with_three_quotes_never_takes_the_record_past_what_is_read(here):
    """`O'''Neil` was fine until a save took the record past 1 MB; then no command, `new
    --force` included, read it. The save that would is refused now, unless the reader reads
    the larger record."""
    names = ("O'''Neil", "Bob")
    text, rounds = _blocked_rounds_near(MAX_WHOLE, names)
    here.write_text(text, encoding="utf-8")
    assert unreadable_by(here) == []
    refusals = 0
    while len(here.read_text(encoding="utf-8")) <= MAX_WHOLE + 100 and not refusals:
        first, second = names if rounds % 2 == 0 else names[::-1]
        for line in (["play", "0-0", "--by", first], ["pass"], ["pass"], ["hands", f"{first}=84", f"{second}=84"]):
            before = here.read_bytes()
            result = run(*line)
            if result.exit_code == 0:
                continue
            assert result.exit_code == 2, result.output
            assert "cannot read it back" in flat(result.output)
            assert here.read_bytes() == before
            refusals += 1
            break
        rounds += 1
    assert unreadable_by(here) == []
    # And the game is never lost to a kept copy no command reads.
    result = run("new", "--force", "--players", "Ann,Bob")
    assert result.exit_code in (0, 2), result.output
    for kept in here.parent.glob("scorepad-*.toml"):
        assert unreadable_by(kept) == [], kept


def test_the_kept_copy_of_new_force_is_read_back(here, monkeypatch):
    """A kept copy that does not read back as the game it keeps refuses `new --force`:
    the copy is removed, the record is as it was."""
    from scorepad.record import files

    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "66")
    real = files.write_copy

    def damaged(names, text, status):
        return real(names, text.replace("6-6", "6-5"), status)

    monkeypatch.setattr(files, "write_copy", damaged)
    refused(["new", "--force", "--players", "Ann,Bob"], here, 2, "kept copy", "not replaced")
    assert sorted(os.listdir(here.parent)) == ["scorepad.toml"]


def test_import_reads_back_the_file_it_wrote(folder, monkeypatch):
    """A file `import` wrote that does not read back as a record is removed again."""
    from scorepad.record import pages

    record = folder / "game.toml"
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "-f", record)
    ok("play", "66", "-f", record)
    ok("export", folder / "page.html", "-f", record)
    real = pages.write_new
    monkeypatch.setattr(pages, "write_new", lambda path, data: real(path, data.replace(b"6-6", b"6-x")))
    out = folder / "back.toml"
    refused(["import", folder / "page.html", "-f", out], out, 2, "cannot be read back")
    assert not out.exists()
    monkeypatch.setattr(pages, "write_new", real)
    ok("import", folder / "page.html", "-f", out)
    assert out.read_bytes() == record.read_bytes()


# --- the property: random names and lines through every command that writes ---------------

# What a name may hold, and what the record's grammar must take care of in one.
PIECES = ["a", "Z", "é", "ß", "ø", "😀", "漢", " ", "'", '"', "\\", "[", "]", ".", "#", "{", "}", ",", "'''", '"""']
PIECES += ["\u2028", "\u2029", "\u0085", "\t", "a.b.c.d.e.f.g.h.i", "[[rounds]]", "\\u0041", "=", "ab"]


def _playable(names: list[str]) -> bool:
    try:
        Game(names, Rules.from_options("pagat"))
    except ScorepadError:
        return False
    return all("," not in name for name in names)


NAMES = (
    st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join), min_size=2, max_size=3)
    .filter(_playable)
    .map(tuple)
)
TILES = [f"{a}{b}" for a in range(7) for b in range(a + 1)]
ENDS = ["", " e", " w", " n", " s"]


@st.composite
def lines(draw: st.DrawFn, names: tuple[str, ...]) -> list[str]:
    """A writing command as typed, some of them with a name or text in any of the pieces."""
    someone = st.one_of(st.sampled_from(names), st.lists(st.sampled_from(PIECES), min_size=1, max_size=3).map("".join))
    at = st.builds(lambda r, m: f"{r}.{m}", st.integers(1, 3), st.integers(1, 8))
    move = st.one_of(
        st.builds(lambda n, t: f"{n}: {t[0]}-{t[1]}", someone, st.sampled_from(TILES)),
        st.builds(lambda n: f"{n}: draw", someone),
        st.builds(lambda n: f"{n}: pass", someone),
    )
    return draw(
        st.one_of(
            st.builds(
                lambda t, e, by: ["play", t + e, *(["--by", by] if by else [])],
                st.sampled_from(TILES),
                st.sampled_from(ENDS),
                st.none() | someone,
            ),
            st.just(["draw"]),
            st.just(["pass"]),
            st.builds(lambda n: ["muggins", n], someone),
            st.builds(lambda n, v: ["hands", f"{n}={v}"], someone, st.sampled_from(["0", "5", "6-6", "0-0 1-1", "200"])),
            st.builds(lambda n: ["undo", str(n)], st.integers(1, 3)),
            st.builds(lambda n: ["fix", str(n)], st.integers(1, 3)),
            st.builds(lambda a, m: ["insert", a, m], at, move),
            st.builds(lambda a, m: ["replace", a, m], at, move),
            st.builds(lambda a: ["delete", a], at),
            st.builds(lambda ns: ["new", "--force", "--players", ",".join(ns), "--opener", ns[0]], NAMES),
            st.just(["import"]),
        )
    )


def legal(record: Path, seed: int) -> list[str]:
    """A line the game as recorded takes: a tile that fits (chosen by `seed`), a draw when
    none does, or hands once the round is over."""
    from scorepad.engine.advice import hint
    from scorepad.engine.tiles import ALL_TILES

    game = loads(record.read_text(encoding="utf-8")).game
    r = game.current
    if game.winner is not None:
        return ["draw"]
    if r.result is not None:
        return ["hands", *(f"{name}=0" for name in game.players if name != game.turn)]
    layout = r.layout
    options = [(t, o.end) for t, found in hint(layout, [t for t in ALL_TILES if not layout.on_table(t)]).items() for o in found]
    if not options or seed % 7 == 0:
        return ["draw"]
    tile, end = options[seed % len(options)]
    by = [] if game.turn is not None else ["--by", game.players[0]]
    return ["play", f"{tile.a}{tile.b}" + (f" {end.value.lower()}" if end is not None else ""), *by]


@st.composite
def sessions(draw: st.DrawFn) -> tuple[tuple[str, ...], list[list[str]]]:
    names = draw(NAMES)
    # A lead first, and every other line one the game takes, so that the game goes on.
    start = [["play", draw(st.sampled_from(TILES)), "--by", names[0]]]
    taken = st.builds(lambda n: ["legal", str(n)], st.integers(0, 1000))
    pairs = draw(st.lists(st.tuples(taken, lines(names)), min_size=3, max_size=8))
    return names, start + [line for pair in pairs for line in pair]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(session=sessions())
def test_whatever_a_command_writes_every_command_reads(folder, session):
    """Random names (quotes, backslashes, brackets, dots, three quotes, `#`, line separators,
    non-ASCII, emoji) and random typed lines through every command that writes: each
    either is refused with the record as it was, or every command that reads reads it."""
    names, typed = session
    record = folder / "game.toml"
    for leftover in folder.iterdir():
        leftover.unlink()
    result = run("new", "--players", ",".join(names), "--opener", names[0], "-f", record)
    if result.exit_code != 0:
        assert result.exit_code == 2 and not record.exists(), result.output
        return
    assert unreadable_by(record) == []
    for line in typed:
        before = record.read_bytes()
        if line[0] == "legal":
            line = legal(record, int(line[1]))
        if line == ["import"]:
            page, out = folder / "page.html", folder / "imported.toml"
            ok("export", page, "-f", record)
            out.unlink(missing_ok=True)
            result = run("import", page, "-f", out)
            assert result.exit_code in (0, 2), result.output
            if result.exit_code == 0:
                assert unreadable_by(out) == [], line
            else:
                assert not out.exists()
            continue
        result = run(*line, "-f", record, width=80)
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        assert not crashed and "Traceback" not in result.output, (line, result.output)
        if result.exit_code != 0:
            assert record.read_bytes() == before, (line, result.output)
            continue
        assert unreadable_by(record) == [], (line, record.read_text(encoding="utf-8"))
        loads(record.read_text(encoding="utf-8"))


def live_line(line: list[str]) -> str | None:
    """A writing command as typed at the live prompt (None: none there)."""
    head, rest = line[0], line[1:]
    if head == "play":
        return rest[0] + (f" @{rest[2]}" if len(rest) > 1 else "")
    if head == "new":
        return f"new --force {rest[2]}"
    if head == "import":
        return None
    words = {"draw": "d", "pass": "p", "muggins": "m", "undo": "u"}
    return " ".join([words.get(head, head), *rest])


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(session=sessions())
def test_whatever_the_live_prompt_saves_from_memory_every_command_reads(folder, session):
    """The same random names and lines typed at the live prompt, which keeps the game in
    memory and saves only the rounds a line changed: every command reads the record after.
    A line the game takes (`legal`) starts a session of its own, with the lines after it."""
    names, typed = session
    record = folder / "game.toml"
    record.unlink(missing_ok=True)
    if run("new", "--players", ",".join(names), "--opener", names[0], "-f", record).exit_code != 0:
        return
    groups: list[list[list[str]]] = []
    for line in typed:
        if line[0] == "legal" or not groups:
            groups.append([])
        groups[-1].append(line)
    for group in groups:
        lines = []
        for line in group:
            text = live_line(legal(record, int(line[1])) if line[0] == "legal" else line)
            if text is not None and "\n" not in text:
                lines.append(text)
        result = run("live", "-f", record, input="\n".join([*lines, "q", ""]), width=80)
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        assert not crashed and "Traceback" not in result.output, (lines, result.output)
    assert unreadable_by(record) == [], (typed, record.read_text(encoding="utf-8"))


# --- a round written as tomli-w writes it (format.plain_round_text, a fast path) -------------

PLAIN = "AaBbZz09 _-äöüßé€😀.:=@#[]{}'"
AWKWARD = '"\\\t\n\x01\x7f\u200e\u2028'


def round_tables(rng) -> list[dict]:
    """Round tables as `format._round_tables` makes them, with names and reasons of plain
    and awkward characters (quotes, backslashes, controls, tabs, characters not printable)."""

    def text(longest: int = 8) -> str:
        letters = PLAIN + (AWKWARD if awkward and rng.random() < 0.2 else "")
        return "".join(rng.choice(letters) for _ in range(rng.randrange(longest + 1)))

    tables = []
    for _ in range(3000):
        awkward = rng.random() < 0.3
        names = [text() for _ in range(rng.randrange(2, 5))]
        table: dict = {"opener": text()}
        if rng.random() < 0.2:
            table["drawn"] = True
        table["moves"] = [text(14) for _ in range(rng.randrange(30))]
        if rng.random() < 0.2:
            table["annulled"] = text(20)
        if rng.random() < 0.6:
            table["hands"] = {name: rng.choice([rng.randrange(170), text(20)]) for name in names if rng.random() < 0.7}
        if rng.random() < 0.7:
            table["points"] = {name: rng.choice([0, 5, -10, 2.5, -7.5, 100_000, 10**20]) for name in names}
        tables.append(table)
    return tables


def test_a_round_is_written_as_tomli_w_writes_it():
    import random

    import tomli_w

    from scorepad.engine.simulate import play_game

    rng = random.Random(37)
    tables = round_tables(rng)
    for preset, players in (("pagat", ["Ann", "Bob", "Cy"]), ("two-ends", ["Özlem", "Bernd", "a-b_c", "Dee"])):
        game = play_game(players, Rules.from_options(preset, target=100_000), rng, careless=0.3, max_rounds=12)
        tables += list(record_format._round_tables(game))
    written = 0
    for table in tables:
        text = record_format.plain_round_text(table)
        if text is not None:
            assert text == tomli_w.dumps({"rounds": [table]}, indent=2), table
            written += 1
    assert written > len(tables) * 0.6  # the fast path writes most of them; tomli-w the rest
