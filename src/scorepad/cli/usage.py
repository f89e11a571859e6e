"""Click's own refusals of a command line, in the run's language.

Click refuses a command line before any command of scorepad runs: an option that does not
exist, an argument left out, a value that is not a number or not one of the choices, a word
too many. Its words are English, whatever `--lang` asked for, and typed the way a program
speaks ("Invalid value for 'count': 'x' is not a valid int."). `worded` says the same in
scorepad's words and language, from what the error carries (the option, the parameter, its
type) and, where click keeps the value only in its message, from that message as each
release of click and Typer words it. A refusal this does not recognise stays as click
words it: it is still a refusal, with its usage line and exit status 2.
"""

from __future__ import annotations

import re
from typing import Any

try:  # typer 0.26 and later carry their own click; older ones use click itself
    from typer._click.exceptions import UsageError
    from typer._click.types import IntParamType
except ImportError:
    # Only one of the two exists in a given install: the ignore codes cover both cases.
    from click.exceptions import UsageError  # type: ignore[no-redef, import-not-found, assignment, unused-ignore]
    from click.types import IntParamType  # type: ignore[no-redef, import-not-found, assignment, unused-ignore]

from scorepad.i18n import _

# What click keeps only in its message, as the releases scorepad runs with word it (click
# 8.1 and 8.2 under Typer up to 0.25, the click Typer carries from 0.26 on). A value is
# quoted as Python's repr quotes it.
_NOT_A_NUMBER = re.compile(r"(?P<value>.+) is not a valid (?:int|integer)(?: range)?\.?")
_NOT_A_CHOICE = re.compile(r"(?P<value>.+?) is not (?:one of )?(?P<choices>'.*')\.?")
_OUT_OF_RANGE = re.compile(r"(?P<value>-?\d+) is not in the range .*")
_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<extra>.*)\)")
_NO_COMMAND = re.compile(r"No such command (?P<name>.+?)\.(?: Did you mean (?P<close>.+)\?)?")
_NEEDS_VALUE = re.compile(r"Option .* requires (?:an argument|\d+ arguments)\.?")
_TAKES_NO_VALUE = re.compile(r"Option .* does not take a value\.?")
_NEGATIVE = re.compile(r"-\d+")


def worded(error: Any) -> Any:
    """`error` (a click UsageError) as a UsageError of the same context saying it in
    scorepad's words; `error` itself when it is none click is known to raise."""
    text = _said(error)
    if text is None:
        return error
    from scorepad.views.console import clean

    # What was typed is quoted as typed: click joins extra arguments without quoting them,
    # so a bidi or control character in one would reach the terminal as itself.
    said = UsageError(clean(text), error.ctx)
    said.exit_code = error.exit_code
    return said


def _said(error: Any) -> str | None:
    kind = type(error).__name__
    message = getattr(error, "message", "") or ""
    context = error.ctx
    command = context.info_name if context is not None else "scorepad"
    if kind == "NoSuchOption":
        option = error.option_name
        if _NEGATIVE.fullmatch(option) and _takes_a_number(context):
            # `draw -1`: click reads a negative number as an option.
            return _("{name} {value}: the number must be at least {lowest}").format(name=command, value=option, lowest=1)
        close = sorted(error.possibilities or ())
        if close:
            return _("there is no option {option}: did you mean {options}?").format(option=option, options=_(" or ").join(close))
        return _("there is no option {option}").format(option=option)
    if kind == "MissingParameter":
        param = error.param
        if param is None:
            return None
        if _is_option(param):
            return _("{option} is missing").format(option=_long(param))
        return _("{command}: {name} is missing").format(command=command, name=param.metavar or param.name)
    if kind == "BadOptionUsage":
        if _NEEDS_VALUE.fullmatch(message):
            return _("{option} needs a value").format(option=error.option_name)
        if _TAKES_NO_VALUE.fullmatch(message):
            return _("{option} takes no value").format(option=error.option_name)
        return None
    if kind == "NotDigits" and error.param is not None:  # commands/common.py's number types
        name = _long(error.param) if _is_option(error.param) else command
        return _("{name} {value}: a number is typed with the digits 0 to 9").format(name=name, value=repr(error.value))
    if kind == "BadParameter" and error.param is not None:
        name = _long(error.param) if _is_option(error.param) else command
        found = _NOT_A_NUMBER.fullmatch(message)
        if found:
            return _("{name} {value} is not a whole number").format(name=name, value=found["value"])
        found = _NOT_A_CHOICE.fullmatch(message)
        if found:
            return _("{name} {value} is not one of {choices}").format(name=name, value=found["value"], choices=found["choices"])
        found = _OUT_OF_RANGE.fullmatch(message)
        lowest = getattr(error.param.type, "min", None)
        if found and lowest is not None and int(found["value"]) < lowest:
            return _("{name} {value}: the number must be at least {lowest}").format(
                name=name, value=found["value"], lowest=lowest
            )
        return None
    if kind == "UsageError":
        found = _EXTRA.fullmatch(message)
        if found:
            if _players_left_out(context):
                # `new Ann Bob`: the names typed as the table says them.
                return _("{command} takes no more arguments: {extra}; name the players with --players {names}").format(
                    command=command, extra=found["extra"], names=",".join(found["extra"].split())
                )
            return _("{command} takes no more arguments: {extra}").format(command=command, extra=found["extra"])
        found = _NO_COMMAND.fullmatch(message)
        if found:
            if found["close"]:
                return _("there is no command {name}: did you mean {commands}?").format(
                    name=found["name"], commands=found["close"]
                )
            return _("there is no command {name}").format(name=found["name"])
    return None


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option"


def _long(option: Any) -> str:
    """An option by its long name (`--round`, not `-r`)."""
    return str(max(option.opts, key=len))


def _players_left_out(context: Any) -> bool:
    """Whether the command of `context` names its players with --players and was not given it."""
    if context is None:
        return False
    takes = any(_is_option(param) and "--players" in param.opts for param in context.command.params)
    return takes and context.params.get("players") is None


def _takes_a_number(context: Any) -> bool:
    """Whether the command of `context` takes a number as an argument (draw, undo, fix)."""
    if context is None:
        return False
    return any(not _is_option(param) and isinstance(param.type, IntParamType) for param in context.command.params)
