"""A game of All Fives: players and sides, rounds, turns, muggins, hand points and the
target (docs/rules.md "Turn", "Round end", "Game end", "Muggins").

Like python-chess's Board: `push` applies a validated move, `pop` undoes the last move (or
the last hands entered). The rounds' moves and hands are the undo stack: `pop` takes the
last of them off and lays its round again from the deal, so a long game keeps no
snapshots (a round is a few dozen moves; undo is rare).

A long game keeps its older rounds folded: what was played in them (the opener, the moves,
the hands), laid again from the deal when one is looked at (`Rounds`). A finished round
as a Python object is about ten times its size in the record; folded, it is about its
size. The last two rounds stay laid out, so the game goes on and `pop` works on them
without laying anything again.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from scorepad.engine.counting import FIVES, Counting
from scorepad.engine.held import Hand, proven_faults
from scorepad.engine.layout import Ends, Layout
from scorepad.engine.notation import (
    Draw,
    Exposes,
    Move,
    Muggins,
    Pass,
    Play,
    check_player_name,
    look_alike_key,
    same_name_key,
)
from scorepad.engine.rules import DEFAULT_PRESET, PRESETS, Rules
from scorepad.engine.scoring import HandAward, hand_award
from scorepad.engine.tiles import ALL_TILES, Tile
from scorepad.errors import IllegalMoveError, InvalidHandsError, InvalidMoveError, RulesError
from scorepad.i18n import _, ngettext

if TYPE_CHECKING:
    from fractions import Fraction


class Credit(NamedTuple):
    """Points credited to a side: by a play, a muggins call or the hands at round end."""

    side: int
    points: int | Fraction  # a Fraction only for half points
    source: str  # "play" | "muggins" | "hands" | "penalty" (a move that stands against the rules)
    player: int  # who earned it (for hands: the side's first player)
    move: int | None  # 0-based index into the round's moves; None for hands


class Ruling(NamedTuple):
    """A move the table let stand against the rules (docs/rules.md "Irregularities"): its
    index in the round, what it broke in words, and
    what kinds of fault: "out-of-turn", "misplay", "wrong-lead" (a lead by the wrong player),
    "draw" or "pass" (while holding a playable tile)."""

    move: int
    broke: str
    kinds: tuple[str, ...]


class Annulment(NamedTuple):
    """A round the table annulled, as `pop` takes the annulment back."""

    number: int
    reason: str


class Missed(NamedTuple):
    """A muggins chance left open by the play just made: `amount` goes to the opponent who
    calls it (`penalty` when the claim was too high rather than missed)."""

    side: int
    amount: int
    move: int
    penalty: bool  # the claim was too high: the caller takes the claim as a penalty


class Outcome:
    """What a move did, for the player who typed it: the end sum and true score of a
    play, the points credited, warnings (a wrong claim, a lead that should be a double)
    and, for hands, the award."""

    # Class-level defaults: most moves set one or two of these, and a move is made often
    # (no __init__ either: a call of it costs a replay more than setting `move` after).
    move: Move | None = None
    end_sum: int | None = None
    score: int = 0
    credits: tuple[Credit, ...] = ()
    warnings: tuple[str, ...] = ()
    faults: tuple[str, ...] = ()  # the warnings that break a rule (Round.faults)
    ruling: str | None = None  # what a move marked as standing broke (Round.rulings)
    award: HandAward | None = None
    wrong_claim: str | None = None  # with muggins off: the warning about a wrong claim


class Round:
    """One deal, from the lead to the remaining hands."""

    __slots__ = (
        "annulled",
        "award",
        "boneyard",
        "credits",
        "domino_maker",
        "drawn",
        "exposed",
        "faults",
        "hand_sizes",
        "hands",
        "layout",
        "moves",
        "number",
        "opener",
        "opener_rule",
        "passes",
        "pending",
        "regular",
        "result",
        "rulings",
        "stages",
        "start_drawn",
        "start_opener",
        "stood",
        "sums",
        "turn",
        "uncalled",
        "warnings",
    )

    def __init__(
        self,
        number: int,
        players: int,
        deal: int,
        with_spinner: bool,
        opener: int | None,
        opener_rule: str,
        *,
        counting: Counting = FIVES,
    ) -> None:
        self.number = number
        self.opener = opener
        self.start_opener = opener  # the opener before the lead, to lay the round again
        # The opener is scorepad's own lot: until the lead, the table may lead by its own
        # lot instead (a lead named for another player), which then stands.
        self.drawn = False
        self.start_drawn = False
        # The rule that names (or will name) the opener: "lot", "highest-double",
        # "domino-maker" or "round-winner". A highest-double opener must lead a double.
        self.opener_rule = opener_rule
        self.layout = Layout(with_spinner, counting)
        self.moves: list[Move] = []
        self.sums: list[int] = []  # the end sum after each play, in the order of the plays
        # The open ends at each pass and draw, in the order of those moves: what the hands
        # prove against them is judged on these (engine/held.py), not on the round laid again.
        self.stood: list[Ends] = []
        # The layout as it stood before each play, kept only in a game that keeps them
        # (`Game.keep_layouts`, a game read for a review): the review weighs every play on
        # it, without laying the round again.
        self.stages: list[Ends] | None = None
        self.hand_sizes = [deal] * players  # dealt - played + drawn
        self.boneyard = len(ALL_TILES) - players * deal
        self.turn = opener  # None while nobody has led and the opener is not known
        self.passes = 0  # consecutive passes; as many as players blocks the round
        self.result: str | None = None  # None while playing, then "domino" or "blocked"
        self.domino_maker: int | None = None
        self.hands: dict[int, Hand] | None = None
        self.award: HandAward | None = None
        self.credits: list[Credit] = []
        self.pending: Missed | None = None
        self.uncalled: list[Missed] = []  # missed scores nobody called (muggins games)
        self.warnings: list[tuple[int | None, str]] = []
        # The warnings that break a rule (an audit reports them as problems), not those
        # about play (a wrong claim): an amendment may not bring in a new one.
        self.faults: list[tuple[int | None, str]] = []
        self.regular = True  # False once an audit bends the round to carry on: never folded
        # The moves the table let stand against the rules, with what each broke
        # (docs/rules.md "Irregularities"): an audit's notes, never problems.
        self.rulings: list[Ruling] = []
        self.exposed: list[tuple[int, Exposes]] = []  # tiles shown by accident, with the move's index
        self.annulled: str | None = None  # the table's reason, once it annulled the round

    @property
    def table_names_opener(self) -> bool:
        """Before the lead of a `highest-double` round, whoever leads is the opener: only
        the table knows who holds the highest double (a name given earlier was a guess).
        So too before the lead of a round whose opener is scorepad's own lot (a table that
        drew its own lot leads by it), or that nobody has named."""
        return (self.opener_rule == "highest-double" or self.drawn or self.opener is None) and not self.layout.placed

    def copy(self) -> Round:
        """An independent copy of the round as it is now (the repair search tries many
        changes from one position without replaying the moves before it)."""
        # Each slot written out: a loop of getattr and setattr costs the search twice as much
        # (tests/test_game.py checks every slot is copied).
        new = Round.__new__(Round)
        new.annulled = self.annulled
        new.award = self.award
        new.boneyard = self.boneyard
        new.credits = self.credits.copy()
        new.domino_maker = self.domino_maker
        new.drawn = self.drawn
        new.exposed = self.exposed.copy()
        new.faults = self.faults.copy()
        new.hand_sizes = self.hand_sizes.copy()
        new.hands = self.hands
        new.layout = self.layout.copy()
        new.moves = self.moves.copy()
        new.number = self.number
        new.opener = self.opener
        new.opener_rule = self.opener_rule
        new.passes = self.passes
        new.pending = self.pending
        new.regular = self.regular
        new.result = self.result
        new.rulings = self.rulings.copy()
        new.start_drawn = self.start_drawn
        new.start_opener = self.start_opener
        new.stood = self.stood.copy()
        new.stages = self.stages.copy() if self.stages is not None else None
        new.sums = self.sums.copy()
        new.turn = self.turn
        new.uncalled = self.uncalled.copy()
        new.warnings = self.warnings.copy()
        return new

    def chance_since(self, start: int) -> bool:
        """Whether a play from move `start` on left a muggins chance: a score missed, or a
        claim too high, whether or not it was called (a call is a move of its own)."""
        return (self.pending is not None and self.pending.move >= start) or any(chance.move >= start for chance in self.uncalled)

    def order_noted(self, muggins: bool) -> bool:
        """Whether the last two moves are plays and one of them left a muggins chance (with
        `muggins` on): a note that may come only from their order, which the repair search
        offers to swap (engine/repair.py `order_repairs`). Here, not there: every play asks
        it, and the search is imported only when it answers yes."""
        n = len(self.moves)
        return (
            muggins
            and n >= 2
            and isinstance(self.moves[-1], Play)
            and isinstance(self.moves[-2], Play)
            and self.chance_since(n - 2)
        )

    def side_points(self, sides: int) -> list[int | Fraction]:
        points: list[int | Fraction] = [0] * sides
        if self.annulled is not None:
            return points  # an annulled round counts nothing
        for credit in self.credits:
            points[credit.side] += credit.points
        return points


# The opener rule of a round after an annulled one: the same opener deals again.
ANNULLED = "annulled"
SHARED_MOVES = 6  # a folded round of at most this many moves shares them with an equal one
MAX_SHARED = 4096  # tuples kept for sharing, at most
SHORT_LAID = 16  # short rounds kept laid out, to copy when one repeats
# Hand awards by the rules and the number of players (which fix the sides): games read one
# after another (an audit of a club's folder) meet the same hands again.
_AWARDS: dict[tuple[Rules, int], dict[tuple[Any, ...], HandAward]] = {}
MAX_TABLES = 64  # kinds of table whose awards are kept


class Settled(NamedTuple):
    """What a finished round came to, kept with it when it is folded: a game is then summed
    up (`audit --json`) without laying its rounds again."""

    result: str | None
    winner: int | None  # the side the hands' award went to; None: nobody
    points: tuple[int | Fraction, ...]  # by side


class Folded(NamedTuple):
    """A finished round kept as what was played in it: enough to lay it again. Its number
    is its place in the game's rounds, not kept: short rounds that are played alike (a
    long game of blocked rounds) then share one."""

    start_opener: int | None
    opener: int | None  # who led it: the opener a record writes (`Round.opener`)
    opener_rule: str
    moves: tuple[Move, ...]
    hands: tuple[Hand | None, ...]  # by player, as entered; None: not given (no tiles left)
    settled: Settled


class Rounds(Sequence[Round]):
    """A game's rounds in order, folded ones laid again when looked at. A view: it reads
    the game's list of rounds and never changes it."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __len__(self) -> int:
        return len(self._game._rounds)

    @overload
    def __getitem__(self, index: int) -> Round: ...
    @overload
    def __getitem__(self, index: slice) -> list[Round]: ...
    def __getitem__(self, index: int | slice) -> Round | list[Round]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        rounds = self._game._rounds
        return self._game._laid(rounds[index], range(1, len(rounds) + 1)[index])

    def __iter__(self) -> Iterator[Round]:
        return map(self._game._laid, self._game._rounds, itertools.count(1))

    def __reversed__(self) -> Iterator[Round]:
        rounds = self._game._rounds
        return map(self._game._laid, reversed(rounds), range(len(rounds), 0, -1))


class Game:
    """A game between 2 to 4 players, seated in the order given (turn order)."""

    def __init__(self, players: Sequence[str], rules: Rules | None = None, *, opener: str | None = None) -> None:
        players = tuple(players)
        if not 2 <= len(players) <= 4:
            if not any(players):  # none named (`--players ""`): no list to quote
                raise RulesError(_("All Fives needs 2 to 4 players: name them, e.g. Ann,Bob"))
            raise RulesError(
                _("All Fives needs 2 to 4 players, not {n}: {names}").format(n=len(players), names=", ".join(players))
            )
        for name in players:
            try:
                check_player_name(name)
            except InvalidMoveError as error:
                raise RulesError(str(error)) from None
        keys = [same_name_key(name) for name in players]
        if len(set(keys)) != len(keys):
            raise RulesError(
                _("player names must differ, not only in upper and lower case: {names}").format(names=", ".join(players))
            )
        seen: dict[str, str] = {}
        for name in players:
            other = seen.setdefault(look_alike_key(name), name)
            if other != name:
                raise RulesError(
                    _(
                        "player names must look different: '{name}' and '{other}' can be mistaken for each other "
                        "(letters of different alphabets that look the same)"
                    ).format(name=name, other=other)
                )
        self.players = players
        self.keeps_layouts = False  # see keep_layouts
        self.rules = rules if rules is not None else PRESETS[DEFAULT_PRESET]
        n = len(players)
        if self.rules.plays_partners(n):
            self.sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # partners sit opposite
        else:
            self.sides = tuple((p,) for p in range(n))
        self.side_of = [next(s for s, side in enumerate(self.sides) if p in side) for p in range(n)]
        self.target = self.rules.target_for(n)
        self.deal = self.rules.deal_for(n)
        self.scores: list[int | Fraction] = [0] * len(self.sides)
        self.winner: tuple[int, ...] | None = None  # sides; two only for a shared win
        first = self.index(opener) if opener is not None else None
        rule = self.rules.first_opener
        self._rounds: list[Round | Folded] = [self._new_round(1, first, rule)]
        self._unfolded: tuple[Folded, int, Round] | None = None  # the folded round looked at last, and its number
        self._short_laid: dict[tuple[Any, ...], Round] = {}  # see _unfold
        self._tuples: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # see _shared
        self._folds: dict[tuple[Any, ...], Folded] = {}  # see _fold
        awards = _AWARDS.get((self.rules, n))
        if awards is None:
            awards = {}
            if len(_AWARDS) < MAX_TABLES:
                _AWARDS[self.rules, n] = awards
        self._awards = awards  # by pips and the side that made domino
        self.undoable = True  # False for a copy that shares the rounds before its current one

    def _new_round(self, number: int, opener: int | None, rule: str) -> Round:
        with_spinner = self.rules.spinner == "first-double"
        r = Round(
            number,
            len(self.players),
            self.deal,
            with_spinner,
            opener,
            rule,
            counting=self.rules.counting_rule,
        )
        if self.keeps_layouts:
            r.stages = []
        return r

    def keep_layouts(self) -> None:
        """From now on, every round keeps the layout as it stood before each of its plays
        (`Round.stages`): a review weighs every play on it, and need not lay the round
        again. The current round too, if nothing is played in it yet."""
        self.keeps_layouts = True
        r = self.current
        if r.stages is None and not r.sums:
            r.stages = []

    def fork(self, *, with_undo: bool = False) -> Game:
        """An independent copy of the game as it is now. Without `with_undo` only the
        current round is copied (the rounds before it no longer change while moves are
        pushed) and the copy cannot `pop`; with it every round is copied and the undo stack
        kept, so the copy can be taken back as far as the game itself."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._unfolded = None  # a round laid again belongs to the game that laid it
        new._short_laid = {}
        if with_undo:
            new._rounds = [r.copy() if isinstance(r, Round) else r for r in self._rounds]
        else:
            new._rounds = [*self._rounds[:-1], self.current.copy()]
            new.undoable = False
        new.scores = self.scores.copy()
        return new

    # --- looking at the game ---------------------------------------------------------

    def index(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise IllegalMoveError(
                _("'{name}' is not playing: players are {players}").format(name=name, players=", ".join(self.players))
            ) from None

    @property
    def rounds(self) -> Rounds:
        return Rounds(self)

    @property
    def current(self) -> Round:
        last = self._rounds[-1]
        assert isinstance(last, Round)  # the last two rounds are never folded
        return last

    @property
    def state(self) -> str:
        """ "playing", "hand-over" (round ended, hands not yet entered) or "over"."""
        if self.winner is not None:
            return "over"
        return "hand-over" if self.current.result is not None else "playing"

    @property
    def turn(self) -> str | None:
        """Whose move it is; None when the game or round is over or nobody has led yet."""
        r = self.current
        if self.winner is not None or r.result is not None or r.turn is None:
            return None
        return self.players[r.turn]

    def side_names(self, side: int) -> list[str]:
        return [self.players[p] for p in self.sides[side]]

    def winners(self) -> list[str] | None:
        if self.winner is None:
            return None
        return [self.players[p] for s in self.winner for p in self.sides[s]]

    # --- making moves ---------------------------------------------------------------

    def resolve(self, move: Move) -> Move:
        """The move made legal and explicit (a play gets its end), or an error saying why
        not. Like python-chess's parse_san: validation without changing the game."""
        if self.winner is not None:
            raise IllegalMoveError(_("the game is over: {winners} won").format(winners=" & ".join(self.winners() or [])))
        r = self.current
        p = self.index(move.player)
        if isinstance(move, Muggins):
            self._check_muggins(p)
            return move
        if isinstance(move, Exposes):
            return self._check_exposed(r, move)
        if r.result is not None:
            if r.result == "domino":
                refusal = _("round {number} is over (domino by {player}): enter the remaining hands")
            else:
                refusal = _("round {number} is over (blocked): enter the remaining hands")
            raise IllegalMoveError(refusal.format(number=r.number, player=self.players[r.domino_maker or 0]))
        if r.turn is None:
            if not isinstance(move, Play):
                raise IllegalMoveError(
                    _("round {number} has not started: its first move is the lead, a tile played by the opener").format(
                        number=r.number
                    )
                )
        elif p != r.turn and not (isinstance(move, Play) and (r.table_names_opener or move.stands)):
            raise IllegalMoveError(
                _("it is {player}'s turn, not {mover}'s").format(player=self.players[r.turn], mover=move.player)
            )
        if isinstance(move, Play):
            end = r.layout.resolve_end(move.tile, move.end, misplay=move.stands)
            return move if end is move.end else move._replace(end=end)
        if not r.layout:
            raise IllegalMoveError(
                _("{player} opens round {number}: lead a tile first").format(player=move.player, number=r.number)
            )
        if isinstance(move, Draw):
            if move.count > r.boneyard:
                if r.boneyard:
                    refusal = _("{player} cannot draw {count}: the boneyard holds only {left}")
                else:
                    refusal = _("{player} cannot draw {count}: the boneyard is empty")
                raise IllegalMoveError(refusal.format(player=move.player, count=move.count, left=r.boneyard))
            return move
        if r.boneyard:
            raise IllegalMoveError(
                ngettext(
                    "{player} cannot pass: the boneyard still holds {n} tile — draw instead",
                    "{player} cannot pass: the boneyard still holds {n} tiles — draw instead",
                    r.boneyard,
                ).format(player=move.player, n=r.boneyard)
            )
        return move

    def push(self, move: Move) -> Outcome:
        """Apply `move` after checking it; returns what it did. Undo with `pop`.

        Replays and simulations spend their time here, so the common case (a play with
        its end, by the player whose turn it is) is checked inline and a play is applied
        in this body rather than in helpers."""
        r: Round = self._rounds[-1]  # type: ignore[assignment]  # never folded
        layout = r.layout
        # isinstance is as fast as comparing the class, and mypy narrows `move` by it.
        if (
            isinstance(move, Play)
            and move.end is not None
            and layout.placed
            and r.turn is not None
            and self.players[r.turn] == move.player
            and self.winner is None
            and layout.accepts(move.tile, move.end)
            and not move.stands
        ):
            p = r.turn
            ruling = None
        else:
            move = self.resolve(move)
            p = self.players.index(move.player)
            ruling = self._ruling(r, move, p) if isinstance(move, (Play, Draw, Pass)) and move.stands else None
        index = len(r.moves)
        r.moves.append(move)
        out = Outcome()
        out.move = move
        if ruling is not None:
            out.ruling = ruling.broke
            r.rulings.append(ruling)
        if not isinstance(move, Play):
            if isinstance(move, Exposes):
                r.exposed.append((index, move))
                return out
            if isinstance(move, Muggins):
                missed = r.pending
                # resolve() refuses a muggins call with nothing pending.
                assert missed is not None
                r.pending = None
                self._credit(r, out, Credit(self.side_of[p], missed.amount, "muggins", p, index))
                return out
            self._close_muggins_chance(r)
            r.stood.append(layout.ends())
            if isinstance(move, Draw):
                r.boneyard -= move.count
                r.hand_sizes[p] += move.count  # the drawer keeps the turn: a drawn tile that fits is played
                if ruling is not None:
                    self._penalty(r, out, p, index)
                return out
            # A pass.
            r.turn = (p + 1) % len(self.players)
            r.passes += 1
            if r.passes == len(self.players):
                r.result, r.turn = "blocked", None
            if ruling is not None:
                self._penalty(r, out, p, index)
            return out
        # A play; like any move but a muggins call it closes the chance of the play before
        # it (inline, not _close_muggins_chance: plays are the hot path).
        if r.pending is not None:
            if not r.pending.penalty:
                r.uncalled.append(r.pending)
            r.pending = None
        r.turn = (p + 1) % len(self.players)
        if not layout.placed:
            if r.drawn and r.opener != p:
                # The table drew its own lot: its lead stands, as if the table had named it
                # (and the round stays one whose lead the table may name: a repair may).
                r.opener = r.start_opener = p
            if r.opener is None or r.table_names_opener or ruling is not None:
                r.opener = p  # a lead by the wrong player that stands: turns follow from it
            if r.opener_rule == "highest-double" and not move.tile.is_double and ruling is None:
                self._warn(
                    r,
                    out,
                    index,
                    _("{player} led {tile}, but the highest double must lead").format(player=move.player, tile=move.tile),
                    fault=True,
                )
        if r.stages is not None:
            r.stages.append(layout.ends())
        out.end_sum = end_sum = layout.place(move.tile, move.end)
        r.sums.append(end_sum)
        out.score = score = layout.tables.scored[end_sum]
        r.hand_sizes[p] -= 1
        r.passes = 0
        side = self.side_of[p]
        if not self.rules.muggins:
            # scorepad scores every play itself; a claim given anyway is only checked.
            if move.claim is not None and move.claim != score:
                out.wrong_claim = _("{player} claimed {claim}, but {tile} scores {score}").format(
                    player=move.player, claim=move.claim, tile=move.tile, score=score
                )
                self._warn(r, out, index, out.wrong_claim)
            if score:
                self._credit(r, out, Credit(side, score, "play", p, index))
        else:
            claim = move.claim if move.claim is not None else 0
            if claim == score:
                if score:
                    self._credit(r, out, Credit(side, score, "play", p, index))
            elif claim < score:
                # Not claimed or claimed too low: nothing for the player; an opponent may take it.
                r.pending = Missed(side, score, index, penalty=False)
            else:
                # Claimed too high (Foster's Hoyle): nothing; an opponent may take the claim.
                r.pending = Missed(side, claim, index, penalty=True)
        if ruling is not None:
            self._penalty(r, out, p, index)
        if r.hand_sizes[p] == 0:
            r.result, r.domino_maker, r.turn = "domino", p, None
        return out

    # --- what the table lets stand (docs/rules.md "Irregularities") -----------------------------

    def _ruling(self, r: Round, move: Play | Draw | Pass, p: int) -> Ruling:
        """What `move`, marked as standing, broke (its move is set once it is made);
        refused when the record shows it broke nothing. Asked before the move is made."""
        name = move.player
        if isinstance(move, Draw):
            return Ruling(len(r.moves), _("{player} drew while holding a playable tile").format(player=name), ("draw",))
        if isinstance(move, Pass):
            return Ruling(len(r.moves), _("{player} passed while holding a playable tile").format(player=name), ("pass",))
        layout = r.layout
        if not layout.placed:
            if r.opener_rule == "highest-double" and not move.tile.is_double:
                return Ruling(
                    len(r.moves),
                    _("{player} led {tile}, but the highest double must lead").format(player=name, tile=move.tile),
                    ("wrong-lead",),
                )
            if r.opener_rule == "highest-double" and r.opener is None:
                # Who held the highest double the table knows; the record may prove it later.
                why = _("{player} led {tile}, but another player held a higher double").format(player=name, tile=move.tile)
                return Ruling(len(r.moves), why, ("wrong-lead",))
            if r.opener is not None and not r.drawn and p != r.opener:
                why = _("{player} led, but {opener} should have led").format(player=name, opener=self.players[r.opener])
                return Ruling(len(r.moves), why, ("wrong-lead",))
            raise IllegalMoveError(_("this lead breaks no rule: {player} may lead; leave out !stands").format(player=name))
        broke = []
        kinds: tuple[str, ...] = ()
        if r.turn is not None and p != r.turn:
            broke.append(
                _("{player} played out of turn ({turn}'s turn, who loses it)").format(player=name, turn=self.players[r.turn])
            )
            kinds += ("out-of-turn",)
        assert move.end is not None  # resolve() gives every play after the lead its end
        if not layout.fits(move.tile, move.end):
            broke.append(
                _("{player} laid {tile} on {end}, which shows {number}").format(
                    player=name, tile=move.tile, end=move.end.label, number=layout.open_number(move.end)
                )
            )
            kinds += ("misplay",)
        if not broke:
            raise IllegalMoveError(
                _("this play breaks no rule: it is {player}'s turn and {tile} fits {end}; leave out !stands").format(
                    player=name, tile=move.tile, end=move.end.label
                )
            )
        return Ruling(len(r.moves), "; ".join(broke), kinds)

    def prove(self) -> list[tuple[int, str]]:
        """The passes and draws of the round being played that its plays so far prove
        against the rules (engine/held.py), made faults of the round as the hands make
        them, and returned: the proof is made at the move that reveals it, not only when
        the hands come in (docs/rules.md "Irregularities"). Asked after a move where it
        matters (a move typed, a repair tried, a record's last round), not in every push:
        the replay of a record would pay for it at every play. The hands, once entered,
        have proved the round already."""
        r = self.current
        if r.hands is not None or not (r.stood or r.opener_rule == "highest-double"):
            return []
        known = {index for index, _text in r.faults}
        found = [(index, text) for index, text in proven_faults(r, self.players) if index not in known]
        for index, text in found:
            r.warnings.append((index, text))
            r.faults.append((index, text))
        return found

    def _penalty(self, r: Round, out: Outcome, p: int, index: int) -> None:
        """Each side against the player of a move that stands scores the `penalty` option."""
        points = self.rules.penalty
        if not points:
            return
        own = self.side_of[p]
        for side, players in enumerate(self.sides):
            if side != own:
                self._credit(r, out, Credit(side, points, "penalty", players[0], index), check=False)
        self._check_target()  # after every side's penalty: two sides may reach the target at once

    def _check_exposed(self, r: Round, move: Exposes) -> Exposes:
        if r.result is not None:
            raise IllegalMoveError(_("round {number} is over: no tile is shown in it now").format(number=r.number))
        if r.layout.on_table(move.tile):
            raise IllegalMoveError(_("{tile} is already on the table").format(tile=move.tile))
        for _index, shown in r.exposed:
            if shown.tile == move.tile:
                raise IllegalMoveError(_("{tile} was shown already, by {player}").format(tile=move.tile, player=shown.player))
        return move

    def annul(self, reason: str) -> None:
        """The table annuls the current round (a misdeal, a round dealt again): its moves
        stay, it counts nothing, and the next round is dealt with the same opener."""
        r = self.current
        if r.annulled is not None:
            raise IllegalMoveError(_("round {number} is annulled already").format(number=r.number))
        if r.hands is not None:
            raise IllegalMoveError(
                _("round {number} has its hands entered: take them back (undo) before annulling it").format(number=r.number)
            )
        if not reason.strip():
            raise IllegalMoveError(_("say why the round is annulled, e.g. misdeal"))
        if not r.moves and r.opener is None:
            # Nothing of it is known, so nothing would change: the table deals it again.
            raise IllegalMoveError(
                _("round {number} has not started and nobody is named to open it: nothing to annul").format(number=r.number)
            )
        for credit in r.credits:
            self.scores[credit.side] -= credit.points
        r.annulled = reason
        r.pending = None
        self.winner = None
        self._check_target()
        # The same opener deals again; a round nobody led is found again as it was.
        opener = r.opener if r.opener is not None else r.start_opener
        self._rounds.append(self._new_round(r.number + 1, opener, ANNULLED if opener is not None else r.opener_rule))
        self._fold(len(self._rounds) - 3)

    @staticmethod
    def _close_muggins_chance(r: Round) -> None:
        """Any move but a muggins call closes the muggins chance of the play before it."""
        if r.pending is not None:
            if not r.pending.penalty:
                r.uncalled.append(r.pending)
            r.pending = None

    def _check_muggins(self, caller: int) -> None:
        r = self.current
        name = self.players[caller]
        if not self.rules.muggins:
            raise IllegalMoveError(_("{name} calls muggins, but this game is played without muggins").format(name=name))
        if r.hands is not None or r.pending is None:
            raise IllegalMoveError(
                _("{name} calls muggins, but there is nothing to take: {why}").format(name=name, why=self._why_nothing(r))
            )
        if self.side_of[caller] == r.pending.side:
            raise IllegalMoveError(_("{name} cannot call muggins on their own side's play").format(name=name))

    def _why_nothing(self, r: Round) -> str:
        """Why no muggins call can take anything now, in the words of the table."""
        last = r.moves[-1] if r.moves else None
        if r.hands is not None or last is None:
            return _("no play to call it on")
        if isinstance(last, Muggins):
            return _("{player} has already called it").format(player=last.player)
        if not isinstance(last, Play):
            return _("a move has been made since the last play")
        if last.claim is None:
            return _("{player}'s {tile} scored nothing").format(player=last.player, tile=last.tile)
        return _("{player} claimed {claim}, which is right").format(player=last.player, claim=last.claim)

    def _credit(self, r: Round, out: Outcome, credit: Credit, *, check: bool = True) -> None:
        r.credits.append(credit)
        out.credits += (credit,)
        self.scores[credit.side] += credit.points
        if check and self.scores[credit.side] >= self.target:
            self._check_target()

    def _check_target(self) -> None:
        if self.winner is not None:
            return
        reached = [s for s, score in enumerate(self.scores) if score >= self.target]
        if reached:
            # Two sides at once (a three-player split): the higher score wins, equal share.
            best = max(self.scores[s] for s in reached)
            self.winner = tuple(s for s in reached if self.scores[s] == best)

    def _warn(self, r: Round, out: Outcome, index: int | None, text: str, *, fault: bool = False) -> None:
        r.warnings.append((index, text))
        out.warnings += (text,)
        if fault:
            r.faults.append((index, text))
            out.faults += (text,)

    # --- the end of a round -------------------------------------------------------------

    def check_hands(
        self, hands: Mapping[str, Hand | Sequence[Tile]], *, problems: list[str] | None = None
    ) -> tuple[dict[int, Hand], list[int]]:
        """The remaining hands checked against what scorepad knows: returns them by player
        index, and every player's pip total. Raises InvalidHandsError; when auditing
        (`problems` given), each problem is added to that list instead and the hands are
        taken as written, so the replay can go on."""

        def problem(text: str) -> None:
            if problems is None:
                raise InvalidHandsError(text)
            problems.append(text)

        r = self.current
        if self.winner is not None:
            raise InvalidHandsError(_("the game is over: no more hands to enter"))
        if r.result is None:
            raise InvalidHandsError(
                _("round {number} is still being played: hands are entered once it ends").format(number=r.number)
            )
        given: dict[int, Hand] = {}
        for name, hand in hands.items():
            if name not in self.players:
                problem(_("'{name}' is not playing: players are {players}").format(name=name, players=", ".join(self.players)))
                continue
            given[self.players.index(name)] = hand if isinstance(hand, int) else tuple(hand)
        seen = r.layout.tiles_mask
        for p, hand in given.items():
            if isinstance(hand, tuple):
                name, size = self.players[p], r.hand_sizes[p]
                if len(hand) != size:
                    problem(
                        ngettext(
                            "{name} holds {n} tile, not {given}: {tiles}", "{name} holds {n} tiles, not {given}: {tiles}", size
                        ).format(name=name, n=size, given=len(hand), tiles=_tiles(hand))
                    )
                for tile in hand:
                    if seen >> tile.id & 1:  # on the table, or in a hand named before
                        if r.layout.on_table(tile):
                            problem(_("{name}'s {tile} is already on the table").format(name=name, tile=tile))
                        else:
                            problem(_("{tile} is named twice in the hands").format(tile=tile))
                    seen |= 1 << tile.id
        unseen: list[int] = []  # pips of the tiles nobody has shown, to bound a pip total
        if any(isinstance(hand, int) for hand in given.values()):
            unseen = sorted(t.pips for t in ALL_TILES if not seen >> t.id & 1)
        pips = [0] * len(self.players)
        # The pip totals together are bounded too, by the same unseen tiles: the hands
        # given as tiles are already out of that pool, so their pips do not count here.
        total_pips = total_tiles = totals = 0
        for p, size in enumerate(r.hand_sizes):
            name = self.players[p]
            if p not in given:
                if size:
                    problem(
                        ngettext(
                            "{name} still holds {n} tile: give {name}'s hand",
                            "{name} still holds {n} tiles: give {name}'s hand",
                            size,
                        ).format(name=name, n=size)
                    )
                continue
            hand = given[p]
            if isinstance(hand, tuple):
                pips[p] = sum(t.pips for t in hand)
                continue
            if isinstance(hand, bool) or hand < 0:
                problem(_("{name}'s hand cannot hold {pips} pips").format(name=name, pips=repr(hand)))
                continue
            pips[p] = hand
            if size == 0:
                if hand:
                    problem(_("{name} holds no tiles, so not {pips} pips").format(name=name, pips=hand))
                continue
            low, high = sum(unseen[:size]), sum(unseen[-size:])
            if not low <= hand <= high:
                problem(
                    ngettext(
                        "{name}'s {n} tile cannot hold {pips} pips: the tiles nobody has named allow {allowed}",
                        "{name}'s {n} tiles cannot hold {pips} pips: the tiles nobody has named allow {allowed}",
                        size,
                    ).format(name=name, n=size, pips=hand, allowed=_allowed(low, high))
                )
            total_pips, total_tiles, totals = total_pips + hand, total_tiles + size, totals + 1
        if totals > 1:
            low, high = sum(unseen[:total_tiles]), sum(unseen[-total_tiles:])
            if not low <= total_pips <= high:
                problem(
                    _("the pip totals add up to {pips} pips in {tiles} tiles: the tiles nobody has named allow {allowed}").format(
                        pips=total_pips, tiles=total_tiles, allowed=_allowed(low, high)
                    )
                )
        # In seat order, as a folded round laid again has them, whatever order they were typed in.
        return dict(sorted(given.items())), pips

    def end_round(self, hands: Mapping[str, Hand | Sequence[Tile]], *, problems: list[str] | None = None) -> Outcome:
        """Enter the remaining hands of an ended round: award the hand points and start the
        next round (unless the game is over). Undo with `pop`. `problems`: see check_hands."""
        found = len(problems) if problems is not None else 0
        given, pips = self.check_hands(hands, problems=problems)
        sound = problems is None or len(problems) == found
        if not sound:
            self.current.regular = False  # hands taken as written although wrong: laying them again would fail
        return self._enter_hands(given, pips, prove=sound)

    def _enter_hands(self, given: dict[int, Hand], pips: list[int], *, prove: bool = True) -> Outcome:
        """The hands of the current round, checked: their award, and the next round.
        `prove`: the hands are sound, so what they prove of the round's passes and draws
        counts (wrong hands prove nothing: their problem is reported instead)."""
        r = self.current
        out = Outcome()
        if r.pending is not None and not r.pending.penalty:
            r.uncalled.append(r.pending)
        r.pending = None
        domino_side = None
        if r.result == "domino":
            assert r.domino_maker is not None  # push() names the maker whenever it ends a round by domino
            domino_side = self.side_of[r.domino_maker]
        # The same pips give the same award: a long game meets the same few hands often.
        key = (*pips, domino_side)
        award = self._awards.get(key)
        if award is None:
            award = hand_award(self.rules, self.sides, pips, domino_side)
            if len(self._awards) < MAX_SHARED:
                self._awards[key] = award
        r.hands, r.award, out.award = given, award, award
        # The hands in tiles and the plays after a pass or draw can prove it against the
        # rules (engine/held.py): a fault of that move, which `hands` refuses and an audit reports.
        if prove:
            found = {index for index, _text in r.faults}  # proven already, by a play (Round.proof)
            for index, text in proven_faults(r, self.players):
                if index not in found:
                    self._warn(r, out, index, text, fault=True)
        for side, points in enumerate(award.points):
            if points:
                self._credit(r, out, Credit(side, points, "hands", self.sides[side][0], None), check=False)
        self._check_target()  # after every side's hand points: a split can reach it twice
        if self.winner is None:
            opener, rule = self._next_opener(r, pips)
            self._rounds.append(self._new_round(r.number + 1, opener, rule))
            self._fold(len(self._rounds) - 3)
        return out

    def _next_opener(self, r: Round, pips: list[int]) -> tuple[int | None, str]:
        rule = self.rules.next_opener
        if r.result == "domino":
            # Under both rules the player who made domino leads, in a partnership too.
            return r.domino_maker, rule
        if rule == "round-winner" and r.award is not None and r.award.winner is not None:
            # A blocked round: the winning side's player with fewer pips; equal: the one seated first after
            # the last opener (docs/rules.md, assumed).
            n = len(self.players)
            start = (r.opener if r.opener is not None else -1) + 1
            order = [(start + k) % n for k in range(n)]
            side = self.sides[r.award.winner]
            return min(side, key=lambda p: (pips[p], order.index(p))), rule
        # Nobody named: the table finds the opener (lot or highest double); the lead's
        # player becomes the opener.
        return None, self.rules.fallback_opener

    def carry_on_as(self, name: str) -> None:
        """Give the turn to `name`: an audit that reported a move out of turn goes on as
        if the record were right, to find the problems after it too."""
        r = self.current
        if r.result is None and r.layout.placed:
            r.turn = self.index(name)
            r.regular = False

    def set_opener(self, name: str, *, drawn: bool = False) -> None:
        """Name the opener of a round that has not started; `drawn`: by a lot scorepad drew,
        which the table may overrule with a lead by its own lot."""
        r = self.current
        if r.layout or r.result is not None:
            raise IllegalMoveError(_("round {number} has already started").format(number=r.number))
        r.opener = r.turn = r.start_opener = self.index(name)
        r.drawn = r.start_drawn = drawn

    # --- undo -------------------------------------------------------------------------

    def pop(self) -> Move | dict[int, Hand] | Annulment:
        """Undo the last move, hands entry or annulment and return it."""
        r = self.current
        if not self.undoable or (not r.moves and len(self._rounds) == 1):
            raise IllegalMoveError(_("nothing to undo"))
        if not r.moves and r.hands is None:
            # A round not started yet: the last thing done was the hands of the one before.
            del self._rounds[-1]
            r = self.current
            if len(self._rounds) > 1 and isinstance(self._rounds[-2], Folded):
                # The last two stay laid out: a round of its own, not the one a look left
                # in the cache (a copy of the game may hold that too).
                self._rounds[-2] = self._unfold(self._rounds[-2], len(self._rounds) - 1).copy()
            if r.annulled is not None:
                annulment = Annulment(r.number, r.annulled)
                for credit in r.credits:  # taken off at the annulment; laying it again takes them off once more
                    self.scores[credit.side] += credit.points
                self._lay_again(r, r.moves)  # its moves count again, as before the table annulled it
                return annulment
        item: Move | dict[int, Hand] | Annulment
        if r.hands is not None:
            item = dict(r.hands)
            self._lay_again(r, r.moves)
        else:
            item = r.moves[-1]
            self._lay_again(r, r.moves[:-1])
        return item

    def restart_round(self) -> None:
        """Take back every move of the current round at once: as many `pop`s, without
        laying the round again after each."""
        if not self.undoable:
            raise IllegalMoveError(_("nothing to undo"))
        r = self.current
        if r.hands is None:
            self._lay_again(r, [])

    def _lay_again(self, r: Round, moves: Sequence[Move]) -> None:
        """Deal the last round `r` again and replay `moves` on it. Nothing can follow a
        game's end, so before `r` the game was not over."""
        moves = list(moves)
        for credit in r.credits:
            self.scores[credit.side] -= credit.points
        self.winner = None
        drawn = r.start_drawn
        with_spinner = self.rules.spinner == "first-double"
        Round.__init__(
            r,
            r.number,
            len(self.players),
            self.deal,
            with_spinner,
            r.start_opener,
            r.opener_rule,
            counting=self.rules.counting_rule,
        )
        if self.keeps_layouts:
            r.stages = []
        r.drawn = r.start_drawn = drawn
        for move in moves:
            self.push(move)

    # --- folded rounds -----------------------------------------------------------------

    def move_count(self, number: int | None = None) -> int:
        """How many moves the rounds hold (round `number` alone if given), without laying
        a folded round again."""
        return sum(len(r.moves) for n, r in enumerate(self._rounds, 1) if number is None or n == number)

    def settled_rounds(self) -> Iterator[Round | Settled]:
        """The rounds played or started, in order: a folded one as what it came to, never
        laid again; the others as they are."""
        for item in self._rounds:
            if isinstance(item, Folded):
                yield item.settled
            elif item.moves or item.hands is not None:
                yield item

    def written_rounds(self, first: int = 0) -> list[Round | Folded]:
        """The rounds from the one at index `first` on, as a record writes them: a folded
        one as what was played in it (its opener, moves, hands and points), not laid again."""
        return self._rounds[first:]

    def played_count(self) -> int:
        """The rounds played or started (not a next round nobody has led yet)."""
        return sum(1 for r in self._rounds if r.moves or r.hands is not None)

    def _fold(self, index: int) -> None:
        """Fold round `index` if it can be laid again from what was played in it: an audit
        that carried on past a refused move or hands leaves its round laid out."""
        if index < 0:
            return
        r = self._rounds[index]
        if isinstance(r, Round) and r.regular and r.hands is not None:
            moves = tuple(r.moves)
            hands = tuple(r.hands.get(p) for p in range(len(self.players)))
            short = len(moves) <= SHARED_MOVES
            if short:  # a long round's hands repeat no more than its moves
                moves, hands = self._shared(moves), self._shared(hands)
            winner = r.award.winner if r.award is not None else None
            points = tuple(r.side_points(len(self.sides)))
            folded = Folded(r.start_opener, r.opener, r.opener_rule, moves, hands, Settled(r.result, winner, points))
            if short and all(type(p) is int for p in points):
                # Kept once, as the short moves and hands are: a record at the size limit
                # of blocked rounds is 70,000 rounds played alike. Found by what they are
                # (shared already, so each once), not by equality: tiles are equal
                # whichever half is written first.
                key = (r.start_opener, r.opener, r.opener_rule, id(moves), id(hands), r.result, winner, points)
                known = self._folds.get(key)
                if known is not None and known.moves is moves and known.hands is hands:
                    folded = known
                elif len(self._folds) < MAX_SHARED:
                    self._folds[key] = folded
            self._rounds[index] = folded

    def _shared(self, items: tuple[Any, ...]) -> tuple[Any, ...]:
        """`items`, or an equal tuple folded before. Short rounds repeat (a record of blocked
        rounds is the same three moves and hands over and over): each is then kept once.
        Long rounds never repeat, so their moves and hands are not even looked up."""
        key = _as_written(items)
        known = self._tuples.get(key)
        if known is not None:
            return known
        if len(self._tuples) < MAX_SHARED:
            self._tuples[key] = items
        return items

    def _laid(self, item: Round | Folded, number: int) -> Round:
        return item if isinstance(item, Round) else self._unfold(item, number)

    def _unfold(self, folded: Folded, number: int) -> Round:
        """A folded round laid again: its moves and hands replayed from the deal in a
        scratch copy of the game (the scores before it do not change what happens in it:
        had they ended the game in it, it would be the last round, never folded). A short
        round that repeats one laid again before (the same opener, moves and hands: a long
        game of blocked rounds is the same few) is that round copied, under its own number."""
        if self._unfolded is not None and self._unfolded[0] is folded and self._unfolded[1] == number:
            return self._unfolded[2]
        short = len(folded.moves) <= SHARED_MOVES
        key = (folded.start_opener, folded.opener_rule, _as_written(folded.moves), _as_written(folded.hands))
        known = self._short_laid.get(key) if short else None
        if known is not None:
            r = known.copy()
            r.number = number
        else:
            scratch = Game.__new__(Game)
            scratch.__dict__.update(self.__dict__)
            r = self._new_round(number, folded.start_opener, folded.opener_rule)
            scratch._rounds = [r]
            scratch.scores = [0] * len(self.sides)
            scratch.winner = None
            for move in folded.moves:
                scratch.push(move)
            # Checked when they were entered: only their award is worked out again.
            pips = [0 if h is None else h if isinstance(h, int) else sum(t.pips for t in h) for h in folded.hands]
            scratch._enter_hands({p: h for p, h in enumerate(folded.hands) if h is not None}, pips)
            if short:
                if len(self._short_laid) >= SHORT_LAID:
                    self._short_laid.clear()
                self._short_laid[key] = r.copy()  # a copy: the round given out may be changed by who takes it
        self._unfolded = (folded, number, r)
        return r


def _as_written(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """`items` (moves, or hands by player) with how each tile in them is written: tiles are
    equal whichever half is written first, but a record keeps 3-6 as 3-6 and a lead of 3-6
    lies the other way round from one of 6-3."""
    written = []
    for item in items:
        tile = getattr(item, "tile", None)
        if tile is not None:
            written.append(tile.a)
        elif type(item) in (tuple, list):  # a hand given as tiles (a move is a NamedTuple)
            written.append(tuple(t.a for t in item))
        else:
            written.append(None)
    return items, tuple(written)


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _allowed(low: int, high: int) -> str:
    """The pip totals a hand check allows: a range, or one total where the unnamed tiles
    leave no choice ("allow 119 to 119" read as a slip of the program)."""
    if low == high:
        return _("only {pips}").format(pips=low)
    return _("{low} to {high}").format(low=low, high=high)
