"""A project class that extends a torch layer (timm's ``LayerNorm2d(nn.LayerNorm)``, ``Conv2dSame(nn.Conv2d)``,
torchvision's ``nn.Sequential`` blocks, LoRA's ``nn.Linear``): the base's constructor builds the layer
(``super().__init__(...)``, or the class's construction where it defines no ``__init__``), its weights and
arguments are the object's attributes, and calling the object runs the class's ``forward`` or, where it has
none, the layer's; ``super().forward(x)`` is the layer's. These were unknown shapes (gaps) in every
``forward`` that used one."""
import torch
import torch.nn.functional as F
from torch import nn


class Linear(nn.Linear):
    pass


class LayerNorm2d(nn.LayerNorm):
    """timm's: channels first, normalised over the channel dim."""

    def __init__(self, num_channels, eps=1e-6):
        super().__init__(num_channels, eps=eps)

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class Permuted(nn.LayerNorm):
    def forward(self, x):
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class Block(nn.Sequential):
    def __init__(self, dim_in, dim_out):
        super().__init__(nn.Linear(dim_in, dim_out), nn.ReLU(), nn.Linear(dim_out, dim_out))


class Scaled(nn.Linear):
    def __init__(self, in_features, out_features, scale=2.0):
        super(Scaled, self).__init__(in_features, out_features, bias=False)
        self.scale = scale

    def forward(self, x):
        return F.linear(x, self.weight) * self.scale


fc = Linear(3, 4)
reveal_shape(fc(torch.zeros(2, 3)))  # reveal: (2, 4)
reveal_shape(fc.weight)  # reveal: (4, 3)
reveal_shape(fc.bias)  # reveal: (4,)
reveal_shape(fc.to("cpu")(torch.zeros(5, 3)))  # reveal: (5, 4)
bad = fc(torch.zeros(2, 5))  # error: SC102

norm = LayerNorm2d(8)
reveal_shape(norm(torch.zeros(2, 8, 4, 4)))  # reveal: (2, 8, 4, 4)
reveal_shape(norm.weight)  # reveal: (8,)
reveal_shape(Permuted(8)(torch.zeros(2, 8, 4, 4)))  # reveal: (2, 8, 4, 4)
wrong = Permuted(8)(torch.zeros(2, 4, 4, 8))  # error: SC110

block = Block(3, 6)
reveal_shape(block(torch.zeros(2, 3)))  # reveal: (2, 6)
reveal_shape(len(list(block.children())))  # reveal: ()

scaled = Scaled(3, 5)
reveal_shape(scaled(torch.zeros(7, 3)))  # reveal: (7, 5)
reveal_shape(scaled.weight)  # reveal: (5, 3)


class Grouped(nn.Conv2d):
    def __init__(self, dim_in, dim_out):
        super().__init__(dim_in, dim_out, 3, groups=4)


class Plain(nn.Conv2d):
    pass


ok = Grouped(8, 8)
g = Grouped(6, 8)  # error: SC110
p = Plain(6, 8, 3, groups=4)  # error: SC107
reveal_shape(Plain(3, 8, 3, padding=1)(torch.zeros(2, 3, 5, 5)))  # reveal: (2, 8, 5, 5)


class CastLinear(nn.Linear):
    """timm's Linear: a forward alone. Its methods are analysed with the object any construction
    makes: a layer whose sizes are dims named for the base's parameters (its input, of the rank the
    call below gives it)."""

    def forward(self, input):
        reveal_shape(self.weight)  # reveal: (out_features, in_features)
        reveal_shape(self.bias)  # reveal: (out_features,)
        out = F.linear(input, self.weight, self.bias)
        reveal_shape(out)  # reveal: (input0, out_features)
        return out


reveal_shape(CastLinear(3, 4)(torch.zeros(2, 3)))  # reveal: (2, 4)


class LayerNormAct(nn.LayerNorm):
    """timm's norms pass their other options on with ``**kwargs``: the layer is still built, each
    parameter the unknown arguments may fill unknown (not its default); a whole shape's parameter
    given a size's name (``num_channels``) is that one size."""

    def __init__(self, num_channels, eps=1e-6, affine=True, **kwargs):
        super().__init__(num_channels, eps=eps, elementwise_affine=affine, **kwargs)

    def forward(self, x):
        reveal_shape(self.weight)  # reveal: (num_channels,)
        return F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)


def conv_with_options(x, dim, **kwargs):
    conv = nn.Conv2d(dim, 2 * dim, 3, **kwargs)
    # the groups and stride **kwargs may set are unknown: neither the weight's second dim nor the
    # spatial dims are taken for the defaults'
    reveal_shape(conv.weight)  # reveal: (...)
    reveal_shape(conv(torch.zeros(2, dim, 8, 8)))  # reveal: (2, dim*2, l, l')
    return conv


reveal_shape(LayerNormAct(6, bias=False)(torch.zeros(2, 3, 6)))  # reveal: (2, 3, 6)


class LoRALayer:
    def __init__(self, r, alpha):
        self.r = r
        self.alpha = alpha


class LoRALinear(nn.Linear, LoRALayer):
    """LoRA's layers: ``super().__init__`` is the first base's constructor in Python's order, the torch
    layer's, not the mixin's (which the class then calls by name)."""

    def __init__(self, in_features, out_features, r=4, **kwargs):
        super(LoRALinear, self).__init__(in_features, out_features, **kwargs)
        LoRALayer.__init__(self, r=r, alpha=1)
        self.lora_A = nn.Parameter(torch.zeros(r, in_features))


lora = LoRALinear(3, 5)
reveal_shape(lora(torch.zeros(2, 3)))  # reveal: (2, 5)
reveal_shape(lora.weight)  # reveal: (5, 3)
reveal_shape(lora.lora_A)  # reveal: (4, 3)
