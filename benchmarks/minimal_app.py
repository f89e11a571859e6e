"""The yardstick of bench_cli.py: the smallest Typer app that prints one line."""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello(name: str = "table") -> None:
    print(f"hello {name}")


if __name__ == "__main__":
    app()
