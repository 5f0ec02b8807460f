import numpy as np

x = np.zeros((3, 4, 5))
reveal_shape(x.sum())  # reveal: ()
reveal_shape(x.sum(axis=0))  # reveal: (4, 5)
reveal_shape(np.mean(x, axis=-1))  # reveal: (3, 4)
reveal_shape(x.max(axis=(0, 2)))  # reveal: (4,)
reveal_shape(x.sum(axis=1, keepdims=True))  # reveal: (3, 1, 5)
reveal_shape(np.argmax(x, axis=1))  # reveal: (3, 5)
reveal_shape(np.argmax(x))  # reveal: ()
reveal_shape(np.cumsum(x))  # reveal: (60,)
reveal_shape(np.cumsum(x, axis=2))  # reveal: (3, 4, 5)
reveal_shape(np.sort(x, axis=0))  # reveal: (3, 4, 5)
reveal_shape(x.std(1))  # reveal: (3, 5)
bad = x.sum(axis=3)  # error: SC104
bad2 = np.mean(x, axis=-4)  # error: SC104
bad3 = x.min(axis=(0, 0))  # error: SC104
reveal_shape(np.any(x > 0, axis=2))  # reveal: (3, 4)
reveal_shape(np.linalg.norm(x, axis=-1))  # reveal: (3, 4)
