# A layer swapped into an nn.Sequential or nn.ModuleList by index (fine-tuning a classifier head:
# ``model.classifier[1] = nn.Linear(in_features, n_classes)``) is the one later calls run.
import torch
import torch.nn as nn

clf = nn.Sequential(nn.Dropout(0.2), nn.Linear(1280, 1000))
clf[1] = nn.Linear(1280, 7)
reveal_shape(clf(torch.randn(4, 1280)))  # reveal: (4, 7)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(1280, 1000))
        self.blocks = nn.ModuleList([nn.Linear(1280, 1280) for _ in range(3)])

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.classifier(x)


m = Net()
m.classifier[1] = nn.Linear(m.classifier[1].in_features, 5)
reveal_shape(m(torch.randn(2, 1280)))  # reveal: (2, 5)
m.classifier[-1] = nn.Linear(1280, 3)
reveal_shape(m(torch.randn(2, 1280)))  # reveal: (2, 3)
m.blocks[2] = nn.Linear(1280, 640)
m.classifier[1] = nn.Linear(640, 9)
reveal_shape(m(torch.randn(6, 1280)))  # reveal: (6, 9)
m.classifier[1] = nn.Linear(1280, 9)
m(torch.randn(6, 1280))  # error: SC110
