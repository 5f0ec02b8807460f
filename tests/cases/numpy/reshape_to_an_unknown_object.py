# A shape given as one object the analysis knows nothing of (``np.reshape(x, tensor.dims)``, a
# protobuf's repeated field) may be a whole shape as well as one size, as ``np.zeros(tensor.dims)``'s
# is: the result's rank is not known. onnxruntime 1.23's int8 transpose checks ``len(tensor.dims) ==
# 2`` and reshapes to it; taken for one size, the array was 1-d and ``np.transpose(x, [1, 0])`` a false
# SC104. Sizes given one by one stay sizes each.
import types

import numpy as np


def transpose_2d_int8(tensor):
    if len(tensor.dims) != 2:
        raise ValueError("Only 2-D tensors can be transposed")
    data = np.reshape(np.frombuffer(tensor.raw_data, dtype="int8"), tensor.dims)
    reveal_shape(data)  # reveal: ?
    return np.transpose(data, [1, 0]).tobytes()


def rows(spec):
    x = np.ones(6)
    reveal_shape(x.reshape(spec.rows, 3))  # reveal: (spec.rows, 3)
    return x.reshape(spec.shape)


transpose_2d_int8(types.SimpleNamespace(dims=[2, 3], raw_data=bytes(6)))
reveal_shape(rows(types.SimpleNamespace(rows=2, shape=(3, 2))))  # reveal: ?
