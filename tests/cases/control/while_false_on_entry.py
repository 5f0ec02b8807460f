# A `while` too long to unroll whose test is false on entry runs its `else` alone: kwant's LLL
# reduction loops `while i < m - 1:` over a basis of m vectors; for a one-vector basis the body,
# which reads `vecsstar[i + 1]`, ran anyway (on a state no pass has), a false SC110 at the call.
import numpy as np


def lll(basis):
    vecs = np.asarray(basis, float)
    vecsstar = vecs.copy()
    m = vecs.shape[0]
    u = np.identity(m)
    i = 0
    while i < m - 1:
        if np.linalg.norm(vecsstar[i]) ** 2 < 1.34 * np.linalg.norm(vecsstar[i + 1]) ** 2:
            i += 1
        else:
            vecsstar[i + 1] += u[i + 1, i] * vecsstar[i]
            u[i, i] = np.dot(vecs[i], vecsstar[i + 1])
            u[i, i + 1] = u[i + 1, i] = 1
            u[i + 1, i + 1] = 0
            vecsstar[i] -= u[i, i] * vecsstar[i + 1]
            vecs[[i, i + 1]] = vecs[[i + 1, i]]
            vecsstar[[i, i + 1]] = vecsstar[[i + 1, i]]
            u[[i, i + 1]] = u[[i + 1, i]]
            for j in range(i + 2, m):
                u[j, i] = np.dot(vecs[j], vecsstar[i])
                u[j, i + 1] = np.dot(vecs[j], vecsstar[i + 1])
            i = max(i - 1, 0)
    else:
        done = np.zeros(m)
    return vecs, done


def one_vector():
    reduced, done = lll(np.ones((1, 3)))
    reveal_shape(done)  # reveal: (1,)
    return reduced


def bad_test(a):
    while np.dot(np.zeros((3, 4)), np.zeros((5, 6))).sum() > a:  # error: SC102
        a = a + 1
        b = a * 2
        c = b * 3
        d = c * 4
        e = d + np.zeros(3)
    return a
