# torch.nn's layers imported from where they are defined are torch.nn's layers
import torch
from torch.nn.modules import Conv2d, ReLU, Sequential
from torch.nn.modules.conv import Conv1d
from torch.nn.modules.module import Module
import torch.nn.modules as modules


class Net(Module):
    def __init__(self):
        super().__init__()
        self.body = Sequential(Conv2d(3, 8, 3), ReLU())
        self.head = Conv1d(4, 6, 1)

    def forward(self, x, y):
        return self.body(x), self.head(y)


a, b = Net()(torch.zeros(2, 3, 10, 10), torch.zeros(2, 4, 7))
reveal_shape(a)  # reveal: (2, 8, 8, 8)
reveal_shape(b)  # reveal: (2, 6, 7)
reveal_shape(modules.Linear(4, 5)(torch.zeros(3, 4)))  # reveal: (3, 5)
modules.linear.Linear(4, 5)(torch.zeros(3, 6))  # error: SC102
