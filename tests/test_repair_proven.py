"""Hands that prove a pass or a draw against the rules (engine/held.py) where a slip in
another move is what made it look wrong: the search offers that move's repair, and the
refusal does not send the table to fix a pass that was right."""

from tests.helpers import flat, live, ok, refused

from scorepad.record.files import load

# Cy played 1-5 on W at 1.22, scoring 15 (W 5 + E [5|5] 10); the keeper typed it on E, where
# it fitted and scored nothing, leaving 1 at both ends. The round then blocked.
MOVES = (
    "Ann: 3-0", "Bob: 0-0 E", "Cy: draw 3", "Cy: 0-2 E", "Ann: 2-2 E", "Bob: 2-1 E", "Cy: 1-1 E",
    "Ann: 5-3 W", "Bob: 1-4 E", "Cy: 4-4 E", "Ann: 4-0 E", "Bob: 0-5 E", "Cy: 5-2 E", "Ann: draw 3",
    "Ann: 2-4 E", "Bob: draw 4", "Bob: 4-5 E", "Cy: 5-5 E", "Ann: draw 2", "Ann: 6-5 W", "Bob: 1-6 W",
    "Cy: 1-5 E", "Ann: draw", "Ann: pass", "Bob: pass", "Cy: pass",
)  # fmt: skip
# The deal and the boneyard, in the order drawn, that give the hands below with 1-5 on W.
DEALT = {"Ann": "0-3 2-2 3-5 0-4 0-1", "Bob": "0-0 1-2 1-4 0-5 3-3", "Cy": "1-1 4-4 2-5 5-5 4-6"}
BONEYARD = "1-5 6-6 0-2 3-4 3-6 2-4 1-6 0-6 1-3 4-5 2-3 5-6 2-6"
HANDS = ("Ann=26,01,36,34,23", "Bob=33,06,13", "Cy=46,66")


def _record(path) -> None:
    moves = "".join(f'  "{move}",\n' for move in MOVES)
    path.write_text(
        'format = "scorepad/1"\nplayers = ["Ann", "Bob", "Cy"]\n\n[rules]\npreset = "two-ends"\nfirst_opener = "lot"\n\n'
        f'[[rounds]]\nopener = "Ann"\nmoves = [\n{moves}]\n',
        encoding="utf-8",
    )


def _played(moves) -> tuple[dict[str, set[frozenset[int]]], str | None]:
    """The deal played through `moves` as the table played it: every play from the hand,
    every draw and pass with nothing in hand that fits. The hands left, and the first move
    that could not have been made (None)."""

    def tile(text: str) -> frozenset[int]:
        return frozenset(int(n) for n in text.split("-"))

    hands = {name: {tile(t) for t in tiles.split()} for name, tiles in DEALT.items()}
    boneyard = [tile(t) for t in BONEYARD.split()]
    ends: dict[str, int] = {}
    for move in moves:
        name, _, what = move.partition(": ")
        words = what.split()
        if words[0] in ("draw", "pass"):
            if any(set(held) & set(ends.values()) for held in hands[name]):
                return hands, move
            count = int(words[1]) if len(words) > 1 else 1 if words[0] == "draw" else 0
            hands[name] |= set(boneyard[:count])
            del boneyard[:count]
            continue
        a, b = (int(n) for n in words[0].split("-"))
        if tile(words[0]) not in hands[name]:
            return hands, move
        hands[name].discard(tile(words[0]))
        if not ends:
            ends = {"W": a, "E": b}
        else:
            ends[words[1]] = b if ends[words[1]] == a else a
    return hands, None


def test_the_deal_gives_the_hands_with_1_5_on_w_and_not_on_e():
    hands = {name: {frozenset(int(n) for n in t) for t in tiles.split(",")} for name, tiles in (h.split("=") for h in HANDS)}
    real = [m.replace("Cy: 1-5 E", "Cy: 1-5 W") for m in MOVES]
    assert _played(real) == (hands, None)
    # As recorded, both ends show 1 after 1.22: Ann held 0-1, which fits, when she drew.
    assert _played(MOVES)[1] == "Ann: draw"


def test_the_play_on_the_other_end_is_offered_and_the_pass_is_not_blamed(here):
    _record(here)
    out = refused(("hands", *HANDS), here, 1)
    assert out == (
        "scorepad: Ann passed at 1.24 holding\n"
        "  0-1, which fits W and E: let it stand,\n"
        "  or fix the move that made this\n"
        "  impossible\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.22 "Cy: 1-5 W"\n'
        "   if 1-5 went on W, not E\n"
        "scorepad fix N makes repair N, then\n"
        "enters the hands.\n"
    )


def test_the_same_in_german(here):
    _record(here)
    out = flat(refused(("hands", *HANDS), here, 1, lang="de"))
    assert out == flat(
        "scorepad: Ann hat bei 1.24 gepasst und hielt 0-1, der an W und O passt: lass es stehen "
        "oder berichtige den Zug, der das unmöglich gemacht hat\n"
        "Vielleicht ein früheres Versehen:\n"
        '1. scorepad replace 1.22 "Cy: 1-5 W"\n'
        "   wenn 1-5 an W lag, nicht an O\n"
        "scorepad fix N führt Reparatur N aus und trägt dann die Resthände ein."
    )


def test_fix_gives_cy_her_15_and_enters_the_hands(here):
    _record(here)
    refused(("hands", *HANDS), here, 1)
    out = ok("fix", "1")
    assert out.startswith("Repair 1: if 1-5 went on W, not E\nReplaced 1.22: Cy: 1-5 W\n")
    game = load(here).game
    assert str(game.rounds[0].moves[21]) == "Cy: 1-5 W"
    assert game.scores == [5, 55, 40]  # Cy: 25 from her plays before, 15 for 1-5; Bob +35 for the hands
    assert flat(ok("audit", here)) == f"{here}: ok"


def test_the_live_prompt_makes_it_with_the_number_alone(here):
    _record(here)
    out = live("hands " + " ".join(HANDS) + "\n1\nq\n").output
    assert "or fix the move that made this impossible" in flat(out)
    assert "1. replace 1.22 Cy: 1-5 W" in out
    assert str(load(here).game.rounds[0].moves[21]) == "Cy: 1-5 W"
