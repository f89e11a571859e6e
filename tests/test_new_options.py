"""`new` takes the rules' options as the rules' own tables say (engine/rules.py OPTION_ORDER,
FLAGS, CHOICES, NUMBERS, PRESETS): each option, its kind and its choices, and the presets
that `new --rules` and `rules` offer and name in their help."""

from __future__ import annotations

import subprocess
import sys

import typer.main
from tests.helpers import choices_of, flat, kind_of, ok

from scorepad.cli.app import app
from scorepad.cli.commands.recording import RULE_HELP
from scorepad.engine.rules import CHOICES, FLAGS, NUMBERS, OPTION_ORDER, PRESETS

OWN = {"players", "rules", "opener", "force", "file"}  # new's own options, not the rules'


def command(name: str):
    return typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]


def test_every_option_of_the_rules_is_a_flag_a_choice_or_numbers():
    assert sorted(OPTION_ORDER) == sorted([*FLAGS, *CHOICES, *NUMBERS])
    assert len(OPTION_ORDER) == len(FLAGS) + len(CHOICES) + len(NUMBERS)
    assert set(RULE_HELP) == set(OPTION_ORDER)


def test_new_takes_every_option_of_the_rules_and_its_choices():
    params = {p.name: p for p in command("new").params}
    assert set(params) == OWN | set(OPTION_ORDER)
    for name in OPTION_ORDER:
        param = params[name]
        flag = "--" + name.replace("_", "-")
        assert param.opts == [flag]
        if name in FLAGS:
            assert param.secondary_opts == ["--no-" + flag[2:]]
        elif name in CHOICES:
            assert choices_of(param) == CHOICES[name]
        else:
            assert kind_of(param) is (int if NUMBERS[name] == 1 else str)
    assert choices_of(params["rules"]) == tuple(PRESETS)


def test_rules_offers_and_names_every_preset():
    preset = next(p for p in command("rules").params if p.name == "preset")
    assert choices_of(preset) == tuple(PRESETS)
    shown = flat(ok("rules", "--help", width=100))
    assert f"A preset ({' | '.join(PRESETS)})" in shown


def test_a_choice_and_a_preset_added_to_the_tables_reach_the_command_line():
    code = (
        "from scorepad.engine import rules\n"
        "rules.CHOICES['spinner'] = (*rules.CHOICES['spinner'], 'two-doubles')\n"
        "rules.PRESETS['club'] = rules.PRESETS['pagat']\n"
        "from typer.testing import CliRunner\n"
        "from scorepad.cli.app import app\n"
        "runner = CliRunner()\n"
        "print(runner.invoke(app, ['new', '--help'], env={'COLUMNS': '200'}).output)\n"
        "print(runner.invoke(app, ['rules', '--help'], env={'COLUMNS': '200'}).output)\n"
    )
    shown = flat(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert "<first-double | none | two-doubles>" in shown
    assert "<pagat | two-ends | fuenfer | club>" in shown and "A preset (pagat | two-ends | fuenfer | club)" in shown
