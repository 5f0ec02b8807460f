"""The header every benchmark result carries: the command that made it and the machine's load."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path


def command_line() -> str:
    """The command that is running, as typed from the repository root: read off ``sys.argv``, so
    every option given is in it (a copy rebuilt from the parsed options forgot ``--budget``)."""
    script = Path(sys.argv[0]).resolve()
    try:
        script = script.relative_to(Path(__file__).resolve().parent.parent)
    except ValueError:
        pass
    return shlex.join(["python", str(script), *sys.argv[1:]])


def emit(title: str, text: str, write: str | None) -> None:
    """Print ``text`` under the command and load average; also into ``write`` with ``title`` if given."""
    command = command_line()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    header = f"    {command}\n\nLoad average at the end: {load:.1f} on {os.cpu_count()} CPUs.\n\n"
    sys.stdout.write(header + text)
    if write:
        with open(write, "w") as f:
            f.write(f"# {title}\n\n" + header + text)
