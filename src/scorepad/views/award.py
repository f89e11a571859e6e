"""Why the hands of a round gave what they gave, with the names and pips that went into it:
under the log's round, after `hands`, on the page."""

from __future__ import annotations

from scorepad.engine.game import Game, Outcome, Round
from scorepad.engine.scoring import Held, formula
from scorepad.i18n import _, ngettext, pgettext
from scorepad.views.status import points, side_label


def award_reason(game: Game, r: Round) -> str:
    """Why the hands of round `r` gave what they gave, with the names and pips that went
    into it: `round5(Bob 8 + Cy 9)`, `15 split: round5(Cy 13)`. The sum is the scoring's
    own (engine/scoring.py's Reason); this names its players and sides and words it."""
    award = r.award
    assert award is not None  # a round whose hands are in
    reason = award.reason

    def named(held: Held) -> str:
        return f"{side_label(game, held.who) if held.side else game.players[held.who]} {held.pips}"

    how = formula(reason, named)
    if reason.case == "fewest":
        assert reason.side is not None
        fewest = ngettext(
            "blocked, {side} holds the fewest pips", "blocked, {side} hold the fewest pips", len(game.sides[reason.side])
        ).format(side=side_label(game, reason.side))
        return _("{fewest}: {how}").format(fewest=fewest, how=how)
    if reason.case == "split":
        return _("{points} split: {how}").format(points=points(sum(award.points)), how=how)
    if reason.case == "tied":
        return _("fewest pips tied: nobody scores")
    if not any(award.points):
        # The hands counted nothing (`round5(Bob 0)`): said, not left for a bare formula.
        return _("no points: {how}").format(how=how)
    return how


def hands_note(game: Game, out: Outcome) -> str:
    """Who received what for the hands just entered, and why:
    `Ann +15: round5(Bob 8 + Cy 9)`, `Ann +7½, Bob +7½: 15 split: round5(Cy 13)`."""
    assert out.award is not None  # called for the outcome of end_round only
    r = next(r for r in reversed(game.rounds) if r.award is out.award)
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(out.award.points) if p]
    reason = award_reason(game, r)
    if not won:
        return reason
    # Its own message: a language whose readers do not know round5 says what it is here,
    # where the hands have just been entered (German: "auf 5 gerundet").
    return pgettext("the award of the hands just entered", "{who}: {why}").format(who=", ".join(won), why=reason)


def hands_summary(game: Game, r: Round, *, with_points: bool = True) -> str:
    """How round `r` ended and what its hands gave, for the page:
    `domino by Bob; Bob +40: round5(Ann 30 + Cy 10)`. A block the reason names itself
    (`blocked, Bob holds the fewest pips: …`) is said once; without `with_points` (the
    move list, which shows them beside it) the points are left out."""
    assert r.award is not None  # a round whose hands are in
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(r.award.points) if p]
    reason = award_reason(game, r)
    said = _("{who}: {why}").format(who=", ".join(won), why=reason) if won and with_points else reason
    if r.award.reason.case == "fewest":
        return said
    if r.result == "domino":
        assert r.domino_maker is not None  # the engine names the maker of every domino
        how = _("domino by {player}").format(player=game.players[r.domino_maker])
    else:
        how = _("blocked")
    return _("{how}; {said}").format(how=how, said=said)
