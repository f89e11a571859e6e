"""`scorepad serve` over HTTP on the loopback address: the links and what each may do,
hostile requests refused with the record unchanged, a change pushed to every page open,
state.json, many clients at once, and Ctrl-C with pages open."""

from __future__ import annotations

import gzip
import json
import resource
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.helpers import ok
from tests.serving import Push, Served, scorepad, served


def set_table(record: Path) -> Path:
    """A muggins game in which Ann led 5-5 without claiming its 10: Bob may call muggins.
    Made in this process: the server, not the game's making, is what these tests are about."""
    ok("new", "--players", "Ann,Bob", "--muggins", "-f", record)
    ok("play", "55", "--by", "Ann", "-f", record)
    return record


@pytest.fixture
def table(folder: Path) -> Path:
    return set_table(folder / "scorepad.toml")


@pytest.fixture(scope="module")
def looked_at(tmp_path_factory) -> Iterator[tuple[Path, Served]]:
    """One server for the tests that only look (no call goes through, nothing is
    written): its table, and the server, started once for them all."""
    record = set_table(tmp_path_factory.mktemp("looked-at") / "scorepad.toml")
    before = record.read_bytes()
    with served(record.parent) as server:
        yield record, server
        assert server.process.poll() is None, server.output
    assert record.read_bytes() == before


def test_the_links_come_first_with_the_watchers_qr_code_then_one_line_per_player(looked_at):
    _table, server = looked_at
    lines = server.output
    assert lines[0].startswith("Watch the game: http://127.0.0.1:")
    assert "▄" in lines[2] and max(len(line) for line in lines[1:18]) <= 40  # half blocks, 40 columns
    named = [line.split(":")[0] for line in lines if "http://" in line]
    assert named == ["Watch the game", "Ann", "Bob"]
    assert any(line.startswith("Listening on 127.0.0.1, port") for line in lines)
    tokens = {link.rstrip("/").rsplit("/", 1)[1] for link in [server.watch, *server.players.values()]}
    assert len(tokens) == 3 and all(len(token) >= 22 for token in tokens)


def test_a_players_qr_code_on_request(table):
    with served(table.parent, "--qr", "Bob") as server:
        at = next(i for i, line in enumerate(server.output) if line.startswith("Bob: "))
        assert "▄" in server.output[at + 2]
        assert any(line.startswith("Listening") for line in server.output[at:])


def test_a_qr_code_for_nobody_is_refused(table):
    done = scorepad(table.parent, "serve", "--host", "127.0.0.1", "--port", "0", "--qr", "Zed")
    assert done.returncode == 2 and "Zed" in done.stderr


def test_state_json_is_what_show_json_prints(looked_at):
    table, server = looked_at
    status, headers, body = server.get(server.watch + "state.json")
    assert status == 200 and headers["content-type"].startswith("application/json")
    assert json.loads(body) == json.loads(ok("show", "--json", "-f", table))
    assert headers["referrer-policy"] == "no-referrer"


def test_the_whole_game_is_sent_gzipped_to_a_client_that_takes_it(looked_at):
    _table, server = looked_at
    status, headers, plain = server.get(server.watch + "game")
    assert status == 200 and "content-encoding" not in headers and plain.startswith(b"<!DOCTYPE html>")
    status, headers, packed = server.get(server.watch + "game", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "accept-encoding"
    assert gzip.decompress(packed) == plain and len(packed) * 2 < len(plain)
    _status, headers, body = server.get(server.watch + "game", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in headers and body == plain


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/state.json",
        "/events",
        "/AAAAAAAAAAAAAAAAAAAAAA/",
        "/AAAAAAAAAAAAAAAAAAAAAA/state.json",
        "/../scorepad.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/scorepad.toml",
        "/..%2fscorepad.toml",
    ],
)
def test_without_a_token_nothing_of_the_game_is_shown(looked_at, path):
    _table, server = looked_at
    status, _headers, body = server.request("GET", path)
    assert status == 404
    assert b"Ann" not in body and b"5-5" not in body and b"root:" not in body
    token = server.watch.rstrip("/").rsplit("/", 1)[1]
    status, _headers, body = server.request("GET", f"/{token}/../../scorepad.toml")
    assert status == 404 and b"Ann" not in body


def test_a_watchers_link_calls_nothing(looked_at):
    table, server = looked_at
    before = table.read_bytes()
    push = Push(server, server.watch)
    now = push.next()
    push.close()
    assert now["calls"] == [] and "may call muggins" in now["chance"]
    status, answer = server.call(server.watch, "muggins", now["seen"], "x")
    assert status == 403 and "watcher" in answer["refused"]
    assert table.read_bytes() == before


def test_a_player_calls_muggins_and_the_record_holds_it(table):
    with served(table.parent) as server:
        push = Push(server, server.players["Bob"])
        now = push.next()
        assert [call["what"] for call in now["calls"]] == ["muggins"]
        nonce = server.nonce("Bob")
        status, answer = server.call(server.players["Bob"], "muggins", now["seen"], nonce)
        assert status == 200, answer
        assert "Muggins! Bob takes +10" in answer["done"]
        after = push.next()
        assert after["calls"] == [] and after["chance"] is None and after["last"].startswith("Muggins!")
        push.close()
    assert '"Bob: muggins"' in table.read_text()


def test_the_player_who_missed_may_claim_but_not_call_muggins(table):
    with served(table.parent) as server:
        push = Push(server, server.players["Ann"])
        now = push.next()
        push.close()
        assert [call["what"] for call in now["calls"]] == ["claim"]
        status, answer = server.call(server.players["Ann"], "muggins", now["seen"], server.nonce("Ann"))
        assert status == 409 and "own side" in answer["refused"]
        status, answer = server.call(server.players["Ann"], "claim", now["seen"], server.nonce("Ann"))
        assert status == 200, answer
    assert '"Ann: 5-5 =10"' in table.read_text()


def test_forged_and_replayed_calls_are_refused_and_the_record_is_unchanged(table):
    before = table.read_bytes()
    with served(table.parent) as server:
        push = Push(server, server.players["Bob"])
        seen = push.next()["seen"]
        bob = server.players["Bob"]
        nonce = server.nonce("Bob")
        assert server.call(bob, "muggins", seen, "made-up")[0] == 403  # no page gave this nonce
        assert server.call(bob, "muggins", "0" * 32, nonce)[0] == 409  # made against another record
        assert server.call(bob, "muggins", "0" * 32, nonce)[0] == 409  # ... and again: made already
        assert server.call(bob, "pass", seen, nonce)[0] == 400  # no such call
        assert server.call(bob, "muggins", seen, nonce, Origin="http://elsewhere.example")[0] == 403
        status, _h, _b = server.request("POST", "/" + bob.split("/")[3] + "/call", b"{}", {"Content-Type": "text/plain"})
        assert status == 415
        status, _h, _b = server.request(
            "POST", "/" + bob.split("/")[3] + "/call", b"x" * 5000, {"Content-Type": "application/json"}
        )
        assert status == 413
        assert table.read_bytes() == before
        assert server.call(bob, "muggins", seen, nonce)[0] == 200
        after = table.read_bytes()
        assert server.call(bob, "muggins", seen, nonce)[0] == 409  # replayed
        assert server.call(bob, "muggins", seen, server.nonce("Bob"))[0] == 409  # the record moved on
        push.close()
    assert table.read_bytes() == after


def test_a_change_made_by_another_process_reaches_every_page(table):
    with served(table.parent) as server:
        pages = [Push(server, link) for link in [server.watch, *server.players.values()] * 10]
        assert {page.next()["version"] for page in pages} == {1}
        assert scorepad(table.parent, "play", "50", "e").returncode == 0
        changed = [page.next() for page in pages]
        assert all(now["last"].startswith("Bob 5-0 E") for now in changed), changed[0]["last"]
        for page in pages:
            page.close()


def test_an_unreadable_record_is_said_and_the_pages_recover(table):
    good = table.read_text()
    with served(table.parent) as server:
        push = Push(server, server.watch)
        push.next()
        table.write_text(good.replace("players", "player s", 1))
        assert "cannot be read" in push.next()["problem"]
        table.write_text(good)
        assert "problem" not in push.next()
        push.close()


def test_thirty_clients_at_once(looked_at):
    _table, server = looked_at
    answers: list[int] = []

    def fetch() -> None:
        answers.append(server.get(server.watch + "state.json")[0])

    threads = [threading.Thread(target=fetch) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers == [200] * 30


def test_huge_headers_and_many_connections_never_stop_it(table):
    before = table.read_bytes()
    with served(table.parent) as server:
        token = server.watch.split("/")[3]
        status, _h, body = server.request("GET", "/x/", headers={"X-Big": "a" * 100_000})
        assert status in (400, 404, 431) and b"Ann" not in body
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        sock.sendall(f"GET /{token}/state.json HTTP/1.1\r\nHost: x\r\nX-Big: ".encode())
        for _ in range(40):  # a header that never ends, sent in pieces
            try:
                sock.sendall(b"a" * 1000)
            except OSError:
                break
        try:
            answer = sock.recv(1000)
        except ConnectionResetError:
            # The server let go of a request it had not read to the end: the kernel says so
            # with a reset rather than an orderly close, as the pieces still arrive.
            answer = b""
        assert b" 200 " not in answer
        sock.close()
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
        idle = []
        try:
            for _ in range(1000):  # a thousand clients: connected, saying nothing
                idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=30))
            assert server.get(server.watch + "state.json")[0] in (200, 503)  # served, or told to come back
        finally:
            for sock in idle:
                sock.close()
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        assert server.get(server.watch + "state.json")[0] == 200
        assert server.process.poll() is None
    assert table.read_bytes() == before


@pytest.mark.slow  # waits for the server to give up on a silent client (10 to 20 s)
def test_a_client_that_never_finishes_its_request_is_let_go(table):
    with served(table.parent) as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        sock.sendall(b"GET /")
        assert sock.recv(100) == b""  # closed by the server
        sock.close()


def test_ctrl_c_with_pages_open_stops_it_cleanly_and_leaves_nothing(table):
    files = sorted(p.name for p in table.parent.iterdir())
    with served(table.parent) as server:
        pages = [Push(server, server.watch) for _ in range(5)]
        for page in pages:
            page.next()
    assert server.process.returncode == 0, server.output
    assert server.output[-1] == "The server has stopped."
    assert not any("Traceback" in line for line in server.output)
    assert sorted(p.name for p in table.parent.iterdir()) == files


def test_live_serve_is_the_prompt_with_the_server_and_shows_a_phones_call_at_once(table):
    with served(table.parent, command="live") as server:
        push = Push(server, server.players["Bob"])
        seen = push.next()["seen"]
        push.close()
        status, answer = server.call(server.players["Bob"], "muggins", seen, server.nonce("Bob"))
        assert status == 200, answer
        server.read_until("Bob's phone: Muggins! Bob takes +10")
        assert server.process.stdin is not None
        server.process.stdin.write("s\nq\n")
        server.process.stdin.close()
        assert server.process.wait(60) == 0
    assert '"Bob: muggins"' in table.read_text()


def test_a_player_reads_the_page_in_the_phones_language(looked_at):
    _table, server = looked_at
    status, _headers, body = server.get(server.players["Bob"], headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    assert status == 200 and '<html lang="de">' in body.decode() and "Seite von Bob" in body.decode()
    sock = Push(server, server.players["Bob"])
    sock.close()
    status, answer = server.call(server.players["Bob"], "muggins", "0" * 32, "forged", **{"Accept-Language": "de"})
    assert status == 403 and "zu alt" in answer["refused"]


def test_a_record_that_cannot_be_served_is_refused_plainly(folder):
    done = scorepad(folder, "serve", "--host", "127.0.0.1", "--port", "0")
    assert done.returncode == 2 and "scorepad.toml" in done.stderr and "Traceback" not in done.stderr
    done = scorepad(folder, "serve", "-f", "-")
    assert done.returncode == 2 and "standard input" in " ".join(done.stderr.split())


def test_a_new_game_in_the_same_file_reaches_the_pages_and_old_links_watch_it(table):
    with served(table.parent) as server:
        push = Push(server, server.players["Bob"])
        push.next()
        ok("undo", "-f", table)  # in this process: another than the server's
        assert push.next()["last"] is None  # nothing played: the lead taken back
        ok("new", "--players", "Cy,Dan", "--muggins", "--force", "-f", table)
        now = push.next()
        assert [side["name"] for side in now["sides"]] == ["Cy", "Dan"]
        assert now["calls"] == [] and not any(side["yours"] for side in now["sides"])
        push.close()
