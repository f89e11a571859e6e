"""The web server of `scorepad serve`: Starlette's routing on uvicorn's HTTP/1.1 (h11),
the game pushed to each page by Server-Sent Events. One task watches the record (its
identity, size and modification time, a few times a second); a change is read once and
sent to every page open. Nothing here writes the record but a player's call, through
`now.call` (the engine, under the record's lock)."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.engine.game import Game
from scorepad.errors import ScorepadError
from scorepad.i18n import LANGUAGES, _, speaking
from scorepad.record.files import read_both
from scorepad.serve import now
from scorepad.serve.shell import game_page, live_page

if TYPE_CHECKING:
    import socket

    from scorepad.serve.tokens import Links

POLL = 0.1  # seconds between looks at the record's size and time: one os.stat each
KEEP_ALIVE = 15.0  # seconds between comments on a quiet push, so no proxy or phone drops it
NONCES = 64  # pages opened per link whose calls are still taken
MAX_CALL = 1024  # bytes of a call's body
SILENT = 10.0  # seconds a connection may take to send its first request, to twice that
# Every answer: no address (with its token) handed on to another site, no guessing of types,
# nothing kept by a cache.
HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-store"),
]


def signature(file: Path) -> tuple[int, ...] | None:
    """What tells that the record changed: a new file (an atomic save), its size or time."""
    try:
        found = os.stat(file)
    except OSError:
        return None
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


def asked_language(request: Request, fallback: str) -> str:
    """The phone's language: the first of Accept-Language scorepad speaks, by preference."""
    best, weight = fallback, 0.0
    for part in request.headers.get("accept-language", "")[:200].split(","):
        tag, _sep, rest = part.strip().partition(";")
        code = tag.split("-")[0].strip().lower()
        try:
            q = float(rest.strip()[2:]) if rest.strip().startswith("q=") else 1.0
        except ValueError:
            continue
        if code in LANGUAGES and q > weight:
            best, weight = code, q
    return best


def takes_gzip(request: Request) -> bool:
    """Whether the client's Accept-Encoding takes gzip (every browser's does)."""
    for part in request.headers.get("accept-encoding", "")[:200].lower().split(","):
        name, _sep, rest = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            weight = rest.strip()
            try:
                return float(weight[2:]) > 0 if weight.startswith("q=") else True
            except ValueError:
                return False
    return False


@dataclass
class Table:
    """The game served: the record as last read, what each kind of page is sent (made once
    per change), and the pages' nonces."""

    file: Path
    links: Links
    language: str
    said: Callable[[str], None]  # what a call did, for the keeper's terminal
    # While a call is made and said: the keeper's prompt leaves the record's change to `said`.
    hush: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext
    text: str | None = None
    game: Game | None = None
    problem: str | None = None
    version: int = 0
    made: dict[tuple[str, str | None, str], str] = field(default_factory=dict)
    packed: dict[str, bytes] = field(default_factory=dict)  # the whole game gzipped, by language
    nonces: dict[str, deque[str]] = field(default_factory=dict)
    used: set[tuple[str, str]] = field(default_factory=set)
    stopping: bool = False

    def __post_init__(self) -> None:
        self.changed = asyncio.Event()
        self.busy = asyncio.Lock()
        self.poke = asyncio.Event()

    def read(self) -> None:
        try:
            text, game = read_both(self.file)
        except (ScorepadError, OSError) as problem:
            self.text, self.game, self.problem = None, None, str(problem)
        else:
            self.text, self.game, self.problem = text, game, None

    async def reload(self) -> None:
        async with self.busy:
            await asyncio.to_thread(self.read)
            self.version += 1
            self.made.clear()
            self.packed.clear()
        self.changed.set()
        self.changed = asyncio.Event()

    async def watch(self, stopped: Callable[[], bool], connections: Callable[[], set[Any]]) -> None:
        """The one task that looks at the record, and now and then at the connections; it
        ends when the server stops."""
        last = signature(self.file)
        swept = time.monotonic()
        silent: set[Any] = set()
        while not stopped():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.poke.wait(), POLL)
            self.poke.clear()
            now_is = signature(self.file)
            if now_is != last:
                last = now_is
                await self.reload()
            if time.monotonic() - swept >= SILENT:
                swept = time.monotonic()
                silent = drop_silent(connections(), silent)
        self.stop()

    def stop(self) -> None:
        self.stopping = True
        self.changed.set()

    async def made_once(self, kind: str, player: str | None, lang: str, make: Callable[[], str]) -> str:
        key = (kind, player, lang)
        async with self.busy:
            if key not in self.made:

                def spoken() -> str:
                    with speaking(lang):
                        return make()

                self.made[key] = await asyncio.to_thread(spoken)
            return self.made[key]

    async def packed_once(self, lang: str, body: str) -> bytes:
        """`body`, the whole game in `lang`, gzipped once per change for every page that
        takes it so: a tenth of the bytes to each phone (docs/development.md, "The whole
        game on 30 phones")."""
        async with self.busy:
            if lang not in self.packed:
                self.packed[lang] = await asyncio.to_thread(gzip.compress, body.encode("utf-8"), 6)
            return self.packed[lang]

    def now_json(self, player: str | None) -> str:
        if self.game is None or self.text is None:
            return json.dumps(
                {"version": self.version, "problem": _("The record cannot be read now: {problem}").format(problem=self.problem)}
            )
        return json.dumps({"version": self.version, "seen": now.seen(self.text), **now.now(self.game, player)})

    def issue_nonce(self, token: str) -> str:
        nonce = secrets.token_urlsafe(16)
        self.nonces.setdefault(token, deque(maxlen=NONCES)).append(nonce)
        return nonce


def drop_silent(connections: set[Any], before: set[Any]) -> set[Any]:
    """Close the connections that have not sent a whole request since the last look
    (`before`: those that had not then), SILENT to twice SILENT seconds after they
    opened: uvicorn times out a connection idle between requests, not one that never
    finishes its first (a slow client holding connections open). Returns those that
    have not, for the next look."""
    waiting = {c for c in connections if getattr(c, "cycle", True) is None}
    for connection in waiting & before:
        transport = getattr(connection, "transport", None)
        if transport is not None:
            transport.close()
    return waiting - before


def _secured(app: ASGIApp) -> ASGIApp:
    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await app(scope, receive, sending)

    return answer


NOT_FOUND = Response("not found\n", status_code=404, media_type="text/plain")


def make_app(table: Table, stopped: Callable[[], bool], connections: Callable[[], set[Any]] = set) -> ASGIApp:
    """The HTTP interface of docs/format.md ("The server")."""

    def linked(handler: Callable[[Request, str, str | None], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def checked(request: Request) -> Response:
            token = request.path_params.get("token", "")
            known, player = table.links.find(token)
            if not known:
                return NOT_FOUND  # the same as any address that is not there: nothing told
            return await handler(request, token, player)

        return checked

    async def page(request: Request, token: str, player: str | None) -> Response:
        lang = asked_language(request, table.language)
        with speaking(lang):
            body, policy = live_page(table.file, player, table.issue_nonce(token) if player is not None else "")
        return Response(body, media_type="text/html; charset=utf-8", headers={"content-security-policy": policy})

    async def whole_game(request: Request, token: str, player: str | None) -> Response:
        lang = asked_language(request, table.language)
        if table.game is None:
            return Response("", status_code=503, media_type="text/plain")
        body = await table.made_once("game", None, lang, lambda: game_page(table.game, table.file))  # type: ignore[arg-type]
        headers = {
            "content-security-policy": "frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
            "vary": "accept-encoding",
        }
        if takes_gzip(request):
            packed = await table.packed_once(lang, body)
            return Response(packed, media_type="text/html; charset=utf-8", headers={**headers, "content-encoding": "gzip"})
        return Response(body, media_type="text/html; charset=utf-8", headers=headers)

    async def state(request: Request, token: str, player: str | None) -> Response:
        if table.game is None:
            return JSONResponse({"problem": table.problem}, status_code=503)
        body = await table.made_once("state", None, table.language, lambda: json.dumps(now.state(table.game)))  # type: ignore[arg-type]
        return Response(body, media_type="application/json")

    async def events(request: Request, token: str, player: str | None) -> Response:
        lang = asked_language(request, table.language)

        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 1000\n\n"
            while not table.stopping and not stopped():
                waiting = table.changed
                data = await table.made_once("now", player, lang, lambda: table.now_json(player))
                yield b"data: " + data.encode("utf-8") + b"\n\n"
                while not waiting.is_set():
                    try:
                        await asyncio.wait_for(waiting.wait(), KEEP_ALIVE)
                    except TimeoutError:
                        yield b": still here\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"x-accel-buffering": "no"})

    async def called(request: Request, token: str, player: str | None) -> Response:
        lang = asked_language(request, table.language)
        with speaking(lang):
            if player is None:
                return JSONResponse({"refused": _("a watcher's link calls nothing")}, status_code=403)
            origin = request.headers.get("origin")
            if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host', '')}":
                return JSONResponse({"refused": _("a call comes from the player's own page")}, status_code=403)
            if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
                return JSONResponse({"refused": _("a call comes from the player's own page")}, status_code=415)
            body = b""
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_CALL:
                    return JSONResponse({"refused": _("a call comes from the player's own page")}, status_code=413)
            try:
                asked = json.loads(body)
                what, against, nonce = asked["what"], asked["seen"], asked["nonce"]
            except (ValueError, KeyError, TypeError):
                return JSONResponse({"refused": _("a call comes from the player's own page")}, status_code=400)
            if not all(isinstance(value, str) for value in (what, against, nonce)) or what not in now.CALLS:
                return JSONResponse({"refused": _("a call comes from the player's own page")}, status_code=400)
            if nonce not in table.nonces.get(token, ()):
                return JSONResponse({"refused": _("this page is too old to call: open the link again")}, status_code=403)
            if (nonce, against) in table.used:
                return JSONResponse({"refused": _("this call was made already")}, status_code=409)
            table.used.add((nonce, against))

            def calling() -> tuple[bool, str]:
                with speaking(lang):
                    try:
                        return True, now.call(table.file, player, what, against)
                    except (now.CallRefused, ScorepadError) as problem:
                        return False, str(problem)
                    except OSError as problem:
                        return False, str(problem.strerror)

            # The keeper's prompt hears of the call from `said`, not from the record's
            # change: hushed until it is said, it does not say the change twice.
            with table.hush():
                done, words = await asyncio.to_thread(calling)
                if done:
                    with speaking(table.language):
                        table.said(_("{name}'s phone: {what}").format(name=player, what=words))
        table.poke.set()
        if not done:
            return JSONResponse({"refused": words}, status_code=409)
        return JSONResponse({"done": words})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await table.reload()  # read before the first request is answered
        watching = asyncio.create_task(table.watch(stopped, connections))
        try:
            yield
        finally:
            table.stop()
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching

    routes = [
        Route("/{token}/", linked(page)),
        Route("/{token}/game", linked(whole_game)),
        Route("/{token}/state.json", linked(state)),
        Route("/{token}/events", linked(events)),
        Route("/{token}/call", linked(called), methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # an address is answered as it is, or not at all
    return _secured(app)


def server_for(table: Table, sock: socket.socket) -> Any:
    """A uvicorn server of the app on `sock`, bounded against hostile clients: a few
    hundred connections at once (past them: 503), headers of at most 16 KB, idle
    connections closed after 5 s, and a stop that waits at most 2 s for the pages."""
    import uvicorn

    server: uvicorn.Server

    def stopped() -> bool:
        return bool(server.should_exit)

    def connections() -> set[Any]:
        return set(getattr(server.server_state, "connections", ()))

    config = uvicorn.Config(
        make_app(table, stopped, connections),
        http="h11",
        ws="none",
        lifespan="on",
        loop="asyncio",
        interface="asgi3",
        log_config=None,
        log_level="warning",
        access_log=False,
        proxy_headers=False,
        server_header=False,
        date_header=False,
        limit_concurrency=400,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
        h11_max_incomplete_event_size=16 * 1024,
    )
    server = uvicorn.Server(config)
    return server
