"""`python -m pasture.server [options]`: the same as `pasture serve`."""

import typer

from pasture.cli.serve import serve

typer.run(serve)
