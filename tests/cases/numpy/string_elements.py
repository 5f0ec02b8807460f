# One element of a str, bytes or object array is a Python object (np.str_, np.bytes_, anything), which
# may be sliced; so may an element of an array whose dtype is not known. mne 1.13.2's `read_str`:
# `data = np.frombuffer(string, dtype=np.dtype(f">S{count}"))[0]` then `data[0 : data.index(b"\x00")]`
# was a false SC105 ("too many indices for array: array is 0-dimensional"); python-control 0.10.2 reads
# `len(out[i, j])` of `np.empty(shape, dtype=np.ndarray)` (an object array): a false SC107. A number's element
# still is not.
import numpy as np

z = np.zeros(3, dtype="U5")
reveal_shape(z)  # reveal: (3,)
tail = z[0][1:]
names = np.array(["a", "b"], dtype=np.str_)
first = names[0][0]
raw = np.frombuffer(b"abcdabcd", dtype=">S4")
head = raw[0][0:2]
f = np.zeros(3)
f[0][0]  # error: SC105


def read_str(fid, count=1):
    dtype = np.dtype(f">S{count}")
    string = fid.read(dtype.itemsize)
    data = np.frombuffer(string, dtype=dtype)[0]
    return b"".join([data[0 : data.index(b"\x00") if b"\x00" in data else count]])


def coefficients(data):
    # python-control's _clean_part: an object array of coefficient arrays, each element's length read
    out = np.empty((len(data), len(data[0])), dtype=np.ndarray)
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = np.atleast_1d(data[i][j])
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            for k in range(len(out[i, j])):
                out[i, j][k] = float(out[i, j][k])
    return out


reveal_shape(np.empty((2, 2), dtype=np.ndarray))  # reveal: (2, 2)
len(np.zeros(3).sum())  # error: SC107
