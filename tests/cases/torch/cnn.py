import torch
import torch.nn as nn
import torch.nn.functional as F


class LeNet(nn.Module):
    """The classic: two conv + pool stages, then three linear layers (16 * 5 * 5 inputs for 32x32)."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, num_classes)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


class WrongHead(nn.Module):
    """in_features computed for 28x28 inputs (16 * 4 * 4) but fed 32x32 images."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.classifier = nn.Linear(16 * 4 * 4, 10)

    def forward(self, x):
        x = self.features(x)
        x = x.view(x.size(0), -1)
        return self.classifier(x)


net = LeNet()
images = torch.randn(8, 1, 32, 32)
reveal_shape(net(images))  # reveal: (8, 10)
reveal_shape(LeNet(num_classes=100)(images))  # reveal: (8, 100)
reveal_shape(net.pool(net.conv1(images)))  # reveal: (8, 6, 14, 14)
small = net(torch.randn(8, 1, 28, 28))  # error: SC110
rgb = net(torch.randn(8, 3, 32, 32))  # error: SC110
head = WrongHead()
reveal_shape(head.features(images))  # reveal: (8, 16, 5, 5)
reveal_shape(head(torch.randn(2, 1, 28, 28)))  # reveal: (2, 10)
caught = head(images)  # error: SC110
