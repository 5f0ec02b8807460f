# ``with pytest.raises(E):`` stops at the statement that raises, so after the block an object's
# attribute holds what it held before or what the block stored, as a name does. nengo's tests store a
# (10, 4) array that a validating descriptor refuses and then compare the attribute with the (4, 10)
# one it kept: the store taken as done made that comparison a false SC101.
import numpy as np
import pytest


class Checked:
    def __init__(self):
        self.__dict__["dp"] = np.ones((4, 10))

    def __setattr__(self, name, value):
        if np.shape(value) != (4, 10):
            raise ValueError(f"{name} must be (4, 10)")
        self.__dict__[name] = value


def test_refused_store_keeps_the_old_value():
    inst = Checked()
    with pytest.raises(ValueError):
        inst.dp = np.ones((10, 4))
    assert np.all(inst.dp == np.ones((4, 10)))


def test_store_after_the_block():
    inst = Checked()
    with pytest.raises(ValueError):
        inst.dp = np.ones((10, 4))
    inst.dp = np.zeros((4, 10))
    reveal_shape(inst.dp)  # reveal: (4, 10)


test_refused_store_keeps_the_old_value()
test_store_after_the_block()
