"""A save never writes a record the reader then refuses: a text over the read limit is
refused before anything is replaced or copied, with what to do instead."""

from __future__ import annotations

import os

import pytest
from tests.helpers import refused

from scorepad.record.format import MAX_RECORD_BYTES

HEAD = 'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\npreset = "pagat"\ndeal = [14, 7, 5]\ntarget = 100000\n'
ROUND = (
    '\n[[rounds]]\nopener = "{a}"\nmoves = [\n  "{a}: 0-0",\n  "{b}: pass",\n  "{a}: pass",\n]\n'
    "hands = {{ Ann = 84, Bob = 84 }}\npoints = {{ Ann = 0, Bob = 0 }}\n"
)


def just_under_the_limit(room: int) -> str:
    """A valid record of blocked rounds `room` bytes under the read limit, the difference
    made up by a comment at its head (a comment is what makes the size exact)."""
    rounds, size, i = [], len(HEAD), 0
    while True:
        text = ROUND.format(a="Ann", b="Bob") if i % 2 == 0 else ROUND.format(a="Bob", b="Ann")
        if size + len(text) > MAX_RECORD_BYTES - room - 200:
            break
        rounds.append(text)
        size += len(text)
        i += 1
    body = HEAD + "".join(rounds)
    pad = MAX_RECORD_BYTES - room - len(body) - 3
    return "# " + "x" * pad + "\n" + body


@pytest.mark.slow
def test_a_save_that_would_pass_the_read_limit_is_refused_before_anything_is_written(here):
    text = just_under_the_limit(room=10)
    here.write_text(text, encoding="utf-8")
    assert here.stat().st_size == MAX_RECORD_BYTES - 10  # readable, as the reader allows
    out = refused(["play", "0-0", "--by", "Ann"], here, 2, "not saved", "scorepad audit", "scorepad new -f")
    assert "would grow to" in out
    left = [name for name in os.listdir(here.parent) if name != ".scorepad.toml.lock"]
    assert left == ["scorepad.toml"]  # no copy of the hand-edited record, no temporary file
    # The record is still read by every command, and a change that keeps it readable is saved.
    refused(["show"], here, 0)


@pytest.mark.slow
def test_import_never_writes_a_record_over_the_read_limit(folder):
    import base64

    text = just_under_the_limit(room=0) + "#" * 100 + "\n"  # a valid record, 101 bytes too large
    assert len(text.encode()) > MAX_RECORD_BYTES
    data = base64.b64encode(text.encode()).decode()
    page = folder / "page.html"
    page.write_text(f'<!DOCTYPE html>\n<a id="record" href="data:application/toml;base64,{data}">record</a>\n')
    out = refused(["import", page, "-f", folder / "game.toml"], folder / "game.toml", 2, "larger than 10 MB")
    assert "not imported" in out
    assert sorted(os.listdir(folder)) == ["page.html"]
