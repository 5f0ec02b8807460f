import numpy as np

a = np.ones((2, 3))
v = np.arange(5.0)
m = np.eye(3)
b = np.ones((4, 3))
i = np.arange(6)
reveal_shape(np.linalg.eig(m)[1])  # reveal: (3, 3)
reveal_shape(np.linalg.eig(m)[0])  # reveal: (3,)
reveal_shape(np.linalg.eigvals(np.ones((2, 3, 3))))  # reveal: (2, 3)
reveal_shape(np.linalg.eigvalsh(m))  # reveal: (3,)
np.linalg.eigvals(a)  # error: SC107
reveal_shape(np.linalg.matmul(a, np.ones(3)))  # reveal: (2,)
reveal_shape(np.linalg.matrix_power(m, 3))  # reveal: (3, 3)
reveal_shape(np.linalg.matrix_rank(a))  # reveal: ()
reveal_shape(np.linalg.matrix_rank(np.ones((4, 2, 3))))  # reveal: (4,)
reveal_shape(np.linalg.matrix_rank(v))  # reveal: ()
reveal_shape(np.linalg.multi_dot([a, m, np.ones(3)]))  # reveal: (2,)
reveal_shape(np.linalg.multi_dot([v, np.ones((5, 2)), np.ones((2, 4))]))  # reveal: (4,)
reveal_shape(np.linalg.slogdet(m)[0])  # reveal: ()
reveal_shape(np.linalg.slogdet(np.ones((2, 3, 3)))[1])  # reveal: (2,)
np.linalg.multi_dot([a, b])  # error: SC102
