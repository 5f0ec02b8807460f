# JAX arrays are immutable: `m *= c` is `m = m * c`, so it may broadcast m to a larger shape (the
# gemma example's causal mask: (1, 1, n) times (1, n, n) is (1, n, n)). NumPy's `*=` would fail there.
import jax.numpy as jnp


def causal_attn_mask(input_mask):
    seq_len = input_mask.shape[-1]
    attn_mask = input_mask[..., None, :]
    causal_mask = jnp.tril(jnp.ones((seq_len, seq_len), dtype=jnp.bool_))
    attn_mask *= causal_mask[None, ...]
    return attn_mask


reveal_shape(causal_attn_mask(jnp.ones((1, 9), dtype=jnp.bool_)))  # reveal: (1, 9, 9)


def scaled(x):
    x += jnp.ones((4, 1, 3))
    return x


reveal_shape(scaled(jnp.ones((5, 3))))  # reveal: (4, 5, 3)
scaled(jnp.ones((5, 2)))  # error: SC110
