"""NumPy's shape rules: one table, read top to bottom. Adding an op is usually adding a line.

Names are fully qualified as the interpreter resolves them (``np.linalg.inv`` -> ``numpy.linalg.inv``;
``jax.numpy`` resolves to ``numpy``). Array methods map to the function they mirror (``x.sum(1)`` is
``numpy.sum(x, 1)``). Sources: the NumPy reference for each function; gufunc signatures are NumPy's
own where it has one (``matmul``: ``(n?,k),(k,m?)->(n?,m?)``).
"""

from __future__ import annotations

from ..core.values import NONE, UNKNOWN, UNKNOWN_ARRAY, Float, LibraryObject, Str, Value
from . import array_editing as E
from . import calculus as CA
from . import contraction as C
from . import creation as K
from . import grids as G
from . import indexing as I
from . import introspection, masked, signal, statistics
from . import manipulation as M
from . import ndarray_methods as A
from . import polynomials as P
from . import random as R
from . import searching as S
from . import tensor_layout as TL
from . import ufunc_methods as UM
from . import windows as W
from .comparison import allclose
from .fourier import NUMPY_FFT
from .kinds import (
    Rule,
    creation,
    from_items,
    like,
    reduction,
    same_shape,
    scan,
    sig,
    sized_random,
    ufunc,
    ufunc_pair,
    unknown_length,
)
from .returns import returns, returns_bool, returns_none

_UNARY_FLOAT = """exp exp2 expm1 log log2 log10 log1p sqrt cbrt sin cos tan arcsin arccos arctan sinh cosh tanh
arcsinh arccosh arctanh deg2rad rad2deg degrees radians sinc i0 reciprocal""".split()
_UNARY_SAME = """negative positive fabs sign floor ceil trunc rint fix square conj conjugate round around
nan_to_num invert bitwise_not spacing""".split()
_UNARY_PART = "absolute abs real imag".split()   # a complex input's part is real
_UNARY_BOOL = "isnan isinf isfinite isposinf isneginf logical_not signbit iscomplex isreal".split()
_BINARY_SAME = """add subtract multiply floor_divide power float_power mod remainder fmod maximum minimum
fmax fmin bitwise_and bitwise_or bitwise_xor left_shift right_shift gcd lcm copysign nextafter heaviside
ldexp""".split()
_BINARY_FLOAT = "divide true_divide arctan2 hypot logaddexp logaddexp2".split()
_BINARY_BOOL = """equal not_equal less less_equal greater greater_equal logical_and logical_or logical_xor
isclose""".split()
_REDUCE_SAME = "max min amax amin nanmax nanmin ptp".split()
_REDUCE_ACCUMULATE = "sum prod nansum nanprod".split()
_REDUCE_FLOAT = "nanmean nanstd nanvar".split()
_REDUCE_FLOAT_STRICT = "mean std var median nanmedian".split()   # AxisError for axis=0 on 0-d

#: The binary ufuncs whose methods (``np.add.outer``, ``np.maximum.reduce``) ufunc_methods.py models, by
#: result dtype kind
UFUNC_KINDS = {**{n: None for n in _BINARY_SAME + _BINARY_FLOAT}, **{n: "bool" for n in _BINARY_BOOL}}


def ufunc_method(qualname: str) -> Rule | None:
    return UM.method_rule(qualname, UFUNC_KINDS)


#: NumPy's scalar types, by the dtype each makes when called (``np.float32(x)``).
SCALAR_TYPES = {**{n: n for n in """float16 float32 float64 int8 int16 int32 int64 uint8 uint16 uint32 uint64
complex64 complex128 longdouble""".split()}, "double": "float64", "single": "float32", "half": "float16",
                "int_": "int64", "intp": "int64", "uintp": "uint64", "bool_": "bool", "cdouble": "complex128",
                "csingle": "complex64", "longlong": "int64"}

NUMPY: dict[str, Rule] = dict(NUMPY_FFT)
NUMPY.update({f"numpy.{n}": ufunc(1, "float_ufunc") for n in _UNARY_FLOAT})
NUMPY.update({f"numpy.{n}": ufunc(1) for n in _UNARY_SAME})
NUMPY.update({f"numpy.{n}": ufunc(1, "real_part") for n in _UNARY_PART})
NUMPY.update({f"numpy.{n}": ufunc(1, "bool") for n in _UNARY_BOOL})
NUMPY.update({f"numpy.{n}": ufunc(2) for n in _BINARY_SAME})
NUMPY.update({f"numpy.{n}": ufunc(2, "float" if "divide" in n else "float_ufunc") for n in _BINARY_FLOAT})
NUMPY.update({f"numpy.{n}": ufunc(2, "bool") for n in _BINARY_BOOL})
NUMPY.update({f"numpy.{n}": reduction() for n in _REDUCE_SAME})
NUMPY.update({f"numpy.{n}": reduction("accumulate") for n in _REDUCE_ACCUMULATE})
NUMPY.update({f"numpy.{n}": reduction("float") for n in _REDUCE_FLOAT})
NUMPY.update({f"numpy.{n}": reduction("float", zero_d_axis=False) for n in _REDUCE_FLOAT_STRICT})
NUMPY.update({
    # elementwise with named parameters
    "numpy.where": S.where,
    "numpy.clip": ufunc(3, params=("a", "a_min", "a_max")),
    "numpy.allclose": allclose,
    "numpy.array_equal": returns_bool,
    # creation
    "numpy.zeros": creation(), "numpy.ones": creation(), "numpy.empty": creation(),
    "numpy.ndarray": creation(),   # ndarray(shape, dtype=float, buffer=None, ...): of ``shape``, as empty
    "numpy.full": K.full,
    "numpy.zeros_like": like(), "numpy.ones_like": like(), "numpy.empty_like": like(),
    "numpy.full_like": like(params=("a", "fill_value", "dtype")),
    "numpy.array": K.array, "numpy.asarray": K.array, "numpy.asanyarray": K.array,
    "numpy.ascontiguousarray": K.contiguous_array, "numpy.asfortranarray": K.contiguous_array, "numpy.copy": K.array,
    "numpy.arange": K.arange, "numpy.linspace": K.linspace, "numpy.logspace": K.logspace,
    "numpy.geomspace": K.geomspace, "numpy.eye": K.eye, "numpy.identity": K.identity, "numpy.diag": K.diag,
    "numpy.tri": K.eye,
    **{f"numpy.{name}": K.scalar_type(dtype) for name, dtype in SCALAR_TYPES.items()},
    # random (legacy functions and Generator methods)
    "numpy.random.rand": creation(shape_param="shape", params=("*shape",)),
    "numpy.random.randn": creation(shape_param="shape", params=("*shape",)),
    "numpy.random.random": creation(shape_param="size", params=("size",)),
    "numpy.random.random_sample": creation(shape_param="size", params=("size",)),
    "numpy.random.sample": creation(shape_param="size", params=("size",)),
    "numpy.random.ranf": creation(shape_param="size", params=("size",)),
    "numpy.random.standard_normal": creation(shape_param="size", params=("size",)),
    "numpy.random.normal": sized_random(("loc", "scale", "size")),
    "numpy.random.uniform": sized_random(("low", "high", "size")),
    "numpy.random.randint": sized_random(("low", "high", "size", "dtype"), "int64"),
    "numpy.random.exponential": sized_random(("scale", "size")),
    "numpy.random.choice": R.choice,
    "numpy.random.permutation": R.permutation,
    "numpy.random.default_rng": returns(LibraryObject("numpy.random.Generator")),
    "numpy.random.RandomState": returns(LibraryObject("numpy.random")),
    "numpy.random.Generator.random": creation(shape_param="size", params=("size", "dtype")),
    "numpy.random.Generator.standard_normal": creation(shape_param="size", params=("size", "dtype")),
    "numpy.random.Generator.normal": sized_random(("loc", "scale", "size")),
    "numpy.random.Generator.uniform": sized_random(("low", "high", "size")),
    "numpy.random.Generator.integers": sized_random(("low", "high", "size", "dtype"), "int64"),
    "numpy.random.Generator.choice": R.generator_choice,
    "numpy.random.Generator.exponential": sized_random(("scale", "size")),
    "numpy.random.Generator.permutation": R.permutation,
    # contractions
    "numpy.matmul": sig("(n?,k),(k,m?)->(n?,m?)"),
    "numpy.dot": C.dot, "numpy.inner": C.inner, "numpy.outer": C.outer, "numpy.vdot": C.vdot,
    "numpy.tensordot": C.tensordot, "numpy.einsum": C.einsum, "numpy.kron": C.kron,
    "numpy.cross": C.cross,
    "numpy.vecdot": sig("(n),(n)->()"),
    # linear algebra
    "numpy.linalg.inv": sig("(m,m)->(m,m)", "float", "SC107"),
    "numpy.linalg.pinv": sig("(m,n)->(n,m)", "float", "SC107"),
    "numpy.linalg.det": sig("(m,m)->()", "float", "SC107"),
    "numpy.linalg.cholesky": sig("(m,m)->(m,m)", "float", "SC107"),
    "numpy.linalg.matrix_rank": C.matrix_rank,
    "numpy.linalg.solve": C.solve, "numpy.linalg.lstsq": C.lstsq, "numpy.linalg.norm": C.norm,
    "numpy.linalg.svd": C.svd, "numpy.linalg.qr": C.qr, "numpy.linalg.eigh": C.eigh, "numpy.linalg.eig": C.eigh,
    "numpy.linalg.eigvals": C.eigvals, "numpy.linalg.eigvalsh": C.eigvals, "numpy.linalg.slogdet": C.slogdet,
    "numpy.linalg.matrix_power": C.matrix_power, "numpy.linalg.multi_dot": C.multi_dot,
    "numpy.linalg.matmul": sig("(n?,k),(k,m?)->(n?,m?)"),
    "numpy.trace": M.trace, "numpy.cov": C.cov, "numpy.corrcoef": C.cov,
    # reductions and scans
    "numpy.argmax": reduction("int", single_axis=True), "numpy.argmin": reduction("int", single_axis=True),
    "numpy.nanargmax": reduction("int", single_axis=True), "numpy.nanargmin": reduction("int", single_axis=True),
    "numpy.all": reduction("bool"), "numpy.any": reduction("bool"),
    "numpy.count_nonzero": reduction("int"),
    "numpy.cumsum": scan(dtype="accumulate"), "numpy.cumprod": scan(dtype="accumulate"),
    "numpy.nancumsum": scan(dtype="accumulate"), "numpy.nancumprod": scan(dtype="accumulate"),
    "numpy.sort": scan(flatten_default=False, ravel_0d=False), "numpy.argsort": scan(flatten_default=False, dtype="int"),
    "numpy.diff": M.diff,
    # reshaping and axes
    "numpy.reshape": M.reshape, "numpy.ravel": M.ravel, "numpy.transpose": M.transpose,
    "numpy.swapaxes": M.swapaxes, "numpy.moveaxis": M.moveaxis, "numpy.expand_dims": M.expand_dims,
    "numpy.squeeze": M.squeeze, "numpy.broadcast_to": M.broadcast_to, "numpy.broadcast_arrays": M.broadcast_arrays,
    "numpy.broadcast_shapes": M.broadcast_shapes, "numpy.atleast_1d": M.atleast(1),
    "numpy.atleast_2d": M.atleast(2), "numpy.atleast_3d": M.atleast(3),
    # NumPy 2's array-API names
    **{f"numpy.{n}": ufunc(1, "float_ufunc") for n in "acos asin atan acosh asinh atanh".split()},
    "numpy.atan2": ufunc(2, "float_ufunc"), "numpy.pow": ufunc(2),
    "numpy.bitwise_invert": ufunc(1), "numpy.bitwise_left_shift": ufunc(2), "numpy.bitwise_right_shift": ufunc(2),
    "numpy.bitwise_count": same_shape("uint8", param="x"),
    "numpy.permute_dims": M.transpose, "numpy.astype": A.astype, "numpy.asarray_chkfinite": K.array,
    "numpy.unique_values": S.array_api_unique(("values",)),
    "numpy.unique_counts": S.array_api_unique(("values", "counts")),
    "numpy.unique_inverse": S.array_api_unique(("values", "inverse_indices")),
    "numpy.unique_all": S.array_api_unique(("values", "indices", "inverse_indices", "counts")),
    "numpy.unstack": M.unstack, "numpy.dsplit": M.dsplit, "numpy.trim_zeros": M.trim_zeros,
    "numpy.cumulative_sum": M.cumulative, "numpy.cumulative_prod": M.cumulative,
    "numpy.sort_complex": K.sort_complex, "numpy.histogram_bin_edges": statistics.histogram_bin_edges,
    "numpy.matvec": sig("(m,n),(n)->(m)"), "numpy.vecmat": sig("(n),(n,m)->(m)"),
    "numpy.linalg.outer": C.vector_outer, "numpy.linalg.vecdot": sig("(n),(n)->()"),
    "numpy.linalg.diagonal": M.linalg_diagonal, "numpy.linalg.trace": M.linalg_trace,
    "numpy.linalg.matrix_transpose": M.matrix_transpose, "numpy.linalg.tensordot": C.tensordot,
    "numpy.linalg.cross": C.cross, "numpy.linalg.svdvals": C.svdvals, "numpy.linalg.vector_norm": C.vector_norm,
    "numpy.linalg.matrix_norm": C.matrix_norm,
    # numpy.ma: a masked array has its data's shape
    "numpy.ma.array": K.array, "numpy.ma.asarray": K.array, "numpy.ma.masked_array": K.array,
    "numpy.ma.atleast_2d": M.atleast(2),
    "numpy.matrix_transpose": M.matrix_transpose,
    # joining and splitting
    "numpy.concatenate": M.concatenate, "numpy.concat": M.concatenate, "numpy.stack": M.stack,
    "numpy.vstack": M.vstack, "numpy.row_stack": M.vstack, "numpy.hstack": M.hstack, "numpy.dstack": M.dstack,
    "numpy.column_stack": M.column_stack, "numpy.append": M.append,
    "numpy.split": M.split, "numpy.array_split": M.array_split, "numpy.hsplit": M.hsplit, "numpy.vsplit": M.vsplit,
    # tiling, padding, rearranging
    "numpy.tile": M.tile, "numpy.repeat": M.repeat, "numpy.pad": M.pad,
    "numpy.flip": M.flip_axis, "numpy.roll": M.roll, "numpy.fliplr": M.flip_lr_ud,
    "numpy.flipud": M.flip_lr_ud, "numpy.rot90": M.rot90,
    "numpy.triu": K.triangle, "numpy.tril": K.triangle,
    "numpy.meshgrid": M.meshgrid, "numpy.diagonal": M.diagonal, "numpy.take": M.take,
    "numpy.take_along_axis": TL.take_along_axis, "numpy.put_along_axis": returns_none,
    "numpy.ix_": G.ix_, "numpy.indices": G.indices, "numpy.fromfunction": G.fromfunction,
    "numpy.ravel_multi_index": G.ravel_multi_index,
    "numpy.insert": E.insert, "numpy.delete": E.delete, "numpy.block": E.block, "numpy.select": E.select,
    "numpy.piecewise": E.piecewise, "numpy.packbits": E.bits(True), "numpy.unpackbits": E.bits(False),
    "numpy.lexsort": E.lexsort,
    "numpy.gradient": CA.gradient, "numpy.trapezoid": CA.trapezoid,
    "numpy.digitize": CA.digitize, "numpy.histogram2d": CA.histogram2d,
    "numpy.random.dirichlet": R.vector_sampler("alpha", ("alpha", "size"), "float64"),
    "numpy.random.Generator.dirichlet": R.vector_sampler("alpha", ("alpha", "size"), "float64"),
    "numpy.random.multinomial": R.vector_sampler("pvals", ("n", "pvals", "size"), "int64"),
    "numpy.random.Generator.multinomial": R.vector_sampler("pvals", ("n", "pvals", "size"), "int64"),
    "numpy.polyfit": P.polyfit, "numpy.polyval": P.polyval, "numpy.roots": P.roots, "numpy.poly": P.poly,
    "numpy.polyadd": P.polyadd, "numpy.polysub": P.polyadd, "numpy.polymul": P.polymul,
    "numpy.polyder": P.polyder, "numpy.polyint": P.polyint,
    "numpy.lib.stride_tricks.sliding_window_view": W.sliding_window_view,
    "numpy.convolve": signal.convolve, "numpy.correlate": signal.correlate,
    "numpy.interp": same_shape("float64", param="x"),
    "numpy.searchsorted": S.searchsorted,
    # value-dependent lengths
    "numpy.unique": S.unique,
    "numpy.average": statistics.average, "numpy.histogram": statistics.histogram,
    "numpy.percentile": statistics.quantile, "numpy.quantile": statistics.quantile,
    "numpy.nanpercentile": statistics.quantile,
    "numpy.nanquantile": statistics.quantile, "numpy.flatnonzero": unknown_length("int64"),
    "numpy.nonzero": S.nonzero, "numpy.argwhere": S.argwhere,
    "numpy.shape": introspection.shape_of,
    "numpy.size": introspection.size_of, "numpy.ndim": introspection.ndim_of,
    # more value-dependent and bookkeeping functions
    "numpy.bincount": unknown_length("int64"), "numpy.setdiff1d": unknown_length(),
    "numpy.intersect1d": S.intersect1d, "numpy.union1d": unknown_length(), "numpy.setxor1d": unknown_length(),
    "numpy.frombuffer": from_items(("buffer", "dtype", "count")), "numpy.fromiter": from_items(("iter", "dtype", "count")),
    "numpy.isin": same_shape("bool", param="element"),
    "numpy.argpartition": scan(("a", "kth", "axis"), flatten_default=False, dtype="int"),
    "numpy.partition": scan(("a", "kth", "axis"), flatten_default=False),
    "numpy.resize": M.resize,
    "numpy.unravel_index": I.unravel_index,
    "numpy.triu_indices": I.triangle_indices,
    "numpy.tril_indices": I.triangle_indices,
    "numpy.random.multivariate_normal": R.multivariate_normal,
    "numpy.random.Generator.multivariate_normal": R.multivariate_normal,
    "numpy.random.shuffle": returns_none, "numpy.random.seed": returns_none,
    "numpy.random.Generator.shuffle": returns_none,
    "numpy.fill_diagonal": returns_none, "numpy.copyto": M.copyto,
    "numpy.isscalar": introspection.is_scalar, "numpy.iterable": introspection.is_iterable,
    "numpy.array_equiv": returns_bool, "numpy.shares_memory": returns_bool,
    "numpy.may_share_memory": returns_bool, "numpy.issubdtype": returns_bool,
    "numpy.can_cast": returns_bool,
})
#: The random samplers of both ``np.random`` and its ``Generator``: parameters (``size`` last) and
#: the dtype drawn. The shape is ``size``, else the parameters' broadcast shape (:func:`sized_random`).
_SAMPLERS = {
    "beta": ("a", "b"), "chisquare": ("df",), "f": ("dfnum", "dfden"), "gamma": ("shape", "scale"),
    "gumbel": ("loc", "scale"), "laplace": ("loc", "scale"), "logistic": ("loc", "scale"),
    "lognormal": ("mean", "sigma"), "noncentral_chisquare": ("df", "nonc"),
    "noncentral_f": ("dfnum", "dfden", "nonc"), "pareto": ("a",), "power": ("a",), "rayleigh": ("scale",),
    "standard_gamma": ("shape",), "standard_t": ("df",), "triangular": ("left", "mode", "right"),
    "vonmises": ("mu", "kappa"), "wald": ("mean", "scale"), "weibull": ("a",),
}
_INT_SAMPLERS = {
    "binomial": ("n", "p"), "geometric": ("p",), "hypergeometric": ("ngood", "nbad", "nsample"),
    "logseries": ("p",), "negative_binomial": ("n", "p"), "poisson": ("lam",), "zipf": ("a",),
}
for _space in ("numpy.random", "numpy.random.Generator"):
    NUMPY.update({f"{_space}.{n}": sized_random(p + ("size",)) for n, p in _SAMPLERS.items()})
    NUMPY.update({f"{_space}.{n}": sized_random(p + ("size",), "int64") for n, p in _INT_SAMPLERS.items()})
    NUMPY[f"{_space}.standard_cauchy"] = creation(shape_param="size", params=("size",))
NUMPY["numpy.random.standard_exponential"] = creation(shape_param="size", params=("size",))
NUMPY["numpy.random.Generator.standard_exponential"] = creation(shape_param="size", params=("size", "dtype"))
NUMPY["numpy.random.Generator.permuted"] = same_shape(param="x")

NUMPY.update({
    "numpy.angle": ufunc(1, "real_ufunc", params=("z",)),
    "numpy.isnat": ufunc(1, "bool"),
    "numpy.modf": ufunc_pair(1, "float_ufunc", "float_ufunc"),
    "numpy.frexp": ufunc_pair(1, "float_ufunc", "int32"),
    "numpy.divmod": ufunc_pair(2, "same", "same"),
    "numpy.unwrap": same_shape("float64", param="p"),
    "numpy.real_if_close": K.real_if_close,
    "numpy.require": K.array,
    "numpy.vander": K.vander, "numpy.diagflat": K.diagflat,
    **{f"numpy.{n}": K.window for n in ("hanning", "hamming", "blackman", "bartlett", "kaiser")},
    "numpy.rollaxis": M.rollaxis,
    "numpy.choose": E.choose, "numpy.compress": E.compress, "numpy.extract": E.extract,
    "numpy.diag_indices": I.diag_indices, "numpy.diag_indices_from": I.diag_indices_from,
    "numpy.ndindex": I.ndindex, "numpy.ndenumerate": I.ndenumerate,
    "numpy.tril_indices_from": I.triangle_indices_from, "numpy.triu_indices_from": I.triangle_indices_from,
    "numpy.ediff1d": CA.ediff1d, "numpy.histogramdd": statistics.histogramdd,
    "numpy.linalg.cond": C.cond,
    "numpy.lib.stride_tricks.as_strided": W.as_strided,
    "numpy.iscomplexobj": introspection.complex_dtype(True), "numpy.isrealobj": introspection.complex_dtype(False),
    "numpy.isfortran": returns_bool,
    "numpy.isdtype": returns_bool,
    "numpy.array_str": returns(Str()), "numpy.array_repr": returns(Str()), "numpy.array2string": returns(Str()),
    "numpy.save": returns_none, "numpy.savez": returns_none, "numpy.savez_compressed": returns_none,
    "numpy.savetxt": returns_none, "numpy.set_printoptions": returns_none, "numpy.put": returns_none,
    "numpy.putmask": returns_none,
    "numpy.loadtxt": returns(UNKNOWN_ARRAY), "numpy.genfromtxt": returns(UNKNOWN_ARRAY),
    "numpy.fromfile": from_items(("file", "dtype", "count")), "numpy.memmap": K.memmap,
    "numpy.fromstring": from_items(("string", "dtype", "count")),
    # numpy.ma
    "numpy.ma.masked_where": masked.masked_where, "numpy.ma.getmaskarray": masked.mask_of,
    **{f"numpy.ma.{n}": same_shape(param="a") for n in ("masked_invalid", "getdata", "filled")},
    **{f"numpy.ma.{n}": same_shape(param="x") for n in (
        "masked_equal", "masked_not_equal", "masked_greater", "masked_greater_equal", "masked_less",
        "masked_less_equal", "masked_inside", "masked_outside", "masked_values")},
    "numpy.ma.isMaskedArray": returns_bool, "numpy.ma.is_masked": returns_bool,
    "numpy.ma.ravel": M.ravel, "numpy.ma.concatenate": M.concatenate,
    "numpy.ma.mean": reduction("float", zero_d_axis=False), "numpy.ma.median": reduction("float", zero_d_axis=False),
    "numpy.ma.average": statistics.average, "numpy.ma.cov": C.cov, "numpy.ma.corrcoef": C.cov,
    "numpy.ma.zeros": creation(), "numpy.ma.ones": creation(), "numpy.ma.allclose": allclose,
})

# numpy.testing's assertions return None (their failures are test failures, not shape crashes)
NUMPY.update({f"numpy.testing.{n}": returns_none for n in (
    "assert_allclose assert_array_equal assert_array_almost_equal assert_equal assert_almost_equal "
    "assert_array_less assert_raises assert_warns assert_array_max_ulp assert_array_almost_equal_nulp "
    "assert_approx_equal assert_string_equal assert_ assert_array_compare").split()})


#: Module-level values that are not functions: ``np.newaxis`` is None for indexing, constants are floats.
CONSTANTS: dict[str, Value] = {
    "numpy.newaxis": NONE, "numpy.pi": Float(3.141592653589793), "numpy.e": Float(2.718281828459045),
    "numpy.inf": Float(float("inf")), "numpy.nan": Float(float("nan")), "numpy.euler_gamma": Float(0.5772156649),
    "numpy.NINF": Float(float("-inf")), "numpy.PINF": Float(float("inf")), "numpy.NaN": Float(float("nan")),
    "numpy.Inf": Float(float("inf")),
}


# x.method(...) -> the rule of numpy.<name>(x, ...)
# (only real ndarray methods: NumPy has no ``x.nansum()``, ``x.amax()``, and ``x.ptp()`` went in 2.0)
ARRAY_METHODS: dict[str, str] = {name: f"numpy.{name}" for name in (
    ["sum", "prod", "max", "min", "mean", "std", "var", "argmax", "argmin", "all", "any", "cumsum", "cumprod", "argsort",
                    "reshape", "ravel", "transpose", "swapaxes", "squeeze", "clip", "dot", "round", "repeat",
                    "take", "diagonal", "trace", "nonzero", "conj", "conjugate", "argpartition",
                    "searchsorted"])
}
ARRAY_METHODS.update({"flatten": "numpy.ravel", "copy": "numpy.copy"})

#: ndarray methods that mirror no function of the table (``x.sort()`` sorts in place).
ARRAY_METHOD_RULES: dict[str, Rule] = {
    "sort": A.sort_in_place, "astype": A.astype, "item": A.item, "fill": returns_none, "view": A.view,
    "partition": returns_none, "resize": returns_none, "tolist": A.tolist, "compress": E.compress_method,
}
