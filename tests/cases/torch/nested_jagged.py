# torch.nested's jagged tensors: a list of (n_i, d) tensors is (B, r, d), r the ragged dim (shown
# ``ragged``), a dim of its own that no plain dim is equal to, so nothing follows from its value.
# Ops act on it as on the dense (B, r, d); values() joins the components, offsets() has B + 1 entries.
# The default strided layout stays unknown (its size() raises on the dims that differ).
import torch
import torch.nn.functional as F
from torch import nn
from torch.nested import nested_tensor


def jagged(tokens, seq_lens, images):
    n, d = tokens.shape
    parts = tokens.split(seq_lens.tolist())
    reveal_shape(parts[0])  # reveal: (split, d)
    nt = nested_tensor(parts, layout=torch.jagged)
    reveal_shape(nt)  # reveal: (B, ragged, d)
    reveal_shape(nested_tensor(parts))  # reveal: unknown
    queries = [torch.zeros(1, d)] * len(images)
    pooled = torch.nested.as_nested_tensor(queries, layout=torch.jagged)
    reveal_shape(pooled)  # reveal: (len, ragged, d)
    reveal_shape(nt.values())  # reveal: (total, d)
    reveal_shape(nt.offsets())  # reveal: (B+1,)
    q = nn.Linear(d, 64)(nt).unflatten(-1, (8, 8)).transpose(1, 2)
    reveal_shape(q)  # reveal: (B, 8, ragged, 8)
    out = F.scaled_dot_product_attention(q, q, q)
    reveal_shape(out.transpose(1, 2).flatten(-2))  # reveal: (B, ragged, 64)
    reveal_shape(torch.stack(pooled.unbind()))  # reveal: (len, ragged, d)
    return nt


def concrete():
    a, b = torch.randn(3, 8), torch.randn(5, 8)
    nt = torch.nested.nested_tensor([a, b], layout=torch.jagged)
    reveal_shape(nt)  # reveal: (2, ragged, 8)
    nt + torch.ones(2, 1, 8)
    nt @ torch.ones(9, 4)  # error: SC102
    values = torch.randn(8, 16)
    offsets = torch.tensor([0, 3, 8])
    reveal_shape(torch.nested.nested_tensor_from_jagged(values, offsets))  # reveal: (2, ragged, 16)
