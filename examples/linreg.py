"""Linear regression with the normal equations, and ridge regression.

shapecheck finds one bug here: the fitted coefficients include the bias, so there are d + 1 of
them and they cannot be reshaped to (d, 1), whatever d is.
"""

import numpy as np


def add_bias(X):
    n, d = X.shape
    return np.hstack([np.ones((n, 1)), X])


def fit_normal_equations(X, y):
    Xb = add_bias(X)
    return np.linalg.solve(Xb.T @ Xb, Xb.T @ y)


def fit_ridge(X, y, alpha):
    n, d = X.shape
    gram = X.T @ X + alpha * np.eye(d)
    return np.linalg.solve(gram, X.T @ y)


def predict(X, theta):
    return add_bias(X) @ theta


def r2_score(y, y_hat):
    ss_res = ((y - y_hat) ** 2).sum()
    ss_tot = ((y - y.mean()) ** 2).sum()
    return 1.0 - ss_res / ss_tot


def weights_column(X, y):
    """The fitted weight of each feature as a (d, 1) column."""
    n, d = X.shape
    assert y.shape == (n,)
    Xb = np.hstack([np.ones((n, 1)), X])
    theta = np.linalg.solve(Xb.T @ Xb, Xb.T @ y)
    return theta.reshape(d, 1)  # error: SC103


X = np.random.randn(200, 5)
true_w = np.array([1.5, -2.0, 0.0, 0.7, 3.1])
y = X @ true_w + 0.4 + 0.1 * np.random.randn(200)
theta = fit_normal_equations(X, y)
ridge = fit_ridge(X, y, 0.1)
score = r2_score(y, predict(X, theta))
