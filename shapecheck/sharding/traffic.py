"""Bytes one device receives in a collective over ``n`` devices, from the bytes of its own piece
before the collective (``piece``), with the ring/bucket algorithms of NCCL's performance notes
(nccl-tests ``doc/PERFORMANCE.md``: an all-gather or a reduce-scatter moves ``(n - 1) / n`` of the
larger buffer, an all-reduce twice that). One table for the planner (``plan.py``), the analyser's
collectives (``jax.lax.psum``, DTensor's ``redistribute``, ``torch.distributed``'s) and the cost of
a sharded function (``shapecheck shard-cost``). Dims may be symbolic; a fraction rounds up.

>>> TRAFFIC["all_reduce"](1024, 4), TRAFFIC["all_gather"](256, 4), TRAFFIC["reduce_scatter"](1024, 4)
(1536, 768, 768)
"""

from __future__ import annotations

from typing import Callable

from ..constraints import dims as D
from ..constraints.dims import Dim


def _fraction(piece: Dim, n: Dim, times: int = 1) -> Dim:
    """``ceil(times * (n - 1) * piece / n)``."""
    scaled = D.mul(times, D.mul(D.sub(n, 1), piece))
    return D.sub(0, D.floordiv(D.sub(0, scaled), n))


#: Collective -> bytes received per device, from (its piece's bytes before, the group's size).
TRAFFIC: dict[str, Callable[[Dim, Dim], Dim]] = {
    "slice": lambda piece, n: 0,                                   # a local dynamic_slice
    "all_gather": lambda piece, n: D.mul(D.sub(n, 1), piece),      # every peer's piece
    "all_to_all": _fraction,                                       # all but the chunk it keeps
    "reduce_scatter": _fraction,                                   # ring: n - 1 chunks of piece / n
    "all_reduce": lambda piece, n: _fraction(piece, n, 2),         # reduce-scatter, then all-gather
    "permute": lambda piece, n: piece,                             # one peer's whole piece
}
