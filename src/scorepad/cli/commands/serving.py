"""The command that puts the game on the table's phones: `scorepad serve`."""

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.commands.common import BAD_USAGE, DEFAULT_FILE, FileOption, HostOption, PortOption, fail, from_stdin
from scorepad.cli.helpscreen import Room
from scorepad.errors import ScorepadError
from scorepad.i18n import N_, _
from scorepad.views.console import echo

if TYPE_CHECKING:
    from scorepad.serve.links import Served

room = Room()


def start(
    file: Path,
    host: str,
    port: int | None,
    qr: list[str],
    said: "Callable[[str], None]" = echo,
    hush: "Callable[[], AbstractContextManager[None]]" = nullcontext,
) -> "Served":
    """The server set up and its links printed; refusals worded as every command's.
    `said`: what a phone's call did, for the keeper; `hush`: held while a call is made and
    said (the live prompt then leaves the record's change to `said`)."""
    if from_stdin(file):
        fail(_("-f -: a record on standard input cannot be served; give the record's file"), BAD_USAGE)
    from scorepad.serve.links import Served

    try:
        served = Served(file, host, port, said=said, hush=hush)
    except ScorepadError as problem:
        fail(str(problem), BAD_USAGE)
    except OSError as problem:
        fail(_("cannot listen on {host} port {port}: {reason}").format(host=host, port=port, reason=problem.strerror), BAD_USAGE)
    unknown = [name for name in qr if name not in served.links.players.values()]
    if unknown:
        served.close()
        fail(_("--qr {name}: no player of this game is called so").format(name=unknown[0]), BAD_USAGE)
    served.tell(qr)
    return served


@room.command(
    help=N_(
        "The game on the table's phones: a web server on the local network.\n"
        "\n"
        "Prints the link to watch the game, with its QR code, then each player's own link (a player's page\n"
        "calls muggins and claims). Every link holds its own secret token. Ctrl-C stops it.\n"
        "\n"
        "Example: scorepad serve -f tonight.toml --qr Ann"
    )
)
def serve(
    file: FileOption = DEFAULT_FILE,
    host: HostOption = "0.0.0.0",
    port: PortOption = None,
    qr: Annotated[
        list[str] | None, typer.Option("--qr", metavar="NAME", help=N_("Show this player's QR code too (repeatable)."))
    ] = None,
) -> None:
    from scorepad.serve.links import show_qr_on_request

    served = start(file, host, port, qr or [])
    echo(_("Ctrl-C stops the server."))
    show_qr_on_request(served)
    served.run()
    echo(_("The server has stopped."))
