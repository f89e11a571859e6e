"""`scorepad import`: the record a page carries, written back byte for byte; never over a
file, and refused for a page that carries none or an invalid one."""

from __future__ import annotations

import base64
import re

import pytest
from tests.helpers import EXAMPLES, ok, refused, run

NAMES = sorted(p.name for p in EXAMPLES.glob("*.toml"))


@pytest.mark.parametrize("name", NAMES)
def test_every_example_comes_back_byte_for_byte(folder, name):
    ok("export", "page.html", "-f", EXAMPLES / name)
    ok("import", "page.html", "-f", "back.toml")
    assert (folder / "back.toml").read_bytes() == (EXAMPLES / name).read_bytes()
    # Without -f, under the name the page offers it: the record's own.
    said = ok("import", "page.html", width=200)
    assert (folder / name).read_bytes() == (EXAMPLES / name).read_bytes()
    assert f"Wrote {name} from page.html" in said


def test_a_record_written_by_hand_comes_back_as_it_was(folder):
    """Comments, CRLF line ends, a name outside ASCII: the bytes, not the game."""
    text = (EXAMPLES / "demo.toml").read_text(encoding="utf-8").replace("\n", "\r\n")
    (folder / "records").mkdir()
    record = folder / "records" / "Jürgen's night.toml"
    record.write_bytes(("# played at Jürgen's\r\n" + text).encode("utf-8"))
    ok("export", "page.html", "-f", record)
    ok("import", "page.html")
    assert (folder / "Jürgen's night.toml").read_bytes() == record.read_bytes()
    assert len(list(folder.iterdir())) == 3  # nothing else left beside them
    ok("import", "page.html", "-f", "copy.toml")
    assert (folder / "copy.toml").read_bytes() == record.read_bytes()


def test_a_record_given_on_standard_input_comes_back_too(folder):
    ok("export", "page.html", "-f", "-", input=(EXAMPLES / "muggins.toml").read_text(encoding="utf-8"))
    ok("import", "page.html")
    assert (folder / "scorepad.toml").read_bytes() == (EXAMPLES / "muggins.toml").read_bytes()


def test_import_never_writes_over_a_file(folder):
    ok("export", "page.html", "-f", EXAMPLES / "demo.toml")
    taken = folder / "demo.toml"
    taken.write_text("my notes\n", encoding="utf-8")
    refused(["import", "page.html"], taken, 2, "demo.toml exists: import never writes over a file")
    other = folder / "other.toml"
    other.write_bytes((EXAMPLES / "muggins.toml").read_bytes())
    refused(["import", "page.html", "-f", other], other, 2, "exists")
    link = folder / "link.toml"
    link.symlink_to(folder / "nowhere.toml")
    refused(["import", "page.html", "-f", link], link, 2, "exists")
    assert not (folder / "nowhere.toml").exists()
    assert sorted(p.name for p in folder.iterdir()) == ["demo.toml", "link.toml", "other.toml", "page.html"]


def test_a_page_without_a_record_is_refused(folder):
    page = folder / "page.html"
    page.write_text("<!DOCTYPE html><title>a page</title><p>no game here</p>\n", encoding="utf-8")
    out = folder / "out.toml"
    refused(["import", page, "-f", out], out, 2, "holds no scorepad record")
    refused(["import", folder, "-f", out], out, 2, "is a folder")
    refused(["import", folder / "missing.html", "-f", out], out, 2, "cannot read")
    assert sorted(p.name for p in folder.iterdir()) == ["page.html"]


@pytest.mark.parametrize(
    ("carried", "message"),
    [
        (b'format = "scorepad/1"\nplayers = ["Ann"]\n', "not a valid record"),
        (b"not = [toml", "not a valid record"),
        (b"\xff\xfe", "not text"),
        (None, "damaged"),
    ],
)
def test_a_page_with_an_invalid_record_is_refused(folder, carried, message):
    ok("export", "page.html", "-f", EXAMPLES / "demo.toml")
    page = folder / "page.html"
    html = page.read_text(encoding="utf-8")
    data = "A" if carried is None else base64.b64encode(carried).decode("ascii")
    page.write_text(re.sub(r"base64,[A-Za-z0-9+/=]*", "base64," + data, html, count=1), encoding="utf-8")
    out = folder / "out.toml"
    refused(["import", page, "-f", out], out, 2, message)
    assert sorted(p.name for p in folder.iterdir()) == ["page.html"]


def test_the_record_is_offered_as_a_download_named_after_it(folder):
    ok("export", "page.html", "-f", EXAMPLES / "two-ends.toml")
    html = (folder / "page.html").read_text(encoding="utf-8")
    (link,) = re.findall(r'<a class="download" href="data:application/toml;base64,([^"]+)" download="([^"]+)" id="record">', html)
    assert base64.b64decode(link[0]) == (EXAMPLES / "two-ends.toml").read_bytes() and link[1] == "two-ends.toml"


def test_an_unsafe_offered_name_falls_back_to_the_page_name(folder):
    ok("export", "game.html", "-f", EXAMPLES / "demo.toml")
    page = folder / "game.html"
    page.write_text(
        page.read_text(encoding="utf-8").replace('download="demo.toml"', 'download="../../etc/x.toml"'), encoding="utf-8"
    )
    ok("import", page)
    assert (folder / "game.toml").read_bytes() == (EXAMPLES / "demo.toml").read_bytes()
    assert run("import", page).exit_code == 2  # game.toml exists now


def test_a_page_of_many_unclosed_links_is_read_in_one_pass(folder):
    """42 KB of `<a ` took 8 s (each `<a` tried against the rest of the page); a MB now
    takes no longer than reading it."""
    page = folder / "page.html"
    page.write_text("<a " * 400_000, encoding="utf-8")
    refused(["import", page, "-f", "out.toml"], folder / "out.toml", 2, "holds no scorepad record")
    ok("export", "good.html", "-f", EXAMPLES / "demo.toml")
    good = (folder / "good.html").read_text(encoding="utf-8")
    page.write_text("<a " * 100_000 + "> <a href=x>" + good, encoding="utf-8")
    ok("import", page, "-f", "out.toml")
    assert (folder / "out.toml").read_bytes() == (EXAMPLES / "demo.toml").read_bytes()


@pytest.mark.parametrize("offered", ["a\u0085b.toml", "gam\u202eeman.toml", "a\u009bb.toml", "-rf.toml", "a\u2028b.toml"])
def test_an_offered_name_with_a_control_or_right_to_left_character_is_not_used(folder, offered):
    ok("export", "game.html", "-f", EXAMPLES / "demo.toml")
    page = folder / "game.html"
    page.write_text(page.read_text(encoding="utf-8").replace('download="demo.toml"', f'download="{offered}"'), encoding="utf-8")
    ok("import", page)
    assert sorted(p.name for p in folder.iterdir()) == ["game.html", "game.toml"]


def test_import_to_a_file_named_dash_is_refused_saying_how(folder):
    ok("export", "game.html", "-f", EXAMPLES / "demo.toml")
    refused(["import", "game.html", "-f", "-"], folder / "-", 2, "not standard output", "DIR/-")
    assert sorted(p.name for p in folder.iterdir()) == ["game.html"]
    ok("import", "game.html", "-f", folder / "-")
    assert (folder / "-").read_bytes() == (EXAMPLES / "demo.toml").read_bytes()
