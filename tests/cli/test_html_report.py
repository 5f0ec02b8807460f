"""`shapecheck report`: the HTML shape report, its pages, its data-flow drawings, and the page in a
real headless browser (Debian's chromium)."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from shapecheck import api
from shapecheck.cli import app as cli
from shapecheck.cli.dataflow import FlowGraph, function_graphs, layered_svg, render_svg
from shapecheck.cli.html_report import build_site

from tests.notebooks.nbfiles import write_notebook

CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)

MODEL = """\
import numpy as np
from shapecheck import HOLE


def layer(x, w):
    n, k = x.shape
    h = x @ w
    return np.tanh(h)


x = np.zeros((8, 784))
w = np.zeros((784, 10))
y = layer(x, w)
bad = x @ np.zeros((100, 10))
hole = np.zeros((HOLE, 10))
z = x @ hole
mystery = np.load("data.npy")
"""


@pytest.fixture
def site_dir(tmp_path, monkeypatch, capsys):
    (tmp_path / "model.py").write_text(MODEL)
    write_notebook(tmp_path / "nb.ipynb")
    monkeypatch.chdir(tmp_path)
    status = cli.main(["report", "model.py", "nb.ipynb", "-o", "site"])
    assert status == 0, capsys.readouterr().err
    return tmp_path / "site"


def _page(site: Path, name: str) -> str:
    index = (site / "index.html").read_text()
    [page] = re.findall(rf'<a href="(files/\d+\.html)">{re.escape(name)}</a>', index)
    return (site / page).read_text()


def test_file_page_shows_shapes_unknowns_errors_holes_and_coverage(site_dir):
    page = _page(site_dir, "model.py")
    assert 'data-shape="(8, 784) float64"' in page                  # on hover
    assert "y: (8, 10) float64" in page                             # in the margin
    assert '<tr id="L14" class="error">' in page and "784 != 100" in page
    assert '<tr id="L15" class="hole">' in page and "HOLE = 784" in page
    assert re.search(r'<span class="unknown"[^>]*>np\.load', page)
    assert re.search(r"\d+ array expressions: \d+\.\d% with a known rank", page)
    assert "<h2>Data flow per function</h2>" in page and 'id="flow-layer"' in page


def test_index_lists_each_file_and_the_total(site_dir):
    index = (site_dir / "index.html").read_text()
    assert ">model.py</a>" in index and ">nb.ipynb</a>" in index and "<th>total</th>" in index


def test_a_notebook_page_shows_its_cells_as_one_module(site_dir):
    page = _page(site_dir, "nb.ipynb")
    assert "x: (8, 784) float64" in page and "784 != 100" in page


def test_a_notebook_page_is_split_per_cell_as_check_locates_findings(site_dir):
    """Each code cell under its own header, lines numbered within the cell (``nb.ipynb:cell 5:2``),
    magics and shell lines shown as written (issue 14: the cells were shown joined)."""
    page = _page(site_dir, "nb.ipynb")
    headers = re.findall(r'<tr id="cell-(\d+)" class="cell">', page)
    assert headers == ["2", "3", "4", "5"]                         # cell 1 is markdown
    cell5 = page[page.index('id="cell-5"'):]
    numbered = re.findall(r'<tr id="L\d+" class="(\w*)"><td class="n">(\d+)</td><td>(.*?)</td>', cell5)
    assert [(n, text) for _, n, text in numbered][:3] == [("1", "%%time"), ("2", numbered[1][2]), ("3", "x?")]
    assert numbered[1][0] == "error" and "x @ w" in re.sub(r"<[^>]+>", "", numbered[1][2])
    assert "%matplotlib inline" in page and "!pip install einops" in page and "files = !ls" in page


def test_data_flow_edges_carry_the_shapes():
    source = ("import numpy as np\n\ndef f(x, w):\n    n, k = x.shape\n    assert w.shape == (k, 2)\n"
              "    h = x @ w\n    return h.sum(axis=0)\n")
    report = api.check_source(source, "f.py", options=api.Options(notes=True))
    shape_at = {(n.span.line, n.span.column): n.text for n in report.notes}
    [graph] = function_graphs(ast.parse(source), shape_at)
    labels = {(a, b): label for a, b, label in graph.edges}
    assert labels[("x", "h")] == "(n, k)" and labels[("w", "h")] == "(k, 2)"
    assert labels[("h", "return")] == "(n, 2)" and ("x", "n", "") in graph.edges


def test_pure_python_drawing_is_valid_svg_with_every_node_and_label():
    graph = FlowGraph("f", 1, ("x", "w", "h", "return"),
                      frozenset({("x", "h", "(n, 4)"), ("w", "h", "(4, 2)"), ("h", "return", "(n, 2)")}))
    svg = ElementTree.fromstring(layered_svg(graph))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert {"x", "w", "h", "return", "(n, 4)", "(4, 2)", "(n, 2)"} <= set(texts)
    assert render_svg(graph, dot="/nonexistent/dot")[1] == "python"   # a broken dot falls back


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz dot is not installed")
def test_graphviz_draws_when_installed():
    graph = FlowGraph("f", 1, ("x", "h"), frozenset({("x", "h", "(n, 4)")}))
    svg, drawn = render_svg(graph)
    assert drawn == "dot" and "(n, 4)" in svg


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (CI: apt-get install -y chromium)")
def test_the_page_loads_in_a_browser_without_console_errors_and_shows_shapes(site_dir, tmp_path):
    page = (site_dir / re.findall(r'href="(files/\d+\.html)">model\.py', (site_dir / "index.html").read_text())[0])
    browser = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0"]
    dumped = subprocess.run([*browser, "--dump-dom", page.as_uri()], capture_output=True, text=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    console = [line for line in dumped.stderr.splitlines() if ":CONSOLE" in line]
    assert console == [], console
    assert 'data-ready="yes"' in dumped.stdout                      # the page's script ran
    shapes = int(re.search(r'data-shapes="(\d+)"', dumped.stdout).group(1))
    assert shapes >= 10 and "(8, 784) float64" in dumped.stdout
    shot = tmp_path / "report.png"
    subprocess.run([*browser, "--window-size=1400,1200", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 20_000      # a real, non-blank page
    if os.environ.get("SHAPECHECK_ARTIFACTS"):                      # CI keeps it beside the logs
        Path(os.environ["SHAPECHECK_ARTIFACTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(os.environ["SHAPECHECK_ARTIFACTS"]) / "report.png")
