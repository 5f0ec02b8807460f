# A nested function that stores an item of a list or dict of its enclosing scope (``call_count[0] +=
# 1``) may run whenever whoever holds it calls it: the items are not known once it is defined.
# stanza's test patches a counting ``__getitem__`` into a class and asserts ``call_count[0] >
# num_sentences``: taken for the 0 it starts at, a false SC201.
import numpy as np


def counted(dataset, run):
    call_count = [0]

    def counting_getitem(key):
        call_count[0] += 1
        return dataset[key]

    run(counting_getitem)
    num_sentences = len(dataset)
    assert call_count[0] > num_sentences


def cached(run):
    cache = {"a": np.zeros(2)}

    def fill(key):
        cache[key] = np.zeros(3)

    run(fill)
    return cache["a"] + np.ones(3)


def untouched():
    sizes = [2, 3]

    def read():
        return sizes[0]

    reveal_shape(np.zeros(sizes[1]))  # reveal: (3,)
    return read
