"""The command line's modules: every command in the module of its kind, as the app's index
says, and a run importing only the module of the command it runs."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module

from tests.helpers import ok

from scorepad.cli.app import COMMANDS


def declared_names(module: str) -> list[str]:
    room = import_module(module).room
    return [args[0] if args else function.__name__ for args, _kwargs, function in room.declared]


def test_the_index_names_every_command_of_every_module_and_no_other():
    for module in set(COMMANDS.values()):
        indexed = [name for name, where in COMMANDS.items() if where == module]
        assert sorted(declared_names(module)) == sorted(indexed), module


def test_help_lists_every_command_of_the_index(here):
    listed = [line.split()[1] for line in ok("--help", width=100).splitlines() if line.startswith("│ ") and line[2] != " "]
    assert [name for name in listed if name in COMMANDS] == list(COMMANDS)


def loaded_after(*args: str) -> set[str]:
    code = (
        "import sys\n"
        "from scorepad.cli.app import app\n"
        f"app({list(args)!r}, standalone_mode=False)\n"
        "print(' '.join(m for m in sys.modules if m.startswith('scorepad.cli.commands.')), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stderr.split())


def test_a_run_imports_only_the_module_of_its_command():
    assert loaded_after("--version") <= {"scorepad.cli.commands.common"}
    assert loaded_after("rules", "pagat") == {"scorepad.cli.commands.common", "scorepad.cli.commands.showing"}
