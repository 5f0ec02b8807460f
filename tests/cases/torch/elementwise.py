import torch
import torch.nn.functional as F

a = torch.randn(4, 3)
b = torch.randn(3)
c = torch.randn(5, 1, 3)
reveal_shape(a + b)  # reveal: (4, 3)
reveal_shape(a * c)  # reveal: (5, 4, 3)
reveal_shape(torch.add(a, b))  # reveal: (4, 3)
reveal_shape(a.mul(2.0))  # reveal: (4, 3)
reveal_shape(torch.exp(a))  # reveal: (4, 3)
reveal_shape(a.sqrt().abs())  # reveal: (4, 3)
reveal_shape(torch.where(a > 0, a, b))  # reveal: (4, 3)
reveal_shape(torch.clamp(a, min=0.0))  # reveal: (4, 3)
reveal_shape(a.clamp(-1.0, 1.0))  # reveal: (4, 3)
reveal_shape(torch.sigmoid(c))  # reveal: (5, 1, 3)
reveal_shape(torch.softmax(a, dim=1))  # reveal: (4, 3)
reveal_shape(a.softmax(-1))  # reveal: (4, 3)
reveal_shape(F.softmax(a, dim=0))  # reveal: (4, 3)
reveal_shape(F.log_softmax(c, dim=-1))  # reveal: (5, 1, 3)
reveal_shape(F.gelu(a))  # reveal: (4, 3)
reveal_shape(F.dropout(a, p=0.1))  # reveal: (4, 3)
reveal_shape(torch.relu(a) - torch.tanh(a))  # reveal: (4, 3)
reveal_shape(torch.maximum(a, b))  # reveal: (4, 3)
reveal_shape(a.masked_fill(a < 0, 0.0))  # reveal: (4, 3)
mask = torch.ones(4, 1) > 0
reveal_shape(a.masked_fill(mask, 1.0))  # reveal: (4, 3)
d = a.clone()
d += b
reveal_shape(d)  # reveal: (4, 3)
reveal_shape(d.add_(b))  # reveal: (4, 3)
bad = a + torch.randn(4)  # error: SC101
bad2 = torch.where(a > 0, a, torch.zeros(2, 3))  # error: SC101
bad3 = F.softmax(a, dim=2)  # error: SC104
bad4 = a.masked_fill(torch.ones(4, 2) > 0, 0.0)  # error: SC101
bad5 = b.add_(a)  # error: SC101
