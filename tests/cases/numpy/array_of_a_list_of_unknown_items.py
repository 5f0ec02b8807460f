# An array made of a list whose items are of no known kind (a list grown by a branch's `extend`)
# has the items' dtype, not a float default: its elements may be strings. deepmd-kit's encoder
# splits a bit string into pieces, then `np.reshape(np.array(pieces), [-1])` and `len(d)` of each
# element d: a float64 element has no length, 8 false SC110. An array of numbers keeps its dtype.
import numpy as np


def split_bin(sbin, nbit: int):
    if isinstance(sbin, list):
        out = []
        for s in sbin:
            out.extend(split_bin(s, nbit))
        return out
    n = len(sbin)
    return [sbin[i * nbit:(i + 1) * nbit] for i in range(n // nbit)]


def bin2hex(data):
    data = np.reshape(np.array(data), [-1])
    return [hex(len(d)) for d in data]


def wrap(bits):
    return bin2hex(split_bin(bits, 4))


wrap("01100110")
reveal_shape(np.array([1.0, 2.0]))  # reveal: (2,)
len(np.array([1.0, 2.0])[0])  # error: SC107


# Strings all the way down make a string array, whose elements have a length (deepmd-kit's
# look-up tables as bit strings, `[s[-nbit:] ...]` appended one by one: 2 more false SC110).
def table_bits(n: int):
    out = []
    for i in range(n):
        out.append("0" + "1" * i)
    return out


def table_hex(n: int):
    table = np.reshape(np.array(table_bits(n)), [-1])
    return [len(d) for d in table]


table_hex(3)
