import torch
import torch.nn as nn

x = torch.randn(4, 8)
heads = nn.ModuleDict({"cls": nn.Linear(8, 3), "reg": nn.Linear(8, 1)})
reveal_shape(heads["cls"](x))  # reveal: (4, 3)
reveal_shape(heads["reg"](x))  # reveal: (4, 1)
blocks = nn.ModuleDict({"a": nn.Linear(8, 8), "b": nn.ReLU()})
reveal_shape(blocks["b"](blocks["a"](x)))  # reveal: (4, 8)
p = nn.Parameter(torch.randn(3, 8))
reveal_shape(p)  # reveal: (3, 8)
reveal_shape(x @ p.t())  # reveal: (4, 3)
q = nn.parameter.Parameter(torch.zeros(5), requires_grad=False)
reveal_shape(q)  # reveal: (5,)
lin = nn.Linear(8, 16)
reveal_shape(nn.init.xavier_uniform_(lin.weight))  # reveal: (16, 8)
reveal_shape(nn.init.xavier_normal_(torch.empty(4, 6), gain=2.0))  # reveal: (4, 6)
reveal_shape(nn.init.kaiming_uniform_(torch.empty(3, 5)))  # reveal: (3, 5)
reveal_shape(nn.init.kaiming_normal_(lin.weight, mode="fan_out", nonlinearity="relu"))  # reveal: (16, 8)
reveal_shape(nn.init.zeros_(lin.bias))  # reveal: (16,)
reveal_shape(nn.init.ones_(torch.empty(2, 2)))  # reveal: (2, 2)
reveal_shape(nn.init.normal_(torch.empty(7), 0.0, 0.02))  # reveal: (7,)
reveal_shape(nn.init.uniform_(torch.empty(2, 3, 4), -0.1, 0.1))  # reveal: (2, 3, 4)
reveal_shape(nn.init.constant_(torch.empty(3), 0.5))  # reveal: (3,)
reveal_shape(nn.init.trunc_normal_(torch.empty(6, 2), std=0.02))  # reveal: (6, 2)
reveal_shape(nn.init.orthogonal_(torch.empty(4, 4)))  # reveal: (4, 4)
reveal_shape(nn.init.eye_(torch.empty(3, 5)))  # reveal: (3, 5)
reveal_shape(nn.init.dirac_(torch.empty(4, 4, 3, 3)))  # reveal: (4, 4, 3, 3)
w = torch.empty(16, 8)
nn.init.xavier_uniform_(w)
reveal_shape(x @ w.t())  # reveal: (4, 16)
bad = heads["cls"](torch.randn(4, 7))  # error: SC102
bad2 = x @ p  # error: SC102
bad3 = nn.init.zeros_(lin.bias) + torch.zeros(8)  # error: SC101
pairs = nn.ModuleDict([("a", nn.Linear(3, 4)), ("b", nn.Linear(4, 2))])
reveal_shape(pairs["b"](pairs["a"](torch.randn(5, 3))))  # reveal: (5, 2)
bad_xavier = nn.init.xavier_uniform_(torch.empty(5))  # error: SC107
bad_xavier_n = nn.init.xavier_normal_(torch.empty(()))  # error: SC107
bad_kaiming = nn.init.kaiming_uniform_(torch.empty(5))  # error: SC107
bad_kaiming_n = nn.init.kaiming_normal_(torch.empty(4), mode="fan_out")  # error: SC107
reveal_shape(nn.init.kaiming_normal_(torch.empty(3, 5)))  # reveal: (3, 5)
reveal_shape(nn.init.xavier_uniform_(torch.empty(2, 3, 4)))  # reveal: (2, 3, 4)
