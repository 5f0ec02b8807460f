import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d_in, hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, d_out)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        return self.fc2(self.drop(h))


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = MLP(784, 256, 10)

    def forward(self, images):
        x = images.view(images.size(0), -1)
        return self.body(x)


model = MLP(784, 128, 10)
batch = torch.randn(32, 784)
logits = model(batch)
reveal_shape(logits)  # reveal: (32, 10)
reveal_shape(model.fc1.weight)  # reveal: (128, 784)
reveal_shape(model.forward(batch))  # reveal: (32, 10)
probs = logits.softmax(dim=-1)
reveal_shape(probs.argmax(dim=1))  # reveal: (32,)
loss = F.cross_entropy(logits, torch.randint(0, 10, (32,)))
reveal_shape(loss)  # reveal: ()
clf = Classifier().to("cpu")
clf.eval()
reveal_shape(clf(torch.randn(16, 1, 28, 28)))  # reveal: (16, 10)
wrong = model(torch.randn(32, 100))  # error: SC110
wrong2 = clf(torch.randn(16, 3, 28, 28))  # error: SC110
wrong_loss = F.cross_entropy(logits, torch.randint(0, 10, (16,)))  # error: SC102
