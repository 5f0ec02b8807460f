# Rotary embeddings as llama writes them: complex views, torch.polar, and a broadcast shape built
# by a comprehension over enumerate(x.shape) (enumerate and zip of a known tuple keep its items).
import torch


def reshape_for_broadcast(freqs_cis: torch.Tensor, x: torch.Tensor):
    ndim = x.ndim
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq: torch.Tensor, freqs_cis: torch.Tensor) -> torch.Tensor:
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq)


freqs = torch.outer(torch.arange(16), 1.0 / (10000 ** (torch.arange(0, 64, 2).float() / 64)))
freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
reveal_shape(freqs_cis)  # reveal: (16, 32)
reveal_shape(apply_rotary_emb(torch.randn(2, 16, 8, 64), freqs_cis))  # reveal: (2, 16, 8, 64)
c = torch.randn(2, 16, 8, 32)
reveal_shape(torch.zeros([d if i == 1 else 1 for i, d in enumerate(c.shape)]))  # reveal: (1, 16, 1, 1)
reveal_shape(torch.zeros([a * b for a, b in zip(c.shape, (1, 2, 1, 2))]))  # reveal: (2, 32, 8, 64)
reveal_shape(torch.complex(torch.randn(3, 1), torch.randn(4)))  # reveal: (3, 4)
