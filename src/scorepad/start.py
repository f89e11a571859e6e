"""The `scorepad` program's entry point. It imports nothing heavy itself, so that Ctrl-C
while the command line interface is still being imported (typer, rich) ends with a short
message and exit status 130 instead of a traceback."""

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


def interrupted() -> None:
    from scorepad.i18n import _

    try:
        sys.stderr.write("scorepad: " + _("interrupted") + "\n")
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed or broken stderr: the exit status says it
        pass
    raise SystemExit(INTERRUPTED)


def main() -> None:
    import gc

    # Importing the command line (typer, click, scorepad's own modules) makes tens of
    # thousands of objects that live as long as the run; the cycle collector went through
    # them again and again for nothing (about 5 ms of each start). It is on again, with
    # them set aside (freeze), before the command does anything.
    gc.disable()
    from scorepad import i18n

    # Chosen before anything is imported or shown; the command line's group chooses
    # again from the same arguments (helpscreen), which is what a test's runner meets.
    i18n.use(i18n.choose(asked_language(sys.argv[1:])))
    try:
        from scorepad.cli.app import main as run
    except KeyboardInterrupt:
        interrupted()
    finally:
        gc.freeze()
        gc.enable()
    run()
