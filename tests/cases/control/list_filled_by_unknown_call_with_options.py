# A call that spreads `**options` into a callee nothing is known of may still fill the lists handed to
# it: pyamg's tests pass `residuals=[]` to `sa.solve(b, residuals=residuals, **SA_solve_args)` and
# then read `residuals[-1] / residuals[0]`. A dict spread into such a call is forgotten after it
# (the callee may set its entries), so every later call spreading it has keywords of unknown number;
# those calls did not forget the lists they were handed, and the list stayed empty (8 false SC105).
import numpy as np


def convergence(sa, b):
    options = {"cycle": "V", "maxiter": 20, "tol": 1e-8}
    residuals = []
    x = sa.solve(b, residuals=residuals, **options)
    residuals = np.array(residuals)
    first = (residuals[-1] / residuals[0]) ** (1.0 / len(residuals))
    residuals = []
    x = sa.solve(b, residuals=residuals, accel="gmres", **options)
    residuals = np.array(residuals)
    second = (residuals[-1] / residuals[0]) ** (1.0 / len(residuals))
    return x, first, second


def unknown_options(sa, b, options):
    found = [np.zeros(3)]
    sa.search(b, found, **options)
    return found[1]   # (its length is unknown: no SC105)


def kept_by_a_library(b, options):
    kept = []
    np.linalg.norm(b, **options)
    return np.array(kept)[0]  # error: SC105
