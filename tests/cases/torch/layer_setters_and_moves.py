# A torch layer another method moves (``self.wte = self.wte.to(device)``: nn.Module.to returns the layer
# itself) or a setter stores (``set_input_embeddings(self, value)``) is, in every method and whichever
# order they come in, the layer the constructor built: the model's code is written for it (transformers'
# GPT-2 left every embedding unknown). An array a method moves keeps its shape, not its dtype; one a
# method stores anything else into is known by name only.
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.set_early = nn.Embedding(vocab, dim)
        self.wte = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)
        self.scale = torch.ones(dim)
        self.table = torch.zeros(vocab, dim)
        self.other = nn.Linear(dim, dim)

    def set_input_embeddings(self, value):
        self.set_early = value

    def parallelize(self, device):
        self.wte = self.wte.to(device)
        self.head = self.head.cuda()
        self.scale = self.scale.to(device, torch.float16)
        self.table = self.table[:1]
        self.other = self.build_other()

    def build_other(self):
        return nn.Identity()

    def forward(self, ids):
        ids = ids.view(-1, ids.shape[-1])
        x = self.set_early(ids) + self.wte(ids)
        reveal_shape(x)  # reveal: (ids0, ids1, dim)
        reveal_shape(self.head(x * self.scale))  # reveal: (ids0, ids1, vocab)
        reveal_shape(self.table)  # reveal: ?
        reveal_shape(self.other(x))  # reveal: ?
        return x

    def set_output_embeddings(self, new_embeddings):
        self.head = new_embeddings


m = Model(100, 16)
reveal_shape(m(torch.zeros(2, 5, dtype=torch.long)))  # reveal: (2, 5, 16)
