"""A schedule: the code-generation choices that do not change a program's meaning, only its
speed (after TVM's MetaSchedule, in small: the knobs are few and the search measures them all).

* ``tile_rows`` / ``tile_vectors``: the matmul micro-kernel's tile (``matmul.py``): output rows per
  tile, and vectors of columns per tile row (``NR = tile_vectors * lanes``).
* ``vector_bits``: the vector width the matmul micro-kernel uses and LLVM's vectorizer prefers
  (the ``prefer-vector-width`` function attribute); 0 is the host's widest.
* ``unroll`` / ``interleave``: LLVM's loop unrolling and the vectorizer's interleaving of several
  vector iterations (more independent accumulators in a reduction).
* ``threads``: how many ranges the runtime splits a parallel loop into; 0 is its default (every
  core, for calls that move at least ``runtime.PARALLEL_MIN_ELEMENTS`` elements), 1 is serial.

``Schedule()`` is what an untuned compile uses, so a tuned schedule never changes results beyond
the rounding that a reassociated reduction already has (the search checks that it does not).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

__all__ = ["Schedule", "DEFAULT"]


@dataclass(frozen=True, slots=True)
class Schedule:
    tile_rows: int = 4
    tile_vectors: int = 2
    vector_bits: int = 0
    unroll: bool = True
    interleave: bool = True
    threads: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Schedule":
        """The schedule ``to_json`` wrote; ValueError for anything else (a damaged cache entry)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a schedule: {error}") from None
        known = {f.name: f.type for f in fields(cls)}
        if not isinstance(data, dict) or set(data) - set(known):
            raise ValueError(f"not a schedule: {text[:80]!r}")
        for key, value in data.items():
            if type(value) is not (bool if known[key] in ("bool", bool) else int):
                raise ValueError(f"schedule field {key} = {value!r} has the wrong type")
        return cls(**data)

    def describe(self) -> str:
        return (f"tile {self.tile_rows}x{self.tile_vectors} vectors, "
                f"{self.vector_bits or 'host'}-bit vectors, unroll {'on' if self.unroll else 'off'}, "
                f"interleave {'on' if self.interleave else 'off'}, "
                f"threads {self.threads or 'default'}")

    @property
    def tuning(self) -> tuple:
        """What the LLVM pipeline sees that the IR text does not carry (part of the cache key)."""
        return (self.unroll, self.interleave)


DEFAULT = Schedule()
