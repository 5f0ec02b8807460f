# shapecheck-options: strict
# An einsum operand of which nothing is known (of unknown rank, no parameter's) names dims that stand
# for no size: they take the other operands' and ask nothing of them, as matmul asks nothing of such
# an operand. blackjax 1.7.1's halton_sequence (``jnp.einsum("i,i->", jnp.mod((i + 1) // bit_masks,
# 2), 0.5 / bit_masks)``, ``i`` a parameter broadcast against (n,)) got "fails unless d == n" under
# --strict. A parameter's own dims still ask (they are a precondition of every call).
import jax.numpy as jnp


def halton(i, max_bits: int = 10):
    bit_masks = 2 ** jnp.arange(max_bits)
    digits = jnp.mod((i + 1) // bit_masks, 2)
    return jnp.einsum("i,i->", digits, 0.5 / bit_masks)


def project(i, max_bits: int):
    digits = jnp.mod((i + 1) // 2 ** jnp.arange(max_bits), 2)
    reveal_shape(jnp.einsum("ij,jk->ik", digits, jnp.ones((max_bits, 3))))  # reveal: (d, 3)
    reveal_shape(jnp.einsum("ij,j->i", jnp.ones((4, 3)), digits))  # reveal: (4,)
    return digits


def contract(x, w):
    return jnp.einsum("ij,jk->ik", x, w)  # warning: SC120


contract(jnp.ones((2, 3)), jnp.ones((4, 5)))  # error: SC110
