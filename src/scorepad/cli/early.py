"""What the program needs before the command line is imported: the language asked for on
the command line, and the end of a run on Ctrl-C. Shared by start.py, which runs before the
app is imported, and by the app, which start.py imports: here, neither imports the other.
It imports nothing heavy, as start.py."""

import sys

INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def asked_language(args: list[str]) -> str | None:
    """The value of `--lang` among the command line's arguments, if given."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def language_first(args: list[str]) -> list[str]:
    """The arguments with every `--lang` (and its value) moved before the command: the
    option belongs to the program, but a player types it where it comes to mind, after
    the command as often as before it (`scorepad export page.html --lang de`)."""
    moved: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        if arg == "--lang" and index + 1 < len(args):
            moved.extend(args[index : index + 2])
            index += 2
            continue
        (moved if arg.startswith("--lang=") else rest).append(arg)
        index += 1
    return moved + rest


def interrupted() -> None:
    from scorepad.i18n import _

    try:
        sys.stderr.write("scorepad: " + _("interrupted") + "\n")
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed or broken stderr: the exit status says it
        pass
    raise SystemExit(INTERRUPTED)
