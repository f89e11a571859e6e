"""The live table mode: one prompt for the whole game (`scorepad live`). Each line is read
with the same grammar as the command line and saved at once."""

from __future__ import annotations

from pathlib import Path

import typer

from scorepad.cli import BAD_USAGE, draw, fail, hands, hint, log, muggins, pass_, play, read, rules_, show, tally, undo
from scorepad.console import echo

LIVE_HELP = """\
64 e      play 6-4 on E (lead: 64)
64 e =10  ... and claim 10
66 @Bob   Bob plays (or leads) 6-6
d, d 2    draw one, draw two
p         pass
m Bob     Bob calls muggins
u         undo the last move
hands Bob=8 Cy=43,50
          the remaining hands
s, l, t   show, log, tally
hint 64 55, rules
q         leave (all is saved)"""


def live_command(line: str, file: Path) -> bool:
    """Run one line typed at the live prompt; False when the player leaves."""
    words = line.split()
    if not words:
        return True
    head, rest = words[0].lower(), words[1:]
    by = None
    if rest and rest[-1].startswith("@"):
        by = rest.pop()[1:]
    try:
        if head in ("q", "quit", "exit"):
            return False
        if head in ("?", "help", "h"):
            echo(LIVE_HELP)
        elif head in ("u", "undo"):
            undo(file=file)
        elif head in ("d", "draw"):
            count = rest[0] if rest else "1"
            if not count.isdigit():
                fail(f"'{line}': draw takes a count, e.g. d 2", BAD_USAGE)
            draw(count=int(count), by=by, file=file)
        elif head in ("p", "pass"):
            pass_(by=by, file=file)
        elif head in ("m", "muggins"):
            if len(rest) != 1:
                fail(f"'{line}': say who calls it, e.g. m Bob", BAD_USAGE)
            muggins(caller=rest[0], file=file)
        elif head == "hands":
            hands(remaining=rest, file=file)
        elif head in ("s", "show"):
            show(as_json=False, file=file)
        elif head in ("l", "log"):
            log(as_json=False, file=file)
        elif head in ("t", "tally"):
            tally(file=file)
        elif head == "hint":
            hint(tiles=rest, file=file)
        elif head == "rules":
            rules_(preset=None, file=file)
        else:
            claim = None
            if rest and rest[-1].startswith("="):
                text = rest.pop()[1:]
                if not text.isdigit():
                    fail(f"'{line}': a claim is a number, e.g. =10", BAD_USAGE)
                claim = int(text)
            if len(rest) > 1:
                fail(f"'{line}': write a tile and an end, e.g. 64 e (? for help)", BAD_USAGE)
            play(tile=words[0], end=rest[0] if rest else None, by=by, claim=claim, file=file)
    except typer.Exit:
        pass  # the command has said what went wrong; the game goes on
    return True



def run(file: Path) -> None:
    """The prompt loop: show the game, then read lines until q or end of input."""
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:  # pragma: no cover - not on every platform
        pass
    show(as_json=False, file=file)
    echo("? for help, q to leave")
    while True:
        game = read(file)
        prompt = f"{game.turn}> " if game.turn else "> "
        try:
            line = input(prompt)
        except EOFError:
            echo()
            return
        if not live_command(line, file):
            return
