"""Writing small Jupyter notebooks (nbformat 4 JSON) for the tests."""

from __future__ import annotations

import json
from pathlib import Path

#: A notebook with a shape error in its fifth cell, among markdown, magics and shell lines.
DEMO = [
    ("markdown", "# Shapes\nA demo."),
    ("code", "import numpy as np\n%matplotlib inline\n!pip install einops"),
    ("code", "x = np.zeros((8, 784))\nw = np.zeros((100, 10))\nfiles = !ls\n"),
    ("code", "%%bash\necho $((1 + 2))"),
    ("code", "%%time\ny = x @ w\nx?"),
]


def notebook_json(cells, language: str = "python") -> str:
    return json.dumps({
        "cells": [{"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True),
                   **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                  for kind, source in cells],
        "metadata": {"kernelspec": {"name": "k", "display_name": "K", "language": language}},
        "nbformat": 4, "nbformat_minor": 5}, indent=1)


def write_notebook(path: Path, cells=DEMO, language: str = "python") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(notebook_json(cells, language))
    return path
