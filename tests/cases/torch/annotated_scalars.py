# torch-oracle: skip (symbolic sizes from scalar annotations; the module-level call is concrete)
# Scalar annotations in torch code: a sinusoidal embedding of ``seq_len`` positions and ``dim``
# features (the shape of vit-pytorch's ``posemb_sincos_2d``), its sizes the parameters' own names.
import torch


def sincos(seq_len: int, dim: int, temperature: float = 10000.0):
    t = torch.arange(seq_len)
    omega = torch.arange(dim // 2) / (dim // 2 - 1)
    omega = 1.0 / (temperature ** omega)
    freqs = t[:, None] * omega[None, :]
    reveal_shape(freqs)  # reveal: (seq_len, dim//2)
    pe = torch.cat((freqs.sin(), freqs.cos()), dim=1)
    reveal_shape(pe)  # reveal: (seq_len, (dim//2)*2)
    return pe + seq_len


reveal_shape(sincos(16, 8))  # reveal: (16, 8)
