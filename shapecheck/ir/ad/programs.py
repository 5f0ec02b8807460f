"""The derivative programs of a module's function, each a :class:`~shapecheck.ir.graph.Module`
whose first function is the entry (so ``compile_to_loops`` compiles it; it inlines the rest):

* :func:`linearize`: ``jvp`` then ``unzip`` (under a save-or-recompute policy).
* :func:`jvp_module`: ``f_jvp(x..., dx...) -> (y..., dy...)``, forward mode.
* :func:`vjp_modules`: the forward half ``f_primal(x...) -> (y..., residuals...)`` and the
  backward half ``f_lin_T(residuals..., ct...) -> ct_x...`` (reverse mode, JAX's ``vjp``).
* :func:`grad_module`: ``f_grad(x...) -> d f / d x`` for a scalar ``f``: calls ``f_primal`` and
  then ``f_lin_T`` with a cotangent of one; after inlining it is one program.

Every module also holds the linear program, so printing it shows the three programs of Radul et
al. (POPL 2023): primal, linear, transposed.

>>> from shapecheck.ir import trace, run
>>> import numpy as np
>>> m = trace("def f(x):\\n    return (x * x).sum()\\n", shapes={"x": (3,)}, dtypes={"x": "f64"})
>>> run(grad_module(m), [np.array([1.0, 2.0, 3.0])])
array([2., 4., 6.])
"""

from __future__ import annotations

from dataclasses import dataclass

from shapecheck.subst import Scope, checks_enabled

from .. import graph as G
from ..passes import inline
from ..verifier import verify
from .emit import ADError
from .jvp import is_float, jvp
from .linearity import LinearFunction
from .transpose import transpose
from .unzip import Linearized, Policy, SaveAll, unzip

__all__ = ["linearize", "jvp_module", "vjp_modules", "grad_module", "Derivatives"]


def _entry(module: G.Module, func: str | None) -> G.Function:
    m = inline(module)
    return m.function(func) if func else m.functions[0]


def linearize(module: G.Module, func: str | None = None, policy: Policy = SaveAll()) -> Linearized:
    """``func`` (default: the first function) linearized: primal and linear programs."""
    f = _entry(module, func)
    f_jvp, outputs = jvp(f)
    return unzip(f_jvp, len(f.params), outputs, policy)


def jvp_module(module: G.Module, func: str | None = None) -> G.Module:
    f_jvp, _ = jvp(_entry(module, func))
    return G.Module((f_jvp,))


@dataclass(frozen=True)
class Derivatives:
    """The three programs: primal (with residuals), linear, transposed; and the float params
    (positions in ``f``'s parameters) the tangents and cotangents belong to."""

    linearized: Linearized
    transposed: LinearFunction
    differentiable: tuple[int, ...]

    def module(self, *entry: G.Function) -> G.Module:
        lin = self.linearized
        return G.Module((*entry, lin.primal, lin.linear.function, self.transposed.function))


def derivatives(module: G.Module, func: str | None = None, policy: Policy = SaveAll()) -> Derivatives:
    """Linearize ``func`` under ``policy`` and transpose its linear program."""
    f = _entry(module, func)
    f_jvp, outputs = jvp(f)
    lin = unzip(f_jvp, len(f.params), outputs, policy)
    floats = tuple(i for i, p in enumerate(f.params) if is_float(p.type))
    out = Derivatives(lin, transpose(lin.linear), floats)
    if checks_enabled():   # debug mode: the three programs are well scoped and well typed
        verify(out.module())
    return out


def vjp_modules(module: G.Module, func: str | None = None, policy: Policy = SaveAll()) -> tuple[G.Module, G.Module, Derivatives]:
    """The forward module (entry ``f_primal``) and the backward module (entry ``f_lin_T``)."""
    d = derivatives(module, func, policy)
    return (G.Module((d.linearized.primal,)), G.Module((d.transposed.function,)), d)


def grad_module(module: G.Module, func: str | None = None, policy: Policy = SaveAll(),
                argnums: tuple[int, ...] | None = None) -> G.Module:
    """``f_grad``: the gradient of scalar ``f`` with respect to the parameters ``argnums``
    (default: every floating-point one), one result or a tuple; then the three programs."""
    d = derivatives(module, func, policy)
    lin = d.linearized
    primal = lin.primal
    items = primal.ret.items if type(primal.ret) is G.TupleType else (primal.ret,)
    if lin.outputs != 1 or items[0].shape != ():
        raise ADError(f"grad: @{primal.name} must return one scalar, not {items[0]}")
    wanted = d.differentiable if argnums is None else argnums
    for i in wanted:
        if i not in d.differentiable:
            raise ADError(f"grad: parameter {i} of @{primal.name} is not floating-point")
    params = primal.params
    scope = Scope.of([*primal.shape_params, *(p.name for p in params)])
    bindings: list = []

    def bind(hint: str, type_: G.Type, value: G.Value):
        nonlocal scope
        name, scope = scope.bind_fresh(hint)
        bindings.append(G.Binding(name, type_, value))
        return name

    forward = bind("fwd", primal.ret, G.CallFunc(primal.name, tuple(p.name for p in params)))
    residuals = [bind("r", t, G.GetItem(forward, i)) for i, t in enumerate(items) if i >= 1] \
        if type(primal.ret) is G.TupleType else []
    dtype = items[0].dtype
    one = bind("one", G.TensorType(dtype, ()), G.OpCall("const", (), (("dtype", dtype), ("value", 1.0))))
    back = d.transposed.function
    cts = bind("cts", back.ret, G.CallFunc(back.name, (*residuals, one)))
    if type(back.ret) is G.TupleType:
        picked = [bind("g", back.ret.items[d.differentiable.index(i)], G.GetItem(cts, d.differentiable.index(i)))
                  for i in wanted]
    else:
        picked = [cts]
    types = tuple(p.type for p in params)
    if len(picked) == 1:
        result, ret = picked[0], types[wanted[0]]
    else:
        ret = G.TupleType(tuple(types[i] for i in wanted))
        result = bind("grads", ret, G.MakeTuple(tuple(picked)))
    name = primal.name.removesuffix("_primal") + "_grad"
    entry = G.Function(name, primal.shape_params, params, ret, G.Block(tuple(bindings), result))
    return d.module(entry)
