"""Every diagnostic code shapecheck emits, with the text `shapecheck explain CODE` prints.

A code is data: adding one is adding a row. Each row has a wrong and a right example, which the
test suite checks (the wrong one must produce the code, the right one must be clean).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    name: str
    severity: str  # default severity: "error" | "warning" | "info"
    summary: str
    wrong: str = ""
    right: str = ""
    # whether the program raises where it is found (a shape error does; an annotation a value breaks
    # does not, unless a run-time checker wraps the function): a ``try`` catches only what raises, and
    # a call that brings such a value does not fail
    raises: bool = True


_ROWS = [
    Code("SC001", "syntax-error", "error",
         "A statement does not parse as Python. The statement is skipped (a block header is replaced by "
         "one that keeps its body) and the rest of the file is still checked; a file with too many "
         "such errors to recover from is not checked at all."),
    Code("SC002", "unreadable-file", "error", "The file cannot be read, or is not UTF-8 text (binary, or another encoding)."),
    Code("SC003", "internal-error", "error",
         "shapecheck failed on this file. This is a bug in shapecheck; the other files were still checked."),
    Code("SC004", "unused-ignore", "warning", "A `# shapecheck: ignore` comment suppresses nothing.",
         "import numpy as np\nx = np.zeros(3)  # shapecheck: ignore\n",
         "import numpy as np\nx = np.zeros(3)\n"),
    Code("SC005", "solver-timeout", "info",
         "Z3 did not decide a shape question within its step limit (a deterministic count, the same "
         "under any load); the operation was treated as unknown (no error)."),
    Code("SC006", "analysis-budget", "info",
         "The file needed more analysis steps than one run allows (calls and loops that multiply), or "
         "an editor's time limit (analysisTimeoutMs) cut its analysis short; what was found before the "
         "stop is reported, the rest of the file is not checked."),
    Code("SC101", "broadcast-mismatch", "error",
         "Elementwise operands whose shapes cannot broadcast (NumPy: 'operands could not be broadcast together').",
         "import numpy as np\na = np.zeros((3, 4))\nb = np.zeros((5,))\nc = a + b\n",
         "import numpy as np\na = np.zeros((3, 4))\nb = np.zeros((4,))\nc = a + b\n"),
    Code("SC102", "contraction-mismatch", "error",
         "A matmul, dot, einsum, tensordot or solve whose contracted dimensions differ.",
         "import numpy as np\nx = np.zeros((8, 784))\nw = np.zeros((100, 10))\ny = x @ w\n",
         "import numpy as np\nx = np.zeros((8, 784))\nw = np.zeros((784, 10))\ny = x @ w\n"),
    Code("SC103", "reshape-mismatch", "error",
         "A reshape whose target size differs from the array's size, or that cannot infer -1.",
         "import numpy as np\nx = np.zeros((6, 4))\ny = x.reshape(5, -1)\n",
         "import numpy as np\nx = np.zeros((6, 4))\ny = x.reshape(8, -1)\n"),
    Code("SC104", "axis-out-of-range", "error", "An axis argument outside [-ndim, ndim).",
         "import numpy as np\nx = np.zeros((3, 4))\ns = x.sum(axis=2)\n",
         "import numpy as np\nx = np.zeros((3, 4))\ns = x.sum(axis=1)\n"),
    Code("SC105", "index-out-of-bounds", "error",
         "An integer index outside its dimension, or more indices than the array has dimensions.",
         "import numpy as np\nx = np.zeros((3, 4))\nv = x[3]\n",
         "import numpy as np\nx = np.zeros((3, 4))\nv = x[2]\n"),
    Code("SC106", "join-mismatch", "error",
         "concatenate/stack/vstack/hstack operands whose non-joined dimensions (or ranks) differ.",
         "import numpy as np\na = np.zeros((2, 3))\nb = np.zeros((2, 4))\nc = np.concatenate([a, b])\n",
         "import numpy as np\na = np.zeros((2, 3))\nb = np.zeros((2, 4))\nc = np.concatenate([a, b], axis=1)\n"),
    Code("SC107", "invalid-shape-argument", "error",
         "A shape argument NumPy rejects: a negative dimension, a split that does not divide evenly, "
         "an einsum subscript that does not fit its operand, a rank an op does not accept.",
         "import numpy as np\nx = np.zeros(10)\nparts = np.split(x, 3)\n",
         "import numpy as np\nx = np.zeros(12)\nparts = np.split(x, 3)\n"),
    Code("SC108", "loop-index-out-of-bounds", "error",
         "An index computed from a loop's index (`for i in range(a, b, s)`, `enumerate`, `zip`, a "
         "comprehension) that runs off its array on some iteration, whatever the sizes are. NumPy's "
         "negative indices count from the end, so `x[i - 1]` from `i = 0` is in bounds. Reported only "
         "when every iteration reaches the index (no break, continue, return, raise or unknown "
         "condition before it); an index out of bounds only for some sizes is a --strict warning (SC120).",
         "import numpy as np\ndef total(x):\n    n, = x.shape\n    s = 0.0\n    for i in range(n + 1):\n"
         "        s += x[i]\n    return s\n",
         "import numpy as np\ndef total(x):\n    n, = x.shape\n    s = 0.0\n    for i in range(n):\n"
         "        s += x[i]\n    return s\n"),
    Code("SC110", "call-precondition", "error",
         "A call whose argument shapes violate what the called function requires; the failing operation "
         "inside the function is shown as a related location, and its code is the finding's cause "
         "(--select, --ignore and ignore comments match either).",
         "import numpy as np\ndef layer(x, w):\n    return x @ w\ny = layer(np.zeros((2, 3)), np.zeros((4, 5)))\n",
         "import numpy as np\ndef layer(x, w):\n    return x @ w\ny = layer(np.zeros((2, 3)), np.zeros((3, 5)))\n"),
    Code("SC120", "possible-shape-error", "warning",
         "(--strict) An operation that fails for some, but not all, values of the unknown dimensions.",
         "import numpy as np\ndef f(x, y):\n    n, = x.shape\n    m, = y.shape\n    return x + y\n",
         "import numpy as np\ndef f(x, y):\n    n, = x.shape\n    assert y.shape == (n,)\n    return x + y\n"),
    Code("SC130", "uneven-shard", "error",
         "A dimension split over mesh axes (a PartitionSpec entry, a DTensor Shard(d), a tensor-parallel "
         "Linear's features, a shard_map argument) that the product of those axes' sizes does not divide. "
         "shard_map and jit's NamedSharding arguments reject it; DTensor pads it, which leaves the ranks "
         "with different local shapes, so a later view or reshape cannot hold on every rank. With "
         "symbolic mesh sizes it is a precondition (a --strict warning when it depends on unknowns).",
         "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import NamedSharding, PartitionSpec as P\n"
         "mesh = jax.make_mesh((2, 4), ('dp', 'tp'))\n"
         "x = jax.device_put(jnp.zeros((16, 30)), NamedSharding(mesh, P('dp', 'tp')))\n",
         "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import NamedSharding, PartitionSpec as P\n"
         "mesh = jax.make_mesh((2, 4), ('dp', 'tp'))\n"
         "x = jax.device_put(jnp.zeros((16, 32)), NamedSharding(mesh, P('dp', 'tp')))\n"),
    Code("SC131", "invalid-placement", "error",
         "A placement no device layout has: a mesh axis the mesh lacks or used twice, a PartitionSpec longer "
         "than the array's rank, a Shard(d) of a dimension the tensor lacks, or a number of DTensor "
         "placements other than the mesh's number of dims.",
         "import torch\nfrom torch.distributed.device_mesh import init_device_mesh\n"
         "from torch.distributed.tensor import Shard, distribute_tensor\n"
         "mesh = init_device_mesh('cuda', (2, 4), mesh_dim_names=('dp', 'tp'))\n"
         "x = distribute_tensor(torch.zeros(8, 32), mesh, [Shard(0)])\n",
         "import torch\nfrom torch.distributed.device_mesh import init_device_mesh\n"
         "from torch.distributed.tensor import Replicate, Shard, distribute_tensor\n"
         "mesh = init_device_mesh('cuda', (2, 4), mesh_dim_names=('dp', 'tp'))\n"
         "x = distribute_tensor(torch.zeros(8, 32), mesh, [Shard(0), Replicate()])\n"),
    Code("SC132", "collective-mismatch", "error",
         "A collective whose operand does not fit it: psum_scatter/all_to_all over a dimension that does not "
         "divide into one piece per device (or, untiled, is not the device count), an axis name the "
         "enclosing shard_map's mesh does not bind, all_gather_into_tensor/reduce_scatter_tensor buffers "
         "whose dim 0 is not world_size times the other's.",
         "import torch\nimport torch.distributed as dist\nout = torch.zeros(4, 16)\n"
         "dist.all_gather_into_tensor(out, torch.zeros(8, 16))\n",
         "import torch\nimport torch.distributed as dist\nout = torch.zeros(8 * dist.get_world_size(), 16)\n"
         "dist.all_gather_into_tensor(out, torch.zeros(8, 16))\n"),
    Code("SC133", "view-moves-split", "error",
         "A DTensor view() that would move a split dimension: a split dim merged under an outer dim, or "
         "split into dims whose first the mesh axes do not divide. Each device's piece is then no block "
         "of the result, and DTensor's view refuses to redistribute (strict_view); reshape() gathers the "
         "split first (an SC303 note with its bytes), or the tensor can be redistributed explicitly. When "
         "it depends on sizes the facts do not decide, it is a precondition (a --strict warning).",
         "import torch\nfrom torch.distributed.device_mesh import init_device_mesh\n"
         "from torch.distributed.tensor import Shard, distribute_tensor\n"
         "mesh = init_device_mesh('cuda', (4,), mesh_dim_names=('tp',))\n"
         "x = distribute_tensor(torch.randn(8, 32), mesh, [Shard(1)])\n"
         "y = x.view(256)\n",
         "import torch\nfrom torch.distributed.device_mesh import init_device_mesh\n"
         "from torch.distributed.tensor import Shard, distribute_tensor\n"
         "mesh = init_device_mesh('cuda', (4,), mesh_dim_names=('tp',))\n"
         "x = distribute_tensor(torch.randn(8, 32), mesh, [Shard(0)])\n"
         "y = x.view(256)\n"),
    Code("SC201", "assertion-never-holds", "error", "A shape assertion that is false for every consistent shape.",
         "import numpy as np\nx = np.zeros((3, 4))\nassert x.shape == (4, 3)\n",
         "import numpy as np\nx = np.zeros((3, 4))\nassert x.shape == (3, 4)\n"),
    Code("SC202", "annotation-mismatch", "error",
         "A value whose shape cannot match its shape annotation (jaxtyping or numpy shape typing).",
         "import numpy as np\nfrom jaxtyping import Float\ndef f(x: Float[np.ndarray, 'n 3']) -> Float[np.ndarray, 'n']:\n    return x\n",
         "import numpy as np\nfrom jaxtyping import Float\ndef f(x: Float[np.ndarray, 'n 3']) -> Float[np.ndarray, 'n']:\n    return x.sum(axis=1)\n",
         raises=False),
    Code("SC203", "hole-unsolvable", "error", "No value of a shape hole satisfies the constraints around it.",
         "import numpy as np\nfrom shapecheck import HOLE\nx = np.zeros((5, 5))\ny = x.reshape(HOLE, 3)\n",
         "import numpy as np\nfrom shapecheck import HOLE\nx = np.zeros((6, 5))\ny = x.reshape(HOLE, 3)\n"),
    Code("SC303", "implicit-redistribution", "info",
         "An op on placed arrays (DTensors, NamedSharding-placed jax arrays) whose operands are split "
         "differently, or that feeds a pending partial sum into a nonlinear op: it runs, because DTensor "
         "and XLA insert the communication first; the note gives the cheapest plan's bytes per device "
         "(as `shapecheck shard-plan` would) when the sizes are literal. Also a reduction or reshape "
         "that gathers a split first (a max over a split dim, a reshape moving a split off its group's "
         "outermost factor), whose result is then placed as the gathered input gives; after operands "
         "split differently the result's placement is unknown.",
         "",
         "import torch\nfrom torch.distributed.device_mesh import init_device_mesh\n"
         "from torch.distributed.tensor import Shard, distribute_tensor\n"
         "mesh = init_device_mesh('cuda', (4,), mesh_dim_names=('tp',))\n"
         "rows = distribute_tensor(torch.randn(8, 32), mesh, [Shard(0)])\n"
         "cols = distribute_tensor(torch.randn(8, 32), mesh, [Shard(1)])\n"
         "total = rows + cols\n"),
    Code("SC301", "reveal-shape", "info", "The inferred shape of the expression passed to reveal_shape().",
         "", "import numpy as np\nx = np.zeros((3, 4))\nreveal_shape(x.T)\n"),
    Code("SC302", "hole-solution", "info", "The solved value of a shape hole (or the constraint that remains).",
         "", "import numpy as np\nfrom shapecheck import HOLE\nx = np.zeros((6, 5))\ny = x.reshape(HOLE, 3)\n"),
]

CODES: dict[str, Code] = {row.code: row for row in _ROWS}


def raises(code: str) -> bool:
    """Whether a finding of ``code`` is an exception where it is found (:attr:`Code.raises`)."""
    row = CODES.get(code)
    return row is None or row.raises


def explain(code: str) -> str | None:
    """The text of `shapecheck explain CODE`, or None for an unknown code."""
    row = CODES.get(code.upper())
    if row is None:
        return None
    lines = [f"{row.code} ({row.name}), {row.severity}", "", row.summary]
    if row.wrong:
        lines += ["", "Wrong:", "", *("    " + line for line in row.wrong.rstrip().splitlines())]
    if row.right:
        lines += ["", "Right:", "", *("    " + line for line in row.right.rstrip().splitlines())]
    return "\n".join(lines) + "\n"


def anchor(code: str) -> str:
    """The heading anchor of a code in codes.md (``sc101-broadcast-mismatch``)."""
    row = CODES[code]
    return f"{row.code.lower()}-{row.name}"


def render_markdown() -> str:
    """codes.md: every code's explain page, for editors' links (kept in sync by a test)."""
    parts = ["# shapecheck diagnostic codes", "",
             "Generated from `shapecheck/codes.py`; `shapecheck explain CODE` prints the same text.", ""]
    for row in _ROWS:
        parts += [f"## {row.code} {row.name}", "", f"Severity: {row.severity}.", "", row.summary, ""]
        if row.wrong:
            parts += ["Wrong:", "", "```python", row.wrong.rstrip(), "```", ""]
        if row.right:
            parts += ["Right:", "", "```python", row.right.rstrip(), "```", ""]
    return "\n".join(parts)
