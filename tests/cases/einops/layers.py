import torch
import torch.nn as nn
from einops import rearrange, repeat
from einops.layers.torch import Rearrange, Reduce


class PatchEmbed(nn.Module):
    """vit-pytorch's patch embedding: an einops layer first in an nn.Sequential."""

    def __init__(self, patch, channels, dim):
        super().__init__()
        self.to_patches = nn.Sequential(
            Rearrange('b c (h p1) (w p2) -> b (h w) (p1 p2 c)', p1=patch, p2=patch),
            nn.LayerNorm(patch * patch * channels),
            nn.Linear(patch * patch * channels, dim),
        )
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))

    def forward(self, img):
        x = self.to_patches(img)
        cls = repeat(self.cls_token, '1 1 d -> b 1 d', b=x.shape[0])
        return torch.cat((cls, x), dim=1)


embed = PatchEmbed(8, 3, 64)
tokens = embed(torch.randn(2, 3, 32, 32))
reveal_shape(tokens)  # reveal: (2, 17, 64)

split = Rearrange('b n (h d) -> b h n d', h=4)
reveal_shape(split(tokens))  # reveal: (2, 4, 17, 16)
merge = Rearrange('b h n d -> b n (h d)')
reveal_shape(merge(split(tokens)))  # reveal: (2, 17, 64)
reveal_shape(rearrange(tokens, 'b n d -> n b d'))  # reveal: (17, 2, 64)

pool = Reduce('b n d -> b d', 'mean')
reveal_shape(pool(tokens))  # reveal: (2, 64)
head = nn.Sequential(Reduce('b c h w -> b c', 'max'), nn.Linear(3, 10))
reveal_shape(head(torch.randn(2, 3, 8, 8)))  # reveal: (2, 10)
twice = Reduce('b d -> b d r', 'repeat', r=2)
reveal_shape(twice(torch.randn(2, 5)))  # reveal: (2, 5, 2)

# errors: the image does not divide into patches; a layer fed the wrong rank
embed(torch.randn(2, 3, 30, 32))  # error: SC110
split(torch.randn(2, 64))  # error: SC107
Rearrange('b n (h d) -> b h n d', h=6)(tokens)  # error: SC103
