"""One-dimensional convolution and correlation (NumPy's "Mathematical functions" section).

``convolve(a, v, mode="full")`` and ``correlate(a, v, mode="valid")`` take 1-D sequences (a scalar acts
as one element; more dims raise "object too deep for desired array"). Output lengths, for lengths n, m:
full ``n + m - 1``, same ``max(n, m)``, valid ``max(n, m) - min(n, m) + 1``. The two differ only in
their default mode.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Value
from .args import bound_array, promote
from .kinds import Rule


def _sliding(default_mode: str) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(("a", "v", "mode"))
        a = bound_array(bound, "a")
        v = bound_array(bound, "v")
        if a is None or v is None or a.shape.dims is None or v.shape.dims is None:
            return UNKNOWN
        for x, name in ((a, "a"), (v, "v")):
            if len(x.shape.dims) > 1:
                ctx.fail("SC107", f"{ctx.op}: object too deep for desired array: {ctx.describe(bound[name])} "
                                  f"is not 1-D")
        n, m = D.product(a.shape.dims), D.product(v.shape.dims)
        mode = getattr(bound["mode"].value, "value", None) if "mode" in bound else default_mode
        if mode == "full":
            size = D.sub(D.add(n, m), 1)
        elif mode == "same":
            size = D.dmax(n, m)
        elif mode == "valid":
            size = D.add(D.sub(D.dmax(n, m), D.dmin(n, m)), 1)
        else:
            return UNKNOWN
        return Array(Shape((size,)), promote(a.dtype, v.dtype))

    return rule


convolve = _sliding("full")
correlate = _sliding("valid")
