import torch

x = torch.randn(2, 3, 4)
reveal_shape(x.view(6, 4))  # reveal: (6, 4)
reveal_shape(x.view(-1))  # reveal: (24,)
reveal_shape(x.view(2, -1))  # reveal: (2, 12)
reveal_shape(x.view((4, 6)))  # reveal: (4, 6)
reveal_shape(x.reshape(4, -1, 2))  # reveal: (4, 3, 2)
reveal_shape(torch.reshape(x, (3, 8)))  # reveal: (3, 8)
reveal_shape(x.view_as(torch.zeros(8, 3)))  # reveal: (8, 3)
reveal_shape(x.permute(2, 0, 1))  # reveal: (4, 2, 3)
reveal_shape(x.permute((1, 2, 0)))  # reveal: (3, 4, 2)
reveal_shape(torch.permute(x, (0, 2, 1)))  # reveal: (2, 4, 3)
reveal_shape(x.transpose(0, 1))  # reveal: (3, 2, 4)
reveal_shape(torch.transpose(x, -1, -2))  # reveal: (2, 4, 3)
reveal_shape(x.flatten())  # reveal: (24,)
reveal_shape(x.flatten(1))  # reveal: (2, 12)
reveal_shape(torch.flatten(x, start_dim=0, end_dim=1))  # reveal: (6, 4)
reveal_shape(x.unflatten(2, (2, 2)))  # reveal: (2, 3, 2, 2)
reveal_shape(x.unflatten(-1, (-1, 1)))  # reveal: (2, 3, 4, 1)
reveal_shape(x.unsqueeze(0))  # reveal: (1, 2, 3, 4)
reveal_shape(x.unsqueeze(-1))  # reveal: (2, 3, 4, 1)
reveal_shape(torch.unsqueeze(x, 1))  # reveal: (2, 1, 3, 4)
y = torch.zeros(1, 5, 1)
reveal_shape(y.squeeze())  # reveal: (5,)
reveal_shape(y.squeeze(0))  # reveal: (5, 1)
reveal_shape(y.squeeze(1))  # reveal: (1, 5, 1)
reveal_shape(y.expand(3, 5, 2))  # reveal: (3, 5, 2)
reveal_shape(y.expand(4, -1, -1, 6))  # reveal: (4, 1, 5, 6)
reveal_shape(y.expand_as(torch.zeros(2, 5, 7)))  # reveal: (2, 5, 7)
reveal_shape(y.repeat(2, 1, 3))  # reveal: (2, 5, 3)
reveal_shape(y.repeat(2, 2, 1, 1))  # reveal: (2, 2, 5, 1)
reveal_shape(torch.cat([x, x], dim=0))  # reveal: (4, 3, 4)
reveal_shape(torch.cat((x, x, x), 2))  # reveal: (2, 3, 12)
reveal_shape(torch.stack([x, x]))  # reveal: (2, 2, 3, 4)
reveal_shape(torch.stack([x, x], dim=-1))  # reveal: (2, 3, 4, 2)
a, b = torch.split(torch.zeros(10, 3), 5)
reveal_shape(a)  # reveal: (5, 3)
p, q, r = torch.zeros(7, 3).split(3)
reveal_shape(r)  # reveal: (1, 3)
s1, s2 = torch.zeros(10, 3).split([4, 6])
reveal_shape(s2)  # reveal: (6, 3)
c1, c2, c3 = torch.zeros(9, 2).chunk(3)
reveal_shape(c3)  # reveal: (3, 2)
d1, d2 = torch.zeros(2, 5).chunk(2, dim=1)
reveal_shape(d1)  # reveal: (2, 3)
reveal_shape(d2)  # reveal: (2, 2)
e0, e1 = torch.zeros(2, 7).unbind(0)
reveal_shape(e1)  # reveal: (7,)
n, c, h = x.size()
reveal_shape(torch.zeros(n, h))  # reveal: (2, 4)
reveal_shape(torch.zeros(x.size(-1)))  # reveal: (4,)
reveal_shape(torch.zeros(x.dim()))  # reveal: (3,)
reveal_shape(torch.zeros(x.numel()))  # reveal: (24,)
reveal_shape(x.contiguous().float().detach().cpu())  # reveal: (2, 3, 4)
reveal_shape(x.to(torch.float64))  # reveal: (2, 3, 4)
reveal_shape(x.numpy())  # reveal: (2, 3, 4)
reveal_shape(x[0])  # reveal: (3, 4)
reveal_shape(x[:, 1:].view(2, 8))  # reveal: (2, 8)
reveal_shape(x[..., None].squeeze(-1))  # reveal: (2, 3, 4)
reveal_shape(x.narrow(2, 1, 2))  # reveal: (2, 3, 2)
reveal_shape(x.select(1, 0))  # reveal: (2, 4)
reveal_shape(torch.index_select(x, 2, torch.tensor([0, 2])))  # reveal: (2, 3, 2)
reveal_shape(torch.gather(x, 2, torch.zeros(2, 3, 1, dtype=torch.long)))  # reveal: (2, 3, 1)
reveal_shape(torch.broadcast_to(torch.zeros(3, 1), (2, 3, 5)))  # reveal: (2, 3, 5)
bad = x.view(5, -1)  # error: SC103
bad2 = x.view(2, 3, 5)  # error: SC103
bad3 = x.permute(1, 0)  # error: SC104
bad4 = x.transpose(0, 3)  # error: SC104
bad5 = torch.cat([x, torch.zeros(2, 4, 4)], dim=2)  # error: SC106
bad6 = torch.stack([x, torch.zeros(2, 3, 5)])  # error: SC106
bad7 = y.expand(3, 4, 2)  # error: SC101
bad8 = y.repeat(2, 2)  # error: SC107
bad9 = torch.zeros(10, 3).split([4, 5])  # error: SC107
bad10 = x.unsqueeze(4)  # error: SC104
bad11 = x.flatten(2, 1)  # error: SC107
bad12 = x.unflatten(1, (2, 2))  # error: SC103
bad13 = x.size(3)  # error: SC104
bad14 = x.narrow(1, 2, 2)  # error: SC105
bad15 = x[0, 0, 0, 0]  # error: SC105
