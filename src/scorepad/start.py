"""The `scorepad` program's entry point. It imports nothing heavy itself, so that Ctrl-C
while the command line interface is still being imported (typer, rich) ends with a short
message and exit status 130 instead of a traceback."""

import sys

from scorepad.cli.early import asked_language, interrupted


def main() -> None:
    import gc

    # Importing the command line (typer, click, scorepad's own modules) makes tens of
    # thousands of objects that live as long as the run; the cycle collector went through
    # them again and again for nothing, a part of every start. It is on again, with
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
