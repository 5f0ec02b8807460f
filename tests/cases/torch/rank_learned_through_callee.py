# A callee's precondition that fixes an argument's rank (forward's ``b, t = idx.size()``) fixes the
# rank of the caller's parameter too when the argument is built of that parameter's unknown middle:
# ``idx[:, -k:]`` is ``(j, j', *idx[2:])``, and so is its join with ``idx`` (minGPT's ``generate``:
# ``idx_cond = idx if idx.size(1) <= self.block_size else idx[:, -self.block_size:]``). Learned by a
# top-level statement of a loop's body, the rank holds at every pass, so ``idx`` keeps it through
# ``idx = torch.cat((idx, idx_next), dim=1)``. The unpack keeps the dims the argument's shape has at its
# ends and takes the middle's from the parameter: ``a, b, c = x[:, 1:].shape`` makes ``a`` x's first
# dim and ``c`` its last, and the batch of forward's result is generate's own ``idx.shape[0]``.
import torch
from torch import nn
from torch.nn import functional as F


class GPT(nn.Module):
    def __init__(self, vocab_size, n_embd, block_size):
        super().__init__()
        self.block_size = block_size
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size)

    def forward(self, idx):
        b, t = idx.size()
        return self.lm_head(self.wte(idx)), None

    def crop(self, idx):
        idx_cond = idx[:, -self.block_size:]
        logits, _ = self(idx_cond)
        reveal_shape(idx)  # reveal: (idx.shape[0], idx.shape[1])
        return logits

    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
            idx_cond = idx if idx.size(1) <= self.block_size else idx[:, -self.block_size:]
            logits, _ = self(idx_cond)
            probs = F.softmax(logits[:, -1, :], dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            reveal_shape(idx_next)  # reveal: (idx.shape[0], 1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx


def tail_columns(x):
    head = x[:, 1:]
    a, b, c = head.shape
    reveal_shape(x)  # reveal: (a, x.shape[1], c)
    reveal_shape(head)  # reveal: (a, x.shape[1]-1, c)
    reveal_shape(x[:, 0] + head[:, 0])  # reveal: (a, c)
    return head
