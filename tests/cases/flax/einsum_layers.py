# nnx.Einsum(einsum_str, kernel_shape) and linen's Einsum(shape, einsum_str): the layer is
# jnp.einsum(einsum_str, x, kernel); a string given to the call takes the layer's place.
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx

rngs = nnx.Rngs(0)
q = nnx.Einsum('BTD,NDH->BTNH', (8, 16, 4), rngs=rngs)
x = jnp.zeros((2, 5, 16))
reveal_shape(q(x))  # reveal: (2, 5, 8, 4)
out = nnx.Einsum('BTNH,NHD->BTD', (8, 4, 16), rngs=rngs)
reveal_shape(out(q(x)))  # reveal: (2, 5, 16)
reveal_shape(q(jnp.zeros((3, 16)), einsum_str='TD,NDH->TNH'))  # reveal: (3, 8, 4)
q(jnp.zeros((2, 5, 12)))  # error: SC102


class Projection(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Einsum((16, 3), 'btd,dk->btk')(x)


y, _ = Projection().init_with_output(jax.random.PRNGKey(0), jnp.zeros((2, 5, 16)))
reveal_shape(y)  # reveal: (2, 5, 3)


class Attention(nnx.Module):
    # the sizes of a literal kernel shape, known only by name in a generic __init__, are its dims
    def __init__(self, num_heads: int, features: int, head_dim: int, *, rngs: nnx.Rngs):
        self.q_einsum = nnx.Einsum(einsum_str='BTD,NDH->BTNH', kernel_shape=(num_heads, features, head_dim),
                                   rngs=rngs)

    def __call__(self, x):
        q = self.q_einsum(x)
        reveal_shape(q)  # reveal: (x0, x1, num_heads, head_dim)
        return q


# an nnx layer's parameters are attributes of the layer's shapes (a Param reads as its array)
reveal_shape(q.kernel)  # reveal: (8, 16, 4)
reveal_shape(q.kernel.value)  # reveal: (8, 16, 4)
head_dim = q.kernel.shape[2]
reveal_shape(jnp.zeros((head_dim,)))  # reveal: (4,)
linear = nnx.Linear(16, 3, rngs=rngs)
reveal_shape(linear.kernel)  # reveal: (16, 3)
reveal_shape(linear.bias.value)  # reveal: (3,)
reveal_shape(nnx.Embed(100, 32, rngs=rngs).embedding)  # reveal: (100, 32)
reveal_shape(nnx.LayerNorm(32, rngs=rngs).scale)  # reveal: (32,)
