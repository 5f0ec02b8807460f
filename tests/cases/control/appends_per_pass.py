# A list every pass of a loop appends to a fixed number of times is, after the loop, as long as it
# was plus that many per trip: an RNN unrolled by hand over T steps stacks T states, where T is known
# only by name. A list appended under a branch, or mutated otherwise, keeps an unknown length.
import numpy as np
import torch
import torch.nn as nn


class StepRNN(nn.Module):
    def __init__(self, inp, hid):
        super().__init__()
        self.cell = nn.GRUCell(inp, hid)
        self.hid = hid

    def forward(self, x):
        B, T, _ = x.shape
        h = torch.zeros(B, self.hid)
        outs = []
        for t in range(T):
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs, dim=1)


reveal_shape(StepRNN(8, 16)(torch.randn(4, 40, 8)))  # reveal: (4, 40, 16)

xs = []
for z in torch.randn(30, 2):
    xs.append(z * 2)
reveal_shape(torch.stack(xs))  # reveal: (30, 2)

pairs = [np.zeros(3)]
for i in range(1, 25):
    pairs.append(np.ones(3) * i)
    pairs.append(np.zeros(3))
reveal_shape(np.stack(pairs))  # reveal: (49, 3)

odd = []
for i in range(20):
    if i % 2:
        odd.append(torch.ones(2))
torch.stack(odd) + torch.zeros(10, 2)

popped = []
for i in range(20):
    popped.append(torch.ones(2))
    if len(popped) > 3:
        popped.pop(0)
torch.stack(popped) + torch.zeros(3, 2)


def collect(n):
    seq = []
    for _ in range(n):
        seq.append(np.random.rand(5))
    return np.array(seq)


reveal_shape(collect(37))  # reveal: (37, 5)


class Sequence(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm1 = nn.LSTMCell(1, 51)
        self.linear = nn.Linear(51, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = torch.zeros(input.size(0), 51, dtype=torch.double)
        c_t = torch.zeros(input.size(0), 51, dtype=torch.double)
        for input_t in input.split(1, dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            output = self.linear(h_t)
            outputs += [output]
        for i in range(future):
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            output = self.linear(h_t)
            outputs += [output]
        return torch.cat(outputs, dim=1)


reveal_shape(Sequence().double()(torch.randn(97, 99, dtype=torch.double), future=100))  # reveal: (97, 199)
both = []
for i in range(20):
    both.extend([np.zeros(2), np.ones(2)])
reveal_shape(np.stack(both))  # reveal: (40, 2)
