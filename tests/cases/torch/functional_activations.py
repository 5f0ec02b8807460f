import torch
import torch.nn.functional as F

x = torch.randn(4, 3, 8)
img = torch.randn(2, 3, 6, 6)
vol = torch.randn(2, 3, 4, 4, 4)
reveal_shape(F.celu(x))  # reveal: (4, 3, 8)
reveal_shape(F.elu(x, alpha=0.5))  # reveal: (4, 3, 8)
reveal_shape(F.selu(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.relu6(x))  # reveal: (4, 3, 8)
reveal_shape(F.leaky_relu(x, 0.1))  # reveal: (4, 3, 8)
reveal_shape(F.leaky_relu(img, negative_slope=0.3))  # reveal: (2, 3, 6, 6)
reveal_shape(F.rrelu(x))  # reveal: (4, 3, 8)
reveal_shape(F.prelu(x, torch.tensor([0.25])))  # reveal: (4, 3, 8)
reveal_shape(F.prelu(img, torch.full((3,), 0.1)))  # reveal: (2, 3, 6, 6)
reveal_shape(F.silu(x))  # reveal: (4, 3, 8)
reveal_shape(F.mish(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.sigmoid(x))  # reveal: (4, 3, 8)
reveal_shape(F.tanh(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.logsigmoid(x))  # reveal: (4, 3, 8)
reveal_shape(F.hardsigmoid(x))  # reveal: (4, 3, 8)
reveal_shape(F.hardswish(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.hardtanh(x, -2.0, 2.0))  # reveal: (4, 3, 8)
reveal_shape(F.hardshrink(x, lambd=0.3))  # reveal: (4, 3, 8)
reveal_shape(F.softshrink(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.tanhshrink(x))  # reveal: (4, 3, 8)
reveal_shape(F.softplus(x, beta=2))  # reveal: (4, 3, 8)
reveal_shape(F.softsign(img))  # reveal: (2, 3, 6, 6)
reveal_shape(F.threshold(x, 0.1, 20.0))  # reveal: (4, 3, 8)
reveal_shape(F.softmin(x, dim=1))  # reveal: (4, 3, 8)
reveal_shape(F.softmin(img, -1))  # reveal: (2, 3, 6, 6)
reveal_shape(torch.log_softmax(x, dim=1))  # reveal: (4, 3, 8)
reveal_shape(torch.log_softmax(img, -1))  # reveal: (2, 3, 6, 6)
reveal_shape(torch.dropout(x, 0.5, False))  # reveal: (4, 3, 8)
reveal_shape(torch.dropout(img, 0.2, True))  # reveal: (2, 3, 6, 6)
reveal_shape(F.alpha_dropout(x, 0.2, training=True))  # reveal: (4, 3, 8)
reveal_shape(F.feature_alpha_dropout(img, 0.2, training=True))  # reveal: (2, 3, 6, 6)
reveal_shape(F.dropout1d(x, 0.5))  # reveal: (4, 3, 8)
reveal_shape(F.dropout2d(img, 0.5))  # reveal: (2, 3, 6, 6)
reveal_shape(F.dropout3d(vol, 0.5, training=False))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(F.silu(x) * F.sigmoid(torch.randn(3, 1)))  # reveal: (4, 3, 8)
bad = F.softmin(x, dim=3)  # error: SC104
bad2 = torch.log_softmax(img, 4)  # error: SC104
bad3 = F.elu(x) + F.selu(img)  # error: SC101
bad4 = F.hardtanh(x) @ torch.randn(7, 2)  # error: SC102
reveal_shape(F.glu(torch.randn(4, 3, 8)))  # reveal: (4, 3, 4)
bad_glu = F.glu(torch.randn(4, 3), dim=1)  # error: SC107
bad_prelu = F.prelu(torch.randn(4, 3, 8), torch.randn(8))  # error: SC102
bad_dropout1d = F.dropout1d(torch.randn(5), 0.5)  # error: SC107


def glu_of_unknown_rank(x, y):
    # the dims before or after the unknown middle that dim names are halved (checked even); a dim
    # inside the middle makes the shape unknown, never the input's unchanged
    h = torch.cat([x, x], dim=-2)
    reveal_shape(F.glu(h, dim=-1))  # reveal: (*x[:-2], x.shape[-2]*2, x.shape[-1]//2)
    reveal_shape(F.glu(h, dim=-2))  # reveal: (*x[:-2], x.shape[-2], x.shape[-1])
    reveal_shape(F.glu(h, dim=1))  # reveal: ?
    return F.glu(y[None], 0)  # error: SC107
