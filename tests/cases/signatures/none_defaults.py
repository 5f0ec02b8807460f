"""A parameter whose default is ``None`` (minGPT's ``generate(..., top_k=None)``) is tried as None
first, the code's own default, not only as arrays of rank 0-2 (issue 14); it prints ``None`` and
what else the body allows (``?`` when nothing constrains it)."""
import numpy as np


def generate(logits, temperature=1.0, top_k=None):  # signature: def generate(logits: (n, v), temperature: float, top_k: None | ?) -> (n, ?1)
    n, v = logits.shape
    logits = logits / temperature
    if top_k is not None:
        logits = np.sort(logits, axis=-1)[:, -top_k:]
    return logits
