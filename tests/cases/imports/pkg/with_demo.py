# A module with a demo under ``if __name__ == "__main__":`` (imported by ../main_guard.py): imported,
# its name is "pkg.with_demo", so the demo never runs.
import numpy as np

WIDTH = 4


def widen(x):
    return np.concatenate([x, np.zeros((x.shape[0], WIDTH))], axis=1)


if __name__ == "__main__":
    WIDTH = 8
    print(widen(np.zeros((2, 3))).shape)


def narrowed(x):
    return x[:, :WIDTH]
