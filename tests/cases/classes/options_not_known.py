# A layer whose forward reshapes its input only under an option (accept_image_fmap): a call fails
# for certain only where the option's value is known at the construction the analysis saw. Built
# with the option from **kwargs, or from a parameter, the branch may never run for these shapes,
# so the call is no error; built with the option set, it is. (After vector_quantize_pytorch's
# RandomProjectionQuantizer around VectorQuantize, and torchmetrics' normalization option.)
import torch
from torch import nn
from einops import rearrange


class Quantize(nn.Module):
    def __init__(self, dim, heads=1, accept_image_fmap=False, normalization="sigmoid"):
        super().__init__()
        self.accept_image_fmap = accept_image_fmap
        self.normalization = normalization
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        if self.accept_image_fmap:
            x = rearrange(x, 'b c h w -> b (h w) c')
        return self.proj(x)

    def normalize(self, scores):
        return scores.sigmoid() if self.normalization == "sigmoid" else torch.softmax(scores, dim=1)


class FromKeywords(nn.Module):
    def __init__(self, *, dim, **kwargs):
        super().__init__()
        self.vq = Quantize(dim=dim, heads=2, **kwargs)

    def forward(self, x):
        return self.vq(torch.zeros(2, 3, 4)), self.vq.normalize(x.flatten())


class FromParameter(nn.Module):
    def __init__(self, dim, images, normalization):
        super().__init__()
        self.vq = Quantize(dim, accept_image_fmap=images, normalization=normalization)

    def forward(self, x):
        return self.vq(torch.zeros(2, 3, 4)), self.vq.normalize(x.flatten())


class Known(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.vq = Quantize(dim, accept_image_fmap=True)
        self.softmax = Quantize(dim, normalization="softmax")

    def forward(self, x):
        y = self.vq(torch.zeros(2, 3, 4))  # error: SC110
        return y, self.softmax.normalize(x.flatten())  # error: SC110


def reshape_if(x, flag):
    if flag:
        x = rearrange(x, 'b c h w -> b (h w) c')
    return x


def callers(flag):
    reshape_if(torch.zeros(2, 3, 4), flag)
    reshape_if(torch.zeros(2, 3, 4), flag and True)
    return reshape_if(torch.zeros(2, 3, 4), True)  # error: SC110
