import numpy as np
import einx

x = np.ones((2, 3, 4))
y = np.ones((2, 4))
flags = np.ones((2, 3), dtype=bool)

# the elementwise family: one output axis per name, the output given or implied
reveal_shape(einx.true_divide('b s d, b d', x, y))  # reveal: (2, 3, 4)
reveal_shape(einx.floor_divide('b s d, b d -> b s d', x, y))  # reveal: (2, 3, 4)
reveal_shape(einx.maximum('b s d, d', x, np.ones(4)))  # reveal: (2, 3, 4)
reveal_shape(einx.minimum('b s d, b d', x, y))  # reveal: (2, 3, 4)
reveal_shape(einx.logaddexp('b s d, b d', x, y))  # reveal: (2, 3, 4)
reveal_shape(einx.logical_and('b s, b s', flags, flags))  # reveal: (2, 3)
reveal_shape(einx.logical_or('b s, s -> s b', flags, np.ones(3, dtype=bool)))  # reveal: (3, 2)
reveal_shape(einx.less_equal('i, j -> i j', np.arange(3), np.arange(5)))  # reveal: (3, 5)
reveal_shape(einx.greater('i, j -> j i', np.arange(3), np.arange(5)))  # reveal: (5, 3)
reveal_shape(einx.greater_equal('b s d, d', x, np.ones(4)))  # reveal: (2, 3, 4)
reveal_shape(einx.equal('b s, b s', flags, flags))  # reveal: (2, 3)
reveal_shape(einx.not_equal('b s d, b d', x, y))  # reveal: (2, 3, 4)

# reductions
reveal_shape(einx.prod('b [s] d', x))  # reveal: (2, 4)
reveal_shape(einx.var('b s [d]', x))  # reveal: (2, 3)
reveal_shape(einx.std('[b] s d', x))  # reveal: (3, 4)
reveal_shape(einx.min('b s d -> d', x))  # reveal: (4,)
reveal_shape(einx.any('b [s]', flags))  # reveal: (2,)
reveal_shape(einx.all('[b] s', flags))  # reveal: (3,)
reveal_shape(einx.count_nonzero('b [s]', flags))  # reveal: (2,)

# ops that keep the shape
reveal_shape(einx.log_softmax('b s [d]', x))  # reveal: (2, 3, 4)
reveal_shape(einx.sort('b [s] d', x))  # reveal: (2, 3, 4)
reveal_shape(einx.argsort('b s [d]', x))  # reveal: (2, 3, 4)

# updates keep the value tensor's shape
index = np.zeros((2, 5), dtype=int)
reveal_shape(einx.add_at('b [s] d, b k, b k d', x, index, np.ones((2, 5, 4))))  # reveal: (2, 3, 4)
reveal_shape(einx.subtract_at('b [s] d, b k, b k d -> b [s] d', x, index, np.ones((2, 5, 4))))  # reveal: (2, 3, 4)

# rearrange (einx.id's older name)
reveal_shape(einx.rearrange('b s d -> b (s d)', x))  # reveal: (2, 12)
