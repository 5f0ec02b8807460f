# Tensor.broadcast_to takes its size as one sequence or spread over the arguments, as expand does
# (diffusers' temporal transformer: x[:, None].broadcast_to(b, h * w, l, d); a false SC110).
import torch

x = torch.zeros(2, 1, 5)
reveal_shape(x.broadcast_to(2, 7, 5))  # reveal: (2, 7, 5)
reveal_shape(x.broadcast_to((3, 2, 7, 5)))  # reveal: (3, 2, 7, 5)
reveal_shape(torch.broadcast_to(x, (2, 4, 5)))  # reveal: (2, 4, 5)
reveal_shape(x.broadcast_to(size=(2, 4, 5)))  # reveal: (2, 4, 5)
y = x.broadcast_to(2, 7, 6)  # error: SC101


def first_timestep(context, batch_size, num_frames, height, width):
    first = context[None, :].reshape(batch_size, num_frames, -1, context.shape[-1])[:, 0]
    return first[:, None].broadcast_to(batch_size, height * width, context.shape[-2], context.shape[-1])


reveal_shape(first_timestep(torch.zeros(6, 4, 8), 2, 3, 5, 5))  # reveal: (2, 25, 4, 8)


# torch.broadcast_to is input.expand(shape): -1 keeps a dim (normflows' GaussianPCA-style log_prob:
# torch.broadcast_to(-torch.log(self.scale[self.ind]), (len(z), -1)) was a false SC107, NumPy's
# "negative dimensions are not allowed").
reveal_shape(torch.broadcast_to(torch.zeros(5), (3, -1)))  # reveal: (3, 5)
reveal_shape(x.broadcast_to(2, -1, 5))  # reveal: (2, 1, 5)
reveal_shape(torch.broadcast_to(x, shape=(4, 2, -1, 5)))  # reveal: (4, 2, 1, 5)


def log_prob(scale, z):
    return torch.broadcast_to(-torch.log(scale), (len(z), -1)).sum(-1)


reveal_shape(log_prob(torch.ones(6), torch.zeros(3, 6)))  # reveal: (3,)
