"""Why the hands of a round gave what they gave, with the names and pips that went into it:
under the log's round, after `hands`, on the page."""

from __future__ import annotations

from scorepad.engine.game import Game, Outcome
from scorepad.i18n import _, ngettext
from scorepad.views.status import points, side_label


def _hand_pips(game: Game, r) -> list[int]:
    """Each player's pips left at the end of round `r` (0 for who holds nothing)."""
    pips = [0] * len(game.players)
    for p, hand in (r.hands or {}).items():
        pips[p] = hand if isinstance(hand, int) else sum(t.pips for t in hand)
    return pips


def award_reason(game: Game, r) -> str:
    """Why the hands of round `r` gave what they gave, with the names and pips that went
    into it: `round5(Bob 8 + Cy 9)`, `15 split: round5(Cy 13)`. Built here from the rules
    and the hands; an award this does not know is explained by the engine's own words."""
    award, rules = r.award, game.rules
    pips = _hand_pips(game, r)
    names = game.players
    side_pips = [sum(pips[p] for p in side) for side in game.sides]

    def domino(winner: int) -> str | None:
        opponents = [p for s, side in enumerate(game.sides) if s != winner for p in side]
        if rules.domino_award == "round-total":
            return "round5({hands})".format(hands=" + ".join(f"{names[p]} {pips[p]}" for p in opponents))
        if rules.domino_award == "round-each":
            return " + ".join(f"round5({names[p]} {pips[p]})" for p in opponents)
        return None

    how: str | None = None
    if r.result == "domino" and award.winner is not None:
        how = domino(award.winner)
    elif award.winner is not None:
        own = award.winner
        others = [s for s in range(len(game.sides)) if s != own]
        fewest = ngettext(
            "blocked, {side} holds the fewest pips", "blocked, {side} hold the fewest pips", len(game.sides[own])
        ).format(side=side_label(game, own))
        if rules.blocked_award == "as-domino":
            how = domino(own)
        elif rules.blocked_award == "rounded-sides-minus-own":
            how = (
                " + ".join(f"round5({side_label(game, s)} {side_pips[s]})" for s in others)
                + f" - round5({side_label(game, own)} {side_pips[own]})"
            )
        elif rules.blocked_award == "difference":
            # The other sides' pips together, less the winner's own, rounded once.
            how = "round5({others} - {own})".format(
                others=" + ".join(f"{side_label(game, s)} {side_pips[s]}" for s in others),
                own=f"{side_label(game, own)} {side_pips[own]}",
            )
        if how is not None:
            how = _("{fewest}: {how}").format(fewest=fewest, how=how)
    elif any(award.points):
        third = next(s for s, n in enumerate(award.points) if not n)
        how = _("{points} split: round5({side} {pips})").format(
            points=points(sum(award.points)), side=side_label(game, third), pips=side_pips[third]
        )
    else:
        how = _("fewest pips tied: nobody scores")
    return how if how is not None else award.why


def hands_note(game: Game, out: Outcome) -> str:
    """Who received what for the hands just entered, and why:
    `Ann +15: round5(Bob 8 + Cy 9)`, `Ann +7½, Bob +7½: 15 split: round5(Cy 13)`."""
    assert out.award is not None  # called for the outcome of end_round only
    r = next(r for r in reversed(game.rounds) if r.award is out.award)
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(out.award.points) if p]
    reason = award_reason(game, r)
    if not won:
        return reason
    return _("{who}: {why}").format(who=", ".join(won), why=reason)


def hands_summary(game: Game, r) -> str:
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(r.award.points) if p]
    how = _("domino by {player}").format(player=game.players[r.domino_maker]) if r.result == "domino" else _("blocked")
    reason = award_reason(game, r)
    said = _("{who}: {why}").format(who=", ".join(won), why=reason) if won else reason
    return _("{how}; {said}").format(how=how, said=said)
