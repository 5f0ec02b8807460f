# A method that stands for its overrides (``@abstractmethod``, or a body of only a docstring, ``...`` or
# ``raise NotImplementedError``) returns what the subclass's override returns when the class's own code
# calls it, not its body's None. captum's stochastic gates: the abstract ``_sample_gate_values`` (a
# docstring and ``pass``) made the gates None, ``torch.clamp`` of it a scalar, and ``torch.gather`` a
# false SC107 (torch.gather wants an index of the input's number of dims; the override's gates are
# (batch, n_gates), a 2-d index fits them).
from abc import ABC, abstractmethod

import numpy as np
import torch
from torch import Tensor


class Gates(torch.nn.Module, ABC):
    def forward(self, x: Tensor) -> Tensor:
        gates = torch.clamp(self._sample(x.shape[0]), min=0, max=1)
        index = torch.zeros(x.shape[0], 5, dtype=torch.long)
        return torch.gather(gates, 1, index)

    @abstractmethod
    def _sample(self, batch_size: int) -> Tensor:
        """Gates of shape (batch_size, n_gates)."""
        pass


class Scorer:
    def score(self, x):
        return torch.gather(torch.clamp(self.raw(x), min=0, max=1), 1, torch.zeros(4, 1, dtype=torch.long))

    def raw(self, x):
        raise NotImplementedError("subclasses compute the raw scores")

    def other(self, x):
        ...

    def others(self, x):
        return torch.gather(torch.clamp(self.other(x), min=0, max=1), 1, torch.zeros(4, 1, dtype=torch.long))


class Linear(Scorer):
    def raw(self, x):
        return x[:, :3]


reveal_shape(Linear().score(torch.zeros(4, 6)))  # reveal: (4, 1)


# a body that does something is the method itself, whatever its name says
class Fixed:
    def table(self):
        return np.zeros((2, 3))

    def use(self):
        return self.table() @ np.ones((2, 2))  # error: SC102


# an abstract method with a body of its own runs it: ``super().__init__`` sets what the subclass reads
class Folds(ABC):
    @abstractmethod
    def __init__(self, n_splits):
        self.n_splits = n_splits


class KFolds(Folds):
    def __init__(self, n_splits=5):
        super().__init__(n_splits=n_splits)

    def sizes(self):
        return np.zeros(self.n_splits)


reveal_shape(KFolds(3).sizes())  # reveal: (3,)
