"""What a person sees: the terminal views (one module each: `log`, `sheet`, `chart`,
`tally`, `rules`, `stats`, `status`; through the one output boundary `console`), the
machine-readable output (`summary`) and the exported page (`page`)."""
