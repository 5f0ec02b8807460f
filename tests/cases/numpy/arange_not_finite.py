# ``np.arange`` of a length that is no finite number raises ValueError (photutils' tests pass
# ``np.inf`` as a radius inside ``pytest.raises``: an internal error, OverflowError, while the
# length was converted to an int).
import numpy as np

a = np.arange(np.inf)  # error: SC107
b = np.arange(0, 10, np.nan)  # error: SC107
c = np.arange(0, 1, np.inf)
reveal_shape(c)  # reveal: (1,)
d = np.arange(2.5)
reveal_shape(d)  # reveal: (3,)
