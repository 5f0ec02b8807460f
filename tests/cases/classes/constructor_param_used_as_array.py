# A constructor's parameter is taken for a number (a size, a rate) where it meets an array, unless a
# method of the class uses the attribute it is stored in as only an array is used: indexed with
# ``[:, None]``, asked its ``shape``. GPy's ``VarGauss(alpha, beta)`` stores vectors and computes
# ``np.diag(self.beta ** -2)``: a false SC107 (``diag`` of a number) while ``beta`` was a number.
import numpy as np


class VarGauss:
    def __init__(self, alpha, beta):
        self.alpha, self.beta = alpha, beta

    def inference(self, K):
        KB = K * self.beta[:, None]
        return np.diag(self.beta ** -2) - KB


class Scaled:
    def __init__(self, dim_head, width):
        self.scale = dim_head ** -0.5
        self.width = width

    def forward(self, x):
        dots = x @ np.ones((4, 5))
        reveal_shape(dots * self.scale)  # reveal: (..., 5)
        return np.zeros((self.width, self.width)) @ np.zeros((self.width.shape[0], 2))


class Rate:
    def __init__(self, rate):
        self.rate = rate

    def step(self):
        reveal_shape(np.ones(3) * self.rate)  # reveal: (3,)
        return np.diag(self.rate ** -2)  # error: SC107


reveal_shape(VarGauss(np.ones(3), np.ones(4)).inference(np.ones((4, 4))))  # reveal: (4, 4)


class Gaussian:
    # a parameter whose shape the constructor itself reads is an array (strawberryfields' covariance
    # matrix: taken for a number, ``V / (hbar / 2)`` was a float and ``det(V)`` a false SC107)
    def __init__(self, V, tol=1e-6):
        V = V / (2 / 2)
        self.ns = V.shape[0] // 2
        self.pure = np.abs(np.linalg.det(V) - 1.0) < tol
        reveal_shape(V)  # reveal: ?


reveal_shape(Gaussian(np.eye(4)).pure)  # reveal: ()
