# An attribute of an object known only by name is taken for an int where arithmetic needs one
# (``config.n_embd * 3``), but it may as well be an array: a distribution's mean, a model's weight.
# Where an array op takes such a number it is as unknown as the object it came from, so an op
# needing an array of at least one dim never reports it as a scalar. (After numpyro's KL divergence
# between two distributions passed in.)
import jax.numpy as jnp
import numpy as np


def kl_divergence(p, q):
    residual = q.mean - p.mean
    n = residual.shape[-1]
    return jnp.vecdot(residual, residual) - n


def scaled(config):
    offset = -(config.bias * 2)
    return np.vdot(offset, np.ones(4)) + np.matmul(offset + 1, np.ones(4))


def sizes(config):
    width = config.n_embd // config.n_head
    reveal_shape(np.zeros((config.n_head, width)))  # reveal: (config.n_head, config.n_embd // config.n_head)
    return np.zeros(3 * config.n_embd)


def still_a_scalar(x):
    return np.vdot(2 * 3, np.ones(4))  # error: SC102
