# A known number that is not 0 takes the path that uses it as an array: a scalar there fails.
import numpy as np


def respond(u, d, x):
    if u == 0.:
        return x
    return x + np.squeeze(u @ np.asarray(d).T)


def constant_input(d, x):
    return respond(1., d, x)  # error: SC110
