"""`scorepad serve` run as a process of its own on the loopback address, for the HTTP and
browser tests: its links read from what it prints, requests made with the standard
library, the push read line by line."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

SCOREPAD = [sys.executable, "-m", "scorepad"]


def scorepad(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """A one-shot command in another process, as another terminal would type it."""
    env = {**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": "40", "NO_COLOR": "1"}
    env.pop("SCOREPAD_FILE", None)
    return subprocess.run([*SCOREPAD, *args], cwd=folder, capture_output=True, text=True, env=env, timeout=60)


@dataclass
class Served:
    process: subprocess.Popen
    watch: str
    players: dict[str, str]  # player -> link
    output: list[str]

    @property
    def port(self) -> int:
        return int(urlsplit(self.watch).port or 0)

    def read_until(self, text: str) -> list[str]:
        """What the server prints next, up to the line holding `text`."""
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line.rstrip("\n"))
            self.output.append(lines[-1])
            if text in line:
                return lines
        raise AssertionError(f"never printed {text!r}: {lines}")

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def get(self, link: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", urlsplit(link).path, headers=headers)

    def nonce(self, player: str) -> str:
        status, _headers, body = self.get(self.players[player])
        assert status == 200
        found = re.search(rb'"nonce": ?"([^"]+)"', body)
        assert found, body[:300]
        return found.group(1).decode()

    def call(self, link: str, what: str, seen: str, nonce: str, **headers: str) -> tuple[int, dict]:
        body = json.dumps({"what": what, "seen": seen, "nonce": nonce}).encode()
        status, _h, answer = self.request(
            "POST", urlsplit(link).path + "call", body, {"Content-Type": "application/json", **headers}
        )
        return status, json.loads(answer) if answer else {}


class Push:
    """One page's push (Server-Sent Events): each message's data as it arrives."""

    def __init__(self, served: Served, link: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", served.port), timeout=30)
        path = urlsplit(link).path + "events"
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""

    def next(self, timeout: float = 30) -> dict:
        self.sock.settimeout(timeout)
        while True:
            found = re.search(rb"\ndata: (.*?)\n", self.buffer)
            if found:
                self.buffer = self.buffer[found.end() :]
                return json.loads(found.group(1))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the push ended")
            self.buffer += chunk

    def close(self) -> None:
        self.sock.close()


@contextmanager
def served(folder: Path, *args: str, lang: str = "en", command: str = "serve") -> Iterator[Served]:
    """`scorepad serve` (or `live --serve`, `command="live"`, its standard input a pipe) on
    the loopback address and a port the system picks, stopped by Ctrl-C (SIGINT) at the
    end unless the test stopped it; the test sees its exit."""
    env = {**os.environ, "SCOREPAD_LANG": lang, "COLUMNS": "40", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    env.pop("SCOREPAD_FILE", None)
    process = subprocess.Popen(
        [*SCOREPAD, command, *(["--serve"] if command == "live" else []), "--host", "127.0.0.1", "--port", "0", *args],
        cwd=folder,
        stdin=subprocess.PIPE if command == "live" else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    output: list[str] = []
    watch, players = None, {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line.rstrip("\n"))
        if line.startswith("Watch the game: "):
            watch = line.split(": ", 1)[1].strip()
        elif re.match(r"^[^:]+: http://", line):
            name, link = line.split(": ", 1)
            players[name] = link.strip()
        if line.startswith("Ctrl-C") or (command == "live" and line.startswith("Listening")):
            break
    assert watch is not None, "\n".join(output)
    try:
        yield Served(process, watch, players, output)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        output.extend(process.stdout.read().splitlines())
        process.stdout.close()
