"""The presets are data: a preset added to PRESETS alone, with targets of its own, is used
everywhere a preset is (its targets at every table, a record naming it)."""

from __future__ import annotations

import pytest

from scorepad import Game
from scorepad.engine.rules import OPTIONS, PRESETS, Rules, Targets
from scorepad.record.format import dumps, loads

CLUB = Targets(two=120, three=110, four=105, partnerships=130)


@pytest.fixture
def club(monkeypatch):
    options = {name: getattr(PRESETS["pagat"], name) for name in OPTIONS}
    monkeypatch.setitem(PRESETS, "club", Rules(**{**options, "preset": "club"}, targets=CLUB))


@pytest.mark.parametrize(
    ("players", "partners", "target"),
    [(2, True, CLUB.two), (3, True, CLUB.three), (4, False, CLUB.four), (4, True, CLUB.partnerships)],
)
def test_a_preset_added_as_data_has_its_own_targets_at_every_table(club, players, partners, target):
    game = Game(["Ann", "Bob", "Cy", "Dee"][:players], Rules.from_options("club", partners=partners))
    assert game.target == target
    assert loads(dumps(game)).game.target == target


def test_a_table_target_wins_over_the_presets(club):
    assert Game(["Ann", "Bob"], Rules.from_options("club", target=300)).target == 300


def test_the_presets_targets_are_in_their_words(club):
    words = dict(PRESETS["club"].describe())["target"]
    assert all(str(n) in words for n in CLUB)
    assert dict(PRESETS["fuenfer"].describe())["target"] == f"{PRESETS['fuenfer'].targets.two} points"
