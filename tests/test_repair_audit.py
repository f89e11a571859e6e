"""Amendments and repairs never make a record that `audit` reports: `replace`, `insert`,
`delete`, `edit` and `fix` refuse a rule broken that the record did not break, and no
repair is offered unless the record it makes audits clean with the refused input in it."""

import pytest
from tests.helpers import ok, refused, run

from scorepad.record.files import load
from scorepad.record.format import audit_text


@pytest.fixture
def two_ends(here):
    """Ann led the highest double 6-6; Bob's 0-6 went on W, typed on E."""
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends")
    ok("play", "66", "--by", "Ann")
    ok("play", "06", "e")
    return here


def test_a_repair_that_breaks_the_lead_rule_is_not_offered(two_ends):
    out = refused(("play", "20", "w", "--claim", "5"), two_ends, 1)
    assert out == (
        "scorepad: 2-0 does not fit W: W shows 6,\n"
        "  E shows 0 (it fits E)\n"
        "Perhaps a slip in this move or earlier\n"
        "in the round:\n"
        '1. scorepad replace 1.2 "Bob: 0-6 W"\n'
        "   scorepad play 2-0 W --claim 5\n"
        "   if 0-6 went on W, not E\n"
        "2. scorepad play 2-0 E --claim 5\n"
        "   if 2-0 went on E, not W\n"
        "3. scorepad play 2-0 W --claim 5 \\\n"
        "     --stands --by Ann\n"
        "   or a ruling: the table lets Ann's 2-0\n"
        "   on W stand against the rules\n"
        "scorepad fix N makes repair N.\n"
    )


def test_the_same_in_german(two_ends):
    out = refused(("play", "20", "w", "--claim", "5"), two_ends, 1, lang="de")
    assert out == (
        "scorepad: 2-0 passt nicht an W: W zeigt\n"
        "  6, O zeigt 0 (er passt an O)\n"
        "Vielleicht ein Versehen in diesem oder\n"
        "einem früheren Zug:\n"
        '1. scorepad replace 1.2 "Bob: 0-6 W"\n'
        "   scorepad play 2-0 W --claim 5\n"
        "   wenn 0-6 an W lag, nicht an O\n"
        "2. scorepad play 2-0 O --claim 5\n"
        "   wenn 2-0 an O lag, nicht an W\n"
        "3. scorepad play 2-0 W --claim 5 \\\n"
        "     --stands --by Ann\n"
        "   oder ein Entscheid: der Tisch lässt\n"
        "   2-0 von Ann an W gegen die Regeln\n"
        "   stehen\n"
        "scorepad fix N führt Reparatur N aus.\n"
    )


def test_fix_with_a_claim_muggins_off_corrects_makes_the_repair_and_the_play(two_ends):
    run("play", "20", "w", "--claim", "5")
    out = ok("fix", "1")
    assert "Traceback" not in out
    assert out.startswith(
        "Repair 1: if 0-6 went on W, not E\nReplaced 1.2: Bob: 0-6 W\nAnn 2-0 W +0: 2 + 6|6 = 14\n! Ann claimed 5, but 2-0 scores 0\n"
    )
    assert "Perhaps" not in out and "Repairs under" not in out
    assert [str(m) for m in load(two_ends).game.current.moves] == ["Ann: 6-6", "Bob: 0-6 W", "Ann: 2-0 W =5"]
    assert audit_text(two_ends.read_text()).problems == []


def test_replace_refuses_a_lead_that_is_not_the_highest_double(two_ends):
    refused(
        ("replace", "1.1", "Ann: 2-6"),
        two_ends,
        1,
        "nothing changed: with that change, round 1, move 1: Ann led 2-6, but the highest double must lead",
    )
    refused(
        ("replace", "1.1", "Ann: 2-6"),
        two_ends,
        1,
        "nichts geändert, denn mit dieser Änderung: Runde 1, Zug 1: Ann hat mit 2-6 eröffnet, aber eröffnen muss der höchste Pasch",
        lang="de",
    )


def test_insert_refuses_it_too(here):
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends")
    ok("play", "66", "--by", "Ann")
    refused(("insert", "1.1", "Bob: 6-1"), here, 1, "round 1, move 1: Bob led 6-1, but the highest double must lead")


def test_a_rule_the_record_already_broke_does_not_block_a_change(here):
    """A hand-written record that breaks the lead rule can still be amended elsewhere."""
    here.write_text(
        'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n[rules]\npreset = "two-ends"\n'
        '[[rounds]]\nopener = "Ann"\nmoves = ["Ann: 6-5", "Bob: 5-5 E"]\n',
        encoding="utf-8",
    )
    ok("replace", "1.2", "Bob: 5-4 E")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 6-5", "Bob: 5-4 E"]


def test_edit_refuses_an_edit_that_breaks_the_lead_rule(two_ends, tmp_path):
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys\np = sys.argv[1]\nt = open(p).read()\nopen(p, 'w').write(t.replace('Ann: 6-6', 'Ann: 2-6'))\n",
        encoding="utf-8",
    )
    import sys

    before = two_ends.read_bytes()
    result = run("edit", input="d\n", env={"VISUAL": f"{sys.executable} {script}"})
    assert "The edited record is not valid: round 1, move 1: Ann led 2-6, but the highest double must lead" in " ".join(
        result.output.split()
    )
    assert two_ends.read_bytes() == before
