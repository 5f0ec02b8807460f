import torch

x = torch.randn(6, 4)
v = torch.randn(5)
w = torch.randn(5)
a0, a1, a2 = torch.chunk(x, 3)
reveal_shape(a2)  # reveal: (2, 4)
b0, b1 = torch.chunk(x, 2, dim=1)
reveal_shape(b1)  # reveal: (6, 2)
c0, c1, c2 = torch.chunk(torch.randn(7, 2), 3)
reveal_shape(c0)  # reveal: (3, 2)
reveal_shape(c2)  # reveal: (1, 2)
d0, d1, d2 = torch.tensor_split(torch.randn(7, 2), 3)
reveal_shape(d0)  # reveal: (3, 2)
reveal_shape(d2)  # reveal: (2, 2)
e0, e1, e2 = torch.tensor_split(x, [1, 4])
reveal_shape(e1)  # reveal: (3, 4)
reveal_shape(e2)  # reveal: (2, 4)
f0, f1 = torch.tensor_split(x, 2, dim=1)
reveal_shape(f1)  # reveal: (6, 2)
rows = torch.unbind(x)
reveal_shape(rows[5])  # reveal: (4,)
g0, g1, g2, g3 = torch.unbind(x, dim=1)
reveal_shape(g3)  # reveal: (6,)
reveal_shape(torch.concat([x, x]))  # reveal: (12, 4)
reveal_shape(torch.concat((x, x), dim=1))  # reveal: (6, 8)
reveal_shape(torch.concatenate([x, torch.randn(2, 4)], 0))  # reveal: (8, 4)
reveal_shape(torch.concatenate([x, x], dim=-1))  # reveal: (6, 8)
reveal_shape(torch.hstack([v, w]))  # reveal: (10,)
reveal_shape(torch.hstack((x, torch.randn(6, 1))))  # reveal: (6, 5)
reveal_shape(torch.vstack([v, w]))  # reveal: (2, 5)
reveal_shape(torch.vstack((x, x)))  # reveal: (12, 4)
reveal_shape(torch.row_stack([v, w, v]))  # reveal: (3, 5)
reveal_shape(torch.row_stack((x, torch.randn(1, 4))))  # reveal: (7, 4)
reveal_shape(torch.dstack([v, w]))  # reveal: (1, 5, 2)
reveal_shape(torch.dstack((x, x)))  # reveal: (6, 4, 2)
reveal_shape(torch.column_stack([v, w]))  # reveal: (5, 2)
reveal_shape(torch.column_stack((torch.randn(5, 3), v)))  # reveal: (5, 4)
bad = torch.concat([x, torch.randn(6, 3)])  # error: SC106
bad2 = torch.vstack([v, torch.randn(4)])  # error: SC106
bad3 = torch.hstack([x, torch.randn(5, 1)])  # error: SC106
bad4 = torch.column_stack([v, torch.randn(4)])  # error: SC106
bad5 = torch.dstack([x, torch.randn(6, 3)])  # error: SC106
bad6 = torch.unbind(x, dim=2)  # error: SC104
bad7 = torch.chunk(x, 0)  # error: SC107
