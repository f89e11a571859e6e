"""The engine's refusals and the audit's findings, in German (i18n.use("de"))."""

import pytest

from scorepad import Game, Rules, i18n, parse_move
from scorepad.errors import IllegalMoveError, InvalidHandsError
from scorepad.record.format import RecordError, audit_text, loads


@pytest.fixture
def german():
    i18n.use("de")


@pytest.fixture
def led(german):
    game = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")
    game.push(parse_move("Ann: 6-4"))
    return game


@pytest.mark.parametrize(
    "move, refusal",
    [
        ("Ann: 5-5", "Bob ist am Zug, nicht Ann"),
        ("Bob: pass", "Bob kann nicht passen: im Talon liegen noch 7 Steine – ziehe stattdessen"),
        ("Bob: draw 8", "Bob kann nicht 8 ziehen: im Talon liegen nur noch 7"),
        ("Bob: muggins", "Bob ruft Muggins, aber diese Partie wird ohne Muggins gespielt"),
        ("Bob: 3-2 E", "3-2 passt nicht an O: W zeigt 6, O zeigt 4"),
    ],
)
def test_engine_refusals_in_german(led, move, refusal):
    with pytest.raises(IllegalMoveError) as caught:
        led.push(parse_move(move))
    assert str(caught.value) == refusal


def test_hands_refused_in_german(led):
    with pytest.raises(InvalidHandsError) as caught:
        led.end_round({})
    assert str(caught.value) == "Runde 1 läuft noch: die Resthände werden eingetragen, wenn sie zu Ende ist"


def test_a_wrong_claim_warns_in_german(led):
    out = led.push(parse_move("Bob: 4-1 E =10"))
    assert out.warnings == ("Bob hat 10 angesagt, aber 4-1 bringt 0",)


RECORD = """format = "scorepad/1"
players = ["Ann", "Bob"]
colour = "red"

[[rounds]]
opener = "Ann"
moves = ["Ann: 6-4", "Ann: 5-5"]
"""


def test_audit_problems_in_german(german):
    problems = [(p.round, p.move, p.message) for p in audit_text(RECORD).problems]
    assert problems == [
        (None, None, "unbekannter Schlüssel 'colour' auf oberster Ebene (Zeile 3): bekannt sind format, players, rules, rounds"),
        (1, 2, "'Ann: 5-5': Bob ist am Zug, nicht Ann"),
        (1, 2, "'Ann: 5-5': 5-5 passt nicht: W zeigt 6, O zeigt 4"),
    ]


def test_loading_names_round_and_move_in_german(german):
    with pytest.raises(RecordError) as caught:
        loads(RECORD.replace('colour = "red"\n', ""))
    assert str(caught.value) == "Runde 1, Zug 2: 'Ann: 5-5': Bob ist am Zug, nicht Ann"


def test_a_pip_total_the_unnamed_tiles_fix_in_german(german):
    """Where the tiles nobody has named leave one total, the refusal names it alone."""
    from tests.helpers import BROKEN

    messages = [p.message for p in audit_text(BROKEN.read_text()).problems]
    assert (
        "hands: Bob kann mit 19 Steinen nicht 100 Augen haben: die Steine, die niemand genannt hat, erlauben nur 119" in messages
    )
