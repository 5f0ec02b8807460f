import numpy as np
from jaxtyping import Float

Images = Float[np.ndarray, "b 28 28"]
Flat = Float[np.ndarray, "b 784"]
