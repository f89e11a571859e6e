"""What a person sees: the terminal views (`render`, through the one output boundary
`console`), the machine-readable output (`summary`) and the exported page (`page`)."""
