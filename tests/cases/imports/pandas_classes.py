# pandas is not read, but its frame classes are known by name: no array is a DataFrame or a
# Series, so the pandas branch below (reading a column count off x.shape[1]) is not analysed for
# the 1-D array the caller passes (a false SC110 before).
import numpy as np
import pandas as pd
from pandas import DataFrame


def columns(x):
    if isinstance(x, DataFrame):
        return [str(c) for c in range(x.shape[1])]
    if isinstance(x, (pd.Series, pd.Index)):
        return [str(x.shape[1])]
    return np.zeros(x.shape)


reveal_shape(columns(np.ones(5)))  # reveal: (5,)
