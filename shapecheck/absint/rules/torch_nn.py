"""torch.nn layers as one table: for each layer kind, its constructor parameters (in torch's order),
the rule of calling it, the tensors among its attributes, and what torch checks when it is built.

A layer built in the analysed code (``nn.Conv2d(3, 16, 5)``) is a :class:`TorchModule` holding its
constructor arguments; calling it runs the ``call`` of its :class:`~.nn_modules.Layer` row. A layer
and its functional form share one pure shape function (``conv_shape`` serves ``nn.Conv2d`` and
``F.conv2d``); the rules live in the ``nn_*`` modules, named for what they hold. Adding a layer is
one row. Sources: the PyTorch reference signatures and shape formulas (Conv2d, MaxPool2d, LSTM,
MultiheadAttention, ...); a dim that disagrees with the layer is SC102, a rank the layer does not
accept or an impossible argument SC107.
"""

from __future__ import annotations

from ..core.context import OpContext
from ..core.values import TorchModule, Value
from . import nn_activations as NA
from . import nn_attention as NT
from . import nn_cells as NL2
from . import nn_containers as NK
from . import nn_convolution as NC
from . import nn_embedding as NE
from . import nn_functional as NF
from . import nn_linear as NL
from . import nn_losses as NX
from . import nn_normalization as NN
from . import nn_pooling as NP
from . import nn_recurrent as NR
from . import nn_reshaping as NS
from . import torch_distributions as TD
from .kinds import Rule
from .nn_modules import Layer, construct, divisible, layer_attribute, tupled

_CONV = ("in_channels", "out_channels", "kernel_size", "stride", "padding", "dilation", "groups", "bias",
         "padding_mode")
_CONV_TRANSPOSE = ("in_channels", "out_channels", "kernel_size", "stride", "padding", "output_padding", "groups",
                   "bias", "dilation")
_BATCH_NORM = ("num_features", "eps", "momentum", "affine")
_LAYER_NORM = ("normalized_shape", "eps", "elementwise_affine")
_RECURRENT = ("input_size", "hidden_size", "num_layers", "bias", "batch_first", "dropout", "bidirectional")
#: nn.RNN alone takes ``nonlinearity`` ('tanh'/'relu') fourth
_RNN = ("input_size", "hidden_size", "num_layers", "nonlinearity", "bias", "batch_first", "dropout", "bidirectional")
_TRANSFORMER = ("d_model", "nhead", "dim_feedforward", "dropout", "activation", "layer_norm_eps", "batch_first",
                "norm_first")
_CLASS_LOSS = ("weight", "size_average", "ignore_index", "reduce", "reduction")
_POINTWISE_LOSS = ("size_average", "reduce", "reduction")
#: the other loss layers: their functional form and their constructor's parameters
_OTHER_LOSSES = {
    "MarginRankingLoss": ("margin_ranking_loss", ("margin",) + _POINTWISE_LOSS),
    "HingeEmbeddingLoss": ("hinge_embedding_loss", ("margin",) + _POINTWISE_LOSS),
    "SoftMarginLoss": ("soft_margin_loss", _POINTWISE_LOSS),
    "PoissonNLLLoss": ("poisson_nll_loss", ("log_input", "full", "size_average", "eps", "reduce", "reduction")),
    "GaussianNLLLoss": ("gaussian_nll_loss", ("full", "eps", "reduction")),
    "TripletMarginLoss": ("triplet_margin_loss", ("margin", "p", "eps", "swap") + _POINTWISE_LOSS),
    "TripletMarginWithDistanceLoss": ("triplet_margin_with_distance_loss",
                                      ("distance_function", "margin", "swap", "reduction")),
    "CosineEmbeddingLoss": ("cosine_embedding_loss", ("margin",) + _POINTWISE_LOSS),
    "MultiLabelSoftMarginLoss": ("multilabel_soft_margin_loss", ("weight",) + _POINTWISE_LOSS),
    "MultiLabelMarginLoss": ("multilabel_margin_loss", _POINTWISE_LOSS),
    "MultiMarginLoss": ("multi_margin_loss", ("p", "margin", "weight") + _POINTWISE_LOSS),
    "CTCLoss": ("ctc_loss", ("blank", "reduction", "zero_infinity")),
}

#: Layers that keep their input's shape (activations, dropout, identity).
_SHAPE_PRESERVING = """ReLU ReLU6 GELU SiLU Mish Tanh Sigmoid LeakyReLU ELU SELU CELU Softplus Softsign Hardtanh
Hardswish Hardsigmoid LogSigmoid Tanhshrink Softshrink Hardshrink Threshold Dropout Dropout2d
Dropout3d AlphaDropout Identity""".split()

#: Layers whose output has their input's shape: what a callee learns of the output's rank holds
#: for the input too (``self.attn(self.ln_1(x))`` gives ``x`` the rank attention unpacks).
KEEPS_SHAPE = frozenset(_SHAPE_PRESERVING) | frozenset(
    "LayerNorm RMSNorm GroupNorm BatchNorm1d BatchNorm2d BatchNorm3d InstanceNorm1d InstanceNorm2d InstanceNorm3d "
    "Softmax LogSoftmax Softmin Dropout1d".split())

# == the table =====================================================================================

#: Every torch.nn layer kind: Layer(constructor parameters, call rule, weights, construction check).
LAYERS: dict[str, Layer] = {}
LAYERS.update({
    "Linear": Layer(("in_features", "out_features", "bias"), NL.linear_layer, NL.linear_weights),
    "LazyLinear": Layer(("out_features", "bias"), NL.linear_layer),
    **{f"Conv{n}d": Layer(_CONV, NC.conv_layer(n), NC.conv_weights(n), NC.grouped_channels,
                          attributes=NC.conv_attributes(n)) for n in (1, 2, 3)},
    **{f"ConvTranspose{n}d": Layer(_CONV_TRANSPOSE, NC.transposed_conv_layer(n), NC.conv_weights(n, transposed=True),
                                   NC.grouped_channels, attributes=NC.conv_attributes(n, transposed=True))
       for n in (1, 2, 3)},
    **{f"MaxPool{n}d": Layer(("kernel_size", "stride", "padding", "dilation", "return_indices", "ceil_mode"),
                             NP.pool_layer(n, True)) for n in (1, 2, 3)},
    **{f"AvgPool{n}d": Layer(("kernel_size", "stride", "padding", "ceil_mode"), NP.pool_layer(n, False))
       for n in (1, 2, 3)},
    **{f"AdaptiveAvgPool{n}d": Layer(("output_size",), NP.adaptive_pool_layer(n)) for n in (1, 2, 3)},
    **{f"MaxUnpool{n}d": Layer(("kernel_size", "stride", "padding"), NP.unpool_layer(n)) for n in (1, 2, 3)},
    **{f"AdaptiveMaxPool{n}d": Layer(("output_size", "return_indices"), NP.adaptive_pool_layer(n))
       for n in (1, 2, 3)},
    "BatchNorm1d": Layer(_BATCH_NORM, NN.batch_norm_layer((2, 3)), NN.batch_norm_weights),
    "BatchNorm2d": Layer(_BATCH_NORM, NN.batch_norm_layer((4,)), NN.batch_norm_weights),
    "BatchNorm3d": Layer(_BATCH_NORM, NN.batch_norm_layer((5,)), NN.batch_norm_weights),
    **{f"InstanceNorm{n}d": Layer(_BATCH_NORM, NN.instance_norm_layer(n)) for n in (1, 2, 3)},
    "GroupNorm": Layer(("num_groups", "num_channels", "eps", "affine"), NN.group_norm_layer,
                       check=divisible("num_channels", "num_groups")),
    "LayerNorm": Layer(_LAYER_NORM, NN.layer_norm_layer, NN.layer_norm_weights, shapes=("normalized_shape",),
                       attributes=lambda m: tupled(m, {"normalized_shape": None}, 1)),
    "RMSNorm": Layer(_LAYER_NORM, NN.layer_norm_layer, shapes=("normalized_shape",)),
    "Embedding": Layer(("num_embeddings", "embedding_dim", "padding_idx"), NE.embedding_layer, NE.embedding_weights),
    "MultiheadAttention": Layer(("embed_dim", "num_heads", "dropout", "bias", "add_bias_kv", "add_zero_attn", "kdim",
                                 "vdim", "batch_first"), NT.attention_layer, check=divisible("embed_dim", "num_heads")),
    "RNN": Layer(_RNN, NR.recurrent_layer), "GRU": Layer(_RECURRENT, NR.recurrent_layer),
    "LSTM": Layer(_RECURRENT, NR.recurrent_layer),
    "TransformerEncoderLayer": Layer(_TRANSFORMER, NT.transformer_layer, check=divisible("d_model", "nhead")),
    "TransformerDecoderLayer": Layer(_TRANSFORMER, NT.transformer_layer, check=divisible("d_model", "nhead")),
    "TransformerEncoder": Layer(("encoder_layer", "num_layers"), NK.stacked(LAYERS)),
    "TransformerDecoder": Layer(("decoder_layer", "num_layers"), NK.stacked(LAYERS)),
    "Transformer": Layer(("d_model", "nhead", "num_encoder_layers", "num_decoder_layers", "dim_feedforward",
                          "dropout", "activation", "custom_encoder", "custom_decoder", "layer_norm_eps",
                          "batch_first", "norm_first"), NT.transformer_model),
    "Flatten": Layer(("start_dim", "end_dim"), NS.flatten_layer),
    "Unflatten": Layer(("dim", "unflattened_size"), NS.unflatten_layer, shapes=("unflattened_size",)),
    "Upsample": Layer(("size", "scale_factor", "mode"), NS.upsample_layer),
    "PixelShuffle": Layer(("upscale_factor",), NS.pixel_shuffle_layer(True)),
    "PixelUnshuffle": Layer(("downscale_factor",), NS.pixel_shuffle_layer(False)),
    "Unfold": Layer(("kernel_size", "dilation", "padding", "stride"), NS.unfold_layer),
    **{f"{kind}Pad{n}d": Layer(("padding", "value") if kind == "Constant" else ("padding",),
                               NF.pad_layer(n, batched_only=kind not in ("Zero", "Constant")))
       for kind in ("Zero", "Constant", "Reflection", "Replication", "Circular") for n in (1, 2, 3)},
    "Fold": Layer(("output_size", "kernel_size", "dilation", "padding", "stride"), NS.fold_layer),
    "Softmax": Layer(("dim",), NA.along_dim_layer), "LogSoftmax": Layer(("dim",), NA.along_dim_layer),
    "Softmin": Layer(("dim",), NA.along_dim_layer),
    "GLU": Layer(("dim",), NA.glu_layer), "PReLU": Layer(("num_parameters", "init"), NA.prelu_layer),
    "Dropout1d": Layer(("p", "inplace"), NA.dropout1d_layer),
    "Sequential": Layer(("*layers",), NK.sequential(LAYERS)),
    "CrossEntropyLoss": Layer(_CLASS_LOSS, NX.loss_layer), "NLLLoss": Layer(_CLASS_LOSS, NX.loss_layer),
    **{kind: Layer(_POINTWISE_LOSS, NX.loss_layer) for kind in (
        "MSELoss", "L1Loss", "SmoothL1Loss", "HuberLoss", "KLDivLoss", "BCELoss", "BCEWithLogitsLoss")},
    **{kind: Layer(params, NX.other_loss(loss, layer=True)) for kind, (loss, params) in _OTHER_LOSSES.items()},
    **{kind: Layer((), NA.same_shape_layer) for kind in _SHAPE_PRESERVING},
    "LocalResponseNorm": Layer(("size", "alpha", "beta", "k"), NA.same_shape_layer),
    "ChannelShuffle": Layer(("groups",), NA.same_shape_layer), "Softmax2d": Layer((), NA.same_shape_layer),
    "LSTMCell": Layer(("input_size", "hidden_size", "bias"), NL2.cell(2)),
    "GRUCell": Layer(("input_size", "hidden_size", "bias"), NL2.cell(1)),
    "RNNCell": Layer(("input_size", "hidden_size", "bias", "nonlinearity"), NL2.cell(1)),
    "Bilinear": Layer(("in1_features", "in2_features", "out_features", "bias"), NL2.bilinear),
    "EmbeddingBag": Layer(("num_embeddings", "embedding_dim", "max_norm", "norm_type", "scale_grad_by_freq",
                           "mode"), NL2.embedding_bag_layer),
    "CosineSimilarity": Layer(("dim", "eps"), NL2.cosine_similarity_layer),
    "PairwiseDistance": Layer(("p", "eps", "keepdim"), NL2.pairwise_distance_layer),
})

#: ``layer.to(device)``, ``layer.train()``: methods that return the layer itself.
SELF_METHODS = frozenset("""to cuda cpu train eval float double half bfloat16 requires_grad_ zero_grad
apply type share_memory""".split())

# == views of the table ============================================================================

#: ``nn.<kind>(...)``: builds the layer.
CONSTRUCTORS: dict[str, Rule] = {kind: construct(kind, layer) for kind, layer in LAYERS.items()}

#: ``layer(x)`` for a layer of each kind: (ctx, Call(kind, [layer, *inputs])) -> Value.
LAYER_CALLS: dict[str, Rule] = {kind: layer.call for kind, layer in LAYERS.items()}

module_list = NK.module_list
module_dict = NK.module_dict
layer_item = NK.layer_item


def module_attribute(ctx: OpContext, m: TorchModule, attr: str, text: str = "") -> Value:
    """``layer.weight``, ``layer.in_features``, ``layer.to(device)``...; a distribution's ``mean``..."""
    if TD.is_distribution(m):
        return TD.attribute(ctx, m, attr)
    layer = LAYERS.get(m.kind)
    if layer is None:
        return layer_attribute(ctx, m, attr, None, text)
    return layer_attribute(ctx, m, attr, layer.weights, text, layer.attributes)
