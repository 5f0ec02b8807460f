import numpy as np

x = np.zeros((8, 784))
w = np.zeros((784, 10))
y = x @ w
reveal_shape(y)  # reveal: (8, 10)
bad = x @ np.zeros((100, 10))  # error: SC102
v = np.zeros(784)
reveal_shape(x @ v)  # reveal: (8,)
reveal_shape(v @ w)  # reveal: (10,)
batch = np.zeros((5, 3, 4)) @ np.zeros((4, 2))
reveal_shape(batch)  # reveal: (5, 3, 2)
bb = np.matmul(np.zeros((5, 3, 4)), np.zeros((6, 4, 2)))  # error: SC101
s = np.dot(np.zeros(3), np.zeros(3))
reveal_shape(s)  # reveal: ()
t = np.dot(np.zeros((2, 3, 4)), np.zeros((5, 4, 6)))
reveal_shape(t)  # reveal: (2, 3, 5, 6)
u = np.dot(np.zeros((2, 3)), np.zeros((2, 3)))  # error: SC102
o = np.outer(np.zeros(3), np.zeros(4))
reveal_shape(o)  # reveal: (3, 4)
inn = np.inner(np.zeros((2, 3)), np.zeros((4, 3)))
reveal_shape(inn)  # reveal: (2, 4)
e = np.einsum("ij,jk->ik", np.zeros((2, 3)), np.zeros((3, 5)))
reveal_shape(e)  # reveal: (2, 5)
e2 = np.einsum("bij,bjk->bik", np.zeros((4, 2, 3)), np.zeros((4, 3, 5)))
reveal_shape(e2)  # reveal: (4, 2, 5)
e3 = np.einsum("ij,jk", np.zeros((2, 3)), np.zeros((4, 5)))  # error: SC102
tr = np.einsum("ii", np.zeros((3, 3)))
reveal_shape(tr)  # reveal: ()
td = np.tensordot(np.zeros((3, 4, 5)), np.zeros((4, 5, 6)), axes=2)
reveal_shape(td)  # reveal: (3, 6)
td2 = np.tensordot(np.zeros((3, 4)), np.zeros((3, 5)), axes=([0], [0]))
reveal_shape(td2)  # reveal: (4, 5)
scalar = np.zeros(()) @ np.zeros((2, 2))  # error: SC107
