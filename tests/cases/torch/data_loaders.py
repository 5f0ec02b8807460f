# What a training loop iterates: a TensorDataset's samples are its tensors' rows, a map-style Dataset's
# what __getitem__ returns, and a DataLoader's batches their default collate (stacked on a new first
# dim; tuples and dicts per entry). The batch dim is batch_size where every batch is full.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, TensorDataset

X = torch.randn(96, 20)
y = torch.randint(0, 3, (96,))
loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True)
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for xb, yb in loader:
        opt.zero_grad()
        out = model(xb)
        reveal_shape(out)  # reveal: (16, 3)
        loss = F.cross_entropy(out, yb)
        loss.backward()
        opt.step()
xb0, yb0 = next(iter(loader))
reveal_shape(xb0)  # reveal: (16, 20)
reveal_shape(yb0)  # reveal: (16,)
reveal_shape(torch.zeros(len(loader)))  # reveal: (6,)


class Pairs(Dataset):
    def __init__(self, n):
        self.a = torch.randn(n, 3, 8, 8)
        self.labels = torch.randint(0, 10, (n,))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"image": self.a[i], "label": self.labels[i], "index": i}


pairs = DataLoader(Pairs(50), batch_size=8, drop_last=True)
for batch in pairs:
    reveal_shape(batch["image"])  # reveal: (8, 3, 8, 8)
    reveal_shape(batch["label"])  # reveal: (8,)
    reveal_shape(batch["index"])  # reveal: (8,)
for x1, in DataLoader(TensorDataset(torch.randn(10, 4)), batch_size=5):
    reveal_shape(x1)  # reveal: (5, 4)
for sample, target in DataLoader(TensorDataset(X, y), batch_size=None):
    reveal_shape(sample)  # reveal: (20,)
