import numpy as np
x = np.zeros((3, 4)  # error: SC001
y = x + 1
