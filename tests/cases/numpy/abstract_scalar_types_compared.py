# NumPy's abstract scalar types (``np.integer``, ``np.floating``, ``np.number``) name kinds of dtypes
# and are no dtype themselves: ``np.dtype(np.integer)`` raises TypeError in NumPy 2. Comparing a value
# with one asked the analysis for that dtype: datashader's ``validate(np.integer, np.int32(1))``,
# whose body compares its schema with types, was an internal error (SC003).
import numpy as np


def validate(schema, value):
    if schema == np.integer or schema == np.floating:
        return np.issubdtype(type(value), schema)
    if schema == np.float32:
        return isinstance(value, np.float32)
    return False


def widths(kind):
    if kind == np.signedinteger:
        return np.zeros(3)
    return np.zeros(4)


validate(np.integer, np.int32(1))
validate(np.number, np.int32(1))
validate(np.float32, np.float32(2.0))
reveal_shape(widths(np.signedinteger))  # reveal: (3,)
reveal_shape(widths(np.int8))  # reveal: (4,)
