"""Many records read by one process (`audit --json` of a club's folder): each folded round
summed up from what it came to, never laid again, and small records read a round at a time
once the quick reader's patterns are compiled. What is read is the same either way."""

import random

import pytest
from tests.helpers import fast_paths_only

from scorepad.engine.game import Game
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record import chunks, plain
from scorepad.record.format import audit_text, dumps
from scorepad.views.summary import audit_json


def game(seed: int, preset: str) -> Game:
    rules = Rules.from_options(preset, muggins=seed % 2 == 0)
    return play_game(["Ann", "Bob", "Cy"], rules, random.Random(seed), careless=0.3 if rules.muggins else 0.0)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("preset", ["pagat", "two-ends", "fuenfer"])
def test_the_audit_json_of_folded_rounds_is_that_of_the_rounds_laid_out(monkeypatch, seed, preset):
    text = dumps(game(seed, preset))
    folded = audit_text(text)
    with monkeypatch.context() as m:
        m.setattr(Game, "_fold", lambda self, index: None)
        laid_out = audit_text(text)
    assert len(folded.game.rounds) > 3  # some rounds were folded
    expected = audit_json("g.toml", laid_out.game, laid_out.problems, laid_out.notes)
    monkeypatch.setattr(Game, "_unfold", lambda self, folded: pytest.fail("a folded round laid out again"))
    assert audit_json("g.toml", folded.game, folded.problems, folded.notes) == expected


@fast_paths_only
def test_small_records_are_read_a_round_at_a_time_once_enough_was_read(monkeypatch):
    texts = [dumps(game(seed, "pagat")) for seed in range(8)]
    assert all(len(text) < chunks.CHUNKED_FROM for text in texts)
    parsed = []
    real = plain.read_round
    monkeypatch.setattr(plain, "read_round", lambda part: parsed.append(part) or real(part))
    monkeypatch.setattr(chunks, "_read_so_far", 0)
    first = audit_text(texts[0])
    assert parsed == []  # one small record: parsed whole, the patterns not needed
    monkeypatch.setattr(chunks, "_read_so_far", chunks.CHUNKED_FROM)
    by_rounds = [audit_text(text) for text in texts]
    assert len(parsed) >= sum(text.count("[[rounds]]") for text in texts)
    monkeypatch.setattr(chunks, "CHUNKED_FROM", 1 << 40)
    whole = [audit_text(text) for text in texts]
    assert [dumps(r.game) for r in by_rounds] == [dumps(r.game) for r in whole] == texts
    assert [(r.problems, r.notes) for r in by_rounds] == [(r.problems, r.notes) for r in whole]
    assert dumps(first.game) == texts[0]
