# A linen Module is a dataclass: its annotated fields take the constructor's arguments or their
# defaults, so a loop over a tuple field builds known layers and the output width is known.
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    features: tuple = (32, 16, 4)
    scale: float = 1.0

    @nn.compact
    def __call__(self, x):
        for f in self.features[:-1]:
            x = nn.relu(nn.Dense(f)(x))
        return nn.Dense(self.features[-1])(x) * self.scale


x = jnp.ones((8, 5))
model = MLP()
params = model.init(jax.random.PRNGKey(0), x)
reveal_shape(model.apply(params, x))  # reveal: (8, 4)
small = MLP(features=(8, 2), scale=0.5)
reveal_shape(small.apply(small.init(jax.random.PRNGKey(1), x), x))  # reveal: (8, 2)
named = MLP((6, 3), name="head")
reveal_shape(named.apply(named.init(jax.random.PRNGKey(2), x), x))  # reveal: (8, 3)
