"""Helpers for driving a real server process with a real LSP client (pytest-lsp's)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

HERE = Path(__file__).parent
SCRIPTED = [sys.executable, str(HERE / "scripted_server.py")] + (["--log-file", os.environ["LSP_LOG"], "--log-level", "DEBUG"] if os.environ.get("LSP_LOG") else [])
REAL = [sys.executable, "-m", "shapecheck.lsp.server"]
BOUND = 60.0  # seconds any single wait may take before the test fails instead of hanging (a bound, not a
#               measure: 20 s was exceeded by a server starting under four parallel test suites)


class Client(LanguageClient):
    """pytest-lsp's client, also keeping every publishDiagnostics in order (with its version)."""

    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        self.published: list[types.PublishDiagnosticsParams] = []

    async def diagnostics_for(self, uri: str, predicate=lambda ds: True, timeout: float = BOUND):
        """Wait (bounded) for a publication for ``uri`` whose diagnostics satisfy ``predicate``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for params in reversed(self.published):
                if params.uri == uri:
                    if predicate(params.diagnostics):
                        return params.diagnostics
                    break
            await asyncio.sleep(0.01)
        raise AssertionError(f"no matching diagnostics for {uri} within {timeout} s; got "
                             f"{[(p.uri, p.version, [d.code for d in p.diagnostics]) for p in self.published]}")

    def raw_request(self, msg_id: str, method: str, params) -> asyncio.Future:
        """Send a request exactly as given (no client-side validation); await its raw result."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.protocol._request_futures[msg_id] = future
        self.protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return asyncio.wait_for(asyncio.wrap_future(future), BOUND)

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)))

    def replace(self, uri: str, text: str, version: int) -> None:
        self.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))


def _make_client() -> Client:
    client = Client()
    features = {k: v for k, v in DEFAULT_CLIENT_FEATURES.items() if k != types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}
    register_lsp_features(client, features)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)

    return client


@contextlib.asynccontextmanager
async def session(command: list[str], root: Path, *, init_options=None, capabilities: str = "neovim@v0.7.0",
                  env: dict | None = None, configuration: dict | None = None):
    """A client connected to a fresh server whose workspace is ``root``; shut down afterwards."""
    client = _make_client()
    if configuration is not None:
        client.set_configuration(configuration)
    await client.start_io(*command, env={**os.environ, **(env or {})})
    try:
        await asyncio.wait_for(client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities(capabilities),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=init_options)), BOUND)
        yield client
        await asyncio.wait_for(client.shutdown_session(), BOUND)
    finally:
        process = client._server
        if process is not None and process.returncode is None:
            process.kill()   # the test failed mid-session: do not wait for a polite exit
        await asyncio.wait_for(client.stop(), BOUND)


def uri_of(path: Path) -> str:
    return path.resolve().as_uri()
