import torch
import torch.nn as nn

x = torch.randn(4, 3, 8)
img = torch.randn(2, 3, 6, 6)
vol = torch.randn(2, 3, 4, 4, 4)
reveal_shape(nn.CELU()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.ELU(alpha=0.5)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.SELU()(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.ReLU6()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.LeakyReLU(0.2)(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.PReLU()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.PReLU(num_parameters=3)(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.SiLU()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Mish()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Sigmoid()(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Tanh()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.LogSigmoid()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Hardsigmoid()(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Hardswish()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Hardtanh(-2.0, 2.0)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Hardshrink(0.3)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Softshrink()(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Tanhshrink()(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Softplus(beta=2.0)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Softsign()(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Threshold(0.1, 20.0)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Softmin(dim=1)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.LogSoftmax(dim=-1)(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Identity()(vol))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(nn.Identity(54, unused="ignored")(x))  # reveal: (4, 3, 8)
reveal_shape(nn.AlphaDropout(0.2)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Dropout1d(0.5)(x))  # reveal: (4, 3, 8)
reveal_shape(nn.Dropout2d(0.5)(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.Dropout3d()(vol))  # reveal: (2, 3, 4, 4, 4)
gated = nn.GLU(dim=1)(torch.randn(4, 6))
act = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, 8), nn.Tanh(), nn.LogSoftmax(dim=-1))
reveal_shape(act(x))  # reveal: (4, 3, 8)
bad = nn.Softmin(dim=3)(x)  # error: SC104
bad2 = nn.LogSoftmax(dim=4)(img)  # error: SC104
bad3 = nn.Sequential(nn.Linear(8, 4), nn.ELU(), nn.Linear(8, 2))(x)  # error: SC102
reveal_shape(nn.GLU()(torch.randn(4, 3, 8)))  # reveal: (4, 3, 4)
reveal_shape(nn.GLU(1)(torch.randn(4, 6, 5)))  # reveal: (4, 3, 5)
bad_glu = nn.GLU()(torch.randn(4, 3, 7))  # error: SC107
bad_prelu = nn.PReLU(5)(torch.randn(4, 3, 8))  # error: SC102
bad_prelu_1d = nn.PReLU(3)(torch.randn(3))  # error: SC102
bad_dropout1d = nn.Dropout1d()(torch.randn(2, 3, 4, 5))  # error: SC107
reveal_shape(nn.Dropout1d(0.2)(torch.randn(3, 8)))  # reveal: (3, 8)
