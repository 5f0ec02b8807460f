import numpy as np

acc = []
for i in range(4):
    acc.append(np.zeros((2, 3)))
s = np.stack(acc)
reveal_shape(s)  # reveal: (4, 2, 3)

x = np.zeros((10, 3))
for row in x:
    reveal_shape(row)  # reveal: (3,)

h = np.zeros((5, 8))
w = np.zeros((8, 8))
for step in range(100):
    h = np.tanh(h @ w)
reveal_shape(h)  # reveal: (5, 8)

y = np.zeros(16)
while y.shape[0] > 1:
    y = y[::2]

z = np.zeros((4, 4))
for k in range(3):
    z = z @ np.zeros((5, 5))  # error: SC102

rows = [np.zeros(3) for _ in range(5)]
reveal_shape(np.array(rows))  # reveal: (5, 3)
