# A path the program takes only when an array is empty is judged as code is elsewhere: on arrays that
# hold something. A ring buffer or a heap filled by a loop takes its "full" branch at the first pass
# only when its capacity is 0 (``count`` still 0, so ``not count < cap`` means cap <= 0), and later
# passes take it with a full buffer: bm25s 0.3.11's top-k heap (``values[0]`` in that branch) was a
# false SC105 of size k. What fails whatever the sizes is still an error there.
import numpy as np


def top_k(array, k):
    n = len(array)
    if k > n:
        k = n
    values = np.zeros(k)
    length = 0
    for i, value in enumerate(array):
        if length < k:
            values[length] = value
            length += 1
        elif value > values[0]:
            values[0] = value
    return values


def ring(xs, cap):
    buf = np.zeros((cap, 3))
    count = 0
    for x in xs:
        if count < cap:
            buf[count] = x
            count += 1
        else:
            buf[0] = x
    return buf


reveal_shape(top_k(np.arange(6.0), 3))  # reveal: (3,)
reveal_shape(ring(np.ones((5, 3)), 2))  # reveal: (2, 3)


def stuck(xs, cap):
    buf = np.zeros((cap, 3))
    count = 0
    for x in xs:
        if count < cap:
            buf[count] = np.ones(4)  # error: SC101
            count += 1
        else:
            buf[0] = x
    return buf
