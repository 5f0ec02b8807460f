# `x % 1` of an object known only by name is the fractional part of a float or of an array's
# entries: no int is taken mod 1. pint's event phases (`self.model.phase(toas).frac.value % 1`)
# were taken for the int 0, and the phaseogram's `np.concatenate((phss, phss + 1.0))` of two 0-d
# values was a false SC110. Other arithmetic of such an object with an int still presumes an int.
import numpy as np


def phaseogram(phases, rotate=0.0):
    phss = phases + rotate
    phss[phss >= 1.0] -= 1.0
    return np.concatenate((phss, phss + 1.0))


class Optimizer:
    def __init__(self, model, toas):
        self.model = model
        self.toas = toas

    def event_phases(self):
        phss = self.model.phase(self.toas).frac
        return phss.value % 1

    def plot(self):
        phss = self.event_phases()
        reveal_shape(phss)  # reveal: ?
        return phaseogram(phss)


def heads(config):
    per_head = config.hidden % 1
    reveal_shape(per_head)  # reveal: ?
    return np.zeros(config.hidden // 4)
