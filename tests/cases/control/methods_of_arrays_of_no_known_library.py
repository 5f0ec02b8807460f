# A method NumPy's arrays and torch's tensors both have, on an array of a module that imports no
# array library (its arrays are its callers'): where NumPy's meaning fails and torch's holds, the
# call is torch's. mmsegmentation's ``shape_convert.py`` imports nothing and swaps a tensor's dims
# with ``x.transpose(1, 2)``: NumPy's "axes don't match array" on a 3-d array, three false SC104.


def nlc_to_nchw(x, hw_shape):
    H, W = hw_shape
    assert len(x.shape) == 3
    B, L, C = x.shape
    assert L == H * W
    return x.transpose(1, 2).reshape(B, C, H, W)


def nchw_to_nlc(x):
    assert len(x.shape) == 4
    y = x.flatten(2).transpose(1, 2)
    reveal_shape(y)  # reveal: (x.shape[0], x.shape[2]*x.shape[3], x.shape[1])
    return y
