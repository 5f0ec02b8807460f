"""Rules whose result does not depend on the shapes of the arguments: ``np.random.seed(0)`` is None,
``np.isscalar(x)`` a bool, ``nn.init.zeros_(w)`` the tensor it was given (``xavier_*``/``kaiming_*`` once its fans
exist)."""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Value
from .kinds import Rule


def returns(value: Value) -> Rule:
    """A rule that ignores its arguments and gives ``value``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        return value

    return rule


#: ``np.random.shuffle(x)``, ``np.fill_diagonal(a, v)``, ``np.testing.assert_*``: in-place or checks.
returns_none = returns(NONE)

#: ``np.isscalar``, ``np.array_equal``, ``torch.is_tensor``: a bool of unknown value.
returns_bool = returns(Bool())


def returns_first(ctx: OpContext, call: Call) -> Value:
    """``nn.init.xavier_uniform_(w)``, ``nn.Parameter(t)``: the value passed in."""
    return call.args[0].value if call.args else UNKNOWN


def fan_init(ctx: OpContext, call: Call) -> Value:
    """``nn.init.xavier_*_(w)`` / ``kaiming_*_(w)``: ``w`` itself, once torch can compute its fan in and
    fan out: a tensor of fewer than 2 dims is a ValueError ("Fan in and fan out can not be computed for
    tensor with fewer than 2 dimensions"). kaiming_* first returns a zero-element tensor untouched."""
    w = call.args[0] if call.args else call.kwargs.get("tensor")
    if w is None:
        return UNKNOWN
    dims = w.value.shape.dims if type(w.value) is Array else None
    zero_element = dims is not None and any(d == 0 for d in dims) and ctx.op.startswith("kaiming")
    if dims is not None and len(dims) < 2 and not zero_element:
        ctx.fail("SC107", f"{ctx.op}: Fan in and fan out can not be computed for tensor with fewer than 2 "
                          f"dimensions ({ctx.describe(w)})")
    return w.value
