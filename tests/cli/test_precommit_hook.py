"""The repository's `.pre-commit-hooks.yaml`, run by the real `pre-commit` against a local repository.

`pre-commit try-repo` clones this checkout (uncommitted changes included), installs it into a
hook environment as a user's `pre-commit install` would, and runs the hook on a scratch git
repository. The hook environment sees the test run's site-packages and builds without isolation
and without an index, so the test needs no network: what `pip install '.[test]'` installed serves.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.notebooks.nbfiles import write_notebook

pytest.importorskip("pre_commit", reason="pre-commit is not installed (it is in the [test] extra)")

ROOT = Path(__file__).resolve().parents[2]
GIT = shutil.which("git")


def test_hook_file_runs_shapecheck_on_python_and_notebooks():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "shapecheck" and hook["entry"].startswith("shapecheck check")
    assert "--force-exclude" in hook["entry"] and set(hook["types_or"]) == {"python", "jupyter"}


def _git(repo: Path, *args: str) -> None:
    subprocess.run([GIT, *args], cwd=repo, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"})


def _try_repo(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "VIRTUALENV_SYSTEM_SITE_PACKAGES": "1",
           # "0" is how pip's environment spells --no-build-isolation (pip's docs, "Configuration").
           "PIP_NO_BUILD_ISOLATION": "0", "PIP_NO_INDEX": "1", "PYTHONPATH": ""}
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "shapecheck",
                           "--color", "never", *args], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL)


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_pre_commit_runs_the_hook_on_python_files_and_notebooks(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "bad.py").write_text("import numpy as np\ny = np.zeros((2, 3)) @ np.zeros((4, 5))\n")
    (repo / "good.py").write_text("import numpy as np\ny = np.zeros((2, 3)) @ np.zeros((3, 5))\n")
    (repo / "notes.txt").write_text("x = np.zeros((2, 3)) @ np.zeros((4, 5))\n")
    write_notebook(repo / "nb.ipynb")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "scratch")

    failed = _try_repo(repo, tmp_path / "home", "--all-files")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "bad.py:2:5: error[SC102]" in failed.stdout
    assert "nb.ipynb:cell 5:2:5: error[SC102]" in failed.stdout
    assert "Found 2 errors in 2 of 3 files." in failed.stdout   # bad.py, good.py, nb.ipynb
    assert "notes.txt" not in failed.stdout

    passed = _try_repo(repo, tmp_path / "home", "--files", "good.py")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
