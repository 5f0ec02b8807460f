# An object known only by name is an int only where arithmetic needs one, and presumed so: a float
# made from it (``1 / q.covariance_rfft``) is as unknown as the object, which may be an array.
# numpyro's kl_divergence: ``jnp.fft.irfft(1 / q.covariance_rfft, n)`` was a false SC104 ("axis -1
# is out of bounds for array of dimension 0").
import numpy as np


def kl_divergence(p, q):
    residual = q.mean - p.mean
    n = residual.shape[-1]
    inverse = 1 / q.covariance_rfft
    return np.fft.irfft(inverse, n)[..., 0] * np.sum(p.variance, axis=-1)


def scaled(x, config):
    x = np.zeros((4, 8))
    reveal_shape(x * (config.n_embd * 2))  # reveal: ?
    return x / config.temperature


class SelfAttention:
    # a number where Python needs one: ``int()`` of it is a size (transformers' BERT)
    def __init__(self, config):
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = int(config.hidden_size / config.num_attention_heads)
        self.all_head_size = self.num_attention_heads * self.attention_head_size

    def split_heads(self, x):
        b, n, _ = x.shape
        heads = x.reshape(b, n, self.num_attention_heads, self.attention_head_size)
        reveal_shape(heads)  # reveal: (b, n, num_attention_heads, attention_head_size)
        return heads


def forecast_input(stl_fit):
    # a sum of two objects known by name is an int only by presumption: made an array, it is as
    # unknown as they are (statsmodels' STLForecast: ``np.asarray(fit.trend + fit.resid)`` was taken
    # for a 0-d array, and ``len()`` of it a false SC107 in ARIMA's constructor)
    endog = np.asarray(stl_fit.trend + stl_fit.resid)
    return len(endog), np.array([stl_fit.trend, stl_fit.resid]).ndim
