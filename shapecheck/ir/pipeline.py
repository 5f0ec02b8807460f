"""The compile pipeline: a traced module -> a :class:`~shapecheck.ir.loops.LoopModule` for a back end.

``compile_to_loops(module, specialize={"n": 32})`` runs ``inline``, ``specialize``, ``fold``,
``cse``, ``dce``, ``fuse``, ``lower_to_loops``, ``fold`` (loop level) and ``dce``, then turns the
entry function (the module's first) into the :class:`~shapecheck.ir.loops.Program` that runs the
kernels. ``optimize`` is the graph-level part alone.

>>> from shapecheck.ir import trace
>>> m = trace("def f(x, w):\\n    return np.maximum(x @ w, 0.0)\\n", shapes={"x": ("n", 8), "w": (8, 4)})
>>> [k.name for k in compile_to_loops(m, specialize={"n": 2}).kernels]
['fused_matmul_maximum']
"""

from __future__ import annotations

from typing import Callable, Mapping

from ..subst import checks_enabled
from ..subst.names import fresh_name
from . import graph as G
from . import loops as L
from .calls import shape_arguments
from .passes import cse, dce, fold, fuse, inline, lower_to_loops, specialize as specialize_pass
from .verifier import VerifyError, problems

__all__ = ["compile_to_loops", "optimize", "to_loop_module", "LoweringError"]


class LoweringError(ValueError):
    pass


def _run(pass_: Callable[..., G.Module], module: G.Module, *args) -> G.Module:
    """One pass; in debug mode (``SHAPECHECK_DEBUG=1``, and in the tests) its result is verified,
    so a pass that breaks scoping or shapes is named where it happens, not passes later."""
    out = pass_(module, *args)
    if checks_enabled():
        found = problems(out)
        if found:
            raise VerifyError(f"invalid IR after {pass_.__name__}:\n  " + "\n  ".join(found))
    return out


def optimize(module: G.Module, specialize: Mapping[str, int] | None = None, fusion: bool = True) -> G.Module:
    """Graph-level optimisation: inline, specialize, fold, CSE, DCE and (optionally) fuse."""
    m = _run(inline, module)
    if specialize:
        m = _run(specialize_pass, m, specialize)
    for pass_ in (fold, cse, dce):
        m = _run(pass_, m)
    return _run(fuse, m) if fusion else m


def compile_to_loops(module: G.Module, specialize: Mapping[str, int] | None = None,
                     fusion: bool = True) -> L.LoopModule:
    """The full pipeline to the loop level (see the module docstring)."""
    m = optimize(module, specialize, fusion)
    for pass_ in (lower_to_loops, fold, dce):
        m = _run(pass_, m)
    return to_loop_module(m)


def to_loop_module(module: G.Module) -> L.LoopModule:
    """A lowered module's entry function as a Program over its kernels.

    Every binding must be a ``call_kernel`` (or a tuple/get of results); LoweringError otherwise.
    """
    f = module.functions[0]
    inputs = tuple(L.Buffer(p.name, p.type.dtype, p.type.shape) for p in f.params)
    temps, calls = [], []
    tuples: dict = {}
    gets = {(b.value.value, b.value.index): b.var for b in f.body.bindings if type(b.value) is G.GetItem}
    for b in f.body.bindings:
        v = b.value
        if type(v) is G.CallKernel:
            k = module.kernel(v.kernel)
            # A multi-output kernel's results are the buffers named by the gets of its tuple.
            results = [(b.var, b.type)] if type(b.type) is G.TensorType else \
                [(gets.get((b.var, i)) or fresh_name("unused"), t) for i, t in enumerate(b.type.items)]
            # A kernel's shape parameters are read off its inputs' and its outputs' types.
            types = tuple(G.TensorType(p.dtype, p.shape) for p in k.params)
            values = shape_arguments(k.shape_params, types, (*(_type(f, module, a).shape for a in v.args),
                                                             *(t.shape for _, t in results)))
            temps.extend(L.Buffer(var, t.dtype, t.shape) for var, t in results)
            if type(b.type) is G.TupleType:
                tuples[b.var] = tuple(var for var, _ in results)
            calls.append(L.KernelCall(k.name, (*v.args, *(var for var, _ in results)),
                                      tuple(values[n] for n in k.shape_params)))
        elif type(v) is G.MakeTuple:
            tuples[b.var] = v.items
        elif type(v) is G.GetItem and v.value in tuples:
            tuples[b.var] = (tuples[v.value][v.index],)
        else:
            raise LoweringError(f"@{f.name}: %{b.var.hint} = {type(v).__name__} has no loop-level form "
                                "(only kernel calls and tuples reach a back end)")
    outputs = tuples.get(f.body.result, (f.body.result,))
    program = L.Program(f.name, f.shape_params, inputs, tuple(temps), tuple(calls), tuple(outputs))
    return L.LoopModule(module.kernels, program)


def _type(f: G.Function, module: G.Module, name) -> G.TensorType:
    for p in f.params:
        if p.name == name:
            return p.type
    for b in f.body.bindings:
        if b.var == name:
            return b.type
    raise KeyError(name)
