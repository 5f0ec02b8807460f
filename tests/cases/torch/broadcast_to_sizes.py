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
