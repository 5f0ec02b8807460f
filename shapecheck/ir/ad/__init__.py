"""Reverse-mode automatic differentiation on the graph IR, as three program transformations
(Radul, Paszke, Frostig, Johnson, Maclaurin, "You Only Linearize Once: Tangents Transpose to
Gradients", POPL 2023; JAX's ``jvp``, ``partial_eval`` and ``transpose``):

1. ``jvp.py``: forward mode; one tangent rule per op in ``TANGENTS``.
2. ``unzip.py``: partial evaluation splits the JVP into a non-linear *primal* program (returning
   residuals) and a *linear* program over them, under a save-or-recompute policy (``SaveAll``,
   ``SaveInputs``, ``Budget``); ``linearity.py`` checks the linear program is linear.
3. ``transpose.py``: the linear program run backwards; one transpose rule per linear op in
   ``TRANSPOSES``.

``programs.py`` assembles the modules (``grad_module``, ``vjp_modules``, ``jvp_module``,
``linearize``), ``transforms.py`` the compiled Python API (``shapecheck.grad``, ``vjp``,
``jvp``), and ``cost.py`` counts FLOPs on the IR.

>>> from shapecheck.ir import trace, print_module
>>> m = trace("def f(x):\\n    return np.sin(x).sum()\\n", shapes={"x": (3,)})
>>> lin = linearize(m)
>>> print(print_module(G.Module((lin.linear.function,))).strip())
fn @f_lin[](%t: f32[3], %dx: f32[3]) -> f32[] {
  %dt: f32[3] = mul(%dx, %t)
  %dt_1: f32[] = sum(%dt) {axes=(0,), keepdims=false}
  return %dt_1
}
"""

from .. import graph as G
from .cost import flops
from .emit import ADError
from .jvp import TANGENTS, jvp
from .linearity import LINEAR, LinearFunction, LinearityError, check_linear
from .programs import Derivatives, derivatives, grad_module, jvp_module, linearize, vjp_modules
from .transpose import TRANSPOSES, transpose
from .unzip import Budget, Linearized, Policy, SaveAll, SaveInputs, unzip

__all__ = [
    "jvp", "unzip", "transpose", "linearize", "derivatives", "grad_module", "vjp_modules", "jvp_module",
    "check_linear", "flops", "SaveAll", "SaveInputs", "Budget", "Policy", "Linearized", "LinearFunction",
    "Derivatives", "ADError", "LinearityError", "TANGENTS", "TRANSPOSES", "LINEAR",
]
