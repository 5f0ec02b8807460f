"""The command line: ``shapecheck check``, ``ir``, ``compile``, ``signatures``, ``annotate``, ``lsp``."""

from .app import main

__all__ = ["main"]
