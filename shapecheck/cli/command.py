"""What a subcommand is, and the one way each is run.

A subcommand module provides two functions:

- ``add_arguments(parser)`` declares its options on an ``argparse`` parser made for it
  (``prog`` is ``shapecheck NAME``; it sets the description and, if it wants, the usage line);
- ``run(args) -> int`` does the work and returns the exit status.

:func:`run_subcommand` builds the parser, parses (``--help`` and usage errors print the
subcommand's own usage, not the top-level one) and runs. A :class:`Failure` raised from ``run``
is printed as ``shapecheck NAME: message`` and ends the run with its status. Standard library
only: this module is imported on every start.

>>> import argparse
>>> def add_arguments(parser):
...     parser.description = "Say hello."
...     parser.add_argument("name")
>>> run_subcommand("hello", add_arguments, lambda args: print("hello", args.name) or 0, ["you"])
hello you
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 101


class Failure(Exception):
    """The subcommand cannot go on: print ``shapecheck NAME: message``, exit with ``status``."""

    def __init__(self, message: str, status: int = EXIT_USAGE):
        super().__init__(message)
        self.status = status


def subcommand_parser(name: str) -> argparse.ArgumentParser:
    """An empty parser for ``shapecheck NAME``; descriptions are shown as written (plain text)."""
    return argparse.ArgumentParser(prog=f"shapecheck {name}",
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def run_subcommand(name: str, add_arguments: Callable[[argparse.ArgumentParser], None],
                   run: Callable[[argparse.Namespace], int], argv: Sequence[str]) -> int:
    """Parse ``argv`` (the arguments after ``shapecheck NAME``) and run; the exit status."""
    parser = subcommand_parser(name)
    add_arguments(parser)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit_:
        return exit_status(exit_)
    try:
        return run(args)
    except Failure as failure:
        sys.stderr.write(f"{parser.prog}: {failure}\n")
        return failure.status


def exit_status(exit_: SystemExit) -> int:
    """The status of an ``argparse`` exit: 0 after --help/--version, 2 after a usage error."""
    return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE


def print_error(message: str) -> None:
    """``shapecheck: error: message`` on stderr."""
    sys.stderr.write(f"shapecheck: error: {message}\n")


def print_note(message: str) -> None:
    """``shapecheck: message`` on stderr."""
    sys.stderr.write(f"shapecheck: {message}\n")
