# Diffusion and CLIP building blocks: a while loop whose test the ranks decide runs as Python does
# (emb_out[..., None] until it has h's rank), timestep embeddings with an odd width, the window
# functions, and F.multi_head_attention_forward as CLIP's attention pooling calls it.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def timestep_embedding(timesteps, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(start=0, end=half, dtype=torch.float32) / half)
    args = timesteps[:, None].float() * freqs[None]
    embedding = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    if dim % 2:
        embedding = torch.cat([embedding, torch.zeros_like(embedding[:, :1])], dim=-1)
    return embedding


reveal_shape(timestep_embedding(torch.arange(8), 128))  # reveal: (8, 128)
reveal_shape(timestep_embedding(torch.arange(8), 33))  # reveal: (8, 33)


def broadcastable(emb_out, h):
    while len(emb_out.shape) < len(h.shape):
        emb_out = emb_out[..., None]
    return emb_out


reveal_shape(broadcastable(torch.randn(2, 128), torch.randn(2, 64, 16, 16)))  # reveal: (2, 128, 1, 1)
reveal_shape(broadcastable(torch.randn(2, 128), torch.randn(2, 64)))  # reveal: (2, 128)
x = torch.randn(1, 8, 64, 64)
while x.shape[-1] > 8:
    x = F.avg_pool2d(x, 2)
reveal_shape(x)  # reveal: (1, 8, 8, 8)
reveal_shape(torch.hann_window(256))  # reveal: (256,)
reveal_shape(torch.hamming_window(100, periodic=False, dtype=torch.float64))  # reveal: (100,)
reveal_shape(torch.bartlett_window(5) + torch.blackman_window(5) + torch.kaiser_window(5))  # reveal: (5,)
reveal_shape(torch.stft(torch.randn(2, 1000), n_fft=256, hop_length=64, return_complex=True,  # reveal: (2, 129, 16)
                        window=torch.hann_window(256)))


class AttentionPool2d(nn.Module):
    def __init__(self, spacial_dim: int, embed_dim: int, num_heads: int, output_dim: int = None):
        super().__init__()
        self.positional_embedding = nn.Parameter(torch.randn(spacial_dim ** 2 + 1, embed_dim) / embed_dim ** 0.5)
        self.k_proj = nn.Linear(embed_dim, embed_dim)
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.v_proj = nn.Linear(embed_dim, embed_dim)
        self.c_proj = nn.Linear(embed_dim, output_dim or embed_dim)
        self.num_heads = num_heads

    def forward(self, x):
        x = x.flatten(start_dim=2).permute(2, 0, 1)
        x = torch.cat([x.mean(dim=0, keepdim=True), x], dim=0)
        x = x + self.positional_embedding[:, None, :].to(x.dtype)
        x, _ = F.multi_head_attention_forward(
            query=x[:1], key=x, value=x, embed_dim_to_check=x.shape[-1], num_heads=self.num_heads,
            q_proj_weight=self.q_proj.weight, k_proj_weight=self.k_proj.weight, v_proj_weight=self.v_proj.weight,
            in_proj_weight=None, in_proj_bias=torch.cat([self.q_proj.bias, self.k_proj.bias, self.v_proj.bias]),
            bias_k=None, bias_v=None, add_zero_attn=False, dropout_p=0, out_proj_weight=self.c_proj.weight,
            out_proj_bias=self.c_proj.bias, use_separate_proj_weight=True, training=self.training,
            need_weights=False)
        return x.squeeze(0)


reveal_shape(AttentionPool2d(7, 64, 4, 32)(torch.randn(2, 64, 7, 7)))  # reveal: (2, 32)
q = torch.randn(5, 2, 16)
out, weights = F.multi_head_attention_forward(q, q, q, 16, 4, torch.randn(48, 16), torch.randn(48), None, None, False,
                                              0.0, torch.randn(16, 16), torch.randn(16), average_attn_weights=False)
reveal_shape(out)  # reveal: (5, 2, 16)
reveal_shape(weights)  # reveal: (2, 4, 5, 5)
