# torch-oracle: skip (symbolic shapes from jaxtyping annotations; nothing concrete to run)
import torch
import torch.nn as nn
import torch.nn.functional as F
from jaxtyping import Float, Int
from torch import Tensor


def flatten_images(x: Float[Tensor, "b c h w"]) -> Float[Tensor, "b chw"]:
    y = x.view(x.size(0), -1)
    reveal_shape(y)  # reveal: (b, c*h*w)
    return y


def heads(x: Float[Tensor, "b t d"], n: int) -> Float[Tensor, "b n t e"]:
    b, t, d = x.shape
    return x.view(b, t, n, d // n).transpose(1, 2)


def scores(q: Float[Tensor, "b t d"], k: Float[Tensor, "b s d"]) -> Float[Tensor, "b t s"]:
    out = q @ k.transpose(-2, -1)
    reveal_shape(out)  # reveal: (b, t, s)
    return out.softmax(dim=-1)


def wrong_scores(q: Float[Tensor, "b t d"], k: Float[Tensor, "b s d"]) -> Float[Tensor, "b t s"]:
    return q.sum(-1)  # error: SC202


def pool(x: Float[Tensor, "b c h w"]):
    reveal_shape(x.mean(dim=(2, 3)))  # reveal: (b, c)
    reveal_shape(F.max_pool2d(x, 2))  # reveal: (b, c, h//2, w//2)
    reveal_shape(x.flatten(1))  # reveal: (b, c*h*w)
    reveal_shape(x.permute(0, 2, 3, 1))  # reveal: (b, h, w, c)
    return x


class Encoder(nn.Module):
    def __init__(self, d_model: int):
        super().__init__()
        self.proj = nn.Linear(d_model, 2 * d_model)
        self.norm = nn.LayerNorm(2 * d_model)

    def forward(self, x: Float[Tensor, "b t d"]) -> Float[Tensor, "b t e"]:
        return self.norm(self.proj(x))


def labels(logits: Float[Tensor, "n k"], y: Int[Tensor, "n"]) -> Float[Tensor, ""]:
    return F.cross_entropy(logits, y)


reveal_shape(flatten_images(torch.randn(4, 3, 8, 8)))  # reveal: (4, 192)
reveal_shape(heads(torch.randn(2, 5, 12), 3))  # reveal: (2, 3, 5, 4)
reveal_shape(Encoder(16)(torch.randn(2, 7, 16)))  # reveal: (2, 7, 32)
bad_enc = Encoder(16)(torch.randn(2, 7, 8))  # error: SC110
bad = labels(torch.randn(8, 3), torch.zeros(5, dtype=torch.long))  # error: SC202
