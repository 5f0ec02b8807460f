# An error that surely raises on every way through an ``if`` whose condition is not known is the
# call's own error, not one that happens "for some values": each branch fails, so the call does.
# That includes an early ``return`` that fails, with the rest of the block (the other way) failing
# too. A ``return`` whose value surely fails returns nothing: the call's result is the other
# returns' alone.
import numpy as np


def either_fails(x, mode: str):
    if mode == "a":
        return x @ np.ones((5, 5))
    else:
        return x @ np.ones((6, 6))


def early_return_fails(x, mode: str):
    if mode == "a":
        return x @ np.ones((5, 5))
    return x @ np.ones((6, 6))


def one_way_through(x, mode: str):
    if mode == "a":
        return x @ np.ones((4, 5))
    return x @ np.ones((6, 6))


def only_some_fail(x, mode: str):
    if mode == "a":
        return x @ np.ones((4, 5))
    return x @ np.ones((4, 2))


def call_either(mode: str):
    return either_fails(np.ones((3, 4)), mode)  # error: SC110


def call_early(mode: str):
    return early_return_fails(np.ones((3, 4)), mode)  # error: SC110


def call_some(mode: str):
    return only_some_fail(np.ones((3, 4)), mode)


reveal_shape(one_way_through(np.ones((3, 4)), "a"))  # reveal: (3, 5)
reveal_shape(call_some("b"))  # reveal: (3, 2)
