"""``torch.distributions``: what a policy, a VAE or a mixture model samples and scores.

A distribution built in the analysed code (``Categorical(logits=logits)``, ``Normal(mu, std)``) is a
:class:`TorchModule` of kind ``distributions.<Name>`` holding its arguments, and the shape of one
draw: ``sample_shape + batch_shape + event_shape``, with the count of event dims. Its methods follow
from that: ``sample(s)``/``rsample(s)`` prepend ``s``; ``log_prob(v)``, ``cdf(v)`` broadcast ``v``
with one draw and drop the event dims; ``entropy()`` is the batch shape; ``mean``/``stddev``/
``variance``/``mode`` are one draw. Each family is one row: how its parameters give the batch and
event shapes (broadcast of elementwise parameters, the last axis of ``probs``/``logits`` as the
categories, a vector and a matrix for ``MultivariateNormal``).
Source: the PyTorch reference, torch.distributions (Distribution, each family's ``__init__``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...constraints.shapes import UNKNOWN_SHAPE, Shape, extended, prepended, split_last
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, Method, TorchModule, Tuple, Value, as_tensor
from .args import as_array, bound_array, shape_arg
from .kinds import Rule

#: the params a built distribution keeps beside its arguments: one draw and its count of event dims
_DRAW, _EVENT = "__draw", "__event_dims"

#: a family's parameters bound by name -> (one draw's shape, event dims, its dtype where not the
#: family's: a wrapper's is its inner distribution's) or None when not known
Draw = Callable[[OpContext, dict[str, Arg]], "tuple[Shape, int, str | None] | None"]


@dataclass(frozen=True, slots=True)
class Family:
    params: tuple[str, ...]     # the constructor's parameters in torch's order
    draw: Draw
    dtype: str = "float32"      # what ``sample()`` gives


def _broadcast(ctx: OpContext, arrays: list[tuple[Array, str]]) -> Shape | None:
    return ctx.broadcast([(a.shape, text) for a, text in arrays], "SC101", unknown_rank=True) if arrays else None


def _given(bound: dict[str, Arg], names: tuple[str, ...]) -> list[tuple[Array, str]]:
    out = []
    for name in names:
        a = bound_array(bound, name)
        if a is not None:
            out.append((a, bound[name].text))
    return out


def elementwise(*names: str) -> Draw:
    """A scalar family (``Normal(loc, scale)``): the batch is its tensor parameters broadcast."""

    def draw(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Shape, int, str | None] | None:
        shape = _broadcast(ctx, _given(bound, names))
        return None if shape is None else (shape, 0, None)

    return draw


def categories(event_dims: int, names: tuple[str, ...] = ("probs", "logits")) -> Draw:
    """A family over the last axis of ``probs``/``logits``/``concentration``: the batch is the axes
    before it; a draw is one index (``Categorical``) or a vector over it (``OneHotCategorical``,
    ``Multinomial``, ``Dirichlet``)."""

    def draw(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Shape, int, str | None] | None:
        given = _given(bound, names)
        if len(given) != 1:
            return None
        shape = given[0][0].shape
        if event_dims:
            return shape, event_dims, None
        split = split_last(shape, 1, ctx.middle_dim)
        return None if split is None else (split[0], 0, None)

    return draw


def vector_and_matrices(vector: str, vectors: tuple[str, ...], matrices: tuple[str, ...]) -> Draw:
    """``MultivariateNormal(loc, covariance_matrix)``: a draw is a vector of loc's last dim, the
    batch is loc's other axes broadcast with the matrices' batch axes."""

    def draw(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Shape, int, str | None] | None:
        loc = bound_array(bound, vector)
        if loc is None:
            return None
        split = split_last(loc.shape, 1, ctx.middle_dim)
        if split is None:
            return None
        heads = [(split[0], bound[vector].text)]
        for names, cut in ((vectors, 1), (matrices, 2)):
            for a, text in _given(bound, names):
                s = split_last(a.shape, cut, ctx.middle_dim)
                if s is None:
                    return None
                heads.append((s[0], text))
        batch = ctx.broadcast(heads, "SC101", unknown_rank=True)
        return None if batch is None else (extended(batch, split[1]), 1, None)

    return draw


def _of_distribution(name: str, bound: dict[str, Arg]) -> TorchModule | None:
    arg = bound.get(name)
    v = arg.value if arg is not None else None
    return v if type(v) is TorchModule and v.param(_DRAW) is not None else None


def independent(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Shape, int, str | None] | None:
    """``Independent(base, n)``: the same draw, its last ``n`` batch dims now event dims."""
    base, n = _of_distribution("base_distribution", bound), bound.get("reinterpreted_batch_ndims")
    if base is None or n is None or type(n.value) is not Int or type(n.value.dim) is not int:
        return None
    draw = base.param(_DRAW)
    return draw.shape, base.param(_EVENT).dim + n.value.dim, draw.dtype


def mixture(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Shape, int, str | None] | None:
    """``MixtureSameFamily(mix, components)``: a draw of one component, the components' last batch
    axis (the mixture's choices) gone."""
    comp = _of_distribution("component_distribution", bound)
    if comp is None:
        return None
    k, draw = comp.param(_EVENT).dim, comp.param(_DRAW)
    split = split_last(draw.shape, k + 1, ctx.middle_dim)
    return None if split is None else (extended(split[0], split[1][1:]), k, draw.dtype)


_SCALE = elementwise("loc", "scale")
_PROBS = elementwise("probs", "logits")

#: every family by its name under ``torch.distributions``
FAMILIES: dict[str, Family] = {
    "Normal": Family(("loc", "scale", "validate_args"), _SCALE),
    "LogNormal": Family(("loc", "scale", "validate_args"), _SCALE),
    "Laplace": Family(("loc", "scale", "validate_args"), _SCALE),
    "Cauchy": Family(("loc", "scale", "validate_args"), _SCALE),
    "Gumbel": Family(("loc", "scale", "validate_args"), _SCALE),
    "HalfNormal": Family(("scale", "validate_args"), elementwise("scale")),
    "HalfCauchy": Family(("scale", "validate_args"), elementwise("scale")),
    "StudentT": Family(("df", "loc", "scale", "validate_args"), elementwise("df", "loc", "scale")),
    "Uniform": Family(("low", "high", "validate_args"), elementwise("low", "high")),
    "Beta": Family(("concentration1", "concentration0", "validate_args"),
                   elementwise("concentration1", "concentration0")),
    "Gamma": Family(("concentration", "rate", "validate_args"), elementwise("concentration", "rate")),
    "Kumaraswamy": Family(("concentration1", "concentration0", "validate_args"),
                          elementwise("concentration1", "concentration0")),
    "Chi2": Family(("df", "validate_args"), elementwise("df")),
    "Exponential": Family(("rate", "validate_args"), elementwise("rate")),
    "Poisson": Family(("rate", "validate_args"), elementwise("rate")),
    "Bernoulli": Family(("probs", "logits", "validate_args"), _PROBS),
    "Geometric": Family(("probs", "logits", "validate_args"), _PROBS),
    "ContinuousBernoulli": Family(("probs", "logits", "lims", "validate_args"), _PROBS),
    "Binomial": Family(("total_count", "probs", "logits", "validate_args"),
                       elementwise("total_count", "probs", "logits")),
    "NegativeBinomial": Family(("total_count", "probs", "logits", "validate_args"),
                               elementwise("total_count", "probs", "logits")),
    "RelaxedBernoulli": Family(("temperature", "probs", "logits", "validate_args"), _PROBS),
    "Categorical": Family(("probs", "logits", "validate_args"), categories(0), "int64"),
    "OneHotCategorical": Family(("probs", "logits", "validate_args"), categories(1)),
    "RelaxedOneHotCategorical": Family(("temperature", "probs", "logits", "validate_args"), categories(1)),
    "Multinomial": Family(("total_count", "probs", "logits", "validate_args"), categories(1)),
    "Dirichlet": Family(("concentration", "validate_args"), categories(1, ("concentration",))),
    "MultivariateNormal": Family(("loc", "covariance_matrix", "precision_matrix", "scale_tril", "validate_args"),
                                 vector_and_matrices("loc", (), ("covariance_matrix", "precision_matrix",
                                                                 "scale_tril"))),
    "LowRankMultivariateNormal": Family(("loc", "cov_factor", "cov_diag", "validate_args"),
                                        vector_and_matrices("loc", ("cov_diag",), ("cov_factor",))),
    "Independent": Family(("base_distribution", "reinterpreted_batch_ndims", "validate_args"), independent),
    "MixtureSameFamily": Family(("mixture_distribution", "component_distribution", "validate_args"), mixture),
}


def construct(name: str, family: Family) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(family.params)
        found = family.draw(ctx, bound)
        params = tuple((key, arg.value) for key, arg in bound.items())
        if found is None:
            return TorchModule(f"distributions.{name}", params)
        shape, event, dtype = found
        draw = as_tensor(Array(shape, dtype or family.dtype))
        return TorchModule(f"distributions.{name}", params + ((_DRAW, draw), (_EVENT, Int(event))))

    return rule


def _parts(ctx: OpContext, d: TorchModule) -> tuple[Array, Shape, tuple] | None:
    """One draw, its batch shape and its event dims, or None when the distribution's shape is unknown."""
    draw, event = d.param(_DRAW), d.param(_EVENT)
    if draw is None:
        return None
    split = split_last(draw.shape, event.dim, ctx.middle_dim)
    return None if split is None else (draw, split[0], split[1])


def _float(shape: Shape) -> Value:
    return as_tensor(Array(shape, "float32"))


def _sample(d: TorchModule) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        draw = d.param(_DRAW)
        if draw is None:
            return as_tensor(Array(UNKNOWN_SHAPE))
        b = call.bind(("sample_shape",))
        if "sample_shape" not in b:
            return draw
        dims = shape_arg(ctx, b["sample_shape"])
        return as_tensor(Array(prepended(dims, draw.shape), draw.dtype)) if dims is not None \
            else as_tensor(Array(UNKNOWN_SHAPE, draw.dtype))

    return rule


def _score(d: TorchModule) -> Rule:
    """``log_prob(value)``: value broadcast with one draw, the event dims summed away."""

    def rule(ctx: OpContext, call: Call) -> Value:
        parts = _parts(ctx, d)
        b = call.bind(("value",))
        value = bound_array(b, "value")
        if parts is None or value is None:
            return _float(UNKNOWN_SHAPE)
        draw, _, event = parts
        shape = ctx.broadcast([(value.shape, b["value"].text), (draw.shape, "a draw")], "SC101", unknown_rank=True)
        split = split_last(shape, len(event), ctx.middle_dim) if shape is not None else None
        return _float(split[0] if split is not None else UNKNOWN_SHAPE)

    return rule


def _of_batch(d: TorchModule) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        parts = _parts(ctx, d)
        return _float(parts[1] if parts is not None else UNKNOWN_SHAPE)

    return rule


def _expand(d: TorchModule) -> Rule:
    """``d.expand(batch_shape)``: the same family over a new batch shape."""

    def rule(ctx: OpContext, call: Call) -> Value:
        parts = _parts(ctx, d)
        b = call.bind(("batch_shape", "_instance"))
        dims = shape_arg(ctx, b.get("batch_shape"))
        params = tuple((k, v) for k, v in d.params if k not in (_DRAW, _EVENT))
        if parts is None or dims is None:
            return TorchModule(d.kind, params)
        draw = as_tensor(Array(Shape(tuple(dims) + parts[2]), parts[0].dtype))
        return TorchModule(d.kind, params + ((_DRAW, draw), (_EVENT, d.param(_EVENT))))

    return rule


#: a distribution's methods, each given the distribution
METHODS: dict[str, Callable[[TorchModule], Rule]] = {
    "sample": _sample, "rsample": _sample, "log_prob": _score, "cdf": _score, "icdf": _score,
    "entropy": _of_batch, "perplexity": _of_batch, "expand": _expand,
}

#: its properties of one draw's shape
_DRAWN = frozenset(("mean", "mode", "stddev", "variance"))


def is_distribution(m: TorchModule) -> bool:
    return m.kind.startswith("distributions.")


def method(m: TorchModule, name: str) -> Rule | None:
    make = METHODS.get(name)
    return make(m) if make is not None else None


def attribute(ctx: OpContext, m: TorchModule, attr: str) -> Value:
    """``d.mean``, ``d.batch_shape``, ``d.probs`` (an argument it was built with), or a method."""
    parts = _parts(ctx, m)
    if attr in _DRAWN:
        return _float(parts[0].shape if parts is not None else UNKNOWN_SHAPE)
    if attr in ("batch_shape", "event_shape"):
        if parts is None or parts[1].dims is None:
            return UNKNOWN
        return Tuple(tuple(Int(d) for d in (parts[1].dims if attr == "batch_shape" else parts[2])))
    if attr in ("probs", "logits"):
        given = m.param(attr) or m.param("logits" if attr == "probs" else "probs")
        a = as_array(given) if given is not None else None
        return _float(a.shape) if a is not None else UNKNOWN
    value = m.param(attr)
    if value is not None and not attr.startswith("__"):
        return value
    return UNKNOWN if attr.startswith("__") else Method(m, attr)


def kl_divergence(ctx: OpContext, call: Call) -> Value:
    """``kl_divergence(p, q)``: one number per batch entry, the batches broadcast."""
    b = call.bind(("p", "q"))
    heads = []
    for name in ("p", "q"):
        d = _of_distribution(name, b)
        parts = _parts(ctx, d) if d is not None else None
        if parts is None:
            return _float(UNKNOWN_SHAPE)
        heads.append((parts[1], b[name].text))
    shape = ctx.broadcast(heads, "SC101", unknown_rank=True)
    return _float(shape if shape is not None else UNKNOWN_SHAPE)


#: the module of torch.distributions each family is defined in, where it is not its name in lower case
_MODULES = {"LogNormal": "log_normal", "HalfNormal": "half_normal", "HalfCauchy": "half_cauchy",
            "StudentT": "studentT", "OneHotCategorical": "one_hot_categorical",
            "RelaxedOneHotCategorical": "relaxed_categorical", "RelaxedBernoulli": "relaxed_bernoulli",
            "MultivariateNormal": "multivariate_normal", "ContinuousBernoulli": "continuous_bernoulli",
            "NegativeBinomial": "negative_binomial", "LowRankMultivariateNormal": "lowrank_multivariate_normal",
            "MixtureSameFamily": "mixture_same_family"}

#: torch.distributions' callables by qualified name (each family also under its own module)
DISTRIBUTIONS: dict[str, Rule] = {}
for _name, _family in FAMILIES.items():
    _rule = construct(_name, _family)
    DISTRIBUTIONS[f"torch.distributions.{_name}"] = _rule
    DISTRIBUTIONS[f"torch.distributions.{_MODULES.get(_name, _name.lower())}.{_name}"] = _rule
DISTRIBUTIONS["torch.distributions.kl_divergence"] = kl_divergence
DISTRIBUTIONS["torch.distributions.kl.kl_divergence"] = kl_divergence
