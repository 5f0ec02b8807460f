# A list a dict holds under a key not known (``lists[obj.kind].append(obj)``, the key an attribute of
# an object known by name) may be any of its lists: each is of unknown length after the append.
# pennylane's ``process_queue`` sorted a queue into ``{"_ops": [], "_measurements": []}`` so, and the
# empty lists it started with made a test's ``len(tape) == len(out) == 2`` a false SC201.
import numpy as np


def sort_queue(queue):
    lists = {"ops": [], "measurements": []}
    for obj in queue:
        lists[obj.kind].append(obj)
    return lists["ops"], lists["measurements"]


def count(obj):
    lists = {"ops": [], "measurements": []}
    lists[obj.kind].append(obj)
    reveal_shape(np.zeros(len(lists["ops"])))  # reveal: (len,)
    return lists


def rows(obj):
    table = [[1], [2]]
    table[obj.j].append(3)
    return np.zeros(len(table[0]))


reveal_shape(np.zeros(len({"a": [1, 2]}["a"])))  # reveal: (2,)
