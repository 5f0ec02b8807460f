# Tensor.unsqueeze_ / squeeze_ / t_ / transpose_ change the tensor itself (torch docs: "In-place version of
# unsqueeze()"), so the name holds the new shape after the statement (transformers' BigBird block-sparse
# attention: `first_context_layer.unsqueeze_(2)` then a torch.cat with 5-d blocks; a false SC110).
import torch

x = torch.zeros(2, 3)
x.unsqueeze_(1)
reveal_shape(x)  # reveal: (2, 1, 3)
y = torch.zeros(2, 1, 3)
y.squeeze_(1)
reveal_shape(y)  # reveal: (2, 3)
z = torch.zeros(2, 3)
z.t_()
reveal_shape(z)  # reveal: (3, 2)
w = torch.zeros(2, 3, 4)
w.transpose_(0, 2)
reveal_shape(w)  # reveal: (4, 3, 2)


def blocks(first, middle):
    first.unsqueeze_(2)
    return torch.cat([first, middle], dim=2)


reveal_shape(blocks(torch.zeros(2, 4, 8, 16), torch.zeros(2, 4, 3, 8, 16)))  # reveal: (2, 4, 4, 8, 16)


class Holder:
    def __init__(self):
        self.mask = torch.ones(5)

    def grow(self):
        self.mask.unsqueeze_(0)
        return self.mask


reveal_shape(Holder().grow())  # reveal: (1, 5)
v = torch.zeros(3)
v.unsqueeze_(3)  # error: SC104


# Tensor.resize_(*sizes) gives the tensor the sizes given, whatever its size before (as ndarray.resize)
t = torch.zeros(6)
t.resize_(2, 3)
reveal_shape(t)  # reveal: (2, 3)
r = torch.zeros(1)
r.resize_((4,))
reveal_shape(r)  # reveal: (4,)
