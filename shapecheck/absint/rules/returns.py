"""Rules whose result does not depend on the shapes of the arguments: ``np.random.seed(0)`` is None,
``np.isscalar(x)`` a bool, ``nn.init.zeros_(w)`` the tensor it was given."""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.values import NONE, UNKNOWN, Bool, Value
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
