"""An MLP block y = gelu(x @ w1) @ w2 under three sharding strategies on one mesh axis of 8 devices,
written as the JAX code one would run. `shapecheck shard-cost` compares them per device without a
cluster (FLOPs and bytes received, forward and training step):

    shapecheck shard-cost docs/examples/mlp_strategies.py::megatron_mlp \
        docs/examples/mlp_strategies.py::data_parallel_mlp docs/examples/mlp_strategies.py::fsdp_mlp \
        --shape x=8192,4096 --shape w1=4096,16384 --shape w2=16384,4096 --dtype bfloat16

and `shapecheck cost docs/examples/mlp_strategies.py::megatron_shard_map ...` counts the collectives of
the explicit (shard_map) Megatron block. The code is read, never run.
"""

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",))


def place(a, *spec):
    return jax.lax.with_sharding_constraint(a, NamedSharding(mesh, P(*spec)))


def megatron_mlp(x, w1, w2):
    """Megatron-LM (Shoeybi et al. 2019, section 3): w1 split by columns, w2 by rows; the tokens stay
    whole, and the block's output is one all-reduce of partial sums."""
    x, w1, w2 = place(x, None, None), place(w1, None, "x"), place(w2, "x", None)
    h = jax.nn.gelu(x @ w1)
    return h @ w2


def data_parallel_mlp(x, w1, w2):
    """Data parallel: the tokens split over the devices, the weights whole on each."""
    x, w1, w2 = place(x, "x", None), place(w1, None, None), place(w2, None, None)
    h = jax.nn.gelu(x @ w1)
    return h @ w2


def _megatron_body(x, w1, w2):
    h = jax.nn.gelu(x @ w1)
    return jax.lax.psum(h @ w2, "x")


def megatron_shard_map(x, w1, w2):
    """The Megatron block with its collective written out: each device runs the body on its pieces."""
    block = shard_map(_megatron_body, mesh=mesh, in_specs=(P(), P(None, "x"), P("x", None)), out_specs=P())
    return block(x, w1, w2)


def fsdp_mlp(x, w1, w2):
    """Fully sharded data parallel (ZeRO-3, FSDP): the tokens split as in data parallel, each weight
    stored split on dim 0 as well and gathered whole just before it is used."""
    x, w1, w2 = place(x, "x", None), place(w1, "x", None), place(w2, "x", None)
    h = jax.nn.gelu(x @ place(w1, None, None))
    return h @ place(w2, None, None)
