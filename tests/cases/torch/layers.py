import torch
from torch import nn

x = torch.randn(4, 3, 32, 32)
conv = nn.Conv2d(3, 16, kernel_size=3, stride=2, padding=1)
reveal_shape(conv(x))  # reveal: (4, 16, 16, 16)
reveal_shape(conv.weight)  # reveal: (16, 3, 3, 3)
reveal_shape(nn.Conv2d(3, 8, (3, 5))(x))  # reveal: (4, 8, 30, 28)
reveal_shape(nn.Conv2d(3, 8, 3, dilation=2)(x))  # reveal: (4, 8, 28, 28)
reveal_shape(nn.Conv2d(3, 6, 3, groups=3)(x))  # reveal: (4, 6, 30, 30)
reveal_shape(nn.Conv2d(3, 8, 3)(x[0]))  # reveal: (8, 30, 30)
reveal_shape(nn.ConvTranspose2d(3, 5, 4, stride=2, padding=1)(x))  # reveal: (4, 5, 64, 64)
reveal_shape(nn.MaxPool2d(2)(x))  # reveal: (4, 3, 16, 16)
reveal_shape(nn.MaxPool2d(3, stride=2, ceil_mode=True)(x))  # reveal: (4, 3, 16, 16)
reveal_shape(nn.AvgPool2d(2, stride=1)(x))  # reveal: (4, 3, 31, 31)
reveal_shape(nn.AdaptiveAvgPool2d((5, 7))(x))  # reveal: (4, 3, 5, 7)
reveal_shape(nn.BatchNorm2d(3)(x))  # reveal: (4, 3, 32, 32)
reveal_shape(nn.GroupNorm(1, 3)(x))  # reveal: (4, 3, 32, 32)
reveal_shape(nn.Flatten()(x))  # reveal: (4, 3072)
reveal_shape(nn.Flatten(0, 1)(x))  # reveal: (12, 32, 32)
reveal_shape(nn.Unflatten(1, (1, 3))(x))  # reveal: (4, 1, 3, 32, 32)
reveal_shape(nn.Upsample(scale_factor=2)(x))  # reveal: (4, 3, 64, 64)
reveal_shape(nn.ReLU()(x))  # reveal: (4, 3, 32, 32)
reveal_shape(nn.Dropout(0.5)(x))  # reveal: (4, 3, 32, 32)
reveal_shape(nn.Softmax(dim=1)(x))  # reveal: (4, 3, 32, 32)
seq = torch.randn(10, 4, 8)
reveal_shape(nn.BatchNorm1d(4)(seq))  # reveal: (10, 4, 8)
reveal_shape(nn.LayerNorm(8)(seq))  # reveal: (10, 4, 8)
reveal_shape(nn.LayerNorm([4, 8])(seq))  # reveal: (10, 4, 8)
emb = nn.Embedding(1000, 64)
reveal_shape(emb(torch.randint(0, 1000, (2, 12))))  # reveal: (2, 12, 64)
reveal_shape(emb.weight)  # reveal: (1000, 64)
lstm = nn.LSTM(8, 20, num_layers=2)
out, (h, c) = lstm(seq)
reveal_shape(out)  # reveal: (10, 4, 20)
reveal_shape(h)  # reveal: (2, 4, 20)
gru = nn.GRU(8, 16, batch_first=True, bidirectional=True)
out2, h2 = gru(seq)
reveal_shape(out2)  # reveal: (10, 4, 32)
reveal_shape(h2)  # reveal: (2, 10, 16)
mlp = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))
reveal_shape(mlp(seq))  # reveal: (10, 4, 2)
reveal_shape(mlp[0].weight)  # reveal: (32, 8)
stack = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])
h3 = seq
for layer in stack:
    h3 = layer(h3)
reveal_shape(h3)  # reveal: (10, 4, 8)
reveal_shape(nn.Linear(8, 5).to("cpu")(seq))  # reveal: (10, 4, 5)
loss = nn.CrossEntropyLoss()
reveal_shape(loss(torch.randn(6, 3), torch.randint(0, 3, (6,))))  # reveal: ()
reveal_shape(nn.MSELoss(reduction="none")(seq, seq))  # reveal: (10, 4, 8)
bad = nn.Conv2d(1, 16, 3)(x)  # error: SC102
bad2 = nn.Conv2d(3, 16, 3)(torch.randn(3, 32))  # error: SC107
bad3 = nn.BatchNorm2d(4)(x)  # error: SC102
bad4 = nn.BatchNorm2d(3)(seq)  # error: SC107
bad5 = nn.LayerNorm(4)(seq)  # error: SC102
bad6 = nn.LSTM(7, 20)(seq)  # error: SC102
bad7 = mlp(torch.randn(3, 9))  # error: SC102
bad8 = nn.GroupNorm(2, 3)  # error: SC107
bad9 = nn.Conv2d(3, 4, 3, groups=2)  # error: SC107
bad10 = loss(torch.randn(6, 3), torch.randint(0, 3, (5,)))  # error: SC102
bad11 = nn.MaxPool2d(64)(x)  # error: SC107
