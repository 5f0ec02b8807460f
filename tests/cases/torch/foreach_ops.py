# Every torch._foreach_* op over a list of tensors: a list of results of their shapes, None in place
# (torch's optimisers' fused steps; nemo, deepspeed and torchrl call them)
import torch

xs = [torch.rand(3, 4) + 0.5, torch.rand(5) + 0.5]
ys = [torch.rand(3, 4) + 0.5, torch.rand(5) + 0.5]

reveal_shape(torch._foreach_abs(xs)[0])  # reveal: (3, 4)
assert torch._foreach_abs_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_acos(xs)[0])  # reveal: (3, 4)
assert torch._foreach_acos_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_asin(xs)[0])  # reveal: (3, 4)
assert torch._foreach_asin_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_atan(xs)[0])  # reveal: (3, 4)
assert torch._foreach_atan_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_ceil(xs)[0])  # reveal: (3, 4)
assert torch._foreach_ceil_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_cos(xs)[0])  # reveal: (3, 4)
assert torch._foreach_cos_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_cosh(xs)[0])  # reveal: (3, 4)
assert torch._foreach_cosh_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_erf(xs)[0])  # reveal: (3, 4)
assert torch._foreach_erf_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_erfc(xs)[0])  # reveal: (3, 4)
assert torch._foreach_erfc_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_exp(xs)[0])  # reveal: (3, 4)
assert torch._foreach_exp_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_expm1(xs)[0])  # reveal: (3, 4)
assert torch._foreach_expm1_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_floor(xs)[0])  # reveal: (3, 4)
assert torch._foreach_floor_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_frac(xs)[0])  # reveal: (3, 4)
assert torch._foreach_frac_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_lgamma(xs)[0])  # reveal: (3, 4)
assert torch._foreach_lgamma_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_log(xs)[0])  # reveal: (3, 4)
assert torch._foreach_log_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_log10(xs)[0])  # reveal: (3, 4)
assert torch._foreach_log10_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_log1p(xs)[0])  # reveal: (3, 4)
assert torch._foreach_log1p_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_log2(xs)[0])  # reveal: (3, 4)
assert torch._foreach_log2_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_neg(xs)[0])  # reveal: (3, 4)
assert torch._foreach_neg_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_reciprocal(xs)[0])  # reveal: (3, 4)
assert torch._foreach_reciprocal_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_round(xs)[0])  # reveal: (3, 4)
assert torch._foreach_round_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_rsqrt(xs)[0])  # reveal: (3, 4)
assert torch._foreach_rsqrt_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_sigmoid(xs)[0])  # reveal: (3, 4)
assert torch._foreach_sigmoid_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_sign(xs)[0])  # reveal: (3, 4)
assert torch._foreach_sign_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_sin(xs)[0])  # reveal: (3, 4)
assert torch._foreach_sin_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_sinh(xs)[0])  # reveal: (3, 4)
assert torch._foreach_sinh_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_sqrt(xs)[0])  # reveal: (3, 4)
assert torch._foreach_sqrt_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_tan(xs)[0])  # reveal: (3, 4)
assert torch._foreach_tan_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_tanh(xs)[0])  # reveal: (3, 4)
assert torch._foreach_tanh_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_trunc(xs)[0])  # reveal: (3, 4)
assert torch._foreach_trunc_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_add(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_add_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_clamp_max(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_clamp_max_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_clamp_min(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_clamp_min_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_div(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_div_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_maximum(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_maximum_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_minimum(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_minimum_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_mul(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_mul_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_pow(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_pow_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_sub(xs, ys)[1])  # reveal: (5,)
assert torch._foreach_sub_([x.clone() for x in xs], ys) is None
reveal_shape(torch._foreach_lerp(xs, ys, 0.5)[0])  # reveal: (3, 4)
assert torch._foreach_lerp_([x.clone() for x in xs], ys, 0.5) is None
reveal_shape(torch._foreach_addcmul(xs, ys, ys, value=2.0)[1])  # reveal: (5,)
assert torch._foreach_addcmul_([x.clone() for x in xs], ys, ys) is None
reveal_shape(torch._foreach_addcdiv(xs, ys, ys)[0])  # reveal: (3, 4)
assert torch._foreach_addcdiv_([x.clone() for x in xs], ys, ys) is None
assert torch._foreach_copy_([x.clone() for x in xs], ys) is None
assert torch._foreach_zero_([x.clone() for x in xs]) is None
reveal_shape(torch._foreach_max(xs)[0])  # reveal: ()
reveal_shape(torch._foreach_norm(xs, 2)[1])  # reveal: ()
