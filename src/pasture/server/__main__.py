"""`python -m pasture.server [options]`: the same as `pasture serve`."""

import typer

from pasture.cli.serve import serve

if __name__ == "__main__":  # not when a bot worker process imports this module again
    typer.run(serve)
