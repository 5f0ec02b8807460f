import numpy as np

# A body reads module globals: a summary stands only while they hold what it read.
W = np.zeros((3, 4))


def project(x):
    return x @ W


def through(x):
    return project(x)


reveal_shape(project(np.zeros((2, 3))))  # reveal: (2, 4)
reveal_shape(through(np.zeros((2, 3))))  # reveal: (2, 4)
# W rebound: the same call runs again, and so does the caller whose callee read W
W = np.zeros((5, 6))
project(np.zeros((2, 3)))  # error: SC110
through(np.zeros((2, 3)))  # error: SC110
reveal_shape(project(np.zeros((2, 5))))  # reveal: (2, 6)


class Settings:
    def __init__(self):
        self.basis = np.zeros((3, 7))


SETTINGS = Settings()


def embed(x):
    return x @ SETTINGS.basis


reveal_shape(embed(np.zeros((2, 3))))  # reveal: (2, 7)
# the object a global holds changed: its content is part of what the summary read
SETTINGS.basis = np.zeros((8, 7))
embed(np.zeros((2, 3)))  # error: SC110


def late(x):
    return helper(x)


# a name the module binds later: unknown at the first call, the function at the second
reveal_shape(late(np.zeros((2, 3))))  # reveal: unknown


def helper(x):
    return x.T


reveal_shape(late(np.zeros((2, 3))))  # reveal: (3, 2)
