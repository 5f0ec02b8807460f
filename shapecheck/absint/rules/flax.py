"""Flax's layers (``flax.linen``, ``flax.nnx``) and ``jax.nn``'s functions, as one table.

A layer built in the analysed code (``nn.Dense(10)``, ``nnx.Linear(784, 10, rngs=rngs)``) is a
:class:`TorchModule` of kind ``flax.linen.Dense`` holding its constructor arguments, as torch's layers
are (:func:`.nn_modules.construct`); calling it runs the ``call`` of its :class:`~.nn_modules.Layer`
row. Flax's conventions differ from torch's, so the layer rules are here (:mod:`.flax_layers`): inputs
are channels-last (``(..., H, W, C)``), linen layers infer their input features (``nn.Dense(10)`` takes
any last dim: only nnx layers, which are told ``in_features``, check it), and strides of pooling
default to 1. Results are JAX arrays (NumPy's rules), never torch tensors.

Sources: the Flax reference (flax.linen.Dense, Conv, ConvTranspose, Embed, MultiHeadDotProductAttention,
pooling; flax.nnx.Linear, Conv, Embed, MultiHeadAttention, Param), the jax.nn page, and
jax.lax.conv_general_dilated's padding ('SAME': ceil(L / s); 'VALID': ceil((L - k + 1) / s)).
"""

from __future__ import annotations

from ..core.values import Class, LibraryObject
from . import flax_layers as FL
from .kinds import Rule, same_shape
from .nn_modules import Layer, construct, divisible

_CONV = ("features", "kernel_size", "strides", "padding", "input_dilation", "kernel_dilation",
         "feature_group_count")
_NNX_CONV = ("in_features", "out_features", "kernel_size", "strides", "padding", "input_dilation",
             "kernel_dilation", "feature_group_count")
_ATTENTION = ("num_heads", "dtype", "param_dtype", "qkv_features", "out_features")

#: Activations and other functions that keep their input's shape, under linen, nnx and jax.nn.
_SHAPE_PRESERVING = """relu relu6 gelu silu swish sigmoid tanh softplus soft_sign log_sigmoid elu celu selu
leaky_relu hard_tanh hard_sigmoid hard_silu hard_swish mish standardize normalize softmax log_softmax""".split()

# == the table =====================================================================================

#: Every Flax layer kind, by its qualified constructor: Layer(constructor parameters, call rule).
LAYERS: dict[str, Layer] = {
    "flax.linen.Dense": Layer(("features", "use_bias"), FL.dense_layer),
    "flax.linen.DenseGeneral": Layer(("features", "axis", "batch_dims"), FL.dense_general_layer),
    "flax.linen.Conv": Layer(_CONV, FL.conv_layer),
    "flax.linen.ConvTranspose": Layer(("features", "kernel_size", "strides", "padding", "kernel_dilation"),
                                      FL.transposed_conv_layer),
    "flax.linen.Embed": Layer(("num_embeddings", "features"), FL.embed_layer),
    **{f"flax.linen.{kind}": Layer((), FL.same_shape_layer)
       for kind in ("LayerNorm", "BatchNorm", "GroupNorm", "RMSNorm", "Dropout")},
    "flax.linen.MultiHeadDotProductAttention": Layer(_ATTENTION, FL.attention_layer,
                                                     check=divisible("qkv_features", "num_heads")),
    "flax.linen.SelfAttention": Layer(_ATTENTION, FL.attention_layer, check=divisible("qkv_features", "num_heads")),
    "flax.linen.Sequential": Layer(("layers",), FL.sequential),
    "flax.nnx.Linear": Layer(("in_features", "out_features"), FL.linear_layer, FL.linear_weights),
    "flax.nnx.LinearGeneral": Layer(("in_features", "out_features", "axis", "batch_axis"), FL.dense_general_layer),
    "flax.nnx.Conv": Layer(_NNX_CONV, FL.conv_layer),
    "flax.nnx.ConvTranspose": Layer(("in_features", "out_features", "kernel_size", "strides", "padding",
                                     "kernel_dilation"), FL.transposed_conv_layer),
    "flax.nnx.Embed": Layer(("num_embeddings", "features"), FL.embed_layer, FL.embed_weights),
    "flax.nnx.Einsum": Layer(("einsum_str", "kernel_shape", "bias_shape"), FL.einsum_layer, FL.einsum_weights),
    "flax.linen.Einsum": Layer(("shape", "einsum_str"), FL.einsum_layer),
    **{f"flax.nnx.{kind}": Layer(("num_features",), FL.feature_norm_layer, FL.norm_weights)
       for kind in ("LayerNorm", "BatchNorm", "RMSNorm", "GroupNorm")},
    "flax.nnx.Dropout": Layer(("rate",), FL.same_shape_layer),
    "flax.nnx.MultiHeadAttention": Layer(("num_heads", "in_features", "qkv_features", "out_features"),
                                         FL.attention_layer, check=divisible("qkv_features", "num_heads")),
    "flax.nnx.Sequential": Layer(("*layers",), FL.sequential),
}

#: Functions: pooling, activations, one_hot, linen's ``self.param`` and nnx's ``Param`` (jax.random: :mod:`.jax`).
FUNCTIONS: dict[str, Rule] = {
    **{f"{lib}.{name}": FL.pool(kind) for lib in ("flax.linen", "flax.nnx")
       for name, kind in (("max_pool", "max"), ("avg_pool", "avg"), ("min_pool", "min"))},
    **{f"{lib}.{name}": same_shape(param="x") for lib in ("flax.linen", "flax.nnx", "jax.nn")
       for name in _SHAPE_PRESERVING},
    "jax.nn.one_hot": FL.one_hot, "flax.nnx.one_hot": FL.one_hot,
    "flax.linen.Module.param": FL.module_param,
    "flax.nnx.Param": FL.variable, "flax.nnx.Variable": FL.variable, "flax.nnx.BatchStat": FL.variable,
}

#: A variable of nnx (``nnx.Param(a)``) is its array: ``param.value`` reads it (``param[...]`` too).
VARIABLE_READS = frozenset(("value",))

# == views of the table ============================================================================

#: ``nn.Dense(...)``, ``nnx.Linear(...)``: builds the layer.
CONSTRUCTORS: dict[str, Rule] = {kind: construct(kind, layer) for kind, layer in LAYERS.items()}

#: Everything a qualified name may call: constructors and functions.
FLAX: dict[str, Rule] = {**CONSTRUCTORS, **FUNCTIONS}

#: ``layer(x)`` for a layer of each kind: (ctx, Call(kind, [layer, *inputs])) -> Value.
LAYER_CALLS: dict[str, Rule] = {kind: layer.call for kind, layer in LAYERS.items()}

#: linen's ``nn.Module`` members a subclass reads off ``self`` (``self.param(name, init, shape)``).
MODULE_MEMBERS = frozenset(("param",))
#: linen's ``nn.Module`` methods that run one of the module's own (``model.apply(variables, x)``).
MODULE_ENTRIES = frozenset(("apply", "init", "init_with_output"))


def is_linen_module(cls: Class, depth: int = 0) -> bool:
    """Whether a class derives from ``flax.linen.Module``: a dataclass whose ``setup`` Flax runs before
    any method, and whose class-level annotations are fields set per object."""
    for base in cls.bases:
        if type(base) is LibraryObject and base.qualname == "flax.linen.Module":
            return True
        if type(base) is Class and depth < 20 and is_linen_module(base, depth + 1):
            return True
    return False
