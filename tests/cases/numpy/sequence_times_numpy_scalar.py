# A list or tuple times an integer item of an array (a NumPy scalar, as iterating or indexing gives) is
# Python's repetition, as with an int (pytorchcv's Jasper builds its stages as ``[a] * r for a, r in
# zip(channels, stage_repeat)`` with ``stage_repeat = np.full((8,), 1)``): NumPy's scalar defers to the
# sequence. A float item cannot repeat one.
import numpy as np

stage_repeat = np.full((8,), 1)
stage_repeat[1:-2] *= 3
for a, r in zip([1, 2, 3, 4, 5, 6, 7, 8], stage_repeat):
    reveal_shape(np.array([a] * r))  # reveal: (n,)
    reveal_shape(np.array(r * (a, a)))  # reveal: (n*2,)
channels = sum([[a] * r for (a, r) in zip([256, 384, 512, 640, 768, 896, 1024, 1024], stage_repeat)], [])
first = channels[0]
reveal_shape(np.array([3] * np.arange(4)))  # reveal: (4,)
