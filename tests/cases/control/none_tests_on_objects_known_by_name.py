# An object known only by name (a parameter whose attributes are read, a constructor's config) may hold
# None in any attribute: ``input.coords is None`` takes both paths (escnn's GeometricTensor asserts a
# rank on each, and took every tensor for a point cloud's 2-d one: a false SC105). Arithmetic on such an
# attribute is a number only by presumption: it may be an array, so its ``shape`` is not ``()``.
import torch


class Geometric:
    def __init__(self, tensor, kind, coords=None):
        if coords is None:
            assert len(tensor.shape) == 2 + kind.gspace.dimensionality
        else:
            assert len(coords.shape) == 2
            assert len(tensor.shape) == 2
        self.tensor = tensor
        self.coords = coords


class Mask(torch.nn.Module):
    def __init__(self, in_type):
        super().__init__()
        self.in_type = in_type

    def forward(self, input):
        scaled = input.tensor * 2
        assert len(scaled.shape) >= 2   # (a number's shape would be (): "can never hold")
        return Geometric(scaled, self.in_type, input.coords)

    def spatial(self, input):
        out = self(input).tensor
        return out.shape[2:][0]


def paths(cfg):
    if cfg.pad_token_id is None:
        n = 1
    else:
        n = 2
    reveal_shape(torch.zeros(n))  # reveal: (j,)
