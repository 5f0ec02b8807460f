# Python numbers the analysis knows exactly compare as Python compares them, and a union of classes
# (``int | float``, PEP 604) is what isinstance takes it for: a path guarded by them is taken or not.
import numpy as np


def simulate(u, d, x):
    d = np.asarray(d)
    if isinstance(u, float) and u == 0.:
        return x
    return x + np.squeeze(u @ d.T)


def impulse(d, x):
    return simulate(0., d, x)


def project(u, d):
    if isinstance(u, int | float):
        return u * np.asarray(d)
    return u @ np.asarray(d)


def scaled(d):
    return project(2, d)
