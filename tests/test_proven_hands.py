"""A pass or draw the record proves against the rules (docs/rules.md "Turn"): the tiles a
player certainly held then (their later plays with no draw between, their final hand in
tiles when they drew nothing more) fit an open end. `hands` that would prove it is refused;
a record that holds it fails its audit, at the move."""

from __future__ import annotations

import sys

from tests.helpers import flat, ok, refused, run

# Refused with repairs offered: the ruling that lets the pass stand is always among them.
REFUSED = "Ann passed at 1.4 holding 5-0, which fits E: let it stand, or fix the move that made this impossible"
RULING = "1.4 'Ann: pass !stands'"


def _moves(*moves: str) -> None:
    for move in moves:
        words = move.split()
        if words[0] == "pass":
            ok("pass")
        elif words[0] == "draw":
            ok("draw", *words[1:])
        else:
            ok("play", *words)


def _blocked_at_five(here) -> None:
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw 24", "65 e", "pass", "pass")


def test_a_pass_holding_a_tile_that_fits_is_refused(here):
    _blocked_at_five(here)
    refused(
        ("hands", "Ann=5-0", "Bob=140"),
        here,
        1,
        REFUSED,
        RULING,
        "or a ruling: the table lets Ann's pass stand against the rules",
    )
    ok("fix", "1")
    assert '"Ann: pass !stands"' in here.read_text(encoding="utf-8")
    assert flat(ok("audit", here)).startswith(f"{here}: ok {here}: note: round 1, move 4: 'Ann: pass !stands': stands")


def test_german_says_it_too(here):
    _blocked_at_five(here)
    refused(
        ("hands", "Ann=5-0", "Bob=140"),
        here,
        1,
        "Ann hat bei 1.4 gepasst und hielt 5-0, der an O passt: lass es stehen oder berichtige den Zug, "
        "der das unmöglich gemacht hat",
        lang="de",
    )


def test_pips_prove_nothing(here):
    _blocked_at_five(here)
    assert "Ann +135" in flat(ok("hands", "Ann=5", "Bob=140"))
    assert flat(ok("audit", here)) == f"{here}: ok"


def test_a_written_record_is_an_audit_problem_at_the_pass(here):
    _blocked_at_five(here)
    here.write_text(here.read_text(encoding="utf-8") + 'hands = { Ann = "5-0", Bob = 140 }\n', encoding="utf-8")
    result = run("audit", here)
    assert result.exit_code == 1
    assert flat(result.output) == f"{here}: round 1, move 4: hands: Ann passed at 1.4 holding 5-0, which fits E"


def test_an_edit_that_makes_it_is_refused(here, tmp_path):
    # Every amendment is held to the faults the record had (record/amend.py): an edit too.
    _blocked_at_five(here)
    ok("hands", "Ann=5", "Bob=140")
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import sys, pathlib\np = pathlib.Path(sys.argv[1])\np.write_text(p.read_text().replace('Ann = 5', 'Ann = \"5-0\"'))\n",
        encoding="utf-8",
    )
    before = here.read_bytes()
    result = run("edit", input="d\n", env={"VISUAL": f"{sys.executable} {editor}"})
    assert "round 1, move 4: Ann passed at 1.4 holding 5-0, which fits E" in flat(result.output), result.output
    assert "Discarded" in result.output
    assert here.read_bytes() == before


def test_pagat_spinner_side_open(here):
    # The spinner 1-1 with its W side empty: W shows 1, where Cy's 0-1 and 1-2 fit.
    ok("new", "--players", "Ann,Bob,Cy", "--rules", "pagat", "--deal", "9,2,5", "--opener", "Ann")
    _moves("11", "draw 22", "16 e", "pass", "pass", "pass")
    refused(
        ("hands", "Ann=6", "Bob=149", "Cy=0-1,1-2"),
        here,
        1,
        "Cy passed at 1.4 holding 0-1, which fits W: let it stand, or fix the move that made this impossible",
    )


def test_a_draw_while_holding_a_tile_that_fits_is_refused_at_the_play_that_proves_it(here):
    # After Bob's draw at 1.2 he played 6-5 and 6-4 with no draw between: both fitted [6|6].
    # The play of 6-4 proves it, and is refused there (docs/rules.md "Irregularities"). Had
    # Ann played 6-4 and Bob 5-3, the draw would be right: that is offered, and so is the
    # ruling that lets the draw stand.
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw", "65 e", "draw 22", "53 e")
    refused(
        ("play", "64", "w"),
        here,
        1,
        "Bob drew at 1.2 and then held 6-5 and 6-4, which fit W and E: only the last tile drawn may fit: "
        "let it stand, or fix the move that made this impossible",
        "if 6-4 (this move) came before 5-3 (1.5)",
        "1.2 'Bob: draw !stands'",
        "or a ruling: the table lets Bob's draw stand against the rules",
    )


def test_a_draw_after_it_leaves_nothing_proven(here):
    # Bob drew again at 1.6 before playing 6-4: it may be that draw's tile.
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw", "65 e", "draw 21", "53 e", "draw", "64 w", "draw", "pass", "pass")
    assert "Bob +" in flat(ok("hands", "Ann=125", "Bob=0-0,1-1"))
    assert flat(ok("audit", here)) == f"{here}: ok"


def test_a_partners_tiles_never_count(here):
    # Cy's 1-5 and 5-0 fitted when Ann passed; Cy is Ann's partner, not Ann.
    ok("new", "--players", "Ann,Bob,Cy,Dan", "--rules", "pagat", "--deal", "9,7,3", "--opener", "Ann")
    _moves("66", "draw 16", "65 e", "61 w", "pass", "pass", "52 e", "15 w", "pass", "pass", "23 e", "50 w")
    ok("hands", "Ann=3-3,4-4", "Bob=98", "Dan=3")
    assert flat(ok("audit", here)) == f"{here}: ok"


def _careless_round(game, rng, slack: float) -> dict[int, object]:
    """Play the current round with random moves by players who, with chance `slack`, draw
    (or pass) while holding a tile that fits, and now and then show a tile by accident; the
    remaining hands by seat, as tiles or as a pip total. Only the engine's own checks stand
    in the way: it does not see the hands."""
    from scorepad.engine.notation import Draw, Exposes, Pass, Play
    from scorepad.engine.tiles import ALL_TILES

    n = len(game.players)
    tiles = sorted(ALL_TILES, key=lambda _t: rng.random())
    hands = [tiles[p * game.deal : (p + 1) * game.deal] for p in range(n)]
    boneyard = tiles[n * game.deal :]
    r = game.current
    opener = rng.randrange(n) if r.opener is None else r.opener
    lead = rng.choice(hands[opener])
    hands[opener].remove(lead)
    game.push(Play(game.players[opener], lead))
    shown: set = set()
    while game.winner is None and r.result is None:
        p = r.turn
        hand, name = hands[p], game.players[p]
        unshown = [t for t in hand if t not in shown]
        if unshown and rng.random() < slack / 4:
            shown.add(tile := rng.choice(unshown))
            game.push(Exposes(name, tile))
        at = r.layout.showing()
        playable = [t for t in hand if t.a in at or t.b in at]
        if boneyard and (not playable or rng.random() < slack):
            count = rng.randint(1, min(2, len(boneyard)))
            for _k in range(count):
                hand.append(boneyard.pop())
            game.push(Draw(name, count))
            continue
        if not boneyard and (not playable or rng.random() < slack):
            game.push(Pass(name))
            continue
        tile = rng.choice(playable)
        hand.remove(tile)
        ends = [end for number in {tile.a, tile.b} for end in at.get(number, [])]
        game.push(Play(name, tile, rng.choice(ends)))
    return {p: tuple(h) if rng.random() < 0.8 else sum(t.pips for t in h) for p, h in enumerate(hands) if h}


def _faults_by_every_hand(r, players, hands):
    """What proven_faults finds, worked out from every player's hand at every pass and draw
    (held_hands and Ends.fitting), never asking first whether anything can be found."""
    from scorepad.engine.held import held_hands, higher_double, shown_tiles, wrong_move
    from scorepad.engine.notation import Draw, Pass

    held = held_hands(r, players, plays=False, hands=hands, at_once=True)
    shown = shown_tiles(r.moves)
    stood = iter(r.stood)
    lead = higher_double(r, players, hands) if r.opener_rule == "highest-double" else None
    found = [] if lead is None else [lead]
    for index, move in enumerate(r.moves):
        if isinstance(move, (Pass, Draw)):
            ends = next(stood)
            known = held[index]
            if known is not None and known.tiles and not move.stands:
                before = [e.tile for e in shown[index] if e.player == move.player] if isinstance(move, Draw) else []
                if ends.fitting(before):  # a tile shown before the draw: one that fits is enough
                    found.append((index, "shown before"))
                    continue
                fault = wrong_move(move, f"{r.number}.{index + 1}", ends.fitting(known.tiles))
                if fault is not None:
                    found.append((index, fault))
    return found


def test_what_hands_prove_is_found_whether_it_is_looked_for_first_or_not():
    """proven_faults asks first, with the hands as bit masks, whether any pass or draw can
    be proved wrong, and works the hands out as tiles only then: over careless rounds of
    every table it finds exactly what working them out at every pass and draw finds."""
    import random

    from scorepad.engine.game import Game
    from scorepad.engine.held import proven_faults
    from scorepad.engine.rules import Rules

    rng = random.Random(39)
    rounds = proved = sound = 0
    for game_number in range(60):
        players = ("Ann", "Bob", "Cy", "Dee")[: 2 + game_number % 3]
        rules = Rules.from_options(("pagat", "two-ends", "fuenfer")[game_number % 3])
        game = Game(players, rules)
        while game.winner is None and len(game.rounds) < 8:
            hands = _careless_round(game, rng, slack=(0.0, 0.05, 0.3)[game_number % 3])
            if game.winner is not None:
                break
            r = game.current
            expected = _faults_by_every_hand(r, players, hands)
            faults = proven_faults(r, players, hands)
            assert [(i, "shown before" if "shown before" in f else f) for i, f in faults] == expected
            rounds += 1
            proved += bool(expected)
            sound += bool(r.stood) and not expected
            game.end_round({players[p]: h for p, h in hands.items()}, problems=[])
    # Both answers met often: rounds with faults proved, and rounds with draws that prove none.
    assert rounds > 200 and proved > 30 and sound > 30, (rounds, proved, sound)
