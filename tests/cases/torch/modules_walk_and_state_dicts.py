# m.modules() / m.named_modules() are the module itself and every module below it, so a loop over them
# reaches the objects: torchao's tests replace weights with setattr over named_modules(), and
# load_state_dict(..., assign=True) makes the module's parameters the dict's tensors (taken for
# unknown modules and a copy, the old transposed weights stayed: false SC110s).
import torch
from torch import nn


class Experts(nn.Module):
    def __init__(self, e: int, d: int, h: int):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(e, d, h))
        self.gate = nn.Linear(d, e)

    def forward(self, x):
        return torch.bmm(x, self.w1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.experts = Experts(2, 8, 16)
        self.head = nn.Sequential(nn.Linear(16, 4), nn.ReLU())


def restore(model):
    for _, module in model.named_modules():
        if not isinstance(module, Experts):
            continue
        for weight_name in ["w1"]:
            setattr(module, weight_name, nn.Parameter(getattr(module, weight_name).transpose(1, 2)))


model = Model()
reveal_shape(torch.zeros(len(list(model.modules()))))  # reveal: (6,)
names = [name for name, _ in model.named_modules()]
assert names == ["", "experts", "experts.gate", "head", "head.0", "head.1"]
moe = model.experts
moe.w1 = nn.Parameter(moe.w1.transpose(1, 2))
reveal_shape(moe.w1)  # reveal: (2, 16, 8)
restore(model)
reveal_shape(moe.w1)  # reveal: (2, 8, 16)
reveal_shape(moe(torch.randn(2, 4, 8)))  # reveal: (2, 4, 16)

moe.w1 = nn.Parameter(moe.w1.transpose(1, 2))
moe.load_state_dict({"w1": torch.randn(2, 8, 16), "gate.weight": torch.randn(2, 8), "gate.bias": torch.randn(2)},
                    assign=True)
reveal_shape(moe.w1)  # reveal: (2, 8, 16)
reveal_shape(moe(torch.randn(2, 4, 8)))  # reveal: (2, 4, 16)


class NonLocal(nn.Module):
    # a weight-init loop takes the branch each layer takes (timm's non_local_attn: a norm layer's 1-D
    # weight went to kaiming_normal_ under ``isinstance(m, nn.Conv2d)``)
    def __init__(self, channels: int):
        super().__init__()
        self.t = nn.Conv2d(channels, 8, kernel_size=1)
        self.norm = nn.BatchNorm2d(channels)
        self.act = nn.ReLU6()
        for _, m in self.named_modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.constant_(m.weight, 0)
        assert isinstance(self.act, nn.Hardtanh) and isinstance(self.norm, nn.Module)
        assert not isinstance(self.norm, nn.Conv2d)


NonLocal(16)
