# An object the constructor makes and holds (`self.history = History()`) is changed by the methods
# other methods call on it (`self.history.update(obs)`): what those store on it is known by name
# only in the holder's methods. openbox's advisor read the history's `observations = []` empty in
# `get_suggestion`, `np.asarray(values)` of it was 1-D, and `values.shape[1]` a false SC110.
import numpy as np


class History:
    def __init__(self, num_objectives):
        self.num_objectives = num_objectives
        self.observations = []
        self.best = np.zeros(num_objectives)

    def __len__(self):
        return len(self.observations)

    def update(self, obs):
        self._record(obs)

    def _record(self, obs):
        self.observations.append(obs)

    def objectives(self):
        values = np.asarray([obs.objectives for obs in self.observations], dtype=np.float64)
        failed = np.full(values.shape[1], np.nan)
        return values, failed


class Advisor:
    def __init__(self, num_objectives):
        self.history = History(num_objectives)

    def suggest(self):
        values, failed = self.history.objectives()
        reveal_shape(self.history.best)  # reveal: (num_objectives,)
        return values

    def observe(self, obs):
        self.history.update(obs)


class Unchanged:
    def __init__(self):
        self.history = History(2)

    def suggest(self):
        values, failed = self.history.objectives()  # error: SC110
        return values
