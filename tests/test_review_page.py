"""The review on the exported page: its marks in the move list and on the step, apart from
the muggins marks, each player's points missed in the header, and the R key from one
review mark to the next, in headless Chromium (skipped, saying so, without Chromium)."""

import json
import re

from tests.helpers import DRAWS, EXAMPLES, PARTNERS, ok

from scorepad.record.files import load


def page_of(folder, record: str, lang: str = "en") -> str:
    game = folder / "game.toml"
    game.write_text(record, encoding="utf-8")
    out = folder / f"page-{lang}.html"
    ok("--lang", lang, "export", out, "-f", game)
    return out.read_text(encoding="utf-8")


def entry(html: str, at: str) -> str:
    found = re.search(rf"<li id={at}>(.*)", html)
    assert found, at
    return found.group(1)


def test_the_review_marks_the_move_list(tmp_path):
    html = page_of(tmp_path, DRAWS)
    first = entry(html, "r1m1")
    assert '<span class="mark review missed p0">' in first
    assert "−10</span> review: 6-4 would have scored 10</span>" in first
    # Plays the review does not mark carry no mark.
    assert "mark review" not in entry(html, "r1m2")
    assert "review: 1 marked play, 10 below the best" in html and "review: 0 marked plays, 0 below the best" in html


def test_a_play_that_left_too_much_is_marked_apart(tmp_path):
    html = page_of(tmp_path, PARTNERS)
    assert '<span class="mark review left p0"> <span class="glyph" aria-hidden="true">↑</span>' in entry(html, "r1m1")
    assert "review: 4-1 would also have scored 5, leaving Bob at most 0, not 10" in entry(html, "r1m1")


def test_a_reply_the_alternative_would_have_left_too_is_not_said(tmp_path):
    """muggins.toml 1.9: the best play would have left Bob the same 10 as the play did."""
    html = page_of(tmp_path, (EXAMPLES / "muggins.toml").read_text(encoding="utf-8"))
    mark = re.search(r'<span class="mark review missed p\d">.*?</span> (review: [^<]*)</span>', entry(html, "r1m9")).group(1)
    assert mark.startswith("review: ") and "would have scored" in mark
    assert "leaving" not in mark and ", not " not in mark


def test_in_german(tmp_path):
    html = page_of(tmp_path, DRAWS, "de")
    assert "Durchsicht: 6-4 hätte 10 gebracht" in entry(html, "r1m1")
    assert "Durchsicht: 1 markierter Zug, 10 unter dem besten" in html


def test_the_key_says_an_unmarked_play_was_weighed_only_on_the_tiles_known(tmp_path):
    """A page read alone must not pass an unmarked play off as the best where the hand was
    not known whole: the key of the review marks says so once, and where to look."""
    key = re.search(r'<p class="marks-key review-key">([^<]*)</p>', page_of(tmp_path, DRAWS)).group(1)
    assert "A play without a mark was weighed only against the tiles the record proves its player held" in key
    assert "scorepad review says where those were not the whole hand" in key
    key = re.search(r'<p class="marks-key review-key">([^<]*)</p>', page_of(tmp_path, DRAWS, "de")).group(1)
    assert "Ein Zug ohne Markierung wurde nur an den Steinen gemessen" in key


def test_every_mark_of_the_review_is_on_the_page_and_no_other(tmp_path):
    """The muggins example: both kinds of marks, each where its own command puts it."""
    record = EXAMPLES / "muggins.toml"
    out = tmp_path / "page.html"
    ok("export", out, "-f", record)
    html = out.read_text(encoding="utf-8")
    reviewed = json.loads(ok("review", "--json", "-f", record))
    expected = {f"r{p['round']}m{p['move']}": " ".join(p["marks"]) for p in reviewed["plays"] if p["marks"]}
    found = dict(re.findall(r'<li id=(r\d+m\d+)>[^\n]*?<span class="mark review ([a-z ]+) p\d">', html))
    assert found == expected
    assert re.search(r'class="mark muggins ', html)  # the muggins marks stay, apart
    game = load(record).game
    for name in game.players:
        total = reviewed["players"][name]
        assert re.search(rf'<bdi class="side">{name}</bdi>.*?review: [^<]*, {total["missed"]} below the best', html)


def test_the_r_key_goes_from_one_review_mark_to_the_next(browser, tmp_path):
    record = EXAMPLES / "muggins.toml"
    out = tmp_path / "page.html"
    ok("export", out, "-f", record)
    browser.open(out.as_uri(), 1280, 800)
    order = browser.evaluate("[...document.querySelectorAll('nav.moves .mark.review')].map(m => '#' + m.closest('[id]').id)")
    assert len(order) > 5
    browser.evaluate("document.querySelector('[data-go=first]').click()")
    seen = []
    for _ in order[:6]:
        browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r'}))")
        seen.append(browser.evaluate("location.hash"))
        # The step shows the review's mark, framed apart from a muggins mark.
        step = browser.evaluate(
            "(() => { const m = document.querySelector('#replay .move .mark.review');"
            " return m && [m.textContent, getComputedStyle(m).borderTopStyle]; })()"
        )
        assert step is not None and "review:" in step[0] and step[1] == "solid"
    assert seen == order[:6]
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'R'}))")
    assert browser.evaluate("location.hash") == seen[-2]
    # M keeps to the muggins marks.
    browser.evaluate("document.querySelector('[data-go=first]').click()")
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'm'}))")
    first_muggins = browser.evaluate("document.querySelector('nav.moves .mark.muggins').closest('[id]').id")
    assert browser.evaluate("location.hash") == "#" + first_muggins
    # Each player's points missed stand in the header.
    header = browser.evaluate("[...document.querySelectorAll('header .players .review-tally')].map(t => t.textContent)")
    reviewed = json.loads(ok("review", "--json", "-f", record))["players"]
    assert [int(re.search(r"(\d+) below the best", t).group(1)) for t in header] == [p["missed"] for p in reviewed.values()]
    assert browser.errors == []
