"""``--shard i/N``: this CI job's share of the files.

A file belongs to shard ``1 + h % N``, where ``h`` is a stable hash (sha256) of its path relative
to the project root: the split does not depend on the order or the way paths were given, on the
machine, or on the other files, so N jobs cover every file exactly once and a file stays in its
shard as others come and go. The hash spreads files evenly. Join the jobs' outputs with
``shapecheck merge``.

>>> files = [f"pkg/m{i}.py" for i in range(40)]
>>> shards = [select_shard(files, ".", (i, 3)) for i in (1, 2, 3)]
>>> sorted(sum(shards, [])) == sorted(files)
True
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Sequence

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``; ValueError unless ``1 <= i <= N``."""
    match = _SHARD.match(text)
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise ValueError(f"--shard wants i/N with 1 <= i <= N (e.g. 1/4), got {text!r}")
    return int(match.group(1)), int(match.group(2))


def shard_of(path: str, root: str | Path, count: int) -> int:
    """The shard (1..count) that ``path`` belongs to."""
    absolute = Path(path).resolve()
    try:
        relative = absolute.relative_to(Path(root).resolve()).as_posix()
    except ValueError:  # outside the root: its absolute path
        relative = absolute.as_posix()
    digest = hashlib.sha256(relative.encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % count


def select_shard(files: Sequence[str], root: str | Path, shard: tuple[int, int]) -> list[str]:
    """The files of ``shard`` (``(i, N)``), in their given order."""
    index, count = shard
    return [path for path in files if shard_of(path, root, count) == index]


__all__ = ["parse_shard", "select_shard", "shard_of"]
