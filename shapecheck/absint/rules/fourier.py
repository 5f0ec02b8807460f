"""Discrete Fourier transforms: ``numpy.fft`` (and ``torch.fft`` under torch's keywords), as one table,
and ``torch.stft``.

Every transform keeps the dims it does not transform. A transformed axis becomes the length ``n``
asked for (``s[i]`` for the many-axis forms), else keeps its own; the last transformed axis of a
real transform is the exception: ``rfft`` keeps ``m // 2 + 1`` of the ``m`` points (the spectrum's
non-negative half), ``irfft`` returns ``n`` points, ``2 * (m - 1)`` by default (NumPy reference,
numpy.fft: "Real and Hermitian transforms"; ``hfft`` is ``irfft``'s shape, ``ihfft`` ``rfft``'s).
The many-axis forms take ``axes`` (default: the last ``len(s)`` axes, or every axis), ``fft2`` the
last two. A number of points below 1 is NumPy's "Invalid number of FFT data points".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, extended, split_last
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Int, List, Tuple, Value
from .args import bound_array, int_arg, normalize_axis
from .kinds import Rule, same_shape
from .torch_args import torch_call

#: what the last transformed axis becomes: the points asked for (``"same"``), the non-negative half
#: of them (``"half"``: rfft), or a real signal of that spectrum (``"full"``: irfft)
SAME, HALF, FULL = "same", "half", "full"


@dataclass(frozen=True, slots=True)
class Transform:
    """One transform's shape: one axis (``n``/``axis``) or many (``s``/``axes``, default ``axes``
    None: the last ``len(s)`` or every axis), what its last axis becomes, and whether it returns
    complex values."""

    many: bool
    last: str = SAME
    axes: tuple[int, ...] | None = (-1,)
    complex_result: bool = True


def _result_dtype(dtype: str | None, complex_result: bool) -> str | None:
    if dtype is None:
        return None
    single = dtype in ("float16", "float32", "complex64")
    if complex_result:
        return "complex64" if single else "complex128"
    return "float32" if single else "float64"


def _points(ctx: OpContext, arg: Arg | None) -> tuple[D.Dim | None, ...] | None:
    """``n`` or ``s`` as a tuple of lengths (None inside: that one not known); None when absent."""
    if arg is None or arg.value is NONE:
        return None
    v = arg.value
    items = v.items if type(v) in (Tuple, List) and v.items is not None else (v,)
    out = []
    for item in items:
        n = item.dim if type(item) is Int else None
        if type(n) is int and n < 1:
            ctx.fail("SC107", f"{ctx.op}: invalid number of FFT data points ({n}) specified")
        out.append(n)
    return tuple(out)


def _unknown_sequence(arg: Arg | None) -> bool:
    """Whether ``s`` is given but neither an int nor a sequence of known length."""
    if arg is None:
        return False
    v = arg.value
    if type(v) in (Tuple, List):
        return v.items is None
    return type(v) is not Int and v is not NONE


def _axes(arg: Arg | None) -> tuple[int, ...] | None:
    if arg is None or arg.value is NONE:
        return None
    v = arg.value
    items = v.items if type(v) in (Tuple, List) and v.items is not None else (v,)
    if not all(type(i) is Int and type(i.dim) is int for i in items):
        raise ValueError("axes not known")
    return tuple(i.dim for i in items)


def transform(kind: Transform) -> Rule:
    """The rule of one transform, over NumPy's parameter names."""
    params = ("a", "s", "axes") if kind.many else ("a", "n", "axis")

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = bound_array(bound, "a")
        if a is None:
            return UNKNOWN
        dtype = _result_dtype(a.dtype, kind.complex_result)
        try:
            axes = _axes(bound.get(params[2]))
        except ValueError:
            return Array(UNKNOWN_SHAPE, dtype)
        if kind.many and _unknown_sequence(bound.get(params[1])):
            # ``s=self.shape`` of unknown value: a whole sequence, one length per axis (lightly's
            # IRFFT2DTransform, ``Tuple[int, int]``), never one int; each transformed axis is unknown
            axes = axes or kind.axes
            if axes is None:
                return Array(UNKNOWN_SHAPE, dtype)
            return Array(_transformed(ctx, a.shape, axes, (None,) * len(axes), kind.last), dtype)
        points = _points(ctx, bound.get(params[1]))
        if axes is None:
            axes = kind.axes if kind.axes is not None or points is None else tuple(range(-len(points), 0))
        if axes is None:
            # every axis, no lengths asked: only a real transform's last axis changes
            if kind.last == SAME:
                return Array(a.shape, dtype)
            axes = (-1,)
        if points is not None and len(points) != len(axes):
            ctx.fail("SC107", f"{ctx.op}: shape and axes have different lengths ({len(points)} and {len(axes)})")
        return Array(_transformed(ctx, a.shape, axes, points, kind.last), dtype)

    return rule


def _transformed(ctx: OpContext, shape: Shape, axes: tuple[int, ...], points, last: str) -> Shape:
    dims = shape.dims
    if dims is not None:
        head, tail = Shape(()), dims
        picked = [normalize_axis(ctx, ax, len(dims)) for ax in axes]
    elif all(ax < 0 for ax in axes):
        # at an unknown rank, only the last dims change: (*x) keeps its rank
        split = split_last(shape, max(-ax for ax in axes), ctx.middle_dim)
        if split is None:
            return UNKNOWN_SHAPE
        head, tail, _ = split
        picked = [len(tail) + ax for ax in axes]
    else:
        return UNKNOWN_SHAPE
    out = list(tail)
    for i in _order(len(picked), last):
        axis = picked[i]
        asked = points[i] if points is not None else None
        if i < len(picked) - 1 or last == SAME:
            out[axis] = asked if asked is not None else out[axis] if points is None else ctx.fresh("n")
        elif last == HALF:
            m = asked if asked is not None else out[axis] if points is None else None
            out[axis] = D.add(D.floordiv(m, 2), 1) if m is not None else ctx.fresh("n")
        else:
            out[axis] = asked if asked is not None else (D.mul(2, D.sub(out[axis], 1)) if points is None
                                                         else ctx.fresh("n"))
    return extended(head, tuple(out))


def _order(count: int, last: str) -> list[int]:
    """The order NumPy applies an n-d transform's 1-d ones in (``numpy/fft/_pocketfft.py``), which
    decides the length of an axis named twice (``rfftn(x, axes=(0, 0, 1), s=(10, 20, 40))`` is 10
    long on axis 0): a real transform's last axis first, then the others from the last to the first;
    an inverse real one's others first to last, then its last; a complex one's last to first."""
    if last == HALF:
        return [count - 1] + list(range(count - 2, -1, -1))
    if last == FULL:
        return list(range(count))
    return list(range(count - 1, -1, -1))


def frequencies(half: bool) -> Rule:
    """``fftfreq(n, d=1.0)``: (n,); ``rfftfreq(n)``: (n // 2 + 1,)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        n = int_arg(call.bind(("n",)).get("n"), ctx)
        if n is None:
            return Array(Shape((ctx.fresh("n"),)), "float64")
        return Array(Shape((D.add(D.floordiv(n, 2), 1) if half else n,)), "float64")

    return rule


_STFT = ("input", "n_fft", "hop_length", "win_length", "window", "center", "pad_mode", "normalized", "onesided",
         "return_complex")


def _hop(ctx: OpContext, b: dict, n_fft) -> D.Dim | None:
    """stft's and istft's ``hop_length``: ``n_fft // 4`` where not given."""
    arg = b.get("hop_length")
    if arg is None or arg.value is NONE:
        return D.floordiv(n_fft, 4) if n_fft is not None else None
    return int_arg(arg, ctx)


def _flag(arg: Arg | None, default: bool | None) -> bool | None:
    if arg is None or arg.value is NONE:
        return default
    return arg.value.value if type(arg.value) is Bool else None


def stft(ctx: OpContext, call: Call) -> Value:
    """``torch.stft(input, n_fft, hop_length=n_fft // 4, ..., center=True, onesided, return_complex)``:
    a signal (L,) or (B, L) becomes (B?, N, T): N frequencies (``n_fft // 2 + 1`` one-sided, the
    default for a real signal; ``n_fft`` for a complex one), T frames (``1 + L // hop`` centered, else
    ``1 + (L - n_fft) // hop``), and a trailing 2 (real and imaginary) without ``return_complex``
    (PyTorch reference, torch.stft). Without ``return_complex`` torch raises for a real signal: no
    shape is claimed then."""
    b = call.bind(_STFT)
    x = bound_array(b, "input")
    as_complex = _flag(b.get("return_complex"), None)
    if x is None or as_complex is None:
        return UNKNOWN
    dims = x.shape.dims
    if dims is not None and len(dims) not in (1, 2):
        ctx.fail("SC107", f"{ctx.op}: expected a 1D or 2D tensor, but {ctx.describe(b['input'])}")
    n_fft = int_arg(b.get("n_fft"), ctx)
    hop = _hop(ctx, b, n_fft)
    center = _flag(b.get("center"), True)
    onesided = _flag(b.get("onesided"), None)
    real = x.dtype is not None and not x.dtype.startswith("complex")
    if onesided is None and x.dtype is not None:
        onesided = real
    if dims is None or n_fft is None:
        return Array(UNKNOWN_SHAPE, None)
    freq = ctx.fresh("freq") if onesided is None else D.add(D.floordiv(n_fft, 2), 1) if onesided else n_fft
    length = dims[-1]
    if hop is None or center is None:
        frames = ctx.fresh("frames")
    else:
        frames = D.add(D.floordiv(length if center else D.sub(length, n_fft), hop), 1)
    out = dims[:-1] + (freq, frames) + (() if as_complex else (2,))
    return Array(Shape(out), _result_dtype(x.dtype, True) if as_complex else x.dtype)


_ISTFT = ("input", "n_fft", "hop_length", "win_length", "window", "center", "normalized", "onesided", "length",
          "return_complex")


def istft(ctx: OpContext, call: Call) -> Value:
    """``torch.istft(input, n_fft, hop_length=n_fft // 4, ..., center=True, length=None)``: stft's
    inverse, (B?, N, T) frames to a signal (B?, L): ``length`` where given, else the frames' overlap,
    ``n_fft + hop * (T - 1)``, less ``n_fft // 2`` at each end when centered; real unless
    ``return_complex`` (PyTorch reference, torch.istft)."""
    b = call.bind(_ISTFT)
    x = bound_array(b, "input")
    if x is None:
        return UNKNOWN
    dims = x.shape.dims
    real = x.dtype is not None and not x.dtype.startswith("complex")
    if dims is not None and (len(dims) == 4 or len(dims) == 3 and real) \
            and ctx.decide(eq(dims[-1], 2)) is not Verdict.FAILS:
        # torch before 2.0 took real and imaginary parts as a trailing 2 (nnAudio's Griffin-Lim); three
        # dims of unknown dtype are a batch of complex frames (torchaudio's griffinlim)
        dims = dims[:-1]
    if dims is not None and len(dims) not in (2, 3):
        ctx.fail("SC107", f"{ctx.op}: expected a 2D or 3D tensor of frames, but {ctx.describe(b['input'])}")
    as_complex = _flag(b.get("return_complex"), False)
    dtype = x.dtype if as_complex else _result_dtype(x.dtype, False)
    if dims is None:
        return Array(UNKNOWN_SHAPE, dtype)
    given = b.get("length")
    n_fft = int_arg(b.get("n_fft"), ctx)
    hop = _hop(ctx, b, n_fft)
    center = _flag(b.get("center"), True)
    if given is not None and given.value is not NONE:
        length = int_arg(given, ctx)
    elif n_fft is not None and hop is not None and center is not None:
        length = D.add(n_fft, D.mul(hop, D.sub(dims[-1], 1)))
        length = D.sub(length, D.mul(2, D.floordiv(n_fft, 2))) if center else length
    else:
        length = None
    return Array(Shape(dims[:-2] + (length if length is not None else ctx.fresh("length"),)), dtype)


_ONE, _TWO, _ALL = (-1,), (-2, -1), None

#: Each transform by name, as numpy.fft and torch.fft both name them.
TRANSFORMS: dict[str, Transform] = {
    "fft": Transform(False), "ifft": Transform(False),
    "rfft": Transform(False, HALF), "irfft": Transform(False, FULL, complex_result=False),
    "hfft": Transform(False, FULL, complex_result=False), "ihfft": Transform(False, HALF),
    "fft2": Transform(True, axes=_TWO), "ifft2": Transform(True, axes=_TWO),
    "rfft2": Transform(True, HALF, _TWO), "irfft2": Transform(True, FULL, _TWO, complex_result=False),
    "fftn": Transform(True, axes=_ALL), "ifftn": Transform(True, axes=_ALL),
    "rfftn": Transform(True, HALF, _ALL), "irfftn": Transform(True, FULL, _ALL, complex_result=False),
}

_SHIFTS = {"fftshift": same_shape(param="x"), "ifftshift": same_shape(param="x")}
_FREQUENCIES = {"fftfreq": frequencies(False), "rfftfreq": frequencies(True)}

NUMPY_FFT: dict[str, Rule] = {f"numpy.fft.{name}": transform(kind) for name, kind in TRANSFORMS.items()}
NUMPY_FFT.update({f"numpy.fft.{name}": rule for name, rule in {**_SHIFTS, **_FREQUENCIES}.items()})

#: torch.fft: the same transforms under torch's names (``input``, ``dim``); shifts take ``dim``.
TORCH_FFT: dict[str, Rule] = {
    f"torch.fft.{name}": torch_call(transform(kind), input="a", dim="axes" if kind.many else "axis")
    for name, kind in TRANSFORMS.items()}
TORCH_FFT.update({f"torch.fft.{name}": torch_call(rule, input="x") for name, rule in _SHIFTS.items()})
TORCH_FFT.update({f"torch.fft.{name}": rule for name, rule in _FREQUENCIES.items()})
