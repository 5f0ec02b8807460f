"""Scaled dot-product attention and multi-head self-attention in NumPy.

This file is correct: shapecheck reports no errors, only the shape that `reveal_shape`
asks for (reveal_shape needs no import for shapecheck; at run time import it from shapecheck).
"""

import numpy as np


def softmax(x, axis=-1):
    x = x - x.max(axis=axis, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=axis, keepdims=True)


def attention(q, k, v):
    d_k = q.shape[-1]
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(d_k)
    return softmax(scores) @ v


def split_heads(x, n_heads):
    seq, d_model = x.shape
    return x.reshape(seq, n_heads, d_model // n_heads).transpose(1, 0, 2)


def merge_heads(x):
    heads, seq, d_head = x.shape
    return x.transpose(1, 0, 2).reshape(seq, heads * d_head)


class MultiHeadAttention:
    def __init__(self, d_model, n_heads):
        self.n_heads = n_heads
        self.w_q = np.random.randn(d_model, d_model) * 0.02
        self.w_k = np.random.randn(d_model, d_model) * 0.02
        self.w_v = np.random.randn(d_model, d_model) * 0.02
        self.w_o = np.random.randn(d_model, d_model) * 0.02

    def __call__(self, x):
        q = split_heads(x @ self.w_q, self.n_heads)
        k = split_heads(x @ self.w_k, self.n_heads)
        v = split_heads(x @ self.w_v, self.n_heads)
        return merge_heads(attention(q, k, v)) @ self.w_o


seq_len, d_model = 16, 64
tokens = np.random.randn(seq_len, d_model)
mha = MultiHeadAttention(d_model, 8)
out = mha(tokens)
reveal_shape(out)  # reveal: (16, 64)
