"""The rules engine: tiles, the layout, the rules and their options, scoring, a round and a game.

Pure Python: it imports nothing from the record format, the views or the command line."""
