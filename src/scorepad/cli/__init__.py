"""The command line: Typer commands (`app`), the live prompt, the typed input grammar and
the record actions both share. Thin: the rules live in the engine."""
