"""torch's contractions that take operands of fixed rank (``mm`` 2-D, ``bmm`` 3-D, ``mv``, ``dot``),
``addmm``/``baddbmm`` (a product plus a broadcast input) and ``einsum`` with a list of operands.
"""

from __future__ import annotations

from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, List, Tuple, Value, is_numeric_scalar
from . import contraction as C
from .args import as_array, element_texts
from .kinds import Rule, sig
from .tensor_elementwise import broadcast_into


def ranked(rule: Rule, *ranks: int) -> Rule:
    """``rule`` for operands of exactly these ranks (``mm`` takes matrices, ``bmm`` 3-D batches); an
    operand of unknown rank (a parameter's) gets that rank, for its analysis at it."""

    def ranked(ctx: OpContext, call: Call) -> Value:
        for index, (arg, want) in enumerate(zip(call.args, ranks)):
            a = as_array(arg.value)
            if a is not None and a.shape.rank is not None and a.shape.rank != want:
                ctx.fail("SC107", f"{ctx.op}: operand {index} must be a {want}-D tensor, but {ctx.describe(arg)}")
            if a is not None and a.shape.rank is None and a.shape.middle is not None and a.shape.min_rank <= want:
                ctx.interp.analysis.learn_rank(a.shape.middle, want - a.shape.min_rank)
        return rule(ctx, call)

    return ranked


MM = ranked(sig("(n,k),(k,m)->(n,m)"), 2, 2)


BMM = ranked(sig("(b,n,k),(b,k,m)->(b,n,m)"), 3, 3)


def add_product(product: Rule) -> Rule:
    """``addmm(input, m1, m2)``/``baddbmm``: the product, with ``input`` broadcast to it. torch still
    takes the deprecated forms with the scalars first, ``addmm(beta, input, alpha, m1, m2)`` and
    ``x.addmm_(beta, alpha, m1, m2)`` (deeplabcut's ``dist_mat.addmm_(1, -2, qf, gf.t())``): the
    numbers among the positional arguments are the scalars, the rest the operands."""

    def rule(ctx: OpContext, call: Call) -> Value:
        operands = [a for a in call.args if not is_numeric_scalar(a.value)]
        if len(operands) < 3:
            return UNKNOWN
        result = product(ctx, Call(call.name, operands[1:3]))
        base = as_array(operands[0].value)
        if type(result) is Array and base is not None:
            broadcast_into(ctx, result, Arg(result, "the product"), base, operands[0])
        return result

    return rule


def einsum(ctx: OpContext, call: Call) -> Value:
    """``einsum(eq, *operands)`` or ``einsum(eq, [operands])``."""
    if len(call.args) == 2 and type(call.args[1].value) in (List, Tuple) and call.args[1].value.items is not None:
        ops = call.args[1].value.items
        texts = element_texts(call.args[1].text, len(ops))
        call = Call(call.name, [call.args[0]] + [Arg(v, t) for v, t in zip(ops, texts)])
    return C.einsum(ctx, call)


def chain_matmul(ctx: OpContext, call: Call) -> Value:
    """``chain_matmul(a, b, c)`` is ``linalg.multi_dot([a, b, c])``."""
    return C.multi_dot(ctx, Call(call.name, [Arg(List(tuple(a.value for a in call.args)))]))
