"""The header every benchmark result carries: the command that made it and the machine's load."""

from __future__ import annotations

import os
import sys


def emit(command: str, title: str, text: str, write: str | None) -> None:
    """Print ``text`` under the command and load average; also into ``write`` with ``title`` if given."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    header = f"    {command}\n\nLoad average at the end: {load:.1f} on {os.cpu_count()} CPUs.\n\n"
    sys.stdout.write(header + text)
    if write:
        with open(write, "w") as f:
            f.write(f"# {title}\n\n" + header + text)
