import numpy as np
from shapecheck import HOLE


def flatten_images(x):
    return x.reshape(32, HOLE)  # info: SC302  # hole: 784


a = flatten_images(np.zeros((32, 28, 28)))
b = flatten_images(np.zeros((32, 784)))


def head(x):
    return x.reshape(HOLE, 4)  # error: SC203


c = head(np.zeros((2, 4)))
d = head(np.zeros((3, 4)))


def split(x):
    return x.reshape(HOLE, 3)  # error: SC203


e = split(np.zeros(9))
f = split(np.zeros(10))


def never_called(x):
    return x.reshape(HOLE, 4)  # info: SC302  # hole: None


def called_generically(x):
    return x.reshape(HOLE, 2)  # info: SC302  # hole: None


def caller(y):
    return called_generically(y)


def nested(z):
    return called_twice(z) + 1


def called_twice(x):
    return x @ np.zeros((HOLE, 2))  # info: SC302  # hole: 5


g = called_twice(np.zeros((7, 5)))
h = nested(np.zeros((2, 5)))
