"""The package version, in a module of its own so that every layer may read it (the CLI's
``--version``, the LSP's server info) without importing the package's public API."""

__version__ = "0.1.0"
