# A loop of unknown length runs to a fixpoint whose first pass is the first iteration's state alone
# (the list still empty): a branch only a later iteration takes (``if i == 10``, after ten appends)
# is analysed on the state of any iteration, not the first's. Errors there that hold for any
# iteration are still found.
import numpy as np


def warm_start(repl, a, mask):
    g_list = []
    guess = a[mask]
    for i in range(repl):
        if i == 10:
            mean = np.mean(g_list, axis=0)
            guess = mean[:len(a[mask])]
        if i < 10:
            g_list.append(np.append(a[mask].tolist(), a[mask].tolist()))
    return guess


def running(xs, n):
    for i in range(n):
        if i == 0:
            total = np.zeros(3)
        total = total + xs[i]
    return total


def broken(n):
    for i in range(n):
        if i == 5:
            np.ones(3) @ np.ones(4)  # error: SC102
