# nn.Transformer end to end and its square subsequent mask, scatter_reduce / index_reduce (the
# destination's shape), and sparse tensors built with a size (their dense shape) fed to sparse.mm.
import torch
import torch.nn as nn

mask = nn.Transformer.generate_square_subsequent_mask(35)
reveal_shape(mask)  # reveal: (35, 35)
tr = nn.Transformer(d_model=32, nhead=4, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=64)
reveal_shape(tr(torch.randn(10, 2, 32), torch.randn(6, 2, 32)))  # reveal: (6, 2, 32)
trb = nn.Transformer(d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1, batch_first=True)
reveal_shape(trb(torch.randn(3, 7, 16), torch.randn(3, 4, 16), tgt_mask=nn.Transformer.generate_square_subsequent_mask(4)))  # reveal: (3, 4, 16)
x = torch.randn(10, 8)
batch = torch.randint(0, 3, (10,))
reveal_shape(torch.zeros(3, 8).scatter_reduce(0, batch.unsqueeze(-1).expand(-1, 8), x, reduce="mean"))  # reveal: (3, 8)
reveal_shape(torch.zeros(3, 8).index_reduce_(0, batch, x, "amax"))  # reveal: (3, 8)
ei = torch.randint(0, 10, (2, 40))
adj = torch.sparse_coo_tensor(ei, torch.ones(40), (10, 10))
reveal_shape(adj)  # reveal: (10, 10)
reveal_shape(torch.sparse.mm(adj, x))  # reveal: (10, 8)
reveal_shape(torch.scatter_reduce(torch.zeros(3, 8), 0, batch.unsqueeze(-1).expand(-1, 8), x, reduce="sum"))  # reveal: (3, 8)
reveal_shape(torch.index_reduce(torch.ones(3, 8), 0, batch, x, "prod"))  # reveal: (3, 8)
reveal_shape(torch.index_put(torch.zeros(3, 8), (torch.tensor([0, 2]),), torch.ones(8)))  # reveal: (3, 8)
reveal_shape(torch.sparse.addmm(torch.zeros(10, 8), adj, x))  # reveal: (10, 8)
reveal_shape(torch.sparse.softmax(adj, dim=1))  # reveal: (10, 10)
reveal_shape(torch.sparse.log_softmax(adj, dim=0))  # reveal: (10, 10)
reveal_shape(torch.sparse.sum(adj, dim=0))  # reveal: (10,)
csr = torch.sparse_csr_tensor(torch.tensor([0, 2, 4]), torch.tensor([0, 1, 0, 1]), torch.ones(4), (2, 2))
reveal_shape(csr)  # reveal: (2, 2)
reveal_shape(torch.sparse_csc_tensor(torch.tensor([0, 2, 4]), torch.tensor([0, 1, 0, 1]), torch.ones(4), size=(2, 2)))  # reveal: (2, 2)
wrong_batch = tr(torch.randn(10, 2, 32), torch.randn(6, 3, 32))  # error: SC102
wrong_width = tr(torch.randn(10, 2, 32), torch.randn(6, 2, 16))  # error: SC102
