import numpy as np
import numpy.linalg as la
from numpy.linalg import inv

a = np.random.rand(4, 4)
reveal_shape(inv(a))  # reveal: (4, 4)
bad = inv(np.zeros((3, 4)))  # error: SC107
reveal_shape(la.det(a))  # reveal: ()
x = np.linalg.solve(a, np.zeros(4))
reveal_shape(x)  # reveal: (4,)
badsolve = np.linalg.solve(a, np.zeros(5))  # error: SC102
u, s, vh = np.linalg.svd(np.zeros((5, 3)), full_matrices=False)
reveal_shape(u)  # reveal: (5, 3)
reveal_shape(s)  # reveal: (3,)
reveal_shape(vh)  # reveal: (3, 3)
q, r = np.linalg.qr(np.zeros((6, 4)))
reveal_shape(q)  # reveal: (6, 4)
reveal_shape(r)  # reveal: (4, 4)
w, v = np.linalg.eigh(a)
reveal_shape(w)  # reveal: (4,)
sol, res, rank, sv = np.linalg.lstsq(np.zeros((10, 3)), np.zeros(10), rcond=None)
reveal_shape(sol)  # reveal: (3,)
reveal_shape(np.linalg.cholesky(np.eye(4)))  # reveal: (4, 4)
reveal_shape(np.linalg.norm(a))  # reveal: ()
