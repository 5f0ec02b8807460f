import torch

x = torch.randn(3, 5)
idx = torch.tensor([[0, 1, 2, 0, 1], [2, 0, 1, 1, 0]])
reveal_shape(torch.scatter(x, 0, idx, torch.randn(2, 5)))  # reveal: (3, 5)
reveal_shape(torch.scatter(x, 1, torch.tensor([[0], [4]]), 1.0))  # reveal: (3, 5)
reveal_shape(torch.scatter_add(x, 0, idx, torch.ones(2, 5)))  # reveal: (3, 5)
rows = torch.tensor([0, 2])
reveal_shape(torch.index_add(x, 0, rows, torch.ones(2, 5)))  # reveal: (3, 5)
reveal_shape(torch.index_copy(x, 0, rows, torch.zeros(2, 5)))  # reveal: (3, 5)
reveal_shape(torch.index_fill(x, 1, torch.tensor([1, 3]), -1.0))  # reveal: (3, 5)
mask = x > 0
reveal_shape(torch.masked_fill(x, mask, 0.0))  # reveal: (3, 5)
reveal_shape(torch.masked_fill(x, torch.tensor([True, False, True, False, True]), 2.0))  # reveal: (3, 5)
reveal_shape(torch.masked_scatter(x, mask, torch.zeros(15)))  # reveal: (3, 5)
reveal_shape(torch.masked_select(x, mask).sum())  # reveal: ()
reveal_shape(torch.zeros(torch.nonzero(x).shape[1]))  # reveal: (2,)
reveal_shape(torch.zeros(torch.argwhere(torch.ones(2, 3, 4)).shape[1]))  # reveal: (3,)
nz_rows, nz_cols = torch.nonzero(x > 0, as_tuple=True)
reveal_shape(torch.take(x, torch.tensor([[0, 14], [3, 7]])))  # reveal: (2, 2)
reveal_shape(torch.take(x, torch.tensor([1, 2, 3])))  # reveal: (3,)
reveal_shape(torch.take_along_dim(x, torch.argsort(x, dim=1), dim=1))  # reveal: (3, 5)
reveal_shape(torch.take_along_dim(x, torch.tensor([[0], [1], [2]]), dim=1))  # reveal: (3, 1)
labels = torch.tensor([1, 1, 2, 3, 3, 3])
reveal_shape(torch.unique(labels).sum())  # reveal: ()
values, counts = torch.unique(labels, return_counts=True)
reveal_shape(torch.bincount(labels).sum())  # reveal: ()
reveal_shape(torch.histc(x, bins=4))  # reveal: (4,)
reveal_shape(torch.histc(x))  # reveal: (100,)
reveal_shape(torch.histc(x, 10, min=-1.0, max=1.0))  # reveal: (10,)
edges = torch.tensor([-1.0, 0.0, 1.0, 2.0])
reveal_shape(torch.searchsorted(edges, x))  # reveal: (3, 5)
reveal_shape(torch.searchsorted(edges, torch.tensor([0.5, 1.5])))  # reveal: (2,)
reveal_shape(torch.bucketize(x, edges))  # reveal: (3, 5)
reveal_shape(torch.bucketize(torch.tensor(0.3), edges))  # reveal: ()
bad = torch.masked_fill(x, torch.ones(2, 5) > 0, 0.0)  # error: SC101
bad2 = torch.index_select(x, 2, rows)  # error: SC104
bad3 = torch.take_along_dim(x, torch.tensor([0, 1]), dim=1)  # error: SC107
reveal_shape(torch.take_along_dim(torch.randn(3, 5), torch.tensor([4, 0, 7])))  # reveal: (3,)
reveal_shape(torch.take_along_dim(torch.randn(3, 5), torch.tensor([[4, 0], [1, 2]])))  # reveal: (4,)
reveal_shape(torch.take_along_dim(torch.randn(3, 5), torch.tensor([[1, 2]]), dim=1))  # reveal: (3, 2)
reveal_shape(torch.randn(3, 5).take_along_dim(torch.tensor([[1], [2], [0]]), dim=0))  # reveal: (3, 5)
bad_along = torch.take_along_dim(torch.randn(3, 5), torch.zeros(4, 1, dtype=torch.long), dim=1)  # error: SC101
reveal_shape(torch.take(torch.randn(3, 5), torch.tensor([14, -15])))  # reveal: (2,)
bad_take = torch.take(torch.randn(3, 5), torch.tensor([15]))  # error: SC105
bad_take2 = torch.randn(3, 5).take(torch.tensor([[0], [-16]]))  # error: SC105
