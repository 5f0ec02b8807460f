import numpy as np

a = np.zeros((2, 3))
b = np.zeros((2, 4))
reveal_shape(np.concatenate([a, b], axis=1))  # reveal: (2, 7)
bad = np.concatenate([a, b])  # error: SC106
reveal_shape(np.stack([a, a]))  # reveal: (2, 2, 3)
reveal_shape(np.stack([a, a], axis=-1))  # reveal: (2, 3, 2)
bad2 = np.stack([a, b])  # error: SC106
reveal_shape(np.vstack([a, np.zeros(3)]))  # reveal: (3, 3)
reveal_shape(np.hstack([a, b]))  # reveal: (2, 7)
reveal_shape(np.column_stack([np.zeros(5), np.zeros(5)]))  # reveal: (5, 2)
parts = np.split(np.zeros(12), 3)
reveal_shape(parts[0])  # reveal: (4,)
bad3 = np.split(np.zeros(10), 3)  # error: SC107
pieces = np.array_split(np.zeros(10), 3)
reveal_shape(pieces[0])  # reveal: (4,)
reveal_shape(pieces[2])  # reveal: (3,)
first, second = np.split(np.zeros((4, 6)), 2, axis=1)
reveal_shape(second)  # reveal: (4, 3)
reveal_shape(np.tile(np.zeros((2, 3)), (2, 2)))  # reveal: (4, 6)
reveal_shape(np.repeat(np.zeros((2, 3)), 3, axis=1))  # reveal: (2, 9)
reveal_shape(np.pad(np.zeros((2, 3)), 1))  # reveal: (4, 5)
reveal_shape(np.pad(np.zeros((2, 3)), ((0, 1), (2, 2))))  # reveal: (3, 7)
