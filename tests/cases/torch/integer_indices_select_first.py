# torch applies each int of an index as a select before its advanced indices (PyTorch's indexing is
# not NumPy's here): the ints neither join the advanced indices nor part them, and an ellipsis that
# stands for no dim parts nothing. invokeai's normal decoder assigns a (C, N) tensor into
# ``out[i, :, rows, cols]``, which NumPy's rule made (N, C): a false SC101.
import torch

x = torch.ones(2, 3, 5, 7)
reveal_shape(x[:, [0], :, 0])  # reveal: (2, 1, 5)
reveal_shape(x[0, :, [0, 1], [0, 1]])  # reveal: (3, 2)
reveal_shape(x[[0, 1], 0, [0, 1]])  # reveal: (2, 7)
reveal_shape(x[:, [0, 1], ..., [0, 1]])  # reveal: (2, 2, 5)
reveal_shape(torch.ones(3, 4, 5)[:, (0, 1), ..., (0, 1)])  # reveal: (3, 2)

out = torch.zeros(2, 4, 8, 8)
rows = torch.randint(0, 8, (2, 6))
cols = torch.randint(0, 8, (2, 6))
samples = torch.randn(2, 4, 6)
for i in range(2):
    out[i, :, rows[i, :], cols[i, :]] = samples[i, :, :]
reveal_shape(out[1, :, rows[1], cols[1]])  # reveal: (4, 6)
