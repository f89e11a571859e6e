"""The `scorepad` program's entry point. It imports nothing heavy itself, so that Ctrl-C
while the command line interface is still being imported (typer, rich) ends with a short
message and exit status 130 instead of a traceback."""

import sys

INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def interrupted() -> None:
    try:
        sys.stderr.write("scorepad: interrupted\n")
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed or broken stderr: the exit status says it
        pass
    raise SystemExit(INTERRUPTED)


def main() -> None:
    try:
        from scorepad.cli import main as run
    except KeyboardInterrupt:
        interrupted()
    run()
