"""PyTorch's shape rules: torch functions, Tensor methods and torch.nn, as one table.

Keys are qualified as the interpreter resolves them (``torch.cat``, ``torch.nn.functional.relu``,
``torch.nn.Linear``); ``x.view(2, 3)`` on a tensor is the rule of :data:`TENSOR_METHODS` ``view``.
Where torch agrees with NumPy the NumPy rule is reused under torch's argument names (:func:`torch_call`
turns ``dim=``/``keepdim=`` into ``axis=``/``keepdims=``); where torch differs, a small rule here says
how: ``max(x, dim)`` returns (values, indices), ``repeat`` tiles, ``squeeze(dim)`` of a dim that is not
1 does nothing, ``split`` takes a chunk *size*, ``mm``/``bmm`` take exactly 2-D/3-D operands, sizes may
be given as ``*size`` or one tuple. Layers are the table :mod:`.torch_nn`; their functional forms
live with them, in the ``nn_*`` modules. Every array a torch rule returns is marked a tensor
(``Array.tensor``), so its own methods dispatch here too.

Sources: the PyTorch reference (torch, torch.Tensor, torch.nn, torch.nn.functional pages, 2.x).
"""

from __future__ import annotations

import math

from ...constraints.shapes import Shape
from ..core.values import NONE, UNKNOWN, Array, Bool, Float, Int, Value
from . import calculus as CA
from . import introspection
from . import contraction as C
from . import creation as K
from . import manipulation as M
from . import nn_activations as NA
from . import nn_args as NG
from . import nn_attention as NT
from . import nn_cells as NL2
from . import nn_convolution as NC
from . import nn_embedding as NE
from .ndarray_methods import tolist
from .searching import unique_of
from . import nn_functional as NF
from . import nn_linear as NL
from . import nn_losses as NX
from . import nn_normalization as NN
from . import nn_pooling as NP
from . import nn_recurrent as NR
from . import nn_reshaping as NS
from . import tensor_assembly as TA
from . import tensor_contractions as TX
from . import tensor_creation as TC
from . import tensor_elementwise as TE
from . import tensor_layout as TL
from . import tensor_methods as TM
from . import tensor_nested as TN
from . import tensor_reductions as TR
from . import torch_linalg as TLA
from . import torch_nn as N
from . import windows as W
from .comparison import allclose
from .fourier import TORCH_FFT, istft, stft
from .kinds import Rule, from_items, like, renamed, same_shape, sig, sized_random, ufunc, unknown_length
from .numpy import NUMPY
from .returns import fan_init, returns, returns_first
from .spmd_torch import DTENSOR_METHODS
from .torch_args import tensor_result, torch_call
from .torch_data import TORCH_DATA
from .torch_distributions import DISTRIBUTIONS

_UNARY_FLOAT = """exp exp2 expm1 log log2 log10 log1p sqrt rsqrt sin cos tan asin acos atan arcsin arccos arctan
sinh cosh tanh asinh acosh atanh sigmoid logit erf erfc erfinv lgamma digamma sinc reciprocal deg2rad rad2deg
angle i0""".split()
_UNARY_SAME = """neg negative positive sign sgn floor ceil round trunc fix frac square relu clone detach conj
bitwise_not nan_to_num""".split()
_UNARY_PART = "abs absolute real imag".split()   # a complex input's part is real
_UNARY_BOOL = "isnan isinf isfinite isposinf isneginf isreal logical_not signbit".split()
_BINARY_SAME = """add sub subtract mul multiply floor_divide remainder fmod pow float_power maximum minimum fmax fmin
bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift copysign nextafter xlogy gcd lcm
heaviside""".split()
_BINARY_FLOAT = "div divide true_divide atan2 arctan2 hypot logaddexp logaddexp2".split()
_BINARY_BOOL = """eq ne lt le gt ge greater less equal not_equal greater_equal less_equal logical_and logical_or
logical_xor isclose""".split()
_ACTIVATIONS = """relu relu6 gelu silu mish elu selu celu leaky_relu hardtanh hardswish hardsigmoid sigmoid tanh
softplus softsign logsigmoid tanhshrink softshrink hardshrink threshold rrelu prelu dropout dropout1d dropout2d
dropout3d alpha_dropout feature_alpha_dropout""".split()

# == the table =====================================================================================

_F = "torch.nn.functional"

_FUNCTIONS: dict[str, Rule] = {}
_FUNCTIONS.update({n: ufunc(1, "float") for n in _UNARY_FLOAT})
_FUNCTIONS.update({n: ufunc(1) for n in _UNARY_SAME})
_FUNCTIONS.update({n: ufunc(1, "real_part") for n in _UNARY_PART})
_FUNCTIONS.update({n: ufunc(1, "bool") for n in _UNARY_BOOL})
_FUNCTIONS.update({n: ufunc(2, params=("input", "other")) for n in _BINARY_SAME})
_FUNCTIONS.update({n: ufunc(2, "float", params=("input", "other")) for n in _BINARY_FLOAT})
_FUNCTIONS.update({n: ufunc(2, "bool", params=("input", "other")) for n in _BINARY_BOOL})
_FUNCTIONS.update({n: TR.reduce("accumulate") for n in "sum nansum prod".split()})
_FUNCTIONS.update({n: TR.reduce() for n in "amax amin".split()})
_FUNCTIONS.update({n: TR.reduce("float") for n in "mean nanmean std var logsumexp".split()})
_FUNCTIONS.update({
    # creation
    "zeros": TC.sized("float32"), "ones": TC.sized("float32"), "empty": TC.sized("float32"),
    "rand": TC.sized("float32"), "randn": TC.sized("float32"), "full": TC.full, "randint": TC.randint,
    "Tensor": TC.legacy("float32"), "FloatTensor": TC.legacy("float32"), "DoubleTensor": TC.legacy("float64"), "HalfTensor": TC.legacy("float16"),
    "LongTensor": TC.legacy("int64"), "IntTensor": TC.legacy("int32"), "BoolTensor": TC.legacy("bool"),
    "ByteTensor": TC.legacy("uint8"),
    "zeros_like": torch_call(like()), "ones_like": torch_call(like()), "empty_like": torch_call(like()),
    "rand_like": torch_call(like("float32")), "randn_like": torch_call(like("float32")),
    "randint_like": torch_call(like("int64")), "full_like": torch_call(like(params=("a", "fill_value"))),
    "tensor": TC.tensor, "as_tensor": TC.tensor, "from_numpy": TC.tensor, "asarray": TC.tensor,
    "arange": TC.arange, "linspace": TC.linspace, "logspace": TC.linspace,
    "eye": torch_call(K.eye, "float32", n="N", m="M"), "randperm": TC.randperm, "multinomial": TC.multinomial,
    "normal": torch_call(sized_random(("mean", "std", "size"), "float32")),
    "bernoulli": ufunc(1, "float"), "poisson": ufunc(1, "float"),
    # elementwise with several operands
    "where": TE.where, "clamp": ufunc(3, params=("input", "min", "max")),
    "clamp_min": ufunc(2, params=("input", "min")), "clamp_max": ufunc(2, params=("input", "max")),
    "clip": ufunc(3, params=("input", "min", "max")), "lerp": ufunc(3, params=("input", "end", "weight")),
    "addcmul": ufunc(3, params=("input", "tensor1", "tensor2")),
    "addcdiv": ufunc(3, params=("input", "tensor1", "tensor2")),
    "masked_fill": TE.masked_fill, "allclose": allclose, "equal": returns(Bool()),
    "is_tensor": returns(Bool()), "numel": TM.numel,
    "softmax": TE.along_dim("float"), "log_softmax": TE.along_dim("float"), "cumsum": TE.along_dim("accumulate"),
    "cumprod": TE.along_dim("accumulate"), "logcumsumexp": TE.along_dim("float"),
    "argsort": TE.along_dim("int", default=-1), "sort": TR.sort_with_indices,
    "cummax": TR.sort_with_indices, "cummin": TR.sort_with_indices,
    "msort": TE.along_dim(default=0), "dropout": ufunc(1),
    # reductions
    "max": TR.extreme, "min": TR.extreme, "median": TR.median, "nanmedian": TR.median, "mode": TR.median,
    "kthvalue": TR.kthvalue, "topk": TR.topk, "aminmax": TR.aminmax, "std_mean": TR.stat_mean, "var_mean": TR.stat_mean,
    "argmax": TR.reduce("int", single=True), "argmin": TR.reduce("int", single=True),
    "all": TR.reduce("bool"), "any": TR.reduce("bool"), "count_nonzero": TR.reduce("int"),
    "norm": TR.norm,
    # contractions
    "matmul": sig("(n?,k),(k,m?)->(n?,m?)"), "mm": TX.MM, "bmm": TX.BMM,
    "mv": TX.ranked(sig("(n,m),(m)->(n)"), 2, 1), "dot": TX.ranked(sig("(n),(n)->()"), 1, 1),
    "vdot": TX.ranked(sig("(n),(n)->()"), 1, 1), "inner": C.inner,
    "outer": TX.ranked(C.outer, 1, 1), "ger": TX.ranked(C.outer, 1, 1), "kron": C.kron,
    "tensordot": torch_call(C.tensordot, dims="axes"), "einsum": TX.einsum,
    "addmm": TX.add_product(TX.MM), "baddbmm": TX.add_product(TX.BMM),
    "cdist": sig("(p,m),(r,m)->(p,r)"), "chain_matmul": TX.chain_matmul,
    "inverse": NUMPY["numpy.linalg.inv"], "det": NUMPY["numpy.linalg.det"], "logdet": NUMPY["numpy.linalg.det"],
    "pinverse": NUMPY["numpy.linalg.pinv"], "trace": TX.ranked(NUMPY["numpy.trace"], 2),
    "diag": torch_call(K.diag, input="v", diagonal="k"), "triu_indices": TC.triangle_indices, "tril_indices": TC.triangle_indices, "diagonal": torch_call(M.diagonal, dim1="axis1", dim2="axis2"),
    "tril": same_shape(param="input"), "triu": same_shape(param="input"),
    # shape manipulation
    "reshape": TL.view, "flatten": TL.flatten, "unflatten": TL.unflatten, "ravel": M.ravel,
    "squeeze": TL.squeeze, "unsqueeze": torch_call(M.expand_dims),
    "permute": torch_call(M.transpose, dims="axes"),
    "transpose": torch_call(M.swapaxes, dim0="axis1", dim1="axis2"),
    "swapaxes": M.swapaxes, "swapdims": torch_call(M.swapaxes, dim0="axis1", dim1="axis2"),
    "movedim": M.moveaxis, "moveaxis": M.moveaxis, "t": TL.t,
    "cat": TL.concatenate, "concat": TL.concatenate, "concatenate": TL.concatenate,
    "stack": torch_call(M.stack, tensors="arrays"), "hstack": M.hstack, "vstack": M.vstack,
    "dstack": M.dstack, "column_stack": M.column_stack, "row_stack": M.vstack,
    "split": TL.split, "chunk": TL.chunk, "tensor_split": TL.tensor_split, "unbind": TL.unbind,
    "narrow": TL.narrow, "select": TL.select, "index_select": TL.index_select, "gather": TL.gather,
    "take": TL.take,
    "take_along_dim": TL.take_along_dim,
    "masked_select": unknown_length(), "nonzero": TL.nonzero, "argwhere": NUMPY["numpy.argwhere"],
    "unique": torch_call(unique_of(("input", "sorted", "return_inverse", "return_counts", "axis"))),
    "bincount": unknown_length("int64"),
    "histc": TL.histc,
    "searchsorted": NUMPY["numpy.searchsorted"], "bucketize": same_shape("int64", param="input"),
    "flip": torch_call(M.flip_axis, dims="axis"), "fliplr": torch_call(M.flip_lr_ud, input="m"),
    "flipud": torch_call(M.flip_lr_ud, input="m"), "roll": torch_call(M.roll, shifts="shift", dims="axis"),
    "rot90": torch_call(M.rot90, dims="axes"), "tile": M.tile,
    "repeat_interleave": torch_call(M.repeat), "broadcast_to": TL.broadcast_to,
    "broadcast_tensors": M.broadcast_arrays, "broadcast_shapes": M.broadcast_shapes, "meshgrid": TL.meshgrid,
    "atleast_1d": M.atleast(1), "atleast_2d": M.atleast(2), "atleast_3d": M.atleast(3),
    "diff": torch_call(M.diff), "scatter": TL.scatter, "scatter_add": TL.scatter, "index_add": TL.scatter,
    "index_copy": TL.scatter, "index_fill": TL.scatter, "masked_scatter": TL.scatter,
    "scatter_reduce": TL.scatter, "index_reduce": TL.scatter, "index_put": TL.scatter,
    **{f"{kind}_window": TC.window for kind in ("hann", "hamming", "blackman", "bartlett", "kaiser")},
    "sparse_coo_tensor": TC.sparse_tensor(("indices", "values", "size")),
    "sparse_csr_tensor": TC.sparse_tensor(("crow_indices", "col_indices", "values", "size")),
    "sparse_csc_tensor": TC.sparse_tensor(("ccol_indices", "row_indices", "values", "size")),
    "Size": TC.size_value, "manual_seed": returns(NONE),
    "isin": same_shape("bool", param="elements"), "quantile": TR.quantile, "nanquantile": TR.quantile,
    # torch.cross: same-rank operands broadcast, the dim crossed holding 3 components (as linalg.cross)
    "cross": ufunc(2, params=("input", "other")),
    "polar": TE.complex_of(("abs", "angle")), "complex": TE.complex_of(("real", "imag")),
    "view_as_real": TE.view_as_real, "view_as_complex": TE.view_as_complex,
    "diag_embed": TA.diag_embed, "block_diag": TA.block_diag, "cartesian_prod": TA.cartesian_prod,
    "combinations": TA.combinations,
    "scalar_tensor": TC.scalar_tensor, "is_complex": introspection.complex_dtype(True), "is_nonzero": returns(Bool()),
    "is_same_size": returns(Bool()), "frombuffer": from_items(("buffer", "dtype", "count")),
    "as_strided": renamed(W.as_strided, ("input", "size", "stride"), ("x", "shape", "strides")),
    "trapezoid": torch_call(CA.trapezoid), "trapz": torch_call(CA.trapezoid),
    # the older torch functions of torch.linalg's (and NumPy's) decompositions
    "slogdet": NUMPY["numpy.linalg.slogdet"], "matrix_power": NUMPY["numpy.linalg.matrix_power"],
    "cholesky": NUMPY["numpy.linalg.cholesky"], "qr": NUMPY["numpy.linalg.qr"], "svd": TLA.svd,
    "lu": TLA.lu_factor, "matrix_exp": C.MATRIX_FUNCTION,
    "cholesky_inverse": same_shape(param="input"), "cholesky_solve": same_shape(param="input"),
    "cov": NUMPY["numpy.cov"], "corrcoef": NUMPY["numpy.cov"], "dist": TLA.dist,
    "vsplit": M.vsplit, "hsplit": M.hsplit, "dsplit": M.dsplit,
    "diagflat": torch_call(K.diagflat, input="v", offset="k"), "vander": torch_call(K.vander),
    "addmv": TX.add_product(TX.ranked(sig("(n,m),(m)->(n)"), 2, 1)), "addr": TX.add_product(TX.ranked(C.outer, 1, 1)),
    "igamma": ufunc(2, "float", params=("input", "other")), "igammac": ufunc(2, "float", params=("input", "other")),
    "mvlgamma": ufunc(1, "float", params=("input",)), "renorm": same_shape(param="input"),
    "narrow_copy": TL.narrow,
    # found in nemo, espnet, fairseq, dgl, deepspeed (stop 56's statistics)
    "_check": returns(NONE), "_assert_async": returns(NONE), "cosine_similarity": NF.cosine_similarity,
    "clamp_": returns_first, "polygamma": TE.polygamma,
    "empty_strided": TC.empty_strided, "from_file": TC.from_file, "lu_unpack": TLA.lu_unpack,
    "triangular_solve": TLA.triangular_solve, "_int_mm": sig("(n,k),(k,m)->(n,m)", "int32", params=("self", "mat2")),
    "_utils._flatten_dense_tensors": TC.flatten_dense, "_utils._unflatten_dense_tensors": TC.unflatten_dense,
    "autograd.Variable": returns_first, "autograd.variable.Variable": returns_first,
    "jit.annotate": lambda ctx, call: call.args[1].value if len(call.args) > 1 else UNKNOWN,
    # (``dim`` reaches the rule as ``axis``: torch_call's keywords)
    "unique_consecutive": torch_call(unique_of(("input", "return_inverse", "return_counts", "axis"))),
})

#: torch.special (modelled on scipy.special): elementwise, but for the softmaxes and logsumexp.
_SPECIAL_UNARY = """airy_ai bessel_j0 bessel_j1 digamma entr erf erfc erfcx erfinv exp2 expit expm1 gammaln i0 i0e
i1 i1e log1p log_ndtr logit ndtr ndtri psi sinc spherical_bessel_j0 scaled_modified_bessel_k0
scaled_modified_bessel_k1""".split()
_SPECIAL_BINARY = "xlogy xlog1py zeta gammainc gammaincc".split()

_LINALG = """inv pinv det slogdet cholesky solve norm svd qr eigh eig eigvals eigvalsh matrix_power multi_dot
matmul""".split()

_NN_FUNCTIONAL: dict[str, Rule] = {n: same_shape(param="input") for n in _ACTIVATIONS}
_NN_FUNCTIONAL.update({
    "softmax": TE.along_dim("float"), "log_softmax": TE.along_dim("float"), "softmin": TE.along_dim("float"),
    "normalize": TE.along_dim(params=("input", "p", "dim"), default=1), "glu": NF.glu, "pad": NF.pad,
    "prelu": NA.functional_prelu, "dropout1d": NA.functional_dropout1d,
    "linear": NL.functional_linear,
    **{f"conv{n}d": NC.functional_conv(n) for n in (1, 2, 3)},
    **{f"conv_transpose{n}d": NC.functional_transposed_conv(n) for n in (1, 2, 3)},
    **{f"max_unpool{n}d": NP.functional_unpool(n) for n in (1, 2, 3)},
    **{f"max_pool{n}d": NP.functional_pool(n, True) for n in (1, 2, 3)},
    **{f"avg_pool{n}d": NP.functional_pool(n, False) for n in (1, 2, 3)},
    **{f"adaptive_{kind}_pool{n}d": NP.functional_adaptive(n) for kind in ("avg", "max") for n in (1, 2, 3)},
    "layer_norm": NN.functional_layer_norm, "rms_norm": NN.functional_layer_norm,
    "batch_norm": NN.functional_batch_norm, "group_norm": NN.functional_group_norm,
    "instance_norm": same_shape(param="input"),
    "embedding": NE.functional_embedding, "one_hot": NE.one_hot,
    "interpolate": NS.functional_interpolate, "upsample": NS.functional_interpolate,
    "pixel_shuffle": NS.functional_pixel_shuffle(True), "pixel_unshuffle": NS.functional_pixel_shuffle(False),
    "unfold": NS.functional_unfold, "fold": NS.functional_fold, "gumbel_softmax": same_shape(param="logits"),
    "cosine_similarity": NF.cosine_similarity, "pairwise_distance": NF.pairwise_distance,
    "pdist": NF.pdist, "bilinear": NF.bilinear, "channel_shuffle": same_shape(param="input"),
    "scaled_dot_product_attention": NF.scaled_dot_product_attention,
    "multi_head_attention_forward": NT.multi_head_attention_forward,
    "embedding_bag": NL2.functional_embedding_bag, "local_response_norm": same_shape(param="input"),
    **{loss: NX.functional_loss for loss in """cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss
kl_div binary_cross_entropy binary_cross_entropy_with_logits""".split()},
    **{loss: NX.other_loss(loss) for loss in NX.OTHER_LOSSES},
    "grid_sample": NS.grid_sample, "affine_grid": NS.affine_grid,
})
_NN: dict[str, Rule] = dict(N.CONSTRUCTORS)
_NN.update({"Transformer.generate_square_subsequent_mask": NT.square_subsequent_mask})
_NN.update({"ModuleList": N.module_list, "ModuleDict": N.module_dict, "Parameter": returns_first,
            "parameter.Parameter": returns_first, "ParameterList": N.module_list, "ParameterDict": N.module_dict,
            "init.calculate_gain": returns(Float()), "utils.clip_grad_value_": returns(NONE),
            # clip_grad_norm_: the total norm of the gradients, a 0-d tensor
            "utils.clip_grad_norm_": returns(Array(Shape(()), "float32"))})
_NN.update({"Buffer": returns_first, "parameter.Buffer": returns_first, "utils.remove_weight_norm": returns_first,
            "utils.remove_spectral_norm": returns_first, "Embedding.from_pretrained": NE.from_pretrained,
            "init._calculate_fan_in_and_fan_out": NG.fans})
_NN.update({f"modules.utils._{name}": NG.ntuple(n) for name, n in (("single", 1), ("pair", 2), ("triple", 3),
                                                                     ("quadruple", 4))})
_NN.update({f"init.{name}": returns_first for name in """zeros_ ones_ normal_ uniform_ constant_ trunc_normal_
orthogonal_ eye_ dirac_ sparse_""".split()})
_NN.update({name: returns_first for name in ("utils.parametrizations.weight_norm",
                                              "utils.parametrizations.spectral_norm", "utils.weight_norm",
                                              "utils.spectral_norm")})
_NN.update({f"init.{name}": fan_init
            for name in "xavier_uniform_ xavier_normal_ kaiming_uniform_ kaiming_normal_".split()})

_RAW: dict[str, Rule] = {f"torch.{n}": r for n, r in _FUNCTIONS.items()}
_RAW.update({f"torch.linalg.{n}": torch_call(NUMPY[f"numpy.linalg.{n}"]) for n in _LINALG})
_RAW.update({
    "torch.linalg.vector_norm": TR.vector_norm, "torch.linalg.matrix_norm": TR.matrix_norm,
    "torch.linalg.svdvals": TR.svdvals, "torch.linalg.vecdot": sig("(n),(n)->()"),
    "torch.linalg.cross": ufunc(2, params=("input", "other")),
    **{f"torch.linalg.{n}": r for n, r in TLA.LINALG.items()},
    "torch.linalg.matrix_rank": NUMPY["numpy.linalg.matrix_rank"], "torch.linalg.diagonal": M.linalg_diagonal,
    "torch.linalg.cond": NUMPY["numpy.linalg.cond"], "torch.linalg.matrix_exp": C.MATRIX_FUNCTION,
    "torch.testing.assert_close": returns(NONE),
    "torch.cuda.is_available": returns(Bool(False)), "torch.is_grad_enabled": returns(Bool()),
    # torch._assert(condition, message): Python's assert as a traceable call, returns None (timm's
    # ``_assert`` is it); is_autocast_enabled(device_type=None): a bool
    "torch._assert": returns(NONE), "torch.is_autocast_enabled": returns(Bool()),
    **{f"torch.special.{n}": ufunc(1, "float") for n in _SPECIAL_UNARY},
    **{f"torch.special.{n}": ufunc(2, "float", params=("input", "other")) for n in _SPECIAL_BINARY},
    "torch.special.round": ufunc(1), "torch.special.multigammaln": ufunc(1, "float", params=("input",)),
    "torch.special.softmax": TE.along_dim("float"), "torch.special.log_softmax": TE.along_dim("float"),
    "torch.special.logsumexp": TR.reduce("float"),
})
#: the runtime's queries and set-ups, as on a machine without an accelerator (``torch.cuda.is_available``
#: above): no arrays (pytorch-examples' ``torch.accelerator.current_accelerator()``, ``dist.init_process_group``
#: and ``rpc.shutdown()`` were counted as arrays of unknown rank); counts and ranks are ints of unknown value
_RUNTIME_NONE = """accelerator.set_device_index accelerator.synchronize cuda.set_device cuda.synchronize
cuda.empty_cache cuda.manual_seed cuda.manual_seed_all distributed.init_process_group
distributed.destroy_process_group distributed.barrier distributed.rpc.init_rpc distributed.rpc.shutdown""".split()
_RUNTIME_INT = "accelerator.device_count cuda.device_count cuda.current_device distributed.get_rank distributed.get_world_size".split()
_RAW.update({f"torch.{n}": returns(NONE) for n in _RUNTIME_NONE})
_RAW.update({f"torch.{n}": (lambda ctx, call, n=n: Int(ctx.fresh(n.rpartition(".")[2].removeprefix("get_")))) for n in _RUNTIME_INT})
_RAW.update({"torch.accelerator.is_available": returns(Bool(False)), "torch.accelerator.current_accelerator": returns(NONE),
             "torch.distributed.is_available": returns(Bool()), "torch.distributed.is_initialized": returns(Bool()),
             "torch.fx.wrap": returns_first})
_RAW.update(TN.NESTED)
_RAW.update(TORCH_DATA)
_RAW.update(DISTRIBUTIONS)
_RAW.update(TORCH_FFT)
_RAW.update({"torch.sparse.mm": TX.MM, "torch.spmm": TX.MM, "torch.smm": TX.MM, "torch.sparse.addmm": TX.add_product(TX.MM),
             "torch.sparse.sum": TR.reduce(), "torch.sparse.softmax": TE.along_dim("float"),
             "torch.sparse.log_softmax": TE.along_dim("float")})
_RAW.update({"torch.stft": stft, "torch.istft": istft, "torch.nn.utils.rnn.pad_sequence": NR.pad_sequence,
             "torch.nn.utils.rnn.pack_padded_sequence": NR.pack_padded_sequence,
             "torch.nn.utils.rnn.pack_sequence": NR.pack_sequence,
             "torch.nn.utils.rnn.pad_packed_sequence": NR.pad_packed_sequence})
#: the optimisers' fused ops over lists of tensors: each tensor's op, a list of results (the norms'
#: and max's 0-d); the in-place forms return None
_FOREACH = """abs acos add addcdiv addcmul asin atan ceil clamp_max clamp_min cos cosh div erf erfc exp expm1 floor frac
lerp lgamma log log10 log1p log2 maximum minimum mul neg pow reciprocal round rsqrt sigmoid sign sin sinh sqrt sub
tan tanh trunc""".split()
_RAW.update({f"torch._foreach_{n}": TE.foreach() for n in _FOREACH})
_RAW.update({f"torch._foreach_{n}_": returns(NONE) for n in _FOREACH + ["copy", "zero"]})
_RAW.update({"torch._foreach_norm": TE.foreach(reduced=True), "torch._foreach_max": TE.foreach(reduced=True)})
_RAW.update({f"{_F}.{n}": r for n, r in _NN_FUNCTIONAL.items()})
_RAW.update({f"torch.nn.{n}": r for n, r in _NN.items()})


#: Every torch function by qualified name; the arrays it returns are tensors.
TORCH: dict[str, Rule] = {name: tensor_result(rule) for name, rule in _RAW.items()}

#: torch's module-level floats: math's own (torch/__init__.py: ``from math import e, inf, nan, pi``)
TORCH_CONSTANTS: dict[str, Value] = {f"torch.{name}": Float(getattr(math, name)) for name in ("e", "inf", "nan", "pi")}


# == Tensor methods ================================================================================


#: ``x.<name>(...)`` on a tensor, where it is not ``torch.<name>(x, ...)``.
TENSOR_METHODS: dict[str, Rule] = {
    "view": TL.view, "view_as": TL.as_shape_of, "unfold": TL.unfold_windows, "reshape_as": TL.as_shape_of, "expand": TL.expand,
    "expand_as": TL.expand_as, "repeat": TL.repeat, "size": TM.size, "dim": TM.ndim, "ndimension": TM.ndim,
    "numel": TM.numel, "nelement": TM.numel, "item": TM.item,
    "contiguous": TM.cast(None), "clone": TM.cast(None), "detach": TM.cast(None), "cpu": TM.cast(None),
    "cuda": TM.cast(None), "pin_memory": TM.cast(None), "requires_grad_": TM.cast(None), "float": TM.cast("float32"),
    "double": TM.cast("float64"), "half": TM.cast("float16"), "bfloat16": TM.cast(None), "int": TM.cast("int32"),
    "long": TM.cast("int64"), "short": TM.cast("int16"), "bool": TM.cast("bool"), "byte": TM.cast("uint8"),
    "char": TM.cast("int8"), "to": TM.to, "type": TM.to, "type_as": TM.to, "where": TE.tensor_where,
    "new_zeros": TC.new_sized(), "new_ones": TC.new_sized(), "new_empty": TC.new_sized(),
    "new_full": TC.new_sized(), "new_tensor": TC.new_tensor, "new": TC.new_legacy,
    "backward": returns(NONE), "retain_grad": returns(NONE), "zero_": TM.cast(None), "fill_": TM.cast(None),
    "normal_": TM.cast(None), "uniform_": TM.cast(None), "random_": TM.cast(None), "bernoulli_": TM.cast(None),
    "exponential_": TM.cast(None), "copy_": TE.copy_into,
    "element_size": TM.fresh_int("itemsize"), "is_contiguous": returns(Bool()),
    "is_floating_point": returns(Bool()), "data_ptr": TM.fresh_int("ptr"),
    "apply_": TM.cast(None), "map_": TM.cast(None), "stride": TM.stride, "fill_diagonal_": TM.cast(None),
    "to_dense": TM.cast(None), "to_sparse": TM.cast(None),
    **TN.NESTED_METHODS, **DTENSOR_METHODS,
}


#: The tensor methods that change their receiver's shape in place and return it (torch docs, "Tensor.unsqueeze_":
#: "In-place version of unsqueeze()"): ``x.unsqueeze_(2)`` as a statement rebinds ``x`` (statements.py).
SHAPE_IN_PLACE = {"unsqueeze_": "unsqueeze", "squeeze_": "squeeze", "transpose_": "transpose", "t_": "t",
                  "swapdims_": "swapdims", "swapaxes_": "swapaxes"}


#: torch functions that are no method of ``torch.Tensor`` (native_functions.yaml gives them the function
#: variant alone): those taking a sequence of tensors or an equation first, which a method's receiver would
#: be read as. ``a.cat(b)`` is tinygrad's ``Tensor.cat(self, *args, dim=0)``, not ``torch.cat(a, b)``
#: (read so, tinygrad's 1-D ``permute[0].reshape(1).cat(...)`` was a false SC106).
FUNCTIONS_ONLY = frozenset("""cat concat concatenate stack hstack vstack dstack column_stack row_stack
    block_diag cartesian_prod broadcast_tensors meshgrid chain_matmul einsum atleast_1d atleast_2d atleast_3d""".split())


def tensor_method(name: str) -> Rule | None:
    """The rule of ``x.<name>(...)`` on a tensor (x comes first among the call's arguments)."""
    if name in FUNCTIONS_ONLY:
        return None
    rule = _METHOD_RULES.get(name)
    if rule is not None:
        return rule
    if name in SHAPE_IN_PLACE:
        return TORCH.get(f"torch.{SHAPE_IN_PLACE[name]}")
    if name.endswith("_") and not name.endswith("__"):
        base = _METHOD_RULES.get(name[:-1]) or TORCH.get(f"torch.{name[:-1]}")
        return TE.in_place(base) if base is not None else None
    return TORCH.get(f"torch.{name}") or TORCH.get(f"{_F}.{name}")


_METHOD_RULES: dict[str, Rule] = {name: tensor_result(rule) for name, rule in TENSOR_METHODS.items()}
_METHOD_RULES.update({"numpy": TM.to_numpy, "tolist": tolist})   # lists, not a tensor


#: Layer calls, re-exported for the registry: ``layer(x)`` on a built ``nn`` layer.
LAYER_CALLS = {kind: tensor_result(rule) for kind, rule in N.LAYER_CALLS.items()}
SELF_METHODS = N.SELF_METHODS
tensor_attribute = TM.tensor_attribute
module_attribute = N.module_attribute
layer_item = N.layer_item
