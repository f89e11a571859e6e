"""Starting the server: the links printed (the watchers' first, with its QR code, then one
line per player), the addresses it listens on said plainly, and the server run until
Ctrl-C (`serve`) or beside the live prompt (`live --serve`)."""

from __future__ import annotations

import contextlib
import io
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from scorepad.i18n import _, language
from scorepad.record.files import read_game
from scorepad.serve.tokens import Links
from scorepad.views.console import echo

# Every IPv4 address of the machine: the phones reach it by its address on the table's
# network, which a server on the loopback address alone would refuse.
DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8765


@contextlib.contextmanager
def listening(host: str, port: int, fixed: bool) -> Iterator[socket.socket]:
    """The server's socket, bound before anything is printed; the port given, else the
    default one or, when another program holds it, one the system picks."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        try:
            sock.bind((host, port))
        except OSError:
            if fixed:
                raise
            sock.bind((host, 0))
        sock.listen(128)
        sock.set_inheritable(True)
        yield sock
    finally:
        sock.close()


def lan_address() -> str:
    """The machine's address on its network, as a phone there reaches it: the one the
    system would send from (a datagram socket connected sends nothing); the loopback
    address without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never sent to
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def qr_code(link: str) -> str:
    """`link` as a QR code of half blocks, 33 columns for a link of scorepad's length."""
    import segno

    drawn = io.StringIO()
    segno.make(link, error="l").terminal(out=drawn, compact=True, border=2)
    return drawn.getvalue().rstrip("\n")


def more_files() -> None:
    """As many open files as the system lets this process have: each page open is one,
    and a table's phones, with a frame each and a reload or two, are many more than 30."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536) if hard != resource.RLIM_INFINITY else 65536, hard))
    except (ImportError, ValueError, OSError):
        pass  # not on this system: the default stays


class Served:
    """A server set up for a record: its links and its socket, bound before anything is
    printed. The web server's modules are imported only after the links are printed."""

    def __init__(
        self,
        file: Path,
        host: str,
        port: int | None,
        said: Callable[[str], None],
        hush: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext,
    ) -> None:
        game = read_game(file)  # refused as every command refuses an unreadable record
        more_files()
        self.file, self.said, self.hush = file, said, hush
        self.links = Links.made(list(game.players))
        self.language = language()
        self.host = host
        self.listening = listening(host, DEFAULT_PORT if port is None else port, fixed=port is not None)
        self.socket = self.listening.__enter__()
        self.port = self.socket.getsockname()[1]
        self.address = lan_address() if host in ("0.0.0.0", "") else ("::1" if host == "::" else host)

    def link(self, token: str) -> str:
        address = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{address}:{self.port}/{token}/"

    def tell(self, qr_for: list[str]) -> None:
        """The links, the watchers' first with its QR code; a QR code for each player of
        `qr_for`; then where the server listens."""
        self.show(None)
        for token, player in self.links.players.items():
            if player in qr_for:
                self.show(player)
            else:
                echo(f"{player}: {self.link(token)}", wrap=False)
        if self.host in ("0.0.0.0", ""):
            echo(
                _("Listening on every IPv4 address of this machine, port {port}; the links use {address}.").format(
                    port=self.port, address=self.address
                )
            )
        else:
            echo(_("Listening on {address}, port {port} only.").format(address=self.host, port=self.port))

    def show(self, player: str | None) -> None:
        """A link and its QR code: the watchers' (None) or `player`'s."""
        if player is None:
            link = self.link(self.links.watch)
            echo(_("Watch the game: {link}").format(link=link), wrap=False)
        else:
            link = self.link(self.links.of(player))
            echo(f"{player}: {link}", wrap=False)
        echo(qr_code(link), wrap=False)

    def close(self) -> None:
        self.listening.__exit__(None, None, None)

    def server(self) -> Any:
        from scorepad.serve.server import Table, server_for

        return server_for(Table(self.file, self.links, self.language, self.said, self.hush), self.socket)

    def run(self) -> None:
        """Serve until Ctrl-C (uvicorn's signal handlers stop it, then the interrupt comes
        back as KeyboardInterrupt, taken here)."""
        try:
            self.server().run(sockets=[self.socket])
        except KeyboardInterrupt:
            pass
        finally:
            self.close()

    def beside(self) -> Callable[[], None]:
        """Serve in a thread of its own (the live prompt keeps the main one and Ctrl-C);
        returns what stops it."""
        server = self.server()
        thread = threading.Thread(target=server.run, kwargs={"sockets": [self.socket]}, daemon=True)
        thread.start()

        def stop() -> None:
            server.should_exit = True
            thread.join(5)
            self.close()

        return stop


def show_qr_on_request(served: Served) -> None:
    """While the server runs, a player's name typed at the terminal shows that player's QR code."""
    if not sys.stdin.isatty():
        return
    echo(_("Type a player's name and Enter to show the QR code of that player's link."))

    def read() -> None:
        for line in sys.stdin:
            name = line.strip()
            found = [player for player in served.links.players.values() if player.casefold() == name.casefold()]
            if found:
                served.show(found[0])
            elif name:
                echo(_("No player is called {name}.").format(name=name))

    threading.Thread(target=read, daemon=True).start()
