"""A deterministic, realistic NumPy corpus for timing the analyser (about 10,000 lines by default).

The corpus is a package of modules that read like scientific / ML code: functions with
parameters, shape unpacking, loops, if/else, classes with ``self`` attributes and ``__call__``,
comprehensions and lambdas, ``np.linalg``, and module-level code that calls the functions with
concrete arrays. About one module in three has a planted shape bug at module level (marked
``# planted bug``) so a run also shows the analyser finding something.

    python benchmarks/gen_corpus.py --out /tmp/corpus --lines 10000
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

# Each template is (name, text); {i} is the instance number, {a}/{b}/{c} dims, {ax} an axis,
# {act} an activation. Every instance is a top-level definition the module's main code may call.
FUNCTIONS = [
    ("dense", '''
def dense_{i}(x, w, b):
    """Affine map followed by a nonlinearity."""
    n, d = x.shape
    h = x @ w + b
    return {act}(h)
'''),
    ("normalize", '''
def normalize_{i}(x, axis={ax}, eps=1e-6):
    """Zero mean, unit variance along one axis."""
    mu = x.mean(axis=axis, keepdims=True)
    sd = x.std(axis=axis, keepdims=True)
    return (x - mu) / (sd + eps)
'''),
    ("attention", '''
def attention_{i}(q, k, v, mask=None):
    """Scaled dot-product attention over the last two axes."""
    d = q.shape[-1]
    scores = q @ k.swapaxes(-1, -2) / np.sqrt(d)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return weights @ v
'''),
    ("moving_average", '''
def moving_average_{i}(signal, width={a}):
    """Trailing mean of each sample and the ``width`` before it."""
    out = np.zeros_like(signal)
    for t in range(len(signal)):
        lo = max(0, t - width)
        out[t] = signal[lo:t + 1].mean()
    return out
'''),
    ("patches", '''
def to_patches_{i}(images, p={c}):
    """Cut (b, h, w, c) images into flattened p x p patches."""
    b, h, w, c = images.shape
    x = images.reshape(b, h // p, p, w // p, p, c)
    x = x.transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, (h // p) * (w // p), p * p * c)
'''),
    ("summarize", '''
def summarize_{i}(data, axis=0):
    """Low, high and mean of each column; 1-D data is one column."""
    if data.ndim == 1:
        data = data[:, None]
    lo = data.min(axis=axis)
    hi = data.max(axis=axis)
    mean = data.mean(axis=axis)
    spread = hi - lo
    return np.stack([lo, hi, mean, spread], axis=-1)
'''),
    ("ridge", '''
def ridge_fit_{i}(x, y, ridge=0.1):
    """Least squares with an L2 penalty, and the mean squared residual."""
    n, d = x.shape
    gram = x.T @ x + ridge * np.eye(d)
    coef = np.linalg.solve(gram, x.T @ y)
    resid = y - x @ coef
    return coef, float(resid @ resid) / n
'''),
    ("pairwise", '''
def pairwise_{i}(points):
    """All pairwise distances, and each point's nearest other point."""
    diffs = points[:, None, :] - points[None, :, :]
    dists = np.sqrt((diffs ** 2).sum(axis=-1))
    score = lambda row: row.sum() / len(row)
    nearest = [int(np.argsort(row)[1]) for row in dists]
    return dists, nearest, score(dists[0])
'''),
    ("power_iteration", '''
def power_iteration_{i}(a, steps={b}):
    """The dominant eigenvalue of a square matrix."""
    v = np.ones(a.shape[1])
    k = 0
    while k < steps:
        v = a @ v
        v = v / np.linalg.norm(v)
        k += 1
    return v @ a @ v
'''),
    ("conv1d", '''
def conv1d_{i}(x, kernel):
    """Same-size 1-D correlation with zero padding."""
    k = len(kernel)
    padded = np.pad(x, (k // 2, k - 1 - k // 2))
    out = np.empty(len(x))
    for t in range(len(x)):
        out[t] = padded[t:t + k] @ kernel
    return out
'''),
    ("heads", '''
def split_heads_{i}(x, heads={c}):
    """(b, t, d) -> (b, heads, t, d // heads)."""
    b, t, d = x.shape
    x = x.reshape(b, t, heads, d // heads)
    return np.moveaxis(x, 2, 1)


def merge_heads_{i}(x):
    """(b, heads, t, e) -> (b, t, heads * e)."""
    b, h, t, e = x.shape
    return x.swapaxes(1, 2).reshape(b, t, h * e)
'''),
    ("bilinear", '''
def bilinear_{i}(x, a, y):
    """x_b^T A y_b for each row b."""
    return np.einsum("bi,ij,bj->b", x, a, y)
'''),
    ("batches", '''
def batches_{i}(x, y, size={b}):
    """Split a dataset into equal batches (the remainder is dropped)."""
    n = len(x) - len(x) % size
    xs = np.split(x[:n], n // size)
    ys = np.split(y[:n], n // size)
    return list(zip(xs, ys))
'''),
    ("features", '''
def features_{i}(x, degree=2):
    """Polynomial features of each column, concatenated."""
    cols = [x ** p for p in range(1, degree + 1)]
    bias = np.ones((x.shape[0], 1))
    return np.hstack([bias] + cols)
'''),
    ("whiten", '''
def whiten_{i}(x):
    """PCA whitening through the SVD."""
    centred = x - x.mean(axis=0)
    u, s, vt = np.linalg.svd(centred, full_matrices=False)
    return centred @ vt.T / (s + 1e-8)
'''),
]

CLASSES = [
    ("mlp", '''
class MLP{i}:
    """A two-layer perceptron."""

    def __init__(self, d_in={a}, d_hidden={b}, d_out={c}):
        self.w1 = np.random.randn(d_in, d_hidden) * 0.1
        self.b1 = np.zeros(d_hidden)
        self.w2 = np.random.randn(d_hidden, d_out) * 0.1
        self.b2 = np.zeros(d_out)

    def __call__(self, x):
        h = {act}(x @ self.w1 + self.b1)
        return h @ self.w2 + self.b2

    def params(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def n_params(self):
        return sum(p.size for p in self.params())
'''),
    ("scaler", '''
class Scaler{i}:
    """Standardise features with statistics learnt by ``fit``."""

    def __init__(self):
        self.mean = None
        self.scale = None

    def fit(self, x):
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0) + 1e-8
        return self

    def transform(self, x):
        return (x - self.mean) / self.scale

    def inverse(self, z):
        return z * self.scale + self.mean
'''),
    ("buffer", '''
class Buffer{i}:
    """A ring buffer of fixed-size observations."""

    def __init__(self, capacity={b}, width={a}):
        self.data = np.zeros((capacity, width))
        self.count = 0

    def push(self, row):
        self.data[self.count % len(self.data)] = row
        self.count += 1

    def sample(self, k={c}):
        idx = np.random.randint(0, min(self.count, len(self.data)), size=k)
        return self.data[idx]

    def recent(self, k={c}):
        return self.data[-k:].mean(axis=0)
'''),
]

MAIN = [
    '''
x_{j} = np.random.randn({n}, {a})
w_{j} = np.random.randn({a}, {b}) * 0.1
b_{j} = np.zeros({b})
h_{j} = dense_{f}(x_{j}, w_{j}, b_{j})
probs_{j} = h_{j} / h_{j}.sum(axis=1, keepdims=True)
labels_{j} = probs_{j}.argmax(axis=1)
onehot_{j} = np.eye({b})[labels_{j}]
''',
    '''
signal_{j} = np.sin(np.linspace(0.0, 10.0, {n}))
noisy_{j} = signal_{j} + 0.1 * np.random.randn({n})
frames_{j} = noisy_{j}[: {n} // {c} * {c}].reshape(-1, {c})
energy_{j} = (frames_{j} ** 2).sum(axis=1)
loud_{j} = frames_{j}[energy_{j} > energy_{j}.mean()]
''',
    '''
grid_{j} = np.arange({a} * {b}).reshape({a}, {b}).astype(float)
rows_{j} = np.concatenate([grid_{j}, grid_{j}[::-1]], axis=0)
cols_{j} = np.column_stack([grid_{j}[:, 0], grid_{j}[:, -1]])
table_{j} = np.vstack([grid_{j}.mean(axis=0), grid_{j}.std(axis=0)])
for step_{j} in range({c}):
    grid_{j} = 0.5 * grid_{j} + 0.5 * np.roll(grid_{j}, 1, axis=1)
''',
    '''
batch_{j} = np.random.rand({n}, {a}, {b})
flat_{j} = batch_{j}.reshape({n}, -1)
gram_{j} = flat_{j} @ flat_{j}.T
diag_{j} = np.diag(gram_{j})
norms_{j} = np.sqrt(diag_{j})[:, None]
cos_{j} = gram_{j} / (norms_{j} @ norms_{j}.T)
''',
]

# Module-level shape bugs (one operand off), each a single line NumPy would reject.
BUGS = [
    "bad_{j} = np.zeros(({a}, {b})) @ np.ones(({c}, {a}))  # planted bug",
    "bad_{j} = np.ones(({a}, {b})) + np.ones(({c},))  # planted bug",
    "bad_{j} = np.arange({a} * {b}).reshape({c}, {a})  # planted bug",
    "bad_{j} = np.concatenate([np.zeros(({a}, {b})), np.zeros(({a}, {c}))], axis=0)  # planted bug",
    "bad_{j} = np.random.rand({a}, {b}).sum(axis=2)  # planted bug",
]

HEADER = '''"""{title}: generated benchmark module {m} (shapecheck corpus)."""

from __future__ import annotations

import numpy as np
'''

TITLES = ["Feature engineering", "Training loop helpers", "Signal processing", "Linear models",
          "Attention blocks", "Data pipeline", "Evaluation metrics", "Image utilities"]
ACTIVATIONS = ["np.tanh", "np.exp", "np.abs", "np.sqrt"]


def _fill(rng: random.Random, template: str, i: int) -> str:
    dims = rng.sample([3, 4, 6, 8, 12, 16], 3)
    a, b, c = sorted(dims, reverse=True)
    return template.format(i=i, a=a, b=b, c=c, ax=rng.choice([0, -1, 1]), act=rng.choice(ACTIVATIONS))


def generate_module(rng: random.Random, m: int, target_lines: int) -> str:
    """One module of roughly ``target_lines`` lines."""
    parts = [HEADER.format(title=rng.choice(TITLES), m=m)]
    if rng.random() < 0.3:
        parts.append("import numpy.linalg as la\n")
    dense = []
    count = 0
    while sum(p.count("\n") for p in parts) < target_lines - 25:
        count += 1
        i = m * 100 + count
        if rng.random() < 0.2:
            _, template = rng.choice(CLASSES)
        else:
            name, template = rng.choice(FUNCTIONS)
            if name == "dense":
                dense.append(i)
        parts.append("\n" + _fill(rng, template, i))
    if not dense:
        dense.append(m * 100)
        parts.append("\n" + _fill(rng, FUNCTIONS[0][1], m * 100))
    for j in range(2):
        body = rng.choice(MAIN)
        a, b, c = sorted(rng.sample([3, 4, 6, 8], 3), reverse=True)
        parts.append(body.format(j=f"{m}_{j}", n=rng.choice([16, 32, 64]), a=a, b=b, c=c, f=rng.choice(dense)))
    if m % 3 == 0:
        a, b, c = 5, 7, 3
        parts.append(rng.choice(BUGS).format(j=m, a=a, b=b, c=c) + "\n")
    return "".join(parts)


def generate_corpus(total_lines: int = 10_000, module_lines: int = 250, seed: int = 0) -> dict[str, str]:
    """File name -> source for a corpus of about ``total_lines`` lines (same arguments, same text)."""
    rng = random.Random(seed)
    corpus: dict[str, str] = {}
    m = 0
    while sum(t.count("\n") for t in corpus.values()) < total_lines:
        corpus[f"module_{m:03d}.py"] = generate_module(rng, m, module_lines)
        m += 1
    return corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="directory to write the modules into")
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    corpus = generate_corpus(args.lines, seed=args.seed)
    for name, text in corpus.items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"{len(corpus)} modules, {sum(t.count(chr(10)) for t in corpus.values())} lines in {out}")


if __name__ == "__main__":
    main()
