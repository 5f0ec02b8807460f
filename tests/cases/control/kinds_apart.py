# A string is never equal to a number, nor in a list of numbers (and a number never in a list of
# strings): a branch under such a test never runs. scanpy's simulation keeps
# ``if model_key in [7, 8, 9, 10]: X0[2:] = np.zeros(4)`` from when its models were numbered, with
# ``model_key`` a file's name: taken, it wrote 4 values into 9 (a false SC101). ``str(x)`` is a
# string whatever x is.
import numpy as np


def simulate(params, count: int):
    name = str(params["model"])
    x = np.zeros(11)
    if name in [7, 8, 9, 10]:
        x[2:] = np.zeros(4)
    if name == 3:
        x[2:] = np.zeros(4)
    if count in ("a", "b"):
        x[2:] = np.zeros(4)
    if name in ["krumsiek11", 7]:
        x[2:] = np.zeros(4)  # error: SC101
    return x


reveal_shape(simulate({"model": "toggleswitch"}, 2))  # reveal: (11,)
