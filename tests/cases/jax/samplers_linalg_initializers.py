# jax.random's samplers beyond the basic ones, jax.nn.initializers (a factory makes an initializer,
# which makes an array of the shape it is given), jax.scipy.linalg's solves and jax.scipy.stats.norm.
import jax
import jax.numpy as jnp
from jax.nn import initializers as inits
from jax.scipy import linalg, stats

key = jax.random.PRNGKey(0)
p = jnp.full((2, 3), 0.5)
reveal_shape(jax.random.beta(key, 2.0, p))  # reveal: (2, 3)
reveal_shape(jax.random.beta(key, 2.0, 3.0, shape=(4,)))  # reveal: (4,)
jax.random.beta(key, jnp.ones(3), jnp.ones(2))  # error: SC101
reveal_shape(jax.random.binomial(key, 10, p))  # reveal: (2, 3)
reveal_shape(jax.random.chisquare(key, 3.0, shape=(5,)))  # reveal: (5,)
reveal_shape(jax.random.pareto(key, p))  # reveal: (2, 3)
reveal_shape(jax.random.loggamma(key, p))  # reveal: (2, 3)
reveal_shape(jax.random.rayleigh(key, 1.0, shape=(2, 2)))  # reveal: (2, 2)
reveal_shape(jax.random.geometric(key, p))  # reveal: (2, 3)
reveal_shape(jax.random.maxwell(key, (3,)))  # reveal: (3,)
reveal_shape(jax.random.bits(key, (2, 4)))  # reveal: (2, 4)
reveal_shape(jax.random.dirichlet(key, jnp.ones((2, 5))))  # reveal: (2, 5)
reveal_shape(jax.random.dirichlet(key, jnp.ones(5), shape=(3,)))  # reveal: (3, 5)
reveal_shape(jax.random.multivariate_normal(key, jnp.zeros(3), jnp.eye(3)))  # reveal: (3,)
reveal_shape(jax.random.multivariate_normal(key, jnp.zeros(3), jnp.eye(3), shape=(7,)))  # reveal: (7, 3)
reveal_shape(jax.random.multivariate_normal(key, jnp.zeros((4, 3)), jnp.eye(3)))  # reveal: (4, 3)
reveal_shape(jax.random.choice(key, 10, shape=(3,)))  # reveal: (3,)
reveal_shape(jax.random.choice(key, jnp.ones((5, 2)), shape=(3,)))  # reveal: (3, 2)
reveal_shape(jax.random.choice(key, jnp.ones((5, 2)), shape=(4,), axis=1))  # reveal: (5, 4)
reveal_shape(jax.random.choice(key, jnp.ones((5, 2))))  # reveal: (2,)
reveal_shape(jax.random.orthogonal(key, 3))  # reveal: (3, 3)
reveal_shape(jax.random.orthogonal(key, 3, shape=(2,)))  # reveal: (2, 3, 3)
reveal_shape(jax.random.ball(key, 4, shape=(6,)))  # reveal: (6, 4)

init = jax.nn.initializers.normal(0.02)
reveal_shape(init(key, (3, 4)))  # reveal: (3, 4)
reveal_shape(jax.nn.initializers.glorot_uniform()(key, (5, 2)))  # reveal: (5, 2)
reveal_shape(jax.nn.initializers.variance_scaling(1.0, "fan_in", "normal")(key, (2, 6)))  # reveal: (2, 6)
# the fan initializers read the last two axes, the orthogonal ones need matrices: fewer axes raise
jax.nn.initializers.variance_scaling(1.0, "fan_in", "normal")(key, (2,))  # error: SC107
reveal_shape(inits.glorot_uniform(in_axis=0)(key, (2,)))  # reveal: (2,)
inits.orthogonal()(key, (3,))  # error: SC107
inits.delta_orthogonal()(key, (3, 3))  # error: SC107
reveal_shape(jax.nn.initializers.zeros(key, (4,)))  # reveal: (4,)
reveal_shape(inits.constant(0.5)(key, (2, 3)))  # reveal: (2, 3)
reveal_shape(inits.delta_orthogonal()(key, (3, 3, 4, 4)))  # reveal: (3, 3, 4, 4)
reveal_shape(inits.glorot_normal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.he_normal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.he_uniform()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.kaiming_normal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.kaiming_uniform()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.lecun_normal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.lecun_uniform()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.orthogonal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.truncated_normal(0.02)(key, (6,)))  # reveal: (6,)
reveal_shape(inits.uniform(0.1)(key, (2, 2, 2)))  # reveal: (2, 2, 2)
reveal_shape(inits.xavier_normal()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(inits.xavier_uniform()(key, (4, 5)))  # reveal: (4, 5)
reveal_shape(jax.nn.initializers.ones(key, (1, 2)))  # reveal: (1, 2)
reveal_shape(init(key, (3, 4)) @ jnp.ones((4, 2)))  # reveal: (3, 2)
init(key, (3, 4)) @ jnp.ones((3, 2))  # error: SC102

a = jnp.eye(3) * 2.0
b = jnp.ones((3, 2))
reveal_shape(linalg.solve_triangular(a, b, lower=True))  # reveal: (3, 2)
reveal_shape(linalg.solve_triangular(a, jnp.ones(3)))  # reveal: (3,)
linalg.solve_triangular(a, jnp.ones((4, 2)))  # error: SC102
c, low = linalg.cho_factor(a)
reveal_shape(c)  # reveal: (3, 3)
reveal_shape(linalg.cho_solve((c, low), b))  # reveal: (3, 2)
linalg.cho_solve((c, low), jnp.ones((2, 2)))  # error: SC102
linalg.cho_factor(jnp.ones((2, 3)))  # error: SC107
reveal_shape(linalg.cholesky(a))  # reveal: (3, 3)
reveal_shape(linalg.expm(a))  # reveal: (3, 3)
reveal_shape(linalg.inv(a))  # reveal: (3, 3)
reveal_shape(linalg.det(a))  # reveal: ()
reveal_shape(linalg.solve(a, b))  # reveal: (3, 2)
reveal_shape(linalg.svd(b)[1])  # reveal: (2,)
reveal_shape(linalg.block_diag(a, jnp.ones((1, 2)), jnp.ones(4)))  # reveal: (5, 9)

x = jnp.linspace(-1.0, 1.0, 5)
reveal_shape(stats.norm.pdf(x))  # reveal: (5,)
reveal_shape(stats.norm.logpdf(x, jnp.zeros((2, 1)), 1.0))  # reveal: (2, 5)
reveal_shape(stats.norm.cdf(x, scale=2.0))  # reveal: (5,)
reveal_shape(stats.norm.logcdf(x))  # reveal: (5,)
reveal_shape(stats.norm.sf(x))  # reveal: (5,)
reveal_shape(stats.norm.logsf(x))  # reveal: (5,)
reveal_shape(stats.norm.ppf(jnp.full((3,), 0.5)))  # reveal: (3,)
reveal_shape(stats.norm.isf(jnp.full((3,), 0.5)))  # reveal: (3,)
stats.norm.pdf(x, jnp.zeros(3))  # error: SC101
reveal_shape(jax.scipy.special.multigammaln(jnp.full((2, 3), 4.0), 3))  # reveal: (2, 3)

# segment reductions and ranks (jraph's and netket's message passing; jax.scipy.stats)
data = jnp.ones((6, 4))
ids = jnp.array([0, 0, 1, 2, 2, 2])
reveal_shape(jax.ops.segment_sum(data, ids, num_segments=3))  # reveal: (3, 4)
reveal_shape(jax.ops.segment_max(data, ids, 3))  # reveal: (3, 4)
reveal_shape(jax.ops.segment_min(data[:, 0], ids, num_segments=5))  # reveal: (5,)
reveal_shape(jax.ops.segment_prod(data, ids, num_segments=3))  # reveal: (3, 4)
reveal_shape(jax.scipy.stats.rankdata(data))  # reveal: (24,)
reveal_shape(jax.scipy.stats.rankdata(data, axis=1))  # reveal: (6, 4)
