# ``d.items()``, ``d.values()`` and ``d.keys()`` of a dict whose every entry is known (a display with
# literal keys, entries set by literal keys since) run once per entry: a loop over a dict of arrays
# keeps each array's shape. A dict with an entry the analysis could not key (``{name: x}`` with
# ``name`` unknown, ``**other``, ``d[name] = y``) may hold more than it shows: its views stay unknown.
import numpy as np


def normalise(name, other):
    stats = {"mean": np.zeros((3, 4)), "std": np.ones((3, 4))}
    stats["count"] = np.ones((3, 4))
    for key, value in stats.items():
        reveal_shape(value)  # reveal: (3, 4)
    for value in stats.values():
        reveal_shape(value)  # reveal: (3, 4)
    partial = {name: np.zeros(2), "b": np.zeros((3, 4))}
    for value in partial.values():
        reveal_shape(value)  # reveal: ?
    merged = {**other, "b": np.zeros((3, 4))}
    for value in merged.values():
        reveal_shape(value)  # reveal: ?
    stats[name] = np.zeros(5)
    for value in stats.values():
        reveal_shape(value)  # reveal: ?
    return stats


normalise("x", {})
