"""Repair, don't retype: a refused input names the repairs of an earlier slip (engine/repair.py),
`fix N` makes one and then the input, `undo` takes the fix back whole (cli/fixing.py)."""

import json
import shlex
from collections import Counter

import pytest
from tests.helpers import ON_N, flat, run
from tests.helpers import write_round as record

from scorepad.engine.game import Game
from scorepad.engine.notation import Draw, Pass, Play, parse_move
from scorepad.engine.repair import MOST, search
from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.record import sidecar
from scorepad.record.amend import amend_all
from scorepad.record.files import load
from scorepad.record.format import dumps
from scorepad.record.repairs import steps_of
from slips import KINDS, cases

# --- recorder's slips in random real games -------------------------------------------------

SEED, PER_KIND = 14, 40


def state(game: Game) -> tuple:
    """What a game's future depends on (the layout, scores, tiles held, boneyard, turn)."""
    from scorepad.engine.repair import _state_key

    return _state_key(game)


def repaired(case, repair) -> Game:
    """The case's record with `repair` made as its commands make it, then the refused input:
    through the record layer, as `scorepad replace/insert` and `fix` do."""
    steps = steps_of(repair)
    game = amend_all(dumps(case.record), steps).after
    if isinstance(case.refused, dict):
        game.check_hands(case.refused)
    else:
        game.push(repair.instead or case.refused)  # the move a repair records in its place
    return game


def truth(case) -> Game:
    game = case.record.fork(with_undo=True)
    for _move in case.slipped:
        game.pop()
    for move in case.truth:
        game.push(move)
    if not isinstance(case.refused, dict):
        game.push(case.refused)
    return game


def choices(repair) -> list:
    """A repair with each count, place and tile it asks the table for, as `fix` makes it."""
    out = [repair.counted(c) for c in repair.counts] or [repair]
    out = [v.placed(p) for v in out for p in v.places] or out
    return [t for v in out for t in (v.alternatives if v.tiles else (v,))]


@pytest.fixture(scope="module")
def results():
    """Per slip: its kind, where the true repair ranks (None: not offered), whether it
    ranks there with exactly the true moves, and how many repairs were offered."""
    found = []
    for case in cases(SEED, PER_KIND):
        repairs = search(case.record, case.refused)
        true_state = state(truth(case))
        rank = exact = None
        for k, offered in enumerate(repairs):
            for repair in choices(offered):
                game = repaired(case, repair)  # raises if the refused input is still refused
                if rank is None and state(game) == true_state:
                    rank = k
                    moves = [str(m) for m in game.current.moves[: len(case.truth)]]
                    exact = moves == [str(m) for m in case.truth]
        found.append((case.kind, rank, exact, len(repairs)))
    return found


@pytest.mark.slow
def test_every_kind_of_slip_is_sampled(results):
    assert Counter(kind for kind, *_rest in results) == dict.fromkeys(KINDS, PER_KIND)


@pytest.mark.slow
def test_never_more_than_three_repairs(results):
    assert max(offered for *_rest, offered in results) <= MOST == 3


@pytest.mark.slow
def test_the_true_repair_is_offered_in_90_percent_and_first_in_75_percent(results):
    """The true repair: the slip undone, or a repair after which the game is the same in
    everything scorepad knows (a forgotten draw put at another of the same player's turns)."""
    offered = sum(rank is not None for _kind, rank, *_rest in results)
    first = sum(rank == 0 for _kind, rank, *_rest in results)
    assert offered >= 0.90 * len(results), offered
    assert first >= 0.75 * len(results), first


@pytest.mark.slow
def test_most_true_repairs_are_the_slip_undone_exactly(results):
    exact = sum(bool(e) for _kind, _rank, e, _offered in results)
    assert exact >= 0.80 * len(results), exact


def test_each_repair_printed_lets_the_refused_input_through_the_command_line(tmp_path):
    """The commands as printed, run one by one, then the refused input as typed."""
    taken = Counter()
    for case in cases(SEED + 1, 2):
        repairs = search(case.record, case.refused)
        if not repairs or taken[case.kind] >= 2:
            continue
        taken[case.kind] += 1
        path = tmp_path / f"{case.kind}{taken[case.kind]}.toml"
        path.write_text(dumps(case.record), encoding="utf-8")
        before = path.read_bytes()
        refused_args = typed(case.refused)
        result = run(*refused_args, "-f", path)
        assert result.exit_code == 1, result.output
        assert path.read_bytes() == before
        from scorepad.cli.fixing import command_parts

        for command in repairs[0].commands:
            words = shlex.split(" ".join(command_parts(command, live=False, file=path)))
            assert words[0] == "scorepad" and f"-f {shlex.quote(str(path))}" in shlex.join(words)
            result = run(*words[1:])
            assert result.exit_code == 0, result.output
        # The refused input, or the move a repair records in its place.
        result = run(*(typed(repairs[0].instead) if repairs[0].instead else refused_args), "-f", path)
        assert result.exit_code == 0, result.output
    assert set(taken) == set(KINDS)


def typed(refused) -> list[str]:
    """The refused input as a player types it on the command line."""
    if isinstance(refused, dict):
        return ["hands", *(f"{name}={','.join(str(t) for t in hand)}" for name, hand in refused.items())]
    if isinstance(refused, Play):
        words = ["play", str(refused.tile), *([refused.end.value] if refused.end else [])]
        return [*words, "--by", refused.player, *(["--claim", str(refused.claim)] if refused.claim is not None else [])]
    if isinstance(refused, Draw):
        return ["draw", str(refused.count), "--by", refused.player]
    assert isinstance(refused, Pass)
    return ["pass", "--by", refused.player]


# --- the slips as players reported them -------------------------------------------------------


def test_a_play_on_the_wrong_end_three_moves_back_is_the_first_repair(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    result = run("play", "06", "e")
    assert result.exit_code == 1
    assert result.output == (
        "scorepad: 0-6 does not fit E: W shows 5,\n"
        "  E shows 4, N shows 6, S shows 4 (it\n"
        "  fits N)\n"
        "Perhaps a slip in this move or earlier\n"
        "in the round:\n"
        '1. scorepad replace 1.6 "Cy: 4-6 E"\n'
        "   scorepad play 0-6 E\n"
        "   if 4-6 went on E, not N\n"
        '2. scorepad replace 1.5 "Bob: 5-6 E"\n'
        "   scorepad play 0-6 E\n"
        "   if Bob played 5-6 or 5-0 at 1.5, not\n"
        "   5-4: which, the table shows\n"
        "3. scorepad play 0-6 N\n"
        "   if 0-6 went on N, not E\n"
        "4. scorepad play 0-6 E --stands --by Cy\n"
        "   or a ruling: the table lets Cy's 0-6\n"
        "   on E stand against the rules\n"
        "scorepad fix N makes repair N.\n"
        "Repair 2 needs the tile: scorepad fix 2\n"
        "--tile T (5-6 or 5-0).\n"
    )


def test_the_repairs_are_searched_on_the_game_the_refusal_read(here, monkeypatch):
    from scorepad.cli import fixing

    record(here, ["Ann", "Bob", "Cy"], ON_N)

    def read_again(*_args, **_kwargs):
        raise AssertionError("the record was replayed again for the repairs")

    monkeypatch.setattr(fixing, "loads", read_again)
    result = run("play", "06", "e")
    assert result.exit_code == 1
    assert '1. scorepad replace 1.6 "Cy: 4-6 E"' in result.output
    assert sidecar.refusal(here, here.read_text(encoding="utf-8")) == sidecar.Refusal(move="Cy: 0-6 E", named=False)


def test_a_record_changed_since_the_refusal_is_read_again_for_the_repairs(here):
    from scorepad.cli import fixing
    from scorepad.cli.grammar import PlayIn
    from scorepad.engine.tiles import parse_end, parse_tile

    record(here, ["Ann", "Bob", "Cy"], ON_N)
    refused_on = (here.read_text(encoding="utf-8"), load(here).game)
    typed = PlayIn(parse_tile("06"), parse_end("e"))
    assert fixing.offer(here, typed, against=refused_on) is not None
    # Repaired meanwhile from another terminal: the play fits the record as it is now.
    record(here, ["Ann", "Bob", "Cy"], [*ON_N[:5], "Cy: 4-6 E", *ON_N[6:]])
    assert fixing.offer(here, typed, against=refused_on) is None


def test_a_forgotten_draw_shown_as_a_round_over_is_repaired(here):
    # Tom drew before his 4-4; unrecorded, his third play looks like his last tile.
    record(
        here,
        ["Ann", "Tom"],
        ["Ann: 6-4", "Tom: 4-4 E", "Ann: 6-1 W", "Tom: 4-2 E", "Ann: draw 2", "Ann: 1-3 W", "Tom: 2-5 E"],
        deal=[3, 2, 2],
    )
    result = run("play", "30", "w", "--by", "ann")
    assert result.exit_code == 1
    assert "round 1 is over (domino by Tom)" in flat(result.output)
    # Nothing recorded tells how many Tom drew: the count is left to fill in, with its bounds.
    # Nor where, before his 4-2 or his 2-5: the table saw it, and is asked.
    assert '1. scorepad insert 1.7 "Tom: draw N"' in result.output
    assert "if Tom drew tiles before 1.4 or 1.7: how many and where, the record cannot tell (N: 1 to 20)" in flat(result.output)
    assert "Repair 1 needs the count and the place: scorepad fix 1 --count N --at AT (N: 1 to 20; AT: 1.4 or 1.7)." in flat(
        result.output
    )
    result = run("fix", "1")
    assert result.exit_code == 2, result.output
    assert "fix 1: how many did Tom draw? The record cannot tell (1 to 20). Type: scorepad fix 1 --count N" in flat(result.output)
    result = run("fix", "1", "--count", "1")
    assert result.exit_code == 2, result.output
    assert "fix 1: where did Tom draw? The record cannot tell (1.4 or 1.7). Type: scorepad fix 1 --at AT" in flat(result.output)
    result = run("fix", "1", "--count", "1", "--at", "1.7")
    assert result.exit_code == 0, result.output
    assert [str(m) for m in load(here).game.current.moves][-3:] == ["Tom: draw", "Tom: 2-5 E", "Ann: 3-0 W"]


def test_a_tile_with_one_number_wrong_is_found_when_the_real_tile_appears(here):
    # Bob played 6-1 on W, 6-2 was typed; 6-2 appears later.
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 6-2 W", "Cy: 3-5 E", "Ann: 5-6 E"])
    result = run("play", "62", "e")
    assert result.exit_code == 1
    assert "6-2 is already on the table" in flat(result.output)
    # Four tiles fit where 6-2 was typed: one repair, the tile asked (it lies on the table).
    first = flat(result.output.split("\n1. ")[1].split("\nscorepad fix N")[0])
    assert first == 'scorepad replace 1.2 "Bob: 6-1 W" if Bob played 6-1, 6-0, 6-4 or 6-6 at 1.2, not 6-2: which, the table shows'
    assert flat(result.output).endswith("Repair 1 needs the tile: scorepad fix 1 --tile T (6-1, 6-0, 6-4 or 6-6).")
    before = here.read_bytes()
    result = run("fix", "1")
    assert result.exit_code == 2
    assert "fix 1: which tile did Bob play at 1.2? The record cannot tell (6-1, 6-0, 6-4 or 6-6)" in flat(result.output)
    result = run("fix", "1", "--tile", "6-3")
    assert result.exit_code == 2
    assert "fix 1: Bob played 6-1, 6-0, 6-4 or 6-6 at 1.2, not 6-3" in flat(result.output)
    assert here.read_bytes() == before
    assert run("fix", "1", "--tile", "46").exit_code == 0
    assert [str(m) for m in load(here).game.current.moves][1:2] == ["Bob: 6-4 W"]


def test_the_tile_is_asked_at_the_live_prompt(here):
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 6-2 W", "Cy: 3-5 E", "Ann: 5-6 E"])
    out = flat(run("live", input="62 e\n1\n64\nq\n").output)
    assert "Repair 1 asks which tile lies at 1.2 (6-1, 6-0, 6-4 or 6-6)." in out
    assert "which tile lies at 1.2: 6-1, 6-0, 6-4 or 6-6? Repair 1: if Bob played 6-4 at 1.2, not 6-2" in out
    assert [str(m) for m in load(here).game.current.moves][1:2] == ["Bob: 6-4 W"]


def test_the_tile_answered_wrong_is_refused_in_full_each_time_and_digits_are_a_tile(here):
    """At the prompt, a tile not offered is refused naming the tiles every time (never cut
    short as a move refused again), and `fix 1 64` names the tile, not a count."""
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 6-2 W", "Cy: 3-5 E", "Ann: 5-6 E"])
    before = here.read_bytes()
    out = flat(run("live", input="62 e\n1\n33\n1\n22\nfix 1 11\nq\n").output)
    for tile in ("3-3", "2-2", "1-1"):
        assert f"fix 1: Bob played 6-1, 6-0, 6-4 or 6-6 at 1.2, not {tile}" in out, out
    assert "refused again" not in out and "has no draw to count" not in out, out
    assert here.read_bytes() == before
    run("live", input="62 e\nfix 1 64\nq\n")
    assert [str(m) for m in load(here).game.current.moves][1:2] == ["Bob: 6-4 W"]


def test_the_tile_asked_in_german_at_40_columns_is_never_cut(here):
    import re

    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 6-2 W", "Cy: 3-5 E", "Ann: 5-6 E"])
    out = run("live", input="62 o\n1\n\nq\n", lang="de", width=40).output
    asked = out[out.index("welcher Stein liegt") :]
    lines = asked.splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines[:2]), asked
    assert not any(re.search(r"\d-$", line.rstrip()) for line in lines), asked  # a tile stays whole


def test_the_tile_is_asked_in_german(here):
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 6-2 W", "Cy: 3-5 E", "Ann: 5-6 E"])
    out = flat(run("play", "62", "e", lang="de").output)
    assert "wenn Bob bei 1.2 6-1, 6-0, 6-4 oder 6-6 anlegte, nicht 6-2: welchen, zeigt der Tisch" in out
    assert "Reparatur 1 braucht den Stein: scorepad fix 1 --tile T (6-1, 6-0, 6-4 oder 6-6)." in out
    out = flat(run("live", input="62 e\n1\nxx\nfix 1 6-4\nq\n", lang="de").output)
    assert "welcher Stein liegt bei 1.2: 6-1, 6-0, 6-4 oder 6-6?" in out
    assert "'xx' ist kein Stein wie 6-3: nichts wurde eingetragen" in out
    assert "Reparatur 1: wenn Bob bei 1.2 6-4 anlegte, nicht 6-2" in out
    assert [str(m) for m in load(here).game.current.moves][1:2] == ["Bob: 6-4 W"]


# --- fix, undo, the live prompt ----------------------------------------------------------------


def test_fix_makes_the_repair_and_the_refused_move_and_one_undo_takes_both_back(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1
    assert here.read_bytes() == before  # the refusal changed nothing
    result = run("fix", "1")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Repair 1: if 4-6 went on E, not N\nReplaced 1.6: Cy: 4-6 E\nCy 0-6 E +5: 5 + 0 = 5\n")
    assert [str(m) for m in load(here).game.current.moves][5:] == ["Cy: 4-6 E", "Ann: 1-2 W", "Bob: 2-5 W", "Cy: 0-6 E"]
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Undone: the fix (Cy: 0-6 E and its\nrepair)\n")
    assert here.read_bytes() == before
    # The repairs are on offer again: the same fix can be chosen once more.
    assert run("fix", "2", "--tile", "5-6").exit_code == 0
    assert str(load(here).game.current.moves[4]) == "Bob: 5-6 E"


def test_a_later_refusal_without_repairs_leaves_nothing_to_fix(here):
    """`fix N` answers the last refusal only: it never reaches back past a later one."""
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1  # repairs offered
    result = run("muggins", "Ann")  # refused, nothing to repair
    assert result.exit_code != 0, result.output
    assert "Perhaps a slip" not in result.output
    result = run("fix", "1")
    assert result.exit_code == 1, result.output
    assert "nothing to fix" in flat(result.output)
    assert here.read_bytes() == before


def test_a_later_refusal_keeps_the_undo_of_a_fix(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    before = here.read_bytes()
    run("play", "06", "e")
    assert run("fix", "1").exit_code == 0
    assert run("muggins", "Ann").exit_code != 0
    assert run("undo").exit_code == 0
    assert here.read_bytes() == before


def test_undo_two_after_a_fix_takes_the_last_two_entries_of_the_log(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    run("play", "06", "e")
    assert run("fix", "1").exit_code == 0
    result = run("undo", "2")
    assert result.exit_code == 0, result.output
    # The play the fix recorded and the move before it; the repair of 1.6 stays.
    assert result.output.startswith(f"Undone: Cy: 0-6 E\nUndone: {ON_N[-1]}\n")
    assert [str(m) for m in load(here).game.current.moves] == [*ON_N[:5], "Cy: 4-6 E", *ON_N[6:-1]]


def test_nothing_changes_without_a_choice_and_a_fix_needs_the_record_as_it_was(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    result = run("fix", "1")
    assert result.exit_code == 1
    assert "nothing to fix" in flat(result.output)
    run("play", "06", "e")
    assert run("play", "06", "n").exit_code == 0  # the table went on instead
    after = here.read_bytes()
    result = run("fix", "1")
    assert result.exit_code == 1
    assert "nothing to fix" in flat(result.output)
    assert here.read_bytes() == after


def test_fix_with_a_number_not_offered(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    run("play", "06", "e")
    before = here.read_bytes()
    result = run("fix", "5")
    assert result.exit_code == 2
    assert "fix 5: the repairs offered are numbered 1 to 4" in flat(result.output)
    assert run("fix", "0").exit_code == 2
    assert here.read_bytes() == before


def test_the_live_prompt_takes_the_number_alone(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    before = here.read_bytes()
    result = run("live", input="06 e\n1\nu\nq\n")
    assert result.exit_code == 1  # a line was refused
    out = result.output
    assert "1. replace 1.6 Cy: 4-6 E\n   0-6 E\n   if 4-6 went on E, not N\n" in out
    assert "Type a repair's number to make it.\n" in out
    assert "Cy> Repair 1: if 4-6 went on E, not N\nReplaced 1.6: Cy: 4-6 E\nCy 0-6 E +5" in out
    assert "Ann> Undone: the fix (Cy: 0-6 E and its\nrepair)" in out
    assert here.read_bytes() == before


def test_a_fix_at_a_stale_live_prompt_says_what_arrived(here, capsys):
    """A number typed at a prompt drawn before a move from elsewhere is refused, naming the
    move, as every stale line is."""
    from scorepad.cli.live import live_command
    from scorepad.record.library import content

    record(here, ["Ann", "Bob", "Cy"], ON_N)
    assert run("play", "06", "e").exit_code == 1  # repairs offered
    seen = content(here)
    assert run("play", "06", "n").exit_code == 0  # the table went on elsewhere
    after = here.read_bytes()
    capsys.readouterr()
    assert live_command("1", here, seen) is None
    said = capsys.readouterr()
    assert "(Cy: 0-6 N was recorded elsewhere)" in flat(said.out + said.err)
    assert here.read_bytes() == after


def test_a_wrong_claim_with_muggins_off_offers_the_repairs_under_which_it_is_right(here):
    # Bob's 6-5 went on S, typed on E; Cy's 6-1 on N then makes 15, as Cy claims.
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 6-3", "Bob: 5-3 E", "Cy: 6-6 W", "Ann: 6-4 W", "Bob: 6-5 E"])
    result = run("play", "61", "n", "--claim", "15")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Cy claimed 15, but 6-1 scores" in out
    assert 'Repairs under which the claim is right: 1. scorepad replace 1.5 "Bob: 6-5 S" if 6-5 went on S, not E' in out
    assert out.endswith("scorepad fix N makes repair N.")
    result = run("fix", "1")
    assert result.exit_code == 0, result.output
    assert [str(m) for m in load(here).game.current.moves][4:] == ["Bob: 6-5 S", "Cy: 6-1 N =15"]
    assert load(here).game.current.warnings == []


def test_a_refusal_no_change_explains_says_only_the_refusal(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    result = run("draw", "9")
    assert result.exit_code == 1
    assert result.output == "scorepad: Cy cannot draw 9: the boneyard\n  holds only 7\n"
    assert not sidecar.path_for(here).exists()


def test_two_moves_in_the_wrong_order_are_one_replace_of_both(here):
    # Cy's 2-0 W and Ann's 3-5 E were typed the other way round: 2-0 became Cy's... as written:
    record(here, ["Ann", "Bob", "Cy"], ["Ann: 4-3", "Bob: 3-3 E", "Cy: 4-2 W", "Ann: 3-5 E", "Bob: 2-0 W"])
    result = run("replace", "1.4", "Ann: 2-0 W", "1.5", "Bob: 3-5 E")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Replaced 1.4: Ann: 2-0 W\nReplaced 1.5: Bob: 3-5 E\n")
    assert [str(m) for m in load(here).game.current.moves][3:] == ["Ann: 2-0 W", "Bob: 3-5 E"]


# --- the file kept beside the record ---------------------------------------------------------------


def test_the_kept_input_is_never_trusted(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    run("play", "06", "e")
    kept = sidecar.path_for(here)
    data = json.loads(kept.read_text())
    assert data["refused"] == {"move": "Cy: 0-6 E", "claim": False, "named": False}
    before = here.read_bytes()
    for hostile in ("not json", json.dumps({**data, "refused": {"move": 7}}), json.dumps({**data, "version": 99})):
        kept.write_text(hostile)
        result = run("fix", "1")
        assert result.exit_code in (1, 2) and "nothing to fix" in flat(result.output)
        assert here.read_bytes() == before
    # An input that the record takes is no input to repair.
    kept.write_text(json.dumps({**data, "refused": {"move": "Cy: 0-6 N", "claim": False}}))
    assert run("fix", "1").exit_code == 1
    assert here.read_bytes() == before


def test_the_kept_file_is_never_followed_as_a_link(here, tmp_path):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    target = tmp_path / "elsewhere.txt"
    target.write_text("mine")
    sidecar.path_for(here).symlink_to(target)
    result = run("play", "06", "e")
    assert result.exit_code == 1
    assert target.read_text() == "mine"
    assert not sidecar.path_for(here).is_symlink()  # replaced by a file of its own
    assert run("fix", "1").exit_code == 0


# --- German -----------------------------------------------------------------------------------


def test_the_repairs_in_german(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    result = run("play", "06", "e", lang="de")
    assert result.exit_code == 1
    assert result.output == (
        "scorepad: 0-6 passt nicht an O: W zeigt\n"
        "  5, O zeigt 4, N zeigt 6, S zeigt 4 (er\n"
        "  passt an N)\n"
        "Vielleicht ein Versehen in diesem oder\n"
        "einem früheren Zug:\n"
        '1. scorepad replace 1.6 "Cy: 4-6 O"\n'
        "   scorepad play 0-6 O\n"
        "   wenn 4-6 an O lag, nicht an N\n"
        '2. scorepad replace 1.5 "Bob: 5-6 O"\n'
        "   scorepad play 0-6 O\n"
        "   wenn Bob bei 1.5 5-6 oder 5-0\n"
        "   anlegte, nicht 5-4: welchen, zeigt\n"
        "   der Tisch\n"
        "3. scorepad play 0-6 N\n"
        "   wenn 0-6 an N lag, nicht an O\n"
        "4. scorepad play 0-6 O --stands --by Cy\n"
        "   oder ein Entscheid: der Tisch lässt\n"
        "   0-6 von Cy an O gegen die Regeln\n"
        "   stehen\n"
        "scorepad fix N führt Reparatur N aus.\n"
        "Reparatur 2 braucht den Stein: scorepad\n"
        "fix 2 --tile T (5-6 oder 5-0).\n"
    )
    result = run("fix", "1", lang="de")
    assert result.exit_code == 0, result.output
    assert flat(result.output).startswith("Reparatur 1: wenn 4-6 an O lag, nicht an N Ersetzt 1.6: Cy: 4-6 O Cy 0-6 O +5")
    result = run("undo", lang="de")
    assert flat(result.output).startswith("Zurückgenommen: die Reparatur (mit Cy: 0-6 O)")


def test_the_live_prompt_in_german(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    result = run("live", input="06 o\n1\nq\n", lang="de")
    out = result.output
    assert "1. replace 1.6 Cy: 4-6 O\n   0-6 O\n   wenn 4-6 an O lag, nicht an N\n" in out
    assert "Tippe die Nummer einer Reparatur" in out
    assert "Reparatur 1: wenn 4-6 an O lag" in flat(out)
    assert str(load(here).game.current.moves[-1]) == "Cy: 0-6 E"


def test_engine_search_leaves_the_game_as_it_was():
    game = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")
    for move in ON_N:
        game.push(parse_move(move))
    text = dumps(game)
    repairs = search(game, parse_move("Cy: 0-6 E"))
    # The tile at 1.5 is one repair with its tiles asked; the third is the input's end.
    assert [str(c.at[0][1]) for r in repairs for c in r.commands] == ["Cy: 4-6 E", "Bob: 5-6 E"]
    assert [str(tile) for tile in repairs[1].tiles] == ["5-6", "5-0"]
    assert repairs[2].instead == parse_move("Cy: 0-6 N")
    assert dumps(game) == text
    assert game.pop() == parse_move("Bob: 2-5 W")  # the undo stack is whole too
    with pytest.raises(ScorepadError):
        game.push(parse_move("Cy: 0-6 E"))


def test_hands_that_contradict_the_record_are_repaired_and_entered(here):
    # Tom drew four tiles before his 4-4; nobody typed it, and the hands show it.
    record(
        here,
        ["Ann", "Tom"],
        ["Ann: 6-4", "Tom: 4-4 E", "Ann: 6-1 W", "Tom: 4-2 E", "Ann: 1-1 W"],
        deal=[3, 2, 2],
    )
    before = here.read_bytes()
    result = run("hands", "Tom=55,30,20,53,00")
    assert result.exit_code == 1
    assert flat(result.output).endswith(
        'Perhaps a slip earlier in the round: 1. scorepad insert 1.4 "Tom: draw 4" if Tom drew 4 tiles before 1.4 '
        "scorepad fix N makes repair N, then enters the hands."
    )
    assert here.read_bytes() == before
    result = run("fix", "1")
    assert result.exit_code == 0, result.output
    assert "Ann +25: round5(Tom 23)" in result.output
    game = load(here).game
    assert [str(m) for m in game.rounds[0].moves][3] == "Tom: draw 4"
    assert game.current.number == 2
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert flat(result.output).startswith("Undone: the fix (the hands and their repair)")
    assert here.read_bytes() == before


def test_a_move_by_the_wrong_player_names_the_pass_left_out(here):
    # No boneyard (two players, fourteen tiles each): Bob could not play and passed, untyped.
    record(here, ["Ann", "Bob"], ["Ann: 6-6"], deal=[14, 7, 5])
    result = run("play", "65", "e", "--by", "ann")
    assert result.exit_code == 1
    # Or the name was the slip: Bob played it. Each repair then says what it records.
    assert result.output == (
        "scorepad: it is Bob's turn, not Ann's\n"
        "Perhaps a slip in this move or earlier\n"
        "in the round:\n"
        '1. scorepad insert 1.2 "Bob: pass"\n'
        "   scorepad play 6-5 E --by Ann\n"
        "   if Bob passed before this move\n"
        "2. scorepad play 6-5 E --by Bob\n"
        "   if Bob played 6-5, not Ann\n"
        "3. scorepad play 6-5 E --stands --by Ann\n"
        "   or a ruling: the table lets Ann's 6-5\n"
        "   on E stand against the rules\n"
        "scorepad fix N makes repair N.\n"
    )
    assert run("fix", "1").exit_code == 0
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 6-6", "Bob: pass", "Ann: 6-5 E"]


def test_a_named_file_is_in_every_command(tmp_path):
    path = tmp_path / "club night.toml"
    record(path, ["Ann", "Bob", "Cy"], ON_N)
    result = run("play", "06", "e", "-f", path)
    assert result.exit_code == 1
    quoted = shlex.quote(str(path))
    # The path on a line of its own, the line before it continued: pasted, still one command.
    assert f'1. scorepad replace 1.6 "Cy: 4-6 E" \\\n     -f {quoted}\n' in result.output
    assert f"scorepad fix N -f {quoted} makes repair N" in flat(result.output)
    assert run("fix", "1", "-f", path).exit_code == 0


def test_a_record_that_cannot_be_saved_gets_nothing_beside_it(here):
    record(here, ["Ann", "Bob", "Cy"], ON_N)
    here.chmod(0o444)
    try:
        result = run("play", "06", "e")
    finally:
        here.chmod(0o644)
    assert result.exit_code == 2  # refused as read-only before the move is looked at
    assert "Perhaps" not in result.output
    assert not sidecar.path_for(here).exists()
