# torch.cat as evaluation loops and KV caches use it: a 1-D empty tensor (torch.tensor([]),
# torch.Tensor()) is skipped whatever the other operands' rank, and an operand nothing is known of
# (a cache unpacked from an argument) leaves the others' dims standing, only the joined one unknown.
import torch
import torch.nn as nn

model = nn.Linear(4, 3)
preds = torch.tensor([])
labels = torch.tensor([], dtype=torch.long)
for i in range(5):
    out = model(torch.randn(8, 4))
    preds = torch.cat((preds, out.softmax(-1)), 0)
    labels = torch.cat([labels, out.argmax(1)])
reveal_shape(preds)  # reveal: (40, 3)
reveal_shape(labels)  # reveal: (40,)
reveal_shape((preds.argmax(1) == labels).float().mean())  # reveal: ()
reveal_shape(torch.cat([torch.empty(0), torch.randn(2, 3)]))  # reveal: (2, 3)
reveal_shape(torch.cat([torch.tensor([]), torch.randn(2, 3), torch.empty(0)], dim=1))  # reveal: (2, 3)


def evaluate(loader):
    all_out = torch.Tensor()
    for xb in loader:
        all_out = torch.cat([all_out, model(xb)], dim=0)
    return all_out


reveal_shape(evaluate([torch.randn(2, 4), torch.randn(5, 4)]))  # reveal: (7, 3)


def extend(k: torch.Tensor, past_kv=None):
    k = k.view(2, 3, 4)
    if past_kv is not None:
        pk, pv = past_kv
        k = torch.cat([pk, k], dim=-2)
        reveal_shape(k)  # reveal: (2, n, 4)
    return k


reveal_shape(extend(torch.randn(24), (torch.randn(2, 5, 4), torch.randn(2, 5, 4))))  # reveal: (2, 8, 4)
reveal_shape(extend(torch.randn(24)))  # reveal: (2, 3, 4)
bad = torch.cat([torch.randn(3), torch.randn(2, 3)])  # error: SC106
