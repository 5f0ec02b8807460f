# A dict's value looked up by a key known only at run time is one of its values: of callables, each,
# which a call calls, its results joined (up to Alternatives.CHOICES of them: transformers'
# ROPE_INIT_FUNCTIONS holds six functions, past the four layers an `Alternatives` otherwise stands
# for). Errors in one of them are no errors of the program.
import sys

import numpy as np


def relu(x):
    return np.maximum(x, 0)


def gelu(x):
    return 0.5 * x * (1 + np.tanh(0.79788456 * (x + 0.044715 * x ** 3)))


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def silu(x):
    return x * sigmoid(x)


def identity(x):
    return x


def squared(x):
    return relu(x) ** 2


def first_row(x):
    return x[0]


ACTIVATIONS = {"relu": relu, "gelu": gelu, "sigmoid": sigmoid, "silu": silu, "linear": identity, "relu2": squared}
MIXED = {"relu": relu, "gelu": gelu, "sigmoid": sigmoid, "silu": silu, "linear": identity, "row": first_row}


def activate(name: str, x):
    return ACTIVATIONS[name](x)


def mixed(name: str, x):
    return MIXED[name](x)


key = sys.argv[1]
reveal_shape(activate(key, np.zeros((3, 4))))  # reveal: (3, 4)
reveal_shape(mixed(key, np.zeros((3, 4))))  # reveal: ?
bad = activate(key, np.zeros((3, 4))) @ np.zeros((3, 4))  # error: SC102
