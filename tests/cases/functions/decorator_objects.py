# A decorator that is an object of a project class called with the function (networkx's
# ``@nodes_or_number(0)``, an ``argmap`` that turns an int or the nodes given into an ``(n, nodes)``
# pair) may change what the body is called with: a call's errors inside the body are not the call's
# (``path_graph((1, 2, 3, 2, 4))`` unpacked five values into two names, a false SC110). A decorator
# function that returns its argument leaves the calls checked.
import numpy as np


class argmap:
    def __init__(self, func, *args):
        self._func = func
        self._args = args

    def __call__(self, f):
        def wrapper(*args, **kwargs):
            return f(*args, **kwargs)
        return wrapper


def _nodes_or_number(n):
    try:
        nodes = list(range(n))
    except TypeError:
        nodes = tuple(n)
    return (n, nodes)


def nodes_or_number(which):
    return argmap(_nodes_or_number, which)


def register(f):
    return f


@nodes_or_number(0)
def path_graph(n, create_using=None):
    _, nodes = n
    return nodes


@register
def pairs(n):
    _, nodes = n
    return nodes


path_graph((1, 2, 3, 2, 4))
pairs((1, 2, 3))  # error: SC110
