# pathlib from shapecheck's stub: a path's name, stem and suffix are strings, so a test of one
# against numbers is False and its branch never runs (scanpy's simulation keys its models by
# ``Path(model).with_suffix("").name`` and keeps ``if model_key in [7, 8, 9, 10]:`` from when they
# were numbered: taken, it wrote 4 values into 9, a false SC101). Their values stay unknown: a test
# against a string may go either way.
from pathlib import Path
import pathlib

import numpy as np


def simulate(params):
    model_key = Path(params["model"]).with_suffix("").name
    x = np.zeros(11)
    if model_key in [7, 8, 9, 10]:
        x[2:] = np.zeros(4)
    here = pathlib.Path(__file__).resolve().parent
    if here.stem == 3 or here.suffix in (1, 2) or here.parent.name == 0:
        x[2:] = np.zeros(4)
    if Path.cwd().as_posix() == 7:
        x[2:] = np.zeros(4)
    if model_key == "toggleswitch":
        x[2:] = np.zeros(4)  # error: SC101
    return x


reveal_shape(simulate({"model": "krumsiek11.txt"}))  # reveal: (11,)
