import numpy as np


def broken(x):
    y = x +* 2  # error: SC001
    return y


def still_checked():
    return np.zeros((2, 3)) @ np.zeros((4, 5))  # error: SC102


def being_typed(a, b  # error: SC001
    c = np.zeros(3) + np.zeros(4)  # error: SC101
    return c


z = np.zeros(2) + np.zeros(5)  # error: SC101
