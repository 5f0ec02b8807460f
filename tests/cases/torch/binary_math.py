import torch

a = torch.rand(4, 3) + 0.5
b = torch.rand(3) + 0.5
c = torch.rand(2, 1, 3) + 0.5
i = torch.arange(12).view(4, 3) + 1
j = torch.arange(3) + 2
reveal_shape(torch.sub(a, b))  # reveal: (4, 3)
reveal_shape(torch.subtract(c, a))  # reveal: (2, 4, 3)
reveal_shape(torch.mul(a, 2.0))  # reveal: (4, 3)
reveal_shape(torch.multiply(b, c))  # reveal: (2, 1, 3)
reveal_shape(torch.div(a, b))  # reveal: (4, 3)
reveal_shape(torch.div(i, j, rounding_mode="floor"))  # reveal: (4, 3)
reveal_shape(torch.divide(c, a))  # reveal: (2, 4, 3)
reveal_shape(torch.true_divide(i, j))  # reveal: (4, 3)
reveal_shape(torch.floor_divide(i, j))  # reveal: (4, 3)
reveal_shape(torch.remainder(a, b))  # reveal: (4, 3)
reveal_shape(torch.remainder(i, 5))  # reveal: (4, 3)
reveal_shape(torch.fmod(c, 0.3))  # reveal: (2, 1, 3)
reveal_shape(torch.pow(a, 2))  # reveal: (4, 3)
reveal_shape(torch.pow(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.float_power(a, b))  # reveal: (4, 3)
reveal_shape(torch.minimum(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.fmax(a, b))  # reveal: (4, 3)
reveal_shape(torch.fmin(b, c))  # reveal: (2, 1, 3)
reveal_shape(torch.atan2(a, b))  # reveal: (4, 3)
reveal_shape(torch.arctan2(c, a))  # reveal: (2, 4, 3)
reveal_shape(torch.hypot(a, b))  # reveal: (4, 3)
reveal_shape(torch.logaddexp(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.logaddexp2(a, b))  # reveal: (4, 3)
reveal_shape(torch.copysign(a, -b))  # reveal: (4, 3)
reveal_shape(torch.nextafter(a, c))  # reveal: (2, 4, 3)
reveal_shape(torch.xlogy(a, b))  # reveal: (4, 3)
reveal_shape(torch.heaviside(a - 1.0, b))  # reveal: (4, 3)
reveal_shape(torch.gcd(i, j))  # reveal: (4, 3)
reveal_shape(torch.lcm(i, j))  # reveal: (4, 3)
reveal_shape(torch.bitwise_and(i, j))  # reveal: (4, 3)
reveal_shape(torch.bitwise_or(i, j))  # reveal: (4, 3)
reveal_shape(torch.bitwise_xor(i, j))  # reveal: (4, 3)
reveal_shape(torch.bitwise_left_shift(i, j))  # reveal: (4, 3)
reveal_shape(torch.bitwise_right_shift(i, 1))  # reveal: (4, 3)
reveal_shape(torch.lerp(a, c, 0.5))  # reveal: (2, 4, 3)
reveal_shape(torch.lerp(a, b, torch.rand(4, 1)))  # reveal: (4, 3)
reveal_shape(torch.addcmul(a, b, c, value=0.5))  # reveal: (2, 4, 3)
reveal_shape(torch.addcdiv(b, a, torch.rand(4, 1) + 1.0))  # reveal: (4, 3)
reveal_shape(torch.clip(a, 0.6, 1.2))  # reveal: (4, 3)
reveal_shape(torch.clip(c, min=b))  # reveal: (2, 1, 3)
bad = torch.sub(a, torch.rand(4))  # error: SC101
bad2 = torch.hypot(a, torch.rand(2, 4))  # error: SC101
bad3 = torch.lerp(a, b, torch.rand(5, 1))  # error: SC101
bad4 = torch.addcmul(a, b, torch.rand(2, 2))  # error: SC101
