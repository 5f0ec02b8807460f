# A value a call brings that breaks a shape annotation further down (dynamax's filters, given no inputs,
# pass a scalar as ``inpt: Float[Array, "input_dim"]``) is an annotation mismatch (SC202) at the call,
# not a failure of it (SC110): nothing raises unless a run-time checker wraps the function. A shape
# error down the line is a failure of the call, inside a ``try`` or not.
import numpy as np
from jaxtyping import Float


def condition_on(mean: Float[np.ndarray, "state"], inpt: Float[np.ndarray, "input_dim"]):
    return mean + inpt.sum()


def step(mean, inputs, t):
    return condition_on(mean, inputs[t])


def fails(mean, inputs):
    return mean @ inputs


process_input = lambda x, y: np.zeros((y,)) if x is None else x

inputs = process_input(None, 10)
step(np.zeros(3), inputs, 0)  # error: SC202
step(np.zeros(3), np.zeros((10, 2)), 0)
fails(np.zeros(3), np.zeros(4))  # error: SC110
try:
    step(np.zeros(3), inputs, 0)  # error: SC202
except ValueError:
    pass
