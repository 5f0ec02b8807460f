# torch.utils.data's names where they are defined, and a loader over one of a few datasets chosen at
# run time (minGPT's adder: ``from torch.utils.data.dataloader import DataLoader`` over
# ``{'train': train_dataset, 'test': test_dataset}[split]``)
import sys

import torch
from torch.utils.data.dataloader import DataLoader
from torch.utils.data.dataset import Dataset, TensorDataset


class Digits(Dataset):
    def __init__(self, n, split):
        perm = torch.randperm(n)
        self.ixes = perm[:20] if split == "test" else perm[20:]

    def __len__(self):
        return self.ixes.nelement()

    def __getitem__(self, idx):
        x = torch.zeros(6, dtype=torch.long)
        return x, x + 1


pairs = TensorDataset(torch.ones(12, 3), torch.zeros(12))
for a, b in DataLoader(pairs, batch_size=4):
    reveal_shape(a)  # reveal: (4, 3)
    reveal_shape(b)  # reveal: (4,)


train_set, test_set = Digits(100, "train"), Digits(100, "test")
dataset = {"train": train_set, "test": test_set}[sys.argv[1]]
for x, y in DataLoader(dataset, batch_size=10, drop_last=True):
    reveal_shape(x)  # reveal: (10, 6)
    reveal_shape(y)  # reveal: (10, 6)
