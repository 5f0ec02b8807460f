# `try: from apex... import fused_layer_norm_affine; has_apex = True` / `except ImportError:
# has_apex = False`, with the library one the analysis does not read: the code runs as where it
# is absent (the handler's way), so `if has_apex: return fused(x)` leaves the fallback's shape,
# and an imported module's definitions after such statements are its importers' (timm's
# `fast_layer_norm`, and every `LayerNorm` of its models, were of no shape).
import numpy as np
from pkg.guarded import HAS_FUSED, area, center

reveal_shape(center(np.ones((2, 3))))  # reveal: (2, 3)
reveal_shape(area(np.ones((4, 5))))  # reveal: (4,)
bad = center(np.ones((2, 3))) + np.ones((4,))  # error: SC101
if not HAS_FUSED:
    reveal_shape(np.ones((2, 2)))  # reveal: (2, 2)
