"""The command line: ``shapecheck check``, ``explain``, ``ir``, ``compile``, ``signatures``,
``annotate`` and ``lsp``; the table of subcommands is ``app.SUBCOMMANDS``."""

from .app import main

__all__ = ["main"]
