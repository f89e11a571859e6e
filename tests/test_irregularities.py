"""docs/rules.md "Irregularities: what the table lets stand": each irregularity in the record
(` !stands`, `exposes`, `annulled`, `penalty`), scored by the laws there, noted by the
audit (`ok: true`), and a problem without its mark; and the proof of a pass or draw made
at the play that reveals it. Every expected value is worked out by hand from docs/rules.md."""

import json

import pytest
from tests import reference
from tests.helpers import flat, ok, run, score_of

from scorepad.engine.notation import Draw, Exposes, Pass, Play, parse_move
from scorepad.engine.tiles import End, parse_tile
from scorepad.errors import IllegalMoveError, InvalidMoveError
from scorepad.record.format import audit_text, dumps, loads

THREE = ("Ann", "Bob", "Cy")
FOUR = ("Ann", "Bob", "Cy", "Dee")


def record(moves, players=THREE, rules='preset = "pagat"', opener="Ann", more=""):
    names = ", ".join(f'"{p}"' for p in players)
    listed = ", ".join(f'"{m}"' for m in moves)
    return (
        f'format = "scorepad/1"\nplayers = [{names}]\n\n[rules]\n{rules}\n\n'
        f'[[rounds]]\nopener = "{opener}"\nmoves = [{listed}]\n{more}'
    )


def notes(text):
    audited = audit_text(text)
    return [(n.round, n.move, n.message) for n in audited.notes], [(p.round, p.move, p.message) for p in audited.problems]


def scores(text):
    game = loads(text).game
    return {name: score_of(game, name) for name in game.players}


def reference_scores(text):
    import tomllib

    data = tomllib.loads(text)
    options = dict(data["rules"])
    return reference.score_game(options, data["players"], data["rounds"])["scores"]


# --- the notation ------------------------------------------------------------------------------


def test_the_mark_and_the_exposed_tile_read_and_write_as_format_md_writes_them():
    assert parse_move("Cy: 6-6 E !stands") == Play("Cy", parse_tile("6-6"), End.E, None, True)
    assert parse_move("Bob: draw 2 !stands") == Draw("Bob", 2, True)
    assert parse_move("Bob: pass !stands") == Pass("Bob", True)
    assert parse_move("Ann: exposes 6-6") == Exposes("Ann", parse_tile("6-6"))
    for text in ("Cy: 6-6 E =15 !stands", "Bob: 4-2 E !stands", "Bob: draw !stands", "Ann: exposes 6-5", "Ann: 5-5 !stands"):
        assert str(parse_move(text)) == text
    assert parse_move("Cy: 6-6 E") != parse_move("Cy: 6-6 E !stands")
    for text in ("Ann: muggins !stands", "Ann: exposes 6-6 !stands", "Ann: exposes", "Ann: exposes 7-7", "Ann: 6-6 E !stand"):
        with pytest.raises(InvalidMoveError):
            parse_move(text)


# --- each irregularity: the record, its note, its scores; without the mark, a problem ------------


def test_a_play_out_of_turn_stands_and_play_goes_on_after_its_player():
    # Ann leads 3-6 (9, nothing); Cy plays in Bob's turn: 3 + 12 = 15; Bob has lost his
    # turn and Ann, seated after Cy, plays 6-2: 3 + 2 = 5.
    text = record(["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: 6-2 E"])
    assert notes(text) == (
        [(1, 2, "'Cy: 6-6 E !stands': stands by the table's ruling: Cy played out of turn (Bob's turn, who loses it)")],
        [],
    )
    assert scores(text) == {"Ann": 5, "Bob": 0, "Cy": 15}
    assert reference_scores(text) == {"Ann": 5, "Bob": 0, "Cy": 15}
    assert loads(text).game.turn == "Bob"
    assert 'moves = [\n  "Ann: 3-6",\n  "Cy: 6-6 E !stands",\n  "Ann: 6-2 E",\n]' in dumps(loads(text).game)
    _, problems = notes(record(["Ann: 3-6", "Cy: 6-6 E", "Ann: 6-2 E"]))
    assert problems[0][:2] == (1, 2) and "it is Bob's turn, not Cy's" in problems[0][2]


def test_a_misplay_joins_its_first_half_and_the_score_made_on_it_is_kept():
    # 4-2 laid with its 4 against E, which shows 6: E shows 2 now, 3 + 2 = 5 for Bob.
    text = record(["Ann: 3-6", "Bob: 4-2 E !stands", "Cy: 2-2 E"])
    assert notes(text)[0] == [(1, 2, "'Bob: 4-2 E !stands': stands by the table's ruling: Bob laid 4-2 on E, which shows 6")]
    assert notes(text)[1] == []
    # Cy's 2-2 is the first double, a spinner on E: 3 + 4 = 7, nothing.
    assert scores(text) == {"Ann": 0, "Bob": 5, "Cy": 0}
    assert reference_scores(text) == {"Ann": 0, "Bob": 5, "Cy": 0}
    assert loads(text).game.current.layout.open_number(End.E) == 2
    _, problems = notes(record(["Ann: 3-6", "Bob: 4-2 E"]))
    assert problems and problems[0][:2] == (1, 2)


def test_a_lead_by_the_wrong_player_in_a_later_round_stands_and_turns_follow_it():
    # Deal one tile each: Ann's lead is her domino; Bob holds 4 pips, round5(4) = 5 to Ann,
    # who should lead round 2. Bob leads 5-5 instead (10); Ann plays next.
    rules = 'preset = "pagat"\ndeal = [1, 1, 1]'
    second = '\nhands = { Bob = 4 }\n\n[[rounds]]\nopener = "Bob"\nmoves = ["Bob: 5-5 !stands"]\n'
    text = record(["Ann: 3-6"], players=("Ann", "Bob"), rules=rules, more=second)
    assert notes(text) == ([(2, 1, "'Bob: 5-5 !stands': stands by the table's ruling: Bob led, but Ann should have led")], [])
    assert scores(text) == {"Ann": 5, "Bob": 10}
    game = loads(text).game
    assert game.winner is not None or game.current.result == "domino"
    assert reference_scores(text) == {"Ann": 5, "Bob": 10}
    _, problems = notes(text.replace(" !stands", ""))
    assert problems == [(2, None, "opener is Bob, but the rules (domino-maker) give Ann")] or problems[0][0] == 2


def test_a_highest_double_lead_the_record_proves_wrong_is_a_problem_unless_it_stands():
    # two-ends, Ann and Bob: Ann leads 5-5 (10 for Ann); Bob plays 6-6 later without having
    # drawn, so he held it at the lead.
    moves = ["Ann: 5-5", "Bob: 5-6 W", "Ann: 5-0 E", "Bob: 6-6 W"]
    text = record(moves, players=("Ann", "Bob"), rules='preset = "two-ends"')
    assert notes(text) == (
        [],
        [(1, 1, "'Ann: 5-5': Ann led 5-5, but Bob held the higher 6-6 then (played at 1.4 with no draw before it)")],
    )
    marked = record(["Ann: 5-5 !stands", *moves[1:]], players=("Ann", "Bob"), rules='preset = "two-ends"')
    assert notes(marked) == (
        [(1, 1, "'Ann: 5-5 !stands': stands by the table's ruling: Ann led 5-5, but another player held a higher double")],
        [],
    )
    assert scores(marked) == {"Ann": 10, "Bob": 0}
    # A draw of Bob's before the 6-6 proves nothing: he may have drawn it.
    drawn = record(["Ann: 5-5", "Bob: draw", "Bob: 5-6 W", "Ann: 5-0 E", "Bob: 6-6 W"], ("Ann", "Bob"), 'preset = "two-ends"')
    assert notes(drawn) == ([], [])


def test_a_pass_while_holding_a_playable_tile_is_proved_at_the_play_that_shows_it():
    # Four alone, seven tiles each: no boneyard. Bob passes when W shows 3 and plays 3-4
    # at W later with no draw between: he held it.
    rules = 'preset = "pagat"\npartners = false\ndeal = [7, 7, 7]'
    moves = ["Ann: 3-6", "Bob: pass", "Cy: 6-1 E", "Dee: pass", "Ann: 1-1 E", "Bob: 3-4 W"]
    assert notes(record(moves, FOUR, rules)) == ([], [(1, 2, "'Bob: pass': Bob passed at 1.2 holding 3-4, which fits W")])
    # Before the play that proves it, the round is clean.
    assert notes(record(moves[:-1], FOUR, rules)) == ([], [])
    marked = record([m + (" !stands" if m == "Bob: pass" else "") for m in moves], FOUR, rules)
    assert notes(marked) == (
        [(1, 2, "'Bob: pass !stands': stands by the table's ruling: Bob passed while holding a playable tile")],
        [],
    )
    # 3 + 6 = 9; 3 + 1 = 4; 1-1 the spinner at E: 3 + 2 = 5 for Ann; 4 + 2 = 6.
    assert scores(marked) == {"Ann": 5, "Bob": 0, "Cy": 0, "Dee": 0}
    assert reference_scores(marked) == {"Ann": 5, "Bob": 0, "Cy": 0, "Dee": 0}


def test_a_draw_while_holding_a_playable_tile_is_proved_mid_round():
    # Bob draws one tile and plays 6-1 at once: 6-1 is the tile drawn, so 3-5, played later
    # with no draw between, was held before the draw, when W showed 3.
    moves = ["Ann: 3-6", "Bob: draw", "Bob: 6-1 E", "Cy: 1-0 E", "Ann: 0-2 E", "Bob: 3-5 W"]
    _, problems = notes(record(moves))
    assert problems == [
        (1, 2, "'Bob: draw': Bob drew at 1.2 and then held 6-1 and 3-5, which fit W and E: only the last tile drawn may fit")
    ]
    marked = record([m + (" !stands" if m == "Bob: draw" else "") for m in moves])
    assert notes(marked) == (
        [(1, 2, "'Bob: draw !stands': stands by the table's ruling: Bob drew while holding a playable tile")],
        [],
    )
    # 9; 3 + 1 = 4; 3 + 0 = 3; 3 + 2 = 5 for Ann; 5 + 2 = 7.
    assert scores(marked) == {"Ann": 5, "Bob": 0, "Cy": 0}


def test_a_draw_of_one_played_at_once_proves_the_tiles_played_later_were_held_before_it():
    # Bob draws at 1.2 (W 3, E 6) and plays 6-1 at once; at 1.6 (W 2, E 4: 3-5 fits
    # neither) he draws one and plays 4-0 at once; at 1.10 he plays 3-5 on W. Without the
    # second draw's proof nothing is known of 1.2 beyond 6-1: 3-5 may have been drawn at
    # 1.6. But 1.6's tile was 4-0, played at once, so 3-5 was held since 1.2, where it
    # fitted W beside 6-1.
    moves = [
        *("Ann: 3-6", "Bob: draw", "Bob: 6-1 E", "Cy: 3-2 W", "Ann: 1-4 E"),
        *("Bob: draw", "Bob: 4-0 E", "Cy: 2-5 W", "Ann: 0-2 E", "Bob: 3-5 W"),
    ]
    _, problems = notes(record(moves))
    assert [p[:2] for p in problems] == [(1, 2)]
    assert "Bob drew at 1.2 and then held 6-1 and 3-5" in problems[0][2]
    # Drawing two at 1.6 proves nothing of 1.2: 3-5 may be the other tile drawn.
    two = [m if i != 5 else "Bob: draw 2" for i, m in enumerate(moves)]
    assert notes(record(two)) == ([], [])


def test_an_exposed_tile_is_noted_and_changes_no_score_or_turn():
    text = record(["Ann: 3-6", "Ann: exposes 1-1", "Bob: 6-4 E"])
    assert notes(text) == ([(1, 2, "'Ann: exposes 1-1': Ann showed 1-1: known to everyone from now on")], [])
    assert scores(text) == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert loads(text).game.turn == "Cy"
    _, problems = notes(record(["Ann: 3-6", "Ann: exposes 3-6"]))
    assert problems[0][:2] == (1, 2) and "3-6 is already on the table" in problems[0][2]


def test_an_annulled_round_counts_nothing_and_its_opener_deals_again():
    # Ann's 5-5 scored 10 before the table found the misdeal: it counts nothing, and Ann
    # leads again; her 6-4 scores 10 in round 2.
    text = record(["Ann: 5-5", "Bob: 5-0 E"], more='annulled = "misdeal"\n\n[[rounds]]\nopener = "Ann"\nmoves = ["Ann: 6-4"]\n')
    assert notes(text) == ([(1, None, "the table annulled the round (misdeal): it counts nothing")], [])
    assert scores(text) == {"Ann": 10, "Bob": 0, "Cy": 0}
    assert reference_scores(text) == {"Ann": 10, "Bob": 0, "Cy": 0}
    again = dumps(loads(text).game)
    assert 'annulled = "misdeal"' in again and loads(again).game.scores == loads(text).game.scores
    # Another opener after it is a problem.
    _, problems = notes(text.replace('opener = "Ann"\nmoves = ["Ann: 6-4"]', 'opener = "Bob"\nmoves = ["Bob: 6-4"]'))
    assert problems and problems[0][0] == 2
    # Without the key, the round has no hands: a problem.
    _, problems = notes(text.replace('annulled = "misdeal"\n', ""))
    assert problems and problems[0][0] == 1


def test_the_penalty_goes_to_each_opposing_side_per_move_that_stands():
    # The misplay above with penalty = 5: Bob scores 5 from the ends, Ann and Cy 5 each.
    text = record(["Ann: 3-6", "Bob: 4-2 E !stands"], rules='preset = "pagat"\npenalty = 5')
    assert scores(text) == {"Ann": 5, "Bob": 5, "Cy": 5}
    assert reference_scores(text) == {"Ann": 5, "Bob": 5, "Cy": 5}
    # Partners: the opposing side once; a standing draw costs as much.
    four = record(["Ann: 3-6", "Bob: draw !stands"], FOUR, 'preset = "pagat"\npenalty = 10')
    assert scores(four) == {"Ann": 10, "Bob": 0, "Cy": 10, "Dee": 0}
    assert reference_scores(four) == {"Ann": 10, "Bob": 0, "Cy": 10, "Dee": 0}


def test_a_mark_on_a_move_that_breaks_no_rule_is_a_problem():
    _, problems = notes(record(["Ann: 3-6", "Bob: 6-4 E !stands"]))
    assert problems == [
        (1, 2, "'Bob: 6-4 E !stands': this play breaks no rule: it is Bob's turn and 6-4 fits E; leave out !stands")
    ]
    _, problems = notes(record(["Ann: 3-6 !stands"]))
    assert problems == [(1, 1, "'Ann: 3-6 !stands': this lead breaks no rule: Ann may lead; leave out !stands")]
    with pytest.raises(Exception, match="breaks no rule"):
        loads(record(["Ann: 3-6", "Bob: 6-4 E !stands"]))


def test_audit_json_is_ok_with_a_note_for_each_ruling(here):
    text = record(
        ["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: exposes 1-1", "Ann: 6-2 E"],
        more='annulled = "misdeal"\n\n[[rounds]]\nopener = "Ann"\nmoves = ["Ann: 6-4"]\n',
    )
    here.write_text(text)
    result = run("audit", "--json", here)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] is True
    assert data["problems"] == []
    assert [(n["round"], n["move"]) for n in data["notes"]] == [(1, 2), (1, 3), (1, None)]
    assert data["scores"] == {"Ann": 10, "Bob": 0, "Cy": 0}


def test_the_game_with_rulings_is_shown_by_every_view(here):
    text = record(["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: exposes 1-1", "Ann: 6-2 E"], rules='preset = "pagat"\npenalty = 5')
    here.write_text(text)
    log = ok("log", "--file", here, width=100)
    assert "Cy: 6-6 E !stands" in log and "Ann: exposes 1-1" in log
    for command in ("sheet", "stats", "show"):
        ok(command, "--file", here)
    ok("export", here.with_suffix(".html"), "--file", here)


def test_new_takes_the_penalty_option(here):
    ok("new", "--players", "Ann,Bob", "--penalty", "5", "--file", here)
    assert "penalty = 5" in here.read_text()
    result = run("new", "--players", "Ann,Bob", "--penalty", "-1", "--file", here.with_name("b.toml"))
    assert result.exit_code != 0
    # Set where every option is: a new game from this one keeps it, another option changed.
    ok("new", "--force", "--target", "100", "--file", here)
    assert "penalty = 5" in here.read_text() and "target = 100" in here.read_text()
    shown = flat(ok("rules", "--file", here, width=100))
    assert "penalty 5 points to each opposing side for a move that stands against the rules (changed)" in shown
    assert "penalty none: a move that stands against the rules costs nothing" in flat(ok("rules", "pagat", width=100))


def test_undo_takes_an_annulment_back():
    game = loads(record(["Ann: 5-5"])).game
    game.annul("misdeal")
    assert game.scores == [0, 0, 0] and game.current.number == 2
    game.pop()
    assert game.scores == [10, 0, 0] and game.current.annulled is None and game.current.number == 1
    with pytest.raises(IllegalMoveError):
        game.annul(" ")


def test_the_review_never_counts_a_standing_move_as_its_players_mistake():
    from scorepad.engine.review import review_game

    # Cy's 6-6 out of turn scores 15 on ends where, with what Cy is proven to hold, 15 is
    # the best; Bob's misplay 4-2 is no missed score of Bob's whatever it made.
    game = loads(record(["Ann: 3-6", "Bob: 4-2 E !stands", "Cy: 2-2 E", "Ann: 2-1 E"])).game
    for review in review_game(game):
        for play in review.plays:
            if play.move == 2:
                assert play.marks == () and play.missed == 0


# --- at the keyboard: one-shot and live ----------------------------------------------------------


def moves_of(here, number=1):
    import tomllib

    return tomllib.loads(here.read_text(encoding="utf-8"))["rounds"][number - 1]["moves"]


def audited(here):
    result = run("audit", "--json", here)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] is True and data["problems"] == []
    return data


def test_out_of_turn_one_shot_refused_once_then_the_ruling(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "36")
    out = flat(run("play", "66", "e", "--by", "Cy").output)
    assert "it is Bob's turn, not Cy's" in out
    assert "2. scorepad play 6-6 E --stands --by Cy or a ruling: the table lets Cy's 6-6 on E stand against the rules" in out
    ok("fix", "2")
    ok("play", "62", "e")
    assert moves_of(here) == ["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: 6-2 E"]
    data = audited(here)
    assert [n["message"] for n in data["notes"]] == [
        "'Cy: 6-6 E !stands': stands by the table's ruling: Cy played out of turn (Bob's turn, who loses it)"
    ]
    assert data["scores"] == {"Ann": 5, "Bob": 0, "Cy": 15}


def test_each_irregularity_typed_at_the_live_prompt(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--penalty", "5")
    # Ann leads 3-6; Cy plays out of turn (15, and 5 each to Ann and Bob); Ann misplays 4-2
    # on E, which shows 6: E shows 2, 3 + 2 = 5 for Ann, 5 each to Bob and Cy; Ann shows
    # 1-1; Bob draws while holding a tile that fits, and the table lets it stand (5 each
    # to Ann and Cy).
    typed = "36\n66 e @Cy !stands\n42 e !stands\nexposes 11 @Ann\nd !stands\nq\n"
    result = run("live", input=typed, width=80)
    assert result.exit_code == 0, result.output
    assert moves_of(here) == ["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: 4-2 E !stands", "Ann: exposes 1-1", "Bob: draw !stands"]
    data = audited(here)
    assert [(n["round"], n["move"]) for n in data["notes"]] == [(1, 2), (1, 3), (1, 4), (1, 5)]
    assert "Ann laid 4-2 on E, which shows 6" in data["notes"][1]["message"]
    assert "Bob drew while holding a playable tile" in data["notes"][3]["message"]
    # Ann 5 + 5 + 5 = 15; Bob 5 + 5 = 10; Cy 15 + 5 + 5 = 25.
    assert data["scores"] == {"Ann": 15, "Bob": 10, "Cy": 25}
    # The same moves without the marks are problems.
    text = here.read_text(encoding="utf-8").replace(" !stands", "")
    assert len(audit_text(text).problems) >= 2


def test_annul_at_the_keyboard_and_undo(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "55")
    assert "Round 1 annulled (misdeal): it counts nothing." in flat(ok("annul", "misdeal"))
    assert 'annulled = "misdeal"' in here.read_text(encoding="utf-8")
    data = audited(here)
    assert data["notes"] == [{"round": 1, "move": None, "message": "the table annulled the round (misdeal): it counts nothing"}]
    assert data["scores"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    shown = json.loads(ok("show", "--json"))
    assert (shown["round"], shown["turn"]) == (2, "Ann")  # Ann leads again
    ok("play", "64")
    assert moves_of(here, 2) == ["Ann: 6-4"]
    ok("undo")
    assert "Undone: round 1 annulled (misdeal)" in flat(ok("undo"))
    assert "annulled" not in here.read_text(encoding="utf-8")
    assert json.loads(ok("show", "--json"))["scores"] == {"Ann": 10, "Bob": 0, "Cy": 0}
    result = run("live", input="annul misdeal\nq\n", width=80)
    assert result.exit_code == 0 and 'annulled = "misdeal"' in here.read_text(encoding="utf-8")


def test_the_opener_changed_before_and_after_the_lead(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("opener", "Cy")
    assert json.loads(ok("show", "--json"))["turn"] == "Cy"
    ok("opener", "Ann")
    ok("play", "36")
    ok("play", "64", "e")
    # The lead was Bob's: the round is re-seated from it, Bob its opener (the lot is the table's).
    out = flat(ok("opener", "Bob"))
    assert "Replaced 1.1: Bob: 3-6" in out
    assert moves_of(here) == ["Bob: 3-6", "Cy: 6-4 E"]
    assert 'opener = "Bob"' in here.read_text(encoding="utf-8")
    assert audited(here)["notes"] == []


def test_a_lead_by_the_wrong_player_in_a_later_round_at_the_keyboard(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "--deal", "1,1,1")
    ok("play", "36")
    ok("hands", "Bob=4")
    # Ann made domino and leads round 2; the table let Bob lead.
    result = run("play", "55", "--by", "Bob")
    assert result.exit_code == 1
    assert "scorepad play 5-5 --stands --by Bob" in flat(result.output)
    ok("play", "55", "--by", "Bob", "--stands")
    assert moves_of(here, 2) == ["Bob: 5-5 !stands"]
    data = audited(here)
    assert data["notes"] == [
        {"round": 2, "move": 1, "message": "'Bob: 5-5 !stands': stands by the table's ruling: Bob led, but Ann should have led"}
    ]
    assert data["scores"] == {"Ann": 5, "Bob": 10}
    # Typed as Ann's lead, then put right with `opener`: the lead is re-seated and stands.
    ok("undo")
    ok("play", "55")
    ok("opener", "Bob")
    assert moves_of(here, 2) == ["Bob: 5-5 !stands"]


def test_a_pass_proved_wrong_by_a_later_play_is_refused_there_with_the_ruling(here):
    ok("new", "--players", "Ann,Bob,Cy,Dee", "--no-partners", "--deal", "7,7,7", "--opener", "Ann")
    for typed in (("play", "36"), ("pass",), ("play", "61", "e"), ("pass",), ("play", "11", "e")):
        ok(*typed)
    assert audited(here)["notes"] == []
    before = here.read_bytes()
    result = run("play", "34", "w", width=120)
    assert result.exit_code == 1
    out = flat(result.output)
    assert "Bob passed at 1.2 holding 3-4, which fits W: let it stand, or fix the move that made this impossible" in out
    assert "scorepad replace 1.2 'Bob: pass !stands'" in out
    assert here.read_bytes() == before
    ruling = next(line for line in result.output.splitlines() if "'Bob: pass !stands'" in line).split(".")[0]
    ok("fix", ruling.strip())
    assert moves_of(here)[1] == "Bob: pass !stands" and moves_of(here)[-1] == "Bob: 3-4 W"
    assert [n["move"] for n in audited(here)["notes"]] == [2]


def test_a_draw_proved_wrong_mid_round_at_the_live_prompt(here):
    # Bob draws one and plays 6-1 at once: it was the tile drawn, so 3-5 was held before.
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    result = run("live", input="36\nd\n61 e\n10 e\n02 e\n35 w\nq\n", width=120)
    assert "Bob drew at 1.2 and then held 6-1 and 3-5, which fit W and E" in flat(result.output)
    assert "replace 1.2 Bob: draw !stands" in flat(result.output)
    assert moves_of(here) == ["Ann: 3-6", "Bob: draw", "Bob: 6-1 E", "Cy: 1-0 E", "Ann: 0-2 E"]
    # Audit reports the draw as soon as the proving play is in, mid-round.
    text = here.read_text(encoding="utf-8").replace('"Ann: 0-2 E",', '"Ann: 0-2 E",\n  "Bob: 3-5 W",')
    problems = audit_text(text).problems
    assert [(p.round, p.move) for p in problems] == [(1, 2)]


def test_the_higher_double_refuses_the_play_and_offers_the_lead_standing(here):
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends")
    ok("play", "55", "--by", "Ann")
    ok("play", "56", "w")
    ok("play", "50", "e")
    result = run("play", "66", "w", width=120)
    assert result.exit_code == 1
    out = flat(result.output)
    assert "Ann led 5-5, but Bob held the higher 6-6 then (played at 1.4 with no draw before it)" in out
    assert "scorepad replace 1.1 'Ann: 5-5 !stands'" in out


def test_an_insert_the_later_record_proves_wrong_is_refused(here):
    # A draw inserted before Bob's 6-4 would be the tile he drew and played at once, so he
    # held 3-5 before it, when W showed 3: the later record proves it wrong.
    ok("new", "--players", "Ann,Bob,Cy,Dee", "--opener", "Ann")
    for typed in ("36", "64 e", "41 e", "12 e", "20 e", "35 w"):
        ok("play", *typed.split())
    before = here.read_bytes()
    result = run("insert", "1.2", "Bob: draw", width=120)
    assert result.exit_code == 1, result.output
    assert "Bob drew at 1.2 and then held 6-4 and 3-5" in flat(result.output)
    assert here.read_bytes() == before


def test_a_higher_double_in_a_final_hand_shown_as_tiles_proves_the_lead(here):
    # Deal two each (two-ends, Ann and Bob): Ann leads 5-5 and makes domino with 5-1; Bob,
    # who never drew, shows 6-6: he held the higher double at the lead.
    rules = 'preset = "two-ends"\ndeal = [2, 5, 5]'
    moves = ["Ann: 5-5", "Bob: 5-2 E", "Ann: 5-1 W"]
    text = record(moves, ("Ann", "Bob"), rules, more='hands = { Bob = "6-6" }\n')
    assert notes(text)[1] == [(1, 1, "hands: Ann led 5-5, but Bob held the higher 6-6 then (still in the hand, never drew)")]
    # Given as pips, the hand proves nothing.
    assert notes(text.replace('"6-6"', "12"))[1] == []
    marked = text.replace('"Ann: 5-5"', '"Ann: 5-5 !stands"')
    assert notes(marked)[1] == []


# --- a tile shown by accident is held from then on: what it proves (issue 37, item 3) -----------

NO_BONEYARD = 'preset = "pagat"\npartners = false\ndeal = [7, 7, 7]'


def test_a_pass_while_a_shown_tile_fits_is_proved_at_the_pass():
    # Bob shows 1-2 at 1.2 and never plays it: at 1.7 (W 5, E 1) it fits E.
    # 3-6 9; 6-4 E 3 + 4 = 7; 4-1 E 3 + 1 = 4; 3-5 W 5 + 1 = 6: nothing scores.
    moves = ["Ann: 3-6", "Bob: exposes 1-2", "Bob: 6-4 E", "Cy: 4-1 E", "Dee: pass", "Ann: 3-5 W", "Bob: pass"]
    assert notes(record(moves, FOUR, NO_BONEYARD)) == (
        [(1, 2, "'Bob: exposes 1-2': Bob showed 1-2: known to everyone from now on")],
        [(1, 7, "'Bob: pass': Bob passed at 1.7 holding 1-2, which fits E")],
    )
    marked = record([*moves[:-1], "Bob: pass !stands"], FOUR, NO_BONEYARD + "\npenalty = 5")
    assert notes(marked) == (
        [
            (1, 2, "'Bob: exposes 1-2': Bob showed 1-2: known to everyone from now on"),
            (1, 7, "'Bob: pass !stands': stands by the table's ruling: Bob passed while holding a playable tile"),
        ],
        [],
    )
    # The penalty, 5, to each of the three others.
    assert scores(marked) == {"Ann": 5, "Bob": 0, "Cy": 5, "Dee": 5}
    assert reference_scores(marked) == {"Ann": 5, "Bob": 0, "Cy": 5, "Dee": 5}
    # Played before the pass, the shown tile proves nothing of it.
    played = ["Ann: 3-6", "Bob: exposes 1-2", "Bob: 6-4 E", "Cy: 4-1 E", "Dee: pass", "Ann: 3-5 W", "Bob: 1-2 E", "Cy: pass"]
    assert notes(record(played, FOUR, NO_BONEYARD))[1] == []


def test_a_draw_while_a_shown_tile_fits_is_proved_at_the_draw():
    # Bob shows 6-2 and then draws while E shows 6: he held 6-2 before the draw.
    moves = ["Ann: 3-6", "Bob: exposes 6-2", "Bob: draw", "Bob: 6-2 E"]
    assert notes(record(moves))[1] == [(1, 3, "'Bob: draw': Bob drew at 1.3 holding 6-2, shown before, which fits E")]
    marked = record(["Ann: 3-6", "Bob: exposes 6-2", "Bob: draw !stands", "Bob: 6-2 E"])
    assert notes(marked) == (
        [
            (1, 2, "'Bob: exposes 6-2': Bob showed 6-2: known to everyone from now on"),
            (1, 3, "'Bob: draw !stands': stands by the table's ruling: Bob drew while holding a playable tile"),
        ],
        [],
    )
    # 3-6 9; 6-2 E: 3 + 2 = 5 for Bob.
    assert scores(marked) == {"Ann": 0, "Bob": 5, "Cy": 0}
    # A tile shown that fits nothing then proves nothing of the draw.
    assert notes(record(["Ann: 3-6", "Bob: exposes 1-2", "Bob: draw", "Bob: 6-4 E"]))[1] == []


def test_a_tile_shown_after_a_pass_with_no_draw_between_proves_the_pass():
    # Bob passed at 1.2 (W 3, E 6) and shows 3-4 at 1.4: he held it since his last draw.
    moves = ["Ann: 3-6", "Bob: pass", "Cy: 6-1 E", "Bob: exposes 3-4"]
    assert notes(record(moves, FOUR, NO_BONEYARD))[1] == [(1, 2, "'Bob: pass': Bob passed at 1.2 holding 3-4, which fits W")]
    # Shown by another player, it proves nothing of Bob's pass.
    assert notes(record([*moves[:3], "Cy: exposes 3-4"], FOUR, NO_BONEYARD))[1] == []


def test_a_pass_refused_where_a_shown_tile_fits_one_shot_and_live(here):
    ok("new", "--players", "Ann,Bob,Cy,Dee", "--no-partners", "--deal", "7,7,7", "--opener", "Ann")
    for typed in (("play", "36"), ("exposes", "12", "--by", "Bob"), ("play", "64", "e"), ("play", "41", "e"), ("pass",)):
        ok(*typed)
    ok("play", "35", "w")
    before = here.read_bytes()
    result = run("pass", width=120)
    assert result.exit_code == 1
    out = flat(result.output)
    assert "Bob passed at 1.7 holding 1-2, which fits E" in out
    assert "scorepad pass --stands --by Bob or a ruling: the table lets Bob's pass stand against the rules" in out
    assert here.read_bytes() == before
    # At the live prompt: refused once, then let stand as the table played it.
    result = run("live", input="p\np !stands\nq\n", width=120)
    assert "Bob passed at 1.7 holding 1-2, which fits E" in flat(result.output)
    assert moves_of(here)[-1] == "Bob: pass !stands"
    data = audited(here)
    assert [(n["move"], n["message"]) for n in data["notes"]] == [
        (2, "'Bob: exposes 1-2': Bob showed 1-2: known to everyone from now on"),
        (7, "'Bob: pass !stands': stands by the table's ruling: Bob passed while holding a playable tile"),
    ]
    assert data["scores"] == {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}


def test_an_exposure_that_proves_an_earlier_pass_is_refused_with_the_ruling(here):
    ok("new", "--players", "Ann,Bob,Cy,Dee", "--no-partners", "--deal", "7,7,7", "--opener", "Ann")
    for typed in (("play", "36"), ("pass",), ("play", "61", "e")):
        ok(*typed)
    before = here.read_bytes()
    result = run("exposes", "34", "--by", "Bob", width=120)
    assert result.exit_code == 1, result.output
    out = flat(result.output)
    assert "Bob passed at 1.2 holding 3-4, which fits W: let it stand, or fix the move that made this impossible" in out
    assert "scorepad replace 1.2 'Bob: pass !stands'" in out
    assert here.read_bytes() == before
    ruling = next(line for line in result.output.splitlines() if "'Bob: pass !stands'" in line).split(".")[0]
    ok("fix", ruling.strip())
    assert moves_of(here) == ["Ann: 3-6", "Bob: pass !stands", "Cy: 6-1 E", "Bob: exposes 3-4"]
    assert [n["move"] for n in audited(here)["notes"]] == [2, 4]


def test_an_insert_that_a_shown_tile_proves_wrong_is_refused(here):
    # Bob showed 6-2; a draw of his inserted while E shows 6 is proved wrong by it.
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "36")
    ok("exposes", "62", "--by", "Bob")
    ok("play", "62", "e")
    before = here.read_bytes()
    result = run("insert", "1.3", "Bob: draw", width=120)
    assert result.exit_code == 1, result.output
    assert "Bob drew at 1.3 holding 6-2, shown before, which fits E" in flat(result.output)
    assert here.read_bytes() == before


# --- what the views show of the rulings (issue 37, item 1) -------------------------------------

RULED = record(
    ["Ann: 5-5", "Bob: 5-0 E"],
    rules='preset = "pagat"\npenalty = 5',
    more=(
        'annulled = "misdeal"\n\n[[rounds]]\nopener = "Ann"\nmoves = ["Ann: 3-6", "Cy: 6-6 E !stands", '
        '"Ann: exposes 1-1", "Ann: 4-2 E !stands", "Bob: draw !stands"]\n'
    ),
)


def test_the_sheet_labels_an_annulled_round(here):
    here.write_text(RULED, encoding="utf-8")
    lines = ok("sheet", "--file", here, width=100).splitlines()
    # Round 2: Ann 5 (her misplay) + 10 (Cy's and Bob's penalties), Bob 10, Cy 15 + 10.
    assert [line.split() for line in lines[3:5]] == [
        ["1×", "·", "·", "·", "0", "·", "·", "·", "0", "·", "·", "·", "0"],
        ["2*", "5", "·", "10", "15", "·", "·", "10", "10", "15", "·", "10", "25"],
    ]
    assert "× round 1 annulled by the table (misdeal): it counts nothing" in lines
    german = ok("sheet", "--file", here, width=100, lang="de")
    assert "× Runde 1 vom Tisch annulliert (misdeal): sie zählt nichts" in german


def test_the_log_says_what_each_standing_move_broke_and_its_json_the_kinds(here):
    here.write_text(RULED, encoding="utf-8")
    log = ok("log", "--file", here, width=120)
    assert "annulled by the table (misdeal): the round counts nothing" in log
    for line in (
        "move 2 stands by the table's ruling: Cy played out of turn (Bob's turn, who loses it)",
        "move 4 stands by the table's ruling: Ann laid 4-2 on E, which shows 6",
        "move 5 stands by the table's ruling: Bob drew while holding a playable tile",
    ):
        assert line in log
    data = json.loads(ok("log", "--json", "--file", here))
    assert [r["annulled"] for r in data] == ["misdeal", None]
    assert data[0]["points"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert [m.get("stands") for m in data[1]["moves"]] == [None, ["out-of-turn"], None, ["misplay"], ["draw"]]
    # Cy's 15 and a penalty of 5 to each side against him; Bob's draw gives Ann and Cy 5.
    assert [m["points"] for m in data[1]["moves"]] == [
        {},
        {"Cy": 15, "Ann": 5, "Bob": 5},
        {},
        {"Ann": 5, "Bob": 5, "Cy": 5},
        {"Ann": 5, "Cy": 5},
    ]
    # Out of turn and a misplay at once: both kinds.
    both = record(["Ann: 3-6", "Cy: 4-2 E !stands"])
    here.write_text(both, encoding="utf-8")
    assert json.loads(ok("log", "--json", "--file", here))[0]["moves"][1]["stands"] == ["out-of-turn", "misplay"]


def test_stats_count_the_rulings_per_kind_and_player(here):
    here.write_text(RULED, encoding="utf-8")
    lead = here.with_name("lead.toml")
    lead.write_text(
        record(
            ["Ann: 3-6"],
            players=("Ann", "Bob"),
            rules='preset = "pagat"\ndeal = [1, 1, 1]',
            more='\nhands = { Bob = 4 }\n\n[[rounds]]\nopener = "Bob"\nmoves = ["Bob: 5-5 !stands"]\n',
        ),
        encoding="utf-8",
    )
    passed = here.with_name("pass.toml")
    moves = ["Ann: 3-6", "Bob: pass !stands", "Cy: 6-1 E", "Dee: pass", "Ann: 1-1 E", "Bob: 3-4 W"]
    passed.write_text(record(moves, FOUR, NO_BONEYARD), encoding="utf-8")
    rows = {row["player"]: row for row in json.loads(ok("stats", "--json", here, lead, passed))}
    kinds = ("stood", "out_of_turn", "misplays", "wrong_leads", "draws_standing", "passes_standing", "tiles_shown")
    assert {name: [row[k] for k in (*kinds, "rounds_annulled", "from_penalties")] for name, row in rows.items()} == {
        "Ann": [1, 0, 1, 0, 0, 0, 1, 1, 10],
        "Bob": [3, 0, 0, 1, 1, 1, 0, 1, 10],
        "Cy": [1, 1, 0, 0, 0, 0, 0, 1, 10],
        "Dee": [0, 0, 0, 0, 0, 0, 0, 0, 0],
    }
    table = ok("stats", here, lead, passed, width=100)
    assert "The table's rulings (moves let stand, tiles shown, rounds annulled):" in table
    assert "Ann: 1 misplay, 1 tile shown, 1 round annulled" in table
    assert (
        "Bob: 1 lead by the wrong player, 1 draw holding a playable tile, 1 pass holding a playable tile, 1 round annulled"
        in flat(table)
    )
    assert "Cy: 1 play out of turn, 1 round annulled" in table
    assert table.splitlines()[0].split()[8] == "pen"
    german = flat(ok("stats", here, lead, passed, width=100, lang="de"))
    assert "Cy: 1-mal außer der Reihe gelegt, 1 Runde annulliert" in german
    # At 40 columns, a block per player: the penalties on a line of their own.
    narrow = ok("stats", here, lead, passed, width=40)
    assert "  penalties 10" in narrow.splitlines()
    assert "  Strafen 10" in ok("stats", here, lead, passed, width=40, lang="de").splitlines()


def test_the_page_shows_each_ruling(here):
    here.write_text(RULED, encoding="utf-8")
    page = here.with_name("game.html")
    ok("export", page, "--file", here)
    html = page.read_text(encoding="utf-8")
    assert "Round 1: annulled by the table (misdeal), counts nothing" in html
    for words in (
        "<i>stands by the table&#39;s ruling: Cy played out of turn (Bob&#39;s turn, who loses it)</i>",
        "<i>Ann showed 1-1: known to everyone from now on</i>",
        "<i>stands by the table&#39;s ruling: Ann laid 4-2 on E, which shows 6</i>",
        "<i>stands by the table&#39;s ruling: Bob drew while holding a playable tile</i>",
        "<b>Cy +15, Ann +5, Bob +5</b>",
    ):
        assert words in html
    # Bob drew holding a tile that fits: his draw says nothing of the numbers he lacks.
    assert '"lacks":[[5,' not in html
    assert ">1×<" in html


# --- each of the seven, typed one-shot and live: the same record, note and scores (issue 37) ----

THREE_AT_ANN = ("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
FOUR_ALONE = ("new", "--players", "Ann,Bob,Cy,Dee", "--no-partners", "--deal", "7,7,7", "--opener", "Ann")

# name: (new, one-shot commands, live lines, {round: moves}, notes, scores, problems unmarked)
# Every value worked out by hand from docs/rules.md (the tests above give the sums).
TYPED = {
    "out of turn": (
        THREE_AT_ANN,
        [("play", "36"), ("play", "66", "e", "--by", "Cy", "--stands"), ("play", "62", "e")],
        "36\n66 e @Cy !stands\n62 e\n",
        {1: ["Ann: 3-6", "Cy: 6-6 E !stands", "Ann: 6-2 E"]},
        [(1, 2, "'Cy: 6-6 E !stands': stands by the table's ruling: Cy played out of turn (Bob's turn, who loses it)")],
        {"Ann": 5, "Bob": 0, "Cy": 15},  # 6-6 E: 3 + 12 = 15; 6-2 E: 3 + 2 = 5
        [(1, 2, "'Cy: 6-6 E': it is Bob's turn, not Cy's")],
    ),
    "misplay": (
        THREE_AT_ANN,
        [("play", "36"), ("play", "42", "e", "--stands"), ("play", "22", "e")],
        "36\n42 e !stands\n22 e\n",
        {1: ["Ann: 3-6", "Bob: 4-2 E !stands", "Cy: 2-2 E"]},
        [(1, 2, "'Bob: 4-2 E !stands': stands by the table's ruling: Bob laid 4-2 on E, which shows 6")],
        {"Ann": 0, "Bob": 5, "Cy": 0},  # E shows 2: 3 + 2 = 5; the spinner 2-2: 3 + 4 = 7
        [
            (1, 2, "'Bob: 4-2 E': 4-2 does not fit E: W shows 3, E shows 6"),
            (1, 3, "'Cy: 2-2 E': 2-2 does not fit E: W shows 3, E shows 6"),
        ],
    ),
    "wrong lead": (
        ("new", "--players", "Ann,Bob", "--opener", "Ann", "--deal", "1,1,1"),
        [("play", "36"), ("hands", "Bob=4"), ("play", "55", "--by", "Bob", "--stands")],
        "36\nhands Bob=4\n55 @Bob !stands\n",
        {1: ["Ann: 3-6"], 2: ["Bob: 5-5 !stands"]},
        [(2, 1, "'Bob: 5-5 !stands': stands by the table's ruling: Bob led, but Ann should have led")],
        {"Ann": 5, "Bob": 10},  # round5(4) = 5 to Ann; 5-5 led: 10
        [
            (2, 1, "'Bob: 5-5': it is Ann's turn, not Bob's"),
            (2, None, "opener is Bob, but the rules (domino-maker) give Ann"),
        ],
    ),
    "draw holding a playable tile": (
        THREE_AT_ANN,
        [
            ("play", "36"),
            ("draw", "--stands"),
            ("play", "61", "e"),
            ("play", "10", "e"),
            ("play", "02", "e"),
            ("play", "35", "w"),
        ],
        "36\nd !stands\n61 e\n10 e\n02 e\n35 w\n",
        {1: ["Ann: 3-6", "Bob: draw !stands", "Bob: 6-1 E", "Cy: 1-0 E", "Ann: 0-2 E", "Bob: 3-5 W"]},
        [(1, 2, "'Bob: draw !stands': stands by the table's ruling: Bob drew while holding a playable tile")],
        {"Ann": 5, "Bob": 0, "Cy": 0},  # 9, 4, 3, then 3 + 2 = 5 for Ann, 5 + 2 = 7
        [(1, 2, "'Bob: draw': Bob drew at 1.2 and then held 6-1 and 3-5, which fit W and E: only the last tile drawn may fit")],
    ),
    "pass holding a playable tile": (
        FOUR_ALONE,
        [("play", "36"), ("pass", "--stands"), ("play", "61", "e"), ("pass",), ("play", "11", "e"), ("play", "34", "w")],
        "36\np !stands\n61 e\np\n11 e\n34 w\n",
        {1: ["Ann: 3-6", "Bob: pass !stands", "Cy: 6-1 E", "Dee: pass", "Ann: 1-1 E", "Bob: 3-4 W"]},
        [(1, 2, "'Bob: pass !stands': stands by the table's ruling: Bob passed while holding a playable tile")],
        {"Ann": 5, "Bob": 0, "Cy": 0, "Dee": 0},  # 1-1 the spinner on E: 3 + 2 = 5
        [(1, 2, "'Bob: pass': Bob passed at 1.2 holding 3-4, which fits W")],
    ),
    "exposed tile": (
        THREE_AT_ANN,
        [("play", "36"), ("exposes", "11", "--by", "Ann"), ("play", "64", "e")],
        "36\nexposes 11 @Ann\n64 e\n",
        {1: ["Ann: 3-6", "Ann: exposes 1-1", "Bob: 6-4 E"]},
        [(1, 2, "'Ann: exposes 1-1': Ann showed 1-1: known to everyone from now on")],
        {"Ann": 0, "Bob": 0, "Cy": 0},  # 3 + 4 = 7
        None,  # no mark to leave out
    ),
    "annulled round": (
        THREE_AT_ANN,
        [("play", "55"), ("annul", "misdeal"), ("play", "64")],
        "55\nannul misdeal\n64\n",
        {1: ["Ann: 5-5"], 2: ["Ann: 6-4"]},
        [(1, None, "the table annulled the round (misdeal): it counts nothing")],
        {"Ann": 10, "Bob": 0, "Cy": 0},  # the 10 of 5-5 counts nothing; Ann leads again: 6-4 10
        [(1, None, "no 'hands': only the last round may be unfinished (or one the table annulled)")],
    ),
    "penalty": (
        (*THREE_AT_ANN, "--penalty", "5"),
        [("play", "36"), ("play", "42", "e", "--stands")],
        "36\n42 e !stands\n",
        {1: ["Ann: 3-6", "Bob: 4-2 E !stands"]},
        [(1, 2, "'Bob: 4-2 E !stands': stands by the table's ruling: Bob laid 4-2 on E, which shows 6")],
        {"Ann": 5, "Bob": 5, "Cy": 5},  # Bob's 5, and the penalty, 5, to Ann and to Cy
        [(1, 2, "'Bob: 4-2 E': 4-2 does not fit E: W shows 3, E shows 6")],
    ),
}


def _typed_record(here, how, case):
    import tomllib

    new, commands, lines, _moves, _notes, _scores, _unmarked = case
    ok(*new, "--force")
    if how == "one-shot":
        for command in commands:
            ok(*command)
    else:
        result = run("live", input=lines + "q\n", width=80)
        assert result.exit_code == 0, result.output
    rounds = tomllib.loads(here.read_text(encoding="utf-8"))["rounds"]
    return {i + 1: r["moves"] for i, r in enumerate(rounds) if r["moves"]}


@pytest.mark.parametrize("how", ["one-shot", "live"])
@pytest.mark.parametrize("name", list(TYPED))
def test_each_irregularity_typed_gives_the_record_the_note_and_the_scores(here, name, how):
    case = TYPED[name]
    _new, _commands, _lines, moves, expected, scores_of, unmarked = case
    assert _typed_record(here, how, case) == moves
    data = audited(here)
    assert [(n["round"], n["move"], n["message"]) for n in data["notes"]] == expected
    assert data["scores"] == scores_of
    if unmarked is not None:
        text = here.read_text(encoding="utf-8")
        text = text.replace(" !stands", "") if "!stands" in text else text.replace('annulled = "misdeal"\n', "")
        _, problems = notes(text)
        assert problems == unmarked


# --- the proof at the play that reveals it: refused once, the ruling made (issue 37, item 3) ----

# name: (new, lines before the proving play, the proving play, what the refusal says, the
# ruling offered, the moves after `fix`, the note, the scores)
PROVED = {
    "pass": (
        FOUR_ALONE,
        ["36", "p", "61 e", "p", "11 e"],
        "34 w",
        "Bob passed at 1.2 holding 3-4, which fits W: let it stand, or fix the move that made this impossible",
        "replace 1.2 'Bob: pass !stands'",
        ["Ann: 3-6", "Bob: pass !stands", "Cy: 6-1 E", "Dee: pass", "Ann: 1-1 E", "Bob: 3-4 W"],
        (1, 2, "'Bob: pass !stands': stands by the table's ruling: Bob passed while holding a playable tile"),
        {"Ann": 5, "Bob": 0, "Cy": 0, "Dee": 0},
    ),
    "draw of one played at once": (
        THREE_AT_ANN,
        ["36", "d", "61 e", "10 e", "02 e"],
        "35 w",
        "Bob drew at 1.2 and then held 6-1 and 3-5, which fit W and E: only the last tile drawn may fit",
        "replace 1.2 'Bob: draw !stands'",
        ["Ann: 3-6", "Bob: draw !stands", "Bob: 6-1 E", "Cy: 1-0 E", "Ann: 0-2 E", "Bob: 3-5 W"],
        (1, 2, "'Bob: draw !stands': stands by the table's ruling: Bob drew while holding a playable tile"),
        {"Ann": 5, "Bob": 0, "Cy": 0},  # 3-5 W: 5 + 2 = 7, nothing
    ),
    "higher double": (
        ("new", "--players", "Ann,Bob", "--rules", "two-ends"),
        ["55 @Ann", "56 w", "50 e"],
        "66 w",
        "Ann led 5-5, but Bob held the higher 6-6 then (played at 1.4 with no draw before it)",
        "replace 1.1 'Ann: 5-5 !stands'",
        ["Ann: 5-5 !stands", "Bob: 5-6 W", "Ann: 5-0 E", "Bob: 6-6 W"],
        (1, 1, "'Ann: 5-5 !stands': stands by the table's ruling: Ann led 5-5, but another player held a higher double"),
        {"Ann": 10, "Bob": 0},  # 5-5 10; 6 + 5 = 11; 6 + 0 = 6; 12 + 0 = 12 (no spinner)
    ),
}


def _offered(output, ruling):
    """The number under which `ruling` is offered."""
    line = next(line for line in output.splitlines() if ruling in line.replace('"', "'"))
    return line.split(".")[0].strip()


@pytest.mark.parametrize("how", ["one-shot", "live"])
@pytest.mark.parametrize("name", list(PROVED))
def test_a_move_proved_wrong_mid_round_is_refused_once_and_the_ruling_made(here, name, how):
    new, before, proving, says, ruling, moves, note, scores_of = PROVED[name]
    ok(*new)
    typed = "".join(f"{line}\n" for line in before)
    assert run("live", input=typed + "q\n", width=120).exit_code == 0
    kept = here.read_bytes()
    if how == "one-shot":
        result = run("play", *proving.split(), width=120)
        assert result.exit_code == 1
        assert says in flat(result.output) and f"scorepad {ruling}" in result.output.replace('"', "'")
        assert here.read_bytes() == kept
        ok("fix", _offered(result.output, ruling))
    else:
        result = run("live", input=f"{proving}\nq\n", width=120)
        assert says in flat(result.output)
        assert here.read_bytes() == kept
        number = _offered(result.output, ruling.replace("'", ""))
        result = run("live", input=f"{proving}\n{number}\nq\n", width=120)
        assert result.exit_code == 1  # the refusal before the repair
    assert moves_of(here) == moves
    data = audited(here)
    assert [(n["round"], n["move"], n["message"]) for n in data["notes"]] == [note]
    assert data["scores"] == scores_of


def test_the_page_s_tracker_holds_a_shown_tile_for_its_player(browser, here):
    # Bob shows 6-2 at 1.2 with no draw before it, draws at 1.3 and plays 6-2 at 1.4: from
    # the lead on (he drew nothing before the showing) until 1.4 he is known to hold it.
    here.write_text(record(["Ann: 3-6", "Bob: exposes 6-2", "Bob: draw !stands", "Bob: 6-2 E"]), encoding="utf-8")
    page = here.with_name("game.html")
    ok("export", page, "--file", here)
    known = "document.querySelector('#replay .known').textContent"
    held = "document.querySelector('.all-tiles span[data-t=\"62\"]').className"
    for step, holds in ((1, True), (2, True), (3, True), (4, False)):
        browser.open(page.as_uri() + f"#r1m{step}", 1280, 800)
        assert ("Bob 6-2" in browser.evaluate(known)) is holds, (step, browser.evaluate(known))
        assert browser.evaluate(held).startswith("held") is holds, step
    assert browser.errors == []
