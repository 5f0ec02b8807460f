# ``unique`` along an axis gives the distinct slices: the other dims stay, that one is their count
# (NumPy's ``axis=``, torch's ``dim=``). physicsnemo's triangle hinges take
# ``torch.unique_consecutive(sorted_edges, dim=0, return_counts=True)`` of (n, 2) edges and
# concatenate the (k, 2) rows with columns: taken for k values, the cat was a false SC104.
import numpy as np

rows = np.array([[0, 1], [1, 2], [1, 2], [2, 3]])
distinct = np.unique(rows, axis=0)
reveal_shape(distinct)  # reveal: (k, 2)
values, inverse, counts = np.unique(rows, axis=0, return_inverse=True, return_counts=True)
reveal_shape(inverse)  # reveal: (4,)
reveal_shape(counts)  # reveal: (k,)
columns = np.unique(rows, axis=1)
reveal_shape(columns)  # reveal: (4, k)
reveal_shape(np.concatenate([values, counts[:, None]], axis=1))  # reveal: (k, 3)
reveal_shape(np.unique(rows))  # reveal: (k,)
