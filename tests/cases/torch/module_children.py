# m.children() and m.named_children(): the submodules a module registered, in assignment order (an
# nn.Sequential's layers), so nn.Sequential(*list(model.children())[:-1]) is the model without its head.
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c * 2, 3, 2, 1)

    def forward(self, x):
        return self.conv(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.scale = 2.0
        self.block = Block(8)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        return self.fc(self.pool(self.block(self.stem(x))).flatten(1))


net = Net()
body = nn.Sequential(*list(net.children())[:-1])
reveal_shape(body(torch.randn(2, 3, 32, 32)))  # reveal: (2, 16, 1, 1)
reveal_shape(nn.Sequential(*list(net.children())[:2])(torch.randn(2, 3, 32, 32)))  # reveal: (2, 16, 16, 16)
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
reveal_shape(nn.Sequential(*list(seq.children())[:-1])(torch.randn(5, 4)))  # reveal: (5, 8)
names = [name for name, _ in net.named_children()]
reveal_shape(torch.zeros(len(names)))  # reveal: (4,)


class Listed(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 4)]   # a plain list: not registered
        self.head = nn.Linear(4, 2)


children = list(Listed().children())
print(len(children))
