import numpy
import numpy as npy
from numpy import zeros, ones as make_ones
from numpy.random import rand
import jax.numpy as jnp

a = zeros((2, 3))
b = make_ones((3, 4))
reveal_shape(a @ b)  # reveal: (2, 4)
reveal_shape(numpy.ones(3))  # reveal: (3,)
reveal_shape(npy.linalg.inv(rand(2, 2)))  # reveal: (2, 2)
bad = a @ a  # error: SC102
reveal_shape(jnp.zeros((5, 5)).sum(axis=0))  # reveal: (5,)
