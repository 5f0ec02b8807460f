# A NumPy CNN and RNN from scratch, as tutorials write them: im2col with strided slices, output sizes
# computed with int() of true division (known sizes: Python's float arithmetic, exactly), a time loop
# writing hs[:, t, :], the cross-entropy gradient through fancy indexing.
import numpy as np


def im2col(x, kh, kw, stride=1, pad=0):
    n, c, h, w = x.shape
    out_h = (h + 2 * pad - kh) // stride + 1
    out_w = (w + 2 * pad - kw) // stride + 1
    img = np.pad(x, [(0, 0), (0, 0), (pad, pad), (pad, pad)], "constant")
    col = np.zeros((n, c, kh, kw, out_h, out_w))
    for y in range(kh):
        y_max = y + stride * out_h
        for xx in range(kw):
            x_max = xx + stride * out_w
            col[:, :, y, xx, :, :] = img[:, :, y:y_max:stride, xx:x_max:stride]
    col = col.transpose(0, 4, 5, 1, 2, 3).reshape(n * out_h * out_w, -1)
    return col


class Conv:
    def __init__(self, W, b, stride=1, pad=0):
        self.W, self.b, self.stride, self.pad = W, b, stride, pad

    def forward(self, x):
        FN, C, FH, FW = self.W.shape
        N, C, H, W = x.shape
        out_h = 1 + int((H + 2 * self.pad - FH) / self.stride)
        out_w = 1 + int((W + 2 * self.pad - FW) / self.stride)
        col = im2col(x, FH, FW, self.stride, self.pad)
        col_W = self.W.reshape(FN, -1).T
        out = np.dot(col, col_W) + self.b
        out = out.reshape(N, out_h, out_w, -1).transpose(0, 3, 1, 2)
        return out


class Pool:
    def __init__(self, ph, pw, stride=2):
        self.ph, self.pw, self.stride = ph, pw, stride

    def forward(self, x):
        N, C, H, W = x.shape
        out_h = int(1 + (H - self.ph) / self.stride)
        out_w = int(1 + (W - self.pw) / self.stride)
        col = im2col(x, self.ph, self.pw, self.stride).reshape(-1, self.ph * self.pw)
        out = np.max(col, axis=1)
        return out.reshape(N, out_h, out_w, C).transpose(0, 3, 1, 2)


x = np.random.rand(10, 1, 28, 28)
reveal_shape(im2col(x, 5, 5))  # reveal: (5760, 25)
conv = Conv(np.random.randn(30, 1, 5, 5) * 0.01, np.zeros(30))
h = conv.forward(x)
reveal_shape(h)  # reveal: (10, 30, 24, 24)
p = Pool(2, 2).forward(np.maximum(h, 0))
reveal_shape(p)  # reveal: (10, 30, 12, 12)
flat = p.reshape(p.shape[0], -1)
reveal_shape(flat)  # reveal: (10, 4320)
W2 = np.random.randn(flat.shape[1], 100)
reveal_shape(flat @ W2)  # reveal: (10, 100)


def rnn_forward(xs, h0, Wx, Wh, b):
    N, T, D = xs.shape
    H = h0.shape[1]
    hs = np.empty((N, T, H))
    h = h0
    for t in range(T):
        h = np.tanh(xs[:, t, :] @ Wx + h @ Wh + b)
        hs[:, t, :] = h
    return hs, h


hs, hT = rnn_forward(np.random.randn(4, 7, 3), np.zeros((4, 5)), np.random.randn(3, 5), np.random.randn(5, 5), np.zeros(5))
reveal_shape(hs)  # reveal: (4, 7, 5)
reveal_shape(hT)  # reveal: (4, 5)


def softmax_cross_entropy(scores, y):
    shifted = scores - np.max(scores, axis=1, keepdims=True)
    Z = np.sum(np.exp(shifted), axis=1, keepdims=True)
    log_probs = shifted - np.log(Z)
    probs = np.exp(log_probs)
    N = scores.shape[0]
    loss = -np.sum(log_probs[np.arange(N), y]) / N
    dx = probs.copy()
    dx[np.arange(N), y] -= 1
    dx /= N
    return loss, dx


loss, dx = softmax_cross_entropy(np.random.randn(8, 10), np.random.randint(10, size=8))
reveal_shape(loss)  # reveal: ()
reveal_shape(dx)  # reveal: (8, 10)
batch_mask = np.random.choice(60000, 100)
reveal_shape(batch_mask)  # reveal: (100,)
X_train = np.zeros((60000, 784))
reveal_shape(X_train[batch_mask])  # reveal: (100, 784)
params = {"W1": np.random.randn(784, 50), "b1": np.zeros(50)}
