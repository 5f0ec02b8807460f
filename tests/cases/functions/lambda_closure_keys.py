# A lambda made anew at each call of forward is one function to a call's key, told apart by what it
# reads of its closure: all of self where it calls a method of self (the method reads what it likes;
# test_body_runs has one reading self.k alone). Two scalers of other sizes are two calls of apply.
import numpy as np


def apply(fn, x):
    return fn(x)


class Scaler:
    def __init__(self, n):
        self.w = np.zeros((n, n))

    def project(self, t):
        return t @ self.w

    def forward(self, x):
        return apply(lambda t: self.project(t), x)


a = Scaler(3).forward(np.ones((2, 3)))
b = Scaler(4).forward(np.ones((2, 3)))  # error: SC110
