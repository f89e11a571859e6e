"""One exception type per kind of failure. All are ValueErrors, and every message quotes
what was given, so a player sees at once what scorepad understood."""


class ScorepadError(ValueError):
    """Base class of every error scorepad raises on purpose."""

    # A refused move: the record text it was refused against and the game that text
    # replays to, unchanged by the refusal (cli/perform.py), so that the repairs offered
    # after it need not read and replay the record again.
    against: tuple[str, object] | None = None
    # A command that would make the change another way, which the message ends by
    # announcing ("To make that change:"): as it is typed, in the parts a line may break
    # between, shown on lines of its own below the message (`console.command_lines`, as a
    # repair's command), so that what is copied runs.
    command: tuple[str, ...] = ()


class InvalidMoveError(ScorepadError):
    """Text that is not a tile, an end or a move in scorepad's notation."""


class IllegalMoveError(ScorepadError):
    """A well-formed move that the rules do not allow here (tile does not fit, wrong turn, …)."""


class AmbiguousMoveError(IllegalMoveError):
    """A play without an end where the ends it fits would score differently."""


class CountNeededError(InvalidMoveError):
    """A repair chosen whose draw count the record cannot tell, without the count."""

    def __init__(self, message: str, *, question: str, choice: int, counts: tuple[int, ...]) -> None:
        super().__init__(message)
        self.question = question  # what the live prompt asks: "how many did Bob draw? (1 to 5) "
        self.choice = choice
        self.counts = counts


class PlaceNeededError(InvalidMoveError):
    """A repair chosen whose draw fits at several of the drawer's turns, without the place."""

    def __init__(self, message: str, *, question: str, choice: int, count: int | None = None) -> None:
        super().__init__(message)
        self.question = question  # what the live prompt asks: "where did Bob draw: before 1.7 or 1.9? "
        self.choice = choice
        self.count = count  # the count already given, where the record could not tell it either


class TileNeededError(InvalidMoveError):
    """A repair chosen whose tile, typed with one number wrong, several tiles fit, without
    the tile."""

    def __init__(self, message: str, *, question: str, choice: int) -> None:
        super().__init__(message)
        self.question = question  # what the live prompt asks: "which tile lies at 1.3: 6-1 or 6-3? "
        self.choice = choice


class InvalidHandsError(ScorepadError):
    """Remaining hands at the end of a round that cannot be right."""


class ProvedByPlayError(IllegalMoveError):
    """A play that proves an earlier pass or draw of its player against the rules: refused
    there, with the ruling that lets that move stand offered beside the repairs."""

    def __init__(self, message: str, *, at: tuple[int, int]) -> None:
        super().__init__(message)
        self.at = at  # the pass or draw proved wrong: round and move, 1-based


class ProvenFaultError(InvalidHandsError):
    """Remaining hands that prove a pass or a draw of the round against the rules."""

    def __init__(self, message: str, *, explained: str) -> None:
        super().__init__(message)
        # Said instead where repairs follow: a slip in another move may be what made the
        # pass or draw look wrong, so the refusal does not send the table to fix that one.
        self.explained = explained


class RecordChangedError(IllegalMoveError):
    """A change refused because the record is no longer what the player last saw (another
    terminal, a phone or an editor changed it since): nothing was changed."""


class OpenerNeededError(InvalidMoveError):
    """A move without its player's name before the lead of a round whose opener the table
    finds (a lot, the highest double): it is nobody's turn until the opener is said. `round`:
    the round's number; `how`: how the table finds its opener, in words."""

    def __init__(self, message: str, *, round: int, how: str) -> None:
        super().__init__(message)
        self.round = round
        self.how = how


class PlayersNeededError(InvalidMoveError):
    """A new game without players, where no game before gives them."""


class GameNotOverError(IllegalMoveError):
    """A new game refused in a file that holds a game not over (or a record that cannot be
    read), unless it may be replaced."""

    def __init__(self, message: str, *, readable: bool) -> None:
        super().__init__(message)
        self.readable = readable  # False: a scorepad record that cannot be replayed


class NotARecordError(ScorepadError):
    """A new game refused in a file that is not a scorepad record: only scorepad's own
    files are replaced."""

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason  # why the file could not be read as text; None: it was read


class RulesError(ScorepadError):
    """An unknown rules option, a value it does not take, or a bad list of players."""


class CompletionInstallError(ScorepadError):
    """A file `--install-completion` will not write: a link, a special file, a start-up
    file it cannot read as text, a script it did not write."""


def brief(value: object) -> str:
    """`repr(value)` for a message, kept short: a nested list, a long text or a number of
    thousands of digits from a hostile record is cut, never expanded in full."""
    import reprlib

    from scorepad.i18n import _

    shorter = reprlib.Repr()
    shorter.maxlevel, shorter.maxstring, shorter.maxother, shorter.maxlong = 2, 60, 60, 40
    shorter.maxlist = shorter.maxtuple = shorter.maxdict = shorter.maxset = 6
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return _("a number with more than 60 digits")
    try:
        return shorter.repr(value)
    except (ValueError, RecursionError):
        return _("a {kind}").format(kind=type(value).__name__)
