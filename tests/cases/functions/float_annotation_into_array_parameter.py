# A float nothing fixes (a parameter annotated ``float``) handed to a parameter annotated as an array: one
# of the two annotations is wrong, and as working code runs, the value may be an array (ott-jax's
# soft-sort passes its weights vector through ``weights: float`` into ``target_weights:
# Optional[jnp.ndarray]``). A float the code writes out is one wherever it goes.
from typing import Optional

import jax.numpy as jnp


def transport(inputs: jnp.ndarray, target_weights: Optional[jnp.ndarray] = None):
    b = jnp.squeeze(target_weights)
    num_targets = inputs.shape[0] if b is None else b.shape[0]
    return jnp.linspace(0.0, 1.0, num_targets)


def normalise(inputs: jnp.ndarray, weights: float):
    return transport(inputs, weights)


def literal(inputs: jnp.ndarray):
    return transport(inputs, 0.5)  # error: SC110
