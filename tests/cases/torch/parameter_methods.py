# In torch code, a tensor method no Python object shares makes a parameter nothing else fixes a
# tensor, (*x); a list's or str's method (names.split()) says nothing of it.
import torch


def tensor_methods(x, names):
    a, b = x.float().chunk(2, dim=-1)
    reveal_shape(x.float())  # reveal: (*x)
    reveal_shape(a)  # reveal: (*x[:-1], (x.shape[-1]+1)//2)
    reveal_shape(names.split())  # reveal: unknown
    return a
