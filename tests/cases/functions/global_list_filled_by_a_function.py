# A module's list or dict that a function changes in place (`probe_results.append(vals)`) holds, when
# another function reads it, whatever the calls before filled it with: sfepy's heat-equation example
# fills `probe_results = []` from one hook and stacks it in another (`np.array(probe_results)
# .squeeze().T[0]`), and the empty list the top level put there made that a false SC105. What a
# function reads of such a global is a list (a dict) of unknown items; the top level, which runs in
# order, still sees what it put.
import numpy as np

probe_results = []
REGISTRY = {"zeros": np.zeros(3)}
fixed = [np.zeros(2)]


def probe_hook(data):
    vals = np.asarray(data)
    probe_results.append(vals)


def register(name, value):
    REGISTRY[name] = value


def post_process_hook(out):
    image = np.array(probe_results).squeeze()
    return image.T[0], image.T[-1]


def lookup(name):
    return REGISTRY["ones"]


def never_changed():
    reveal_shape(fixed[0])  # reveal: (2,)
    return len(fixed)


reveal_shape(np.array(probe_results))  # reveal: (0,)
