"""The commands of `scorepad`, one module for each kind, so a command is found by what it
does and a run imports only the module of the command it runs:

- `recording`: what happens at the table, as it happens (new, play, draw, pass, muggins,
  undo, hands, live, demo);
- `amending`: a record put right afterwards (fix, insert, replace, delete, edit);
- `showing`: a record shown or written another way (show, log, replay, rules, stats,
  sheet, chart, export, tally);
- `checking`: a record or a hand judged (audit, review, hint);
- `common`: what they share: the options every command takes, reading the record,
  doing a change, and turning a refusal into a message and an exit code.

Each module declares its commands in its own `room` (helpscreen.Room); `cli/app.py` names
the module of each command and builds the app from them. A new command goes in the
module of its kind and into the index `cli/app.COMMANDS`.
"""
