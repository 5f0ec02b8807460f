# Two mode strings the source spells out compare as Python compares them, so a conditional
# expression takes the one branch that runs: softmax over dim 1 of a flattened (1-D) tensor is never
# evaluated when the caller asks for "sigmoid".
import torch


def normalize(scores, normalization):
    return scores.sigmoid() if normalization == "sigmoid" else torch.softmax(scores, dim=1)


def squash(scores, kind="tanh"):
    if kind not in ("tanh", "sigmoid"):
        return torch.softmax(scores, dim=1)
    return scores.tanh()


flat = torch.randn(2, 5).flatten()
reveal_shape(normalize(flat, "sigmoid"))  # reveal: (10,)
reveal_shape(squash(flat))  # reveal: (10,)
normalize(flat, "softmax")  # error: SC110
