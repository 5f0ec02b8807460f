import torch

a = torch.randn(4, 3)
b = torch.randn(3)
c = torch.randn(2, 1, 3)
reveal_shape(torch.eq(a, b))  # reveal: (4, 3)
reveal_shape(torch.ne(a, 0.0))  # reveal: (4, 3)
reveal_shape(torch.not_equal(c, a))  # reveal: (2, 4, 3)
reveal_shape(torch.lt(a, b))  # reveal: (4, 3)
reveal_shape(torch.less(c, b))  # reveal: (2, 1, 3)
reveal_shape(torch.le(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.less_equal(a, b))  # reveal: (4, 3)
reveal_shape(torch.gt(a, 0))  # reveal: (4, 3)
reveal_shape(torch.greater(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.ge(b, c))  # reveal: (2, 1, 3)
reveal_shape(torch.greater_equal(a, b))  # reveal: (4, 3)
reveal_shape(torch.isclose(a, b))  # reveal: (4, 3)
reveal_shape(torch.isclose(a, c, atol=1e-3))  # reveal: (2, 4, 3)
reveal_shape(torch.logical_and(a > 0, b > 0))  # reveal: (4, 3)
reveal_shape(torch.logical_or(a > 0, c > 0))  # reveal: (2, 4, 3)
reveal_shape(torch.logical_xor(a, b))  # reveal: (4, 3)
same = torch.equal(a, a.clone())
close = torch.allclose(a, a + 1e-9)
close2 = torch.allclose(a, b.expand(4, 3))
reveal_shape(torch.where(torch.eq(a, b), a, 0.0))  # reveal: (4, 3)
reveal_shape(torch.lt(a, b).all())  # reveal: ()
reveal_shape(torch.ne(a, c).any(dim=0))  # reveal: (4, 3)
bad = torch.eq(a, torch.randn(4))  # error: SC101
bad2 = torch.isclose(a, torch.randn(2, 2))  # error: SC101
bad3 = torch.allclose(a, torch.randn(5, 3))  # error: SC101
bad4 = torch.logical_and(a, torch.randn(3, 4))  # error: SC101
