import numpy as np
import einx

x = np.ones((2, 3, 4))
mask = np.ones((2, 3), dtype=bool)

# elementwise: axes match by name; the output is given, or the one input holding every name
reveal_shape(einx.multiply('b s d, b s -> b s d', x, mask))  # reveal: (2, 3, 4)
reveal_shape(einx.multiply('b s d, b s', x, np.ones((2, 3))))  # reveal: (2, 3, 4)
reveal_shape(einx.less('j, i -> i j', np.arange(5), np.arange(3)))  # reveal: (3, 5)
reveal_shape(einx.subtract('i, j -> 1 1 i j', np.arange(3), np.arange(4)))  # reveal: (1, 1, 3, 4)
reveal_shape(einx.add('b n d, s d -> (b s) n d', x, np.ones((5, 4))))  # reveal: (10, 3, 4)
reveal_shape(einx.multiply('b fb n, n fb', x, np.ones((4, 3))))  # reveal: (2, 3, 4)
reveal_shape(einx.where('b n, b n d, -> b n d', mask, x, 0.0))  # reveal: (2, 3, 4)
reveal_shape(einx.where('i j, j,', np.ones((3, 4), dtype=bool), np.ones(4), -1))  # reveal: (3, 4)
reveal_shape(einx.divide('b i j d e, b', np.ones((2, 3, 3, 4, 5)), np.ones(2)))  # reveal: (2, 3, 3, 4, 5)

# an anonymous ellipsis is the same axes in every expression; ``c...`` repeats c
reveal_shape(einx.add('b ... c, c', np.ones((2, 3, 4, 5)), np.ones(5)))  # reveal: (2, 3, 4, 5)
reveal_shape(einx.add('b ..., ... -> b ...', x, np.ones((3, 4))))  # reveal: (2, 3, 4)
reveal_shape(einx.sum('b c... -> b', x))  # reveal: (2,)

# reductions drop the bracketed axes, or those the output leaves out
reveal_shape(einx.sum('b [s] d', x))  # reveal: (2, 4)
reveal_shape(einx.mean('b s d -> b d', x))  # reveal: (2, 4)
reveal_shape(einx.max('[b] ...', x))  # reveal: (3, 4)
reveal_shape(einx.sum('... [c]', x))  # reveal: (2, 3)
reveal_shape(einx.sum('[...]', x))  # reveal: ()
reveal_shape(einx.sum('b (s [d])', np.ones((2, 6)), s=2))  # reveal: (2, 2)
reveal_shape(einx.logsumexp('b [n] d', x))  # reveal: (2, 4)

# ops that keep the shape, and argmax's coordinate axis
reveal_shape(einx.softmax('b [s] d', x))  # reveal: (2, 3, 4)
reveal_shape(einx.flip('b [s] d', x))  # reveal: (2, 3, 4)
reveal_shape(einx.roll('b [s] d', x, shift=1))  # reveal: (2, 3, 4)
reveal_shape(einx.argmax('b [s]', np.ones((2, 3))))  # reveal: (2, 1)
reveal_shape(einx.argmax('a [b c]', x))  # reveal: (2, 2)
reveal_shape(einx.argmin('a [b] -> a', np.ones((2, 3))))  # reveal: (2,)

# dot contracts the axes the output leaves out
reveal_shape(einx.dot('b i d, b j d -> b i j', x, np.ones((2, 5, 4))))  # reveal: (2, 3, 5)

# indexing and updates
reveal_shape(einx.get_at('b [s] n d, b k -> b k n d', np.ones((2, 7, 3, 4)), np.zeros((2, 5), dtype=int)))  # reveal: (2, 5, 3, 4)
reveal_shape(einx.get_at('[h w] c, p [2] -> p c', x, np.zeros((6, 2), dtype=int)))  # reveal: (6, 4)
reveal_shape(einx.set_at('b [m], b k, b k', np.ones((2, 7)), np.zeros((2, 3), dtype=int), np.ones((2, 3))))  # reveal: (2, 7)

# rearranging: compositions split by a given length
reveal_shape(einx.id('b (h w) c -> b h w c', np.ones((2, 6, 4)), h=2))  # reveal: (2, 2, 3, 4)
reveal_shape(einx.id('b -> b n', np.ones(2), n=3))  # reveal: (2, 3)
reveal_shape(einx.id('a, b -> (a + b)', np.ones(2), np.ones(3)))  # reveal: (5,)
