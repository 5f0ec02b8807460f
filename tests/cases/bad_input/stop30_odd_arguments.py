# Odd arguments to stop 30's new rules and interpreter paths (distributions, packed sequences,
# transposed convolutions and unpooling, layers swapped by index, counted appends over huge ranges):
# never an internal error.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pack_sequence
from torch.distributions import Categorical, Normal, Independent, MixtureSameFamily, kl_divergence
Categorical().sample()
Independent(torch.zeros(3), 1).sample()
Independent(Normal(torch.zeros(2), 1.0), -1).sample()
Normal(torch.zeros(3)).sample("a")
Normal(torch.zeros(3), 1.0).expand().sample()
Normal(torch.zeros(3), 1.0).log_prob()
MixtureSameFamily(Categorical(torch.ones(3)), 4).sample()
kl_divergence(1, 2)
Normal(torch.zeros(3), 1.0).__draw
pack_padded_sequence(torch.zeros(3), [1, 2, 3])
pack_padded_sequence(torch.zeros(3, 4, 5), [1], batch_first=None)
pad_packed_sequence(torch.zeros(3))
pad_packed_sequence(pack_sequence([]), total_length=-1)
nn.LSTM(5, 3)(pack_sequence([torch.zeros(2, 4)]))  # error: SC102
F.conv_transpose2d(torch.zeros(2, 3, 4, 4), torch.zeros(3, 2))  # error: SC107
F.conv_transpose2d(torch.zeros(2, 3, 4, 4), torch.zeros(3, 2, 3, 3), groups=0)
F.max_unpool2d(torch.zeros(1, 1, 2, 2), None, kernel_size=-2)
F.max_unpool2d(torch.zeros(1, 1, 2, 2), None, 2, output_size=(1, 2, 3, 4, 5))
nn.MaxUnpool2d(2)(torch.zeros(1, 1, 2, 2), None, (5,))
seq = nn.Sequential(nn.Linear(2, 2))
seq[5] = nn.Linear(3, 3)
seq["a"] = nn.Linear(3, 3)
seq[0:1] = nn.Linear(3, 3)
xs = []
for i in range(10**12):
    xs.append(i)
    xs += [i, i]
for r in torch.zeros(10**9, 2):
    pass
