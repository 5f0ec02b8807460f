# A helper that checks data against an estimator and records its width on it (scikit-learn's
# ``validate_data`` setting ``n_features_in_``), called on many estimators of one class whose other
# parameters it never reads, is analysed once per data shape: what it wrote is set on each new
# estimator (effects.record_writes), and a later mismatch with the recorded width is still found.
import numpy as np


class Scaler:
    def __init__(self, with_mean=True, copy=True):
        self.with_mean = with_mean
        self.copy = copy

    def fit(self, X):
        X = validate(self, X, reset=True)
        self.mean_ = X.mean(axis=0)
        return self

    def transform(self, X):
        X = validate(self, X, reset=False)
        return X - self.mean_


def name_of(estimator):
    if isinstance(estimator, str):
        return estimator
    return estimator.__class__.__name__


def check_array(X, *, estimator=None):
    if name_of(estimator) is None:
        raise ValueError("no estimator")
    return np.asarray(X)


def validate(estimator, X, reset, **params):
    default = {"estimator": estimator}
    params = {**default, **params}
    if reset:
        estimator.n_features_in_ = X.shape[1]
    elif not hasattr(estimator, "n_features_in_"):
        raise ValueError("%s is not fitted" % estimator)
    return check_array(X, **params)


scalers = [Scaler(with_mean=m, copy=c) for m in (True, False) for c in (True, False)]
for s in scalers:
    s.fit(np.ones((10, 3)))
reveal_shape(np.zeros(scalers[3].n_features_in_))  # reveal: (3,)
reveal_shape(scalers[2].transform(np.ones((4, 3))))  # reveal: (4, 3)
wide = Scaler(copy=False).fit(np.ones((6, 5)))
reveal_shape(np.zeros((wide.n_features_in_, scalers[0].n_features_in_)))  # reveal: (5, 3)
scalers[1].transform(np.ones((4, 5)))  # error: SC110
