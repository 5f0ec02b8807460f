import torch

x = torch.randn(2, 3, 4)
v = torch.arange(5)
m = torch.randn(3, 4)
reveal_shape(torch.squeeze(torch.zeros(1, 3, 1)))  # reveal: (3,)
reveal_shape(torch.squeeze(torch.zeros(1, 3, 1), 2))  # reveal: (1, 3)
reveal_shape(torch.squeeze(x, 0))  # reveal: (2, 3, 4)
reveal_shape(torch.unflatten(x, 2, (2, 2)))  # reveal: (2, 3, 2, 2)
reveal_shape(torch.ravel(x))  # reveal: (24,)
reveal_shape(torch.t(m))  # reveal: (4, 3)
reveal_shape(torch.t(v))  # reveal: (5,)
reveal_shape(torch.swapaxes(x, 0, 2))  # reveal: (4, 3, 2)
reveal_shape(torch.swapdims(x, 1, -1))  # reveal: (2, 4, 3)
reveal_shape(torch.movedim(x, 0, -1))  # reveal: (3, 4, 2)
reveal_shape(torch.movedim(x, (0, 1), (2, 0)))  # reveal: (3, 4, 2)
reveal_shape(torch.moveaxis(x, 2, 0))  # reveal: (4, 2, 3)
reveal_shape(torch.narrow(x, 1, 1, 2))  # reveal: (2, 2, 4)
reveal_shape(torch.select(x, 2, 3))  # reveal: (2, 3)
reveal_shape(torch.flip(x, [0, 2]))  # reveal: (2, 3, 4)
reveal_shape(torch.fliplr(m))  # reveal: (3, 4)
reveal_shape(torch.flipud(v))  # reveal: (5,)
reveal_shape(torch.roll(x, 1))  # reveal: (2, 3, 4)
reveal_shape(torch.roll(x, shifts=(1, -1), dims=(0, 2)))  # reveal: (2, 3, 4)
reveal_shape(torch.rot90(m))  # reveal: (4, 3)
reveal_shape(torch.rot90(x, 2, [1, 2]))  # reveal: (2, 3, 4)
reveal_shape(torch.rot90(torch.randn(2, 3, 4), 1, (1, 2)))  # reveal: (2, 4, 3)
reveal_shape(torch.rot90(torch.randn(2, 3, 4), -1, [0, 2]))  # reveal: (4, 3, 2)
reveal_shape(torch.tile(m, (2, 1)))  # reveal: (6, 4)
reveal_shape(torch.tile(x, (2,)))  # reveal: (2, 3, 8)
reveal_shape(torch.tile(v, (3, 2)))  # reveal: (3, 10)
reveal_shape(torch.repeat_interleave(m, 2))  # reveal: (24,)
reveal_shape(torch.repeat_interleave(m, 3, dim=0))  # reveal: (9, 4)
reveal_shape(torch.repeat_interleave(x, 2, 2))  # reveal: (2, 3, 8)
reveal_shape(torch.diff(x))  # reveal: (2, 3, 3)
reveal_shape(torch.diff(x, dim=0))  # reveal: (1, 3, 4)
reveal_shape(torch.diff(v, n=2))  # reveal: (3,)
reveal_shape(x.diff(append=x[..., 0:1]))  # reveal: (2, 3, 4)
reveal_shape(torch.diff(x, dim=0, prepend=x, append=x[:1]))  # reveal: (4, 3, 4)
reveal_shape(torch.atleast_1d(torch.tensor(1.0)))  # reveal: (1,)
reveal_shape(torch.atleast_1d(m))  # reveal: (3, 4)
reveal_shape(torch.atleast_2d(v))  # reveal: (1, 5)
reveal_shape(torch.atleast_3d(m))  # reveal: (3, 4, 1)
reveal_shape(torch.atleast_3d(v))  # reveal: (1, 5, 1)
reveal_shape(torch.atleast_3d(x))  # reveal: (2, 3, 4)
reveal_shape(torch.zeros(torch.broadcast_shapes((2, 1), (3,))))  # reveal: (2, 3)
reveal_shape(torch.zeros(torch.broadcast_shapes((5, 1, 4), (3, 1), (1,))))  # reveal: (5, 3, 4)
bx, bv = torch.broadcast_tensors(m, torch.randn(2, 1, 4))
reveal_shape(bx)  # reveal: (2, 3, 4)
reveal_shape(bv)  # reveal: (2, 3, 4)
gi, gj = torch.meshgrid(torch.arange(3), torch.arange(5), indexing="ij")
reveal_shape(gi)  # reveal: (3, 5)
gx, gy = torch.meshgrid(torch.arange(3), torch.arange(5), indexing="xy")
reveal_shape(gy)  # reveal: (5, 3)
bad = torch.narrow(x, 2, 3, 2)  # error: SC105
bad3 = torch.swapaxes(x, 0, 3)  # error: SC104
bad4 = torch.broadcast_tensors(m, torch.randn(2, 3))  # error: SC101
bad5 = torch.broadcast_shapes((2, 3), (4,))  # error: SC101
bad6 = torch.select(x, 1, 3)  # error: SC105
bad7 = torch.t(x)  # error: SC107


def heads_first(q: torch.Tensor) -> torch.Tensor:
    # `bs, ... = q.shape` on a plain `torch.Tensor` parameter: torch's transpose swaps two dims
    bs, seqlen, heads, head_dim = q.shape
    return reveal_shape(q.transpose(1, 2))  # reveal: (bs, heads, seqlen, head_dim)


reveal_shape(heads_first(torch.randn(2, 3, 4, 5)))  # reveal: (2, 4, 3, 5)
bad_fliplr = torch.fliplr(torch.randn(5))  # error: SC107
bad_fliplr2 = torch.randn(4).fliplr()  # error: SC107
reveal_shape(torch.flipud(torch.randn(5)))  # reveal: (5,)
bad_flipud = torch.flipud(torch.tensor(3.0))  # error: SC107
