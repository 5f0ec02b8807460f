# A ``match`` statement runs the cases whose patterns may fit the subject: a shape of known rank is a
# tuple of sizes, so each case is decided or holds under a condition on them, which its body
# assumes (and the cases after it assume the opposite). ase 3.29's LangevinBAOAB reads
# ``match stress.shape: case (1,): ... case (6,): voigt_6_to_full_3x3_stress(stress)``: every case
# ran on a stress of shape (1,), and the Voigt unpacking of 6 names a false SC110.
import numpy as np


def voigt(v):
    s1, s2, s3, s4, s5, s6 = np.transpose(v)
    return np.array([[s1, s6, s5], [s6, s2, s4], [s5, s4, s3]])


def full_stress(stress):
    stress = np.asarray(stress)
    if stress.shape == ():
        stress = stress.reshape((-1))
    match stress.shape:
        case (1,):
            stress = stress * np.identity(3)
        case (3,):
            stress = np.diag(stress)
        case (6,):
            stress = voigt(stress)
        case (3, 3):
            pass
        case _:
            raise ValueError("a stress is 1, 3, 6 or 3x3 numbers")
    return stress


reveal_shape(full_stress(-1.0))  # reveal: (3, 3)
reveal_shape(full_stress(np.ones(6)))  # reveal: (3, 3)
reveal_shape(full_stress(np.ones((3, 3))))  # reveal: (3, 3)


def project(x):
    match x.shape:   # x's rank is what the case says
        case (n, 3):
            return x @ np.ones((3, 2)) + np.zeros((n, 1))
        case (n, m, *rest):
            return np.zeros((m, n))
    return None


reveal_shape(project(np.ones((4, 3))))  # reveal: (4, 2)
reveal_shape(project(np.ones((4, 5, 6))))  # reveal: (5, 4)


def first(p):
    match p:
        case (0, y):
            return y
        case [x, 0] | [0, x]:
            return x
        case None:
            return np.zeros(1)
    return np.zeros(2)


reveal_shape(first((0, np.ones(3))))  # reveal: (3,)
reveal_shape(first(None))  # reveal: (1,)
reveal_shape(first((1, 2, 3)))  # reveal: (2,)


def wrong(v):
    match v.shape:
        case (2,):
            return v @ np.ones((3, 3))  # error: SC102
    return v


wrong(np.ones(2))
