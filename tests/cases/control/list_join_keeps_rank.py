# A list of known items joined with a list of unknown length (``tokens = kept_tokens`` in a branch)
# is a list whose element keeps the rank its items share, with a dim of its own where they differ;
# split with sizes not known one by one gives pieces of the input's rank.
import numpy as np
import torch


def keep_some(flag, k, n):
    tokens = [torch.zeros(64, 32), torch.zeros(16, 32)]
    if flag:
        kept = []
        for i in range(n):
            kept.append(tokens[0][:k])
        tokens = kept
    reveal_shape(tokens[0])  # reveal: (j, 32)
    joined = torch.cat(tokens)
    reveal_shape(joined)  # reveal: (len, 32)
    pieces = joined.split(np.array([3, 4]).tolist())
    reveal_shape(pieces[0])  # reveal: (split, 32)
    copies = [joined] * len(tokens)
    reveal_shape(torch.stack(copies))  # reveal: (j, len, 32)
    return joined
