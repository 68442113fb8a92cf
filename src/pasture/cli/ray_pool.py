"""`pasture simulate --ray`: the same chunks of matches, played on a Ray cluster.

Each chunk is one Ray task running the function the local pool runs, so the same seeds
give the same tally. Ray is optional (`pip install 'pasture[ray]'`); on a remote cluster
every node needs pasture installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pasture.cli.stats import Tally

LOCAL = "local"
"""`--ray` without an address: start a Ray instance on this machine for the run."""


class RayError(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached: said in one sentence."""


def run_chunks(
    address: str,
    job: Callable[[str, Sequence[str], Sequence[int]], Tally],
    game_name: str,
    bot_names: Sequence[str],
    chunks: Sequence[Sequence[int]],
    local_cpus: int | None,
) -> Iterator[Tally]:
    """Yield each chunk's tally as its task finishes (in any order)."""
    try:
        import ray
    except ImportError:
        raise RayError("Ray is not installed: pip install 'pasture[ray]'.") from None
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address == LOCAL:
            options["num_cpus"] = local_cpus
        else:
            options["address"] = address
        try:
            ray.init(**options)
        except Exception as e:
            where = "a local Ray" if address == LOCAL else f"the Ray cluster at {address}"
            raise RayError(f"Could not start or reach {where}: {e}") from None
    try:
        task = ray.remote(job)
        pending = [task.remote(game_name, list(bot_names), list(chunk)) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
