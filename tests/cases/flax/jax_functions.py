# jax.random's samplers make an array of their shape (or of their parameter's), keys are arrays
# (split makes num of them), and jax.scipy.special / jax.lax's elementwise functions keep the shape
# (the JAX reference: jax.random, jax.lax, jax.scipy.special).
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, logsumexp


key = jax.random.PRNGKey(0)
reveal_shape(key)  # reveal: (2,)
k1, k2 = jax.random.split(key)
reveal_shape(k1)  # reveal: (2,)
keys = jax.random.split(jax.random.key(1), 8)
reveal_shape(keys)  # reveal: (8,)
reveal_shape(jax.random.randint(k1, (4, 3), 0, 10))  # reveal: (4, 3)
reveal_shape(jax.random.bernoulli(k2, 0.3, (5,)))  # reveal: (5,)
reveal_shape(jax.random.bernoulli(k2, jnp.ones((2, 3)) * 0.5))  # reveal: (2, 3)
reveal_shape(jax.random.categorical(k2, jnp.zeros((7, 10))))  # reveal: (7,)
reveal_shape(jax.random.permutation(k2, 9))  # reveal: (9,)
reveal_shape(gammaln(jnp.ones((3, 4))))  # reveal: (3, 4)
reveal_shape(logsumexp(jnp.ones((3, 4)), axis=-1))  # reveal: (3,)
reveal_shape(jax.lax.stop_gradient(jnp.ones((3, 4))))  # reveal: (3, 4)
reveal_shape(jax.lax.convert_element_type(jnp.ones((3, 4)), jnp.int32))  # reveal: (3, 4)
reveal_shape(jax.lax.convert_element_type(2, new_dtype=jnp.float32))  # reveal: ()
reveal_shape(jax.random.normal(k1, (2, 2)))  # reveal: (2, 2)

x = jnp.ones((3, 4))
for f in (jax.lax.abs, jax.lax.exp, jax.lax.exp2, jax.lax.log, jax.lax.log1p, jax.lax.expm1, jax.lax.tanh,
          jax.lax.logistic, jax.lax.sqrt, jax.lax.rsqrt, jax.lax.cbrt, jax.lax.square, jax.lax.sin, jax.lax.cos):
    reveal_shape(f(x))  # reveal: (3, 4)
for f in (jax.lax.tan, jax.lax.asin, jax.lax.acos, jax.lax.atan, jax.lax.sinh, jax.lax.cosh, jax.lax.asinh,
          jax.lax.acosh, jax.lax.atanh, jax.lax.neg, jax.lax.sign, jax.lax.floor, jax.lax.ceil, jax.lax.round):
    reveal_shape(f(x))  # reveal: (3, 4)
for f in (jax.lax.erf, jax.lax.erfc, jax.lax.erf_inv, jax.lax.lgamma, jax.lax.digamma, jax.lax.conj,
          jax.lax.is_finite):
    reveal_shape(f(x))  # reveal: (3, 4)
for f in (jax.lax.real, jax.lax.imag):   # of complex arrays only (JAX's TypeError on floats)
    reveal_shape(f(x + 1j))  # reveal: (3, 4)
for f in (jax.scipy.special.gammaln, jax.scipy.special.digamma, jax.scipy.special.erf, jax.scipy.special.erfc,
          jax.scipy.special.erfinv, jax.scipy.special.expit, jax.scipy.special.logit, jax.scipy.special.ndtr,
          jax.scipy.special.ndtri, jax.scipy.special.log_ndtr, jax.scipy.special.entr, jax.scipy.special.i0,
          jax.scipy.special.i0e, jax.scipy.special.i1, jax.scipy.special.i1e):
    reveal_shape(f(x))  # reveal: (3, 4)
for f in (jax.scipy.special.xlogy, jax.scipy.special.xlog1py, jax.scipy.special.betaln, jax.scipy.special.gammainc,
          jax.scipy.special.gammaincc, jax.scipy.special.zeta):
    reveal_shape(f(jnp.ones((3, 1)), x))  # reveal: (3, 4)
reveal_shape(jax.scipy.special.polygamma(jnp.ones((3, 1), dtype=jnp.int32), x))  # reveal: (3, 4)
for sampler in (jax.random.exponential, jax.random.laplace, jax.random.gumbel, jax.random.logistic,
                jax.random.cauchy, jax.random.rademacher, jax.random.uniform):
    reveal_shape(sampler(k1, shape=(6, 2)))  # reveal: (6, 2)
reveal_shape(jax.random.truncated_normal(k1, -1.0, 1.0, (6, 2)))  # reveal: (6, 2)
reveal_shape(jax.random.gamma(k1, jnp.ones(5)))  # reveal: (5,)
reveal_shape(jax.random.poisson(k1, 3.0, (2, 3)))  # reveal: (2, 3)
reveal_shape(jax.random.fold_in(k1, 7))  # reveal: (2,)
reveal_shape(jnp.zeros(jax.lax.broadcast_shapes((3, 1), (1, 4))))  # reveal: (3, 4)
