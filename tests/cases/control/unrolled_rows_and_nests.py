# Loops run once per item where the items are few and known: over the rows of a tensor of a known
# short first dim, and nested loops while the product of their trip counts stays small (NeRF's
# positional encoding: a band per frequency, sin and cos per band).
import torch


class Embedder:
    def __init__(self, multires, include_input=True):
        self.freq_bands = 2.0 ** torch.linspace(0.0, multires - 1, steps=multires)
        self.include_input = include_input
        self.fns = [torch.sin, torch.cos]

    def embed(self, x):
        outs = [x] if self.include_input else []
        for freq in self.freq_bands:
            for fn in self.fns:
                outs.append(fn(x * freq))
        return torch.cat(outs, -1)


pts = torch.randn(1024, 3)
reveal_shape(Embedder(10).embed(pts))  # reveal: (1024, 63)
reveal_shape(Embedder(4, include_input=False).embed(pts))  # reveal: (1024, 24)

rows = []
for row in torch.eye(3):
    rows.append(row * 2)
reveal_shape(torch.stack(rows))  # reveal: (3, 3)
reveal_shape(torch.stack([r[:2] for r in torch.ones(5, 4)]))  # reveal: (5, 2)

grid = []
for i in range(3):
    for j in range(4):
        grid.append(torch.full((2,), float(i * j)))
reveal_shape(torch.stack(grid))  # reveal: (12, 2)
