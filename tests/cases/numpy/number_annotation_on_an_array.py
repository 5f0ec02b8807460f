# A parameter annotated as a number whose body reads what no number has (``prob.shape``, an index) is
# an array whatever its annotation says: nemo's ``gen_pred_from_speech_segments(..., prob: float)``
# made ``np.zeros(prob.shape)`` 0-d and its slice assignment a false SC105.
import numpy as np


def gen_pred(segments, prob: float, shift: float = 0.01) -> np.ndarray:
    pred = np.zeros(prob.shape)
    reveal_shape(pred)  # reveal: unknown
    for seg in segments:
        start = int(seg[0] / shift)
        pred[start:start + 3] = 1
    return pred


def first_rows(table: int, n: int):
    return table[:n]


def scaled(x: np.ndarray, scale: float, n: int):
    reveal_shape(np.zeros(n + n.bit_length() * 0))  # reveal: unknown
    reveal_shape(np.zeros(n))  # reveal: (n,)
    return x * scale


reveal_shape(gen_pred([(0.1, 0.2)], np.ones(50)))  # reveal: (50,)
reveal_shape(first_rows(np.ones((6, 2)), 3))  # reveal: (3, 2)
reveal_shape(scaled(np.ones(4), 2.0, 3))  # reveal: (4,)
