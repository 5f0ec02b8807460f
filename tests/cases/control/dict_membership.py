# A key tested against a dict whose keys are known (``'num_experts' in kwargs`` for the keywords a
# call passed, a display of literal keys) takes Python's own answer, so only the path that runs is
# analysed (timm's create_conv2d: an unknown answer built a CondConv2d beside every convolution).
import numpy as np


def create(n, **kwargs):
    kwargs.pop("groups", 1)
    if "num_experts" in kwargs and kwargs["num_experts"] > 0:
        return np.zeros((n, 1, 1))
    return np.zeros((n, 2))


reveal_shape(create(3, stride=1, groups=2))  # reveal: (3, 2)
reveal_shape(create(3, num_experts=4))  # reveal: (3, 1, 1)
reveal_shape(create(3, groups=5, num_experts=0))  # reveal: (3, 2)
reveal_shape(create(3, num_experts=4, groups=3))  # reveal: (3, 1, 1)

options = {"mode": "bilinear", 3: None}
reveal_shape(np.zeros((2, 2)) if "size" in options else np.zeros(4))  # reveal: (4,)
reveal_shape(np.zeros((2, 2)) if 3 in options else np.zeros(4))  # reveal: (2, 2)
reveal_shape(np.zeros((2, 2)) if "size" not in options else np.zeros(4))  # reveal: (2, 2)

d = {"a": 1, str(options): 2}   # a key the analysis does not know: "b" may be it
reveal_shape(np.zeros((2, 2)) if "b" in d else np.zeros((2, 3)))  # reveal: (2, j)
