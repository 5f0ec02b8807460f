# ``"_%s_buffer" % kind`` and ``"_" + kind`` of known strings are known strings, as an f-string of
# known parts is: ``setattr(self, "_%s_buffer" % kind, buffer)`` names the attribute it sets. vispy's
# framebuffer stores its buffers so; unnamed, ``self._color_buffer`` was unknown, the texture its
# ``resize`` resized through it kept its old shape, and a test's ``assert T.shape == (10, 10, 1)``
# was a false SC201.
import numpy as np


class Buffers:
    def __init__(self, color, depth):
        self._color_buffer = None
        self._depth_buffer = None
        self._set("color", color)
        self._set("depth", depth)

    def _set(self, kind, buffer):
        assert kind in ("color", "depth")
        setattr(self, "_%s_buffer" % kind, buffer)

    def total(self):
        return self._color_buffer.sum(axis=0) + self._depth_buffer.sum(axis=0)


def layers(n: int):
    b = Buffers(np.zeros((n, 3)), np.ones((2, 3)))
    reveal_shape(b._color_buffer)  # reveal: (n, 3)
    reveal_shape(getattr(b, "_" + "depth" + "_buffer"))  # reveal: (2, 3)
    reveal_shape(b.total())  # reveal: (3,)
    name = "layer%d_%s" % (2, "w")
    assert name == "layer2_w"
    setattr(b, name, np.zeros(4))
    reveal_shape(getattr(b, "layer2_w"))  # reveal: (4,)
    return b._color_buffer + np.zeros(4)  # error: SC101


layers(3)
