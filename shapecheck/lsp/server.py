"""`shapecheck lsp`: the Language Server, a thin shell over ``shapecheck.api.check_source``.

One ``Project`` per workspace (its roots are the workspace folders) is reused for every analysis, so
the analyzer's cache spares what did not change; open buffers are fed to it through
``Project.read_source``. The command line's check cache (``.shapecheck_cache/`` in the first
workspace folder, when a run made one there) answers a document whose text, imported modules and
options are unchanged since it was checked: opening a checked project shows its diagnostics without
analysing it. Hover and inlay hints need the analysis itself: asking for them runs it. When a document changes, it and the open documents that import it
(transitively, found by reading their ``import`` statements) are analysed again; ``scheduler.py``
says when, and guarantees one analysis at a time, a deadline for each, and no stale publication.

Start it with ``shapecheck lsp`` or ``python -m shapecheck.lsp.server`` (stdio). Settings:
``settings.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from ..version import __version__
from .. import api
from ..api import Cancellation, Notebook, Project, check_cells, check_source
from ..report.codes import CODES
from ..cache.store import CACHE_DIR_NAME, Cache
from ..report.diagnostics import FileReport, Span
from . import actions, notebooks, selfcheck, settings as settings_mod
from .convert import SOURCE, to_lsp_diagnostic, to_range, to_span
from .framing import ResyncingStream
from .imports import imported_modules, module_names
from .collector import QuietCollector
from .costs import enclosing_target, line_cost_text
from .notes import HoverText, NoteIndex, hint_notes, hover_code, signature_notes
from .positions import line_before, position_to_char, split_lines
from .scheduler import Scheduler, Snapshot
from .settings import Settings

log = logging.getLogger("shapecheck.lsp")

_ANALYSIS_OPTIONS = ("strict", "select", "ignore")


@dataclass(frozen=True)
class Analysed:
    """One analysis of one document version, with what hover and hints look things up in."""

    report: FileReport
    text: str
    lines: list[str]
    serial: int   # distinct per analysis: the pull-diagnostics result id
    from_cache: bool = False   # read from the check cache: diagnostics only, no notes

    @cached_property
    def notes(self) -> NoteIndex:
        """The notes by position, indexed when first asked (by a hover or hints), not on the way
        from an edit to its diagnostics (a few ms of a 1,000-line file's)."""
        if self.from_cache:
            return NoteIndex([])
        notes = self.report.notes
        if self.report.signatures and not any(n.kind == "def" for n in notes):
            notes = notes + signature_notes(self.lines, self.report.signatures)
        return NoteIndex(notes)


def _path_of(uri: str) -> str:
    path = to_fs_path(uri)
    return os.path.realpath(path) if path else uri


class _Unanswerable:
    """Stands for a message already answered with an error; pygls skips it (its jsonrpc is not 2.0)."""

    jsonrpc = "invalid"


class ShapecheckProtocol(LanguageServerProtocol):
    """pygls' protocol, answering a request whose params do not deserialise with InvalidParams.

    pygls 2.1 logs such a request and drops it, leaving the client waiting forever for a response
    (JSON-RPC 2.0 section 5 requires one).
    """

    def structure_message(self, data: dict) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if "id" in data and "method" in data:
                self._send_response(data["id"], error=error.to_response_error())
            return _Unanswerable()


class ShapecheckServer(LanguageServer):
    """The server's state: settings, the workspace's Project, the scheduler, the open buffers."""

    def __init__(self) -> None:
        super().__init__("shapecheck", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=notebooks.SYNC_OPTIONS,
                         protocol_cls=ShapecheckProtocol)
        self.settings = Settings()
        self._layers: dict[str, Any] = {"pyproject": {}, "init": {}, "client": {}}
        self.roots: list[str] = []
        self.buffers: dict[str, str] = {}   # real path -> unsaved text of each open document
        self.project = self._new_project()
        self.encoding = types.PositionEncodingKind.Utf16.value
        self.push = True
        self._serials = itertools.count(1)
        self._pulled: dict[str, str] = {}   # uri -> result id last answered to a pull
        self._imports: dict[tuple[str, int], set[str]] = {}
        self.scheduler: Scheduler | None = None
        # path of each open notebook -> the module its cells made at its last snapshot (notebooks.py)
        self.notebook_modules: dict[str, Notebook] = {}
        self._costs: dict[tuple[str, int, str], Any] = {}   # (uri, analysis, function) -> its cost report
        self._cache: Cache | bool | None = None   # None: not looked for yet; False: none to use
        self.in_full: set[str] = set()   # paths whose hover or hints were asked: never from the cache
        # the cycle collector between edits, not in them: the stdio server's (run()), not an
        # in-process one's (a test's objects are not the server's to freeze)
        self.collector: QuietCollector | None = None

    # -- set-up -------------------------------------------------------------------------------

    def _new_project(self) -> Project:
        return Project(roots=list(self.roots), read_source=self.buffer_of, incremental=True,
                       options=settings_mod.options_for(self.settings))

    def buffer_of(self, path: str) -> str | None:
        """An open document's unsaved text, for the analyzer (called from its thread; dict reads are atomic)."""
        return self.buffers.get(path) or self.buffers.get(os.path.realpath(path))

    def ensure_scheduler(self) -> Scheduler:
        if self.scheduler is None:
            self.scheduler = Scheduler(
                snapshot=self.snapshot, analyse=self.analyse, publish=self.on_report,
                debounce_s=lambda: self.settings.debounce_ms / 1000,
                timeout_s=lambda: self.settings.analysis_timeout_ms / 1000,
                log=self.log_warning, on_timeout=self.reset_project, gave_up=self.gave_up, prepare=api.preload,
                idle=self.collector.quiet if self.collector else lambda: None,
                busy=self.collector.busy if self.collector else lambda: None)
        return self.scheduler

    def line_cost(self, analysed: Analysed, uri: str, line: int) -> str | None:
        """The hover's cost of ``line``: its function measured once per analysis (costs.py)."""
        if self.notebook_of_cell(uri) is not None or uri in self.workspace.notebook_documents:
            return None   # a cell's lines are not the module's (notebooks.py maps them): no cost there
        target = enclosing_target(analysed.text, line)
        if target is None:
            return None
        key = (uri, analysed.serial, target)
        if key not in self._costs:
            if len(self._costs) > 64:
                self._costs.clear()
            try:
                # in the analysis just published, when it is of this text (api.measure)
                measured = api.measure(_path_of(uri), target, source=analysed.text, project=self.project)
                self._costs[key] = api.cost_of(measured)
            except Exception as error:  # noqa: BLE001 - a hover extra never fails the hover
                self.log_warning(f"cost of {target}: {type(error).__name__}: {error}")
                self._costs[key] = None
        report = self._costs[key]
        return line_cost_text(report, line) if report is not None else None

    def reset_project(self) -> None:
        """A fresh Project (after a time-out, or when roots or analysis options change)."""
        self.project = self._new_project()
        self._cache = None   # its key has the options and the root in it

    def check_cache(self) -> Cache | None:
        """The command line's cache in the first workspace folder, if a run made one there (the
        server does not create it: opening a folder in an editor leaves no files behind)."""
        if self._cache is None:
            folder = Path(self.roots[0]) / CACHE_DIR_NAME if self.roots else None
            opened = Cache.open(folder, self.project.options, Path(self.roots[0]), source_of=self.buffer_of) \
                if folder is not None and folder.is_dir() else None
            self._cache = opened or False
        return self._cache or None

    def apply_settings(self, layer: str, raw: Any) -> None:
        """Replace one settings layer and recompute the settings; re-check what they affect."""
        self._layers[layer] = raw if isinstance(raw, dict) else {}
        merged, problems = Settings(), []
        for name in ("pyproject", "init", "client"):
            merged, found = settings_mod.merge(merged, self._layers[name])
            problems += found
        for problem in problems:
            self.log_warning(problem)
        old, self.settings = self.settings, merged
        if any(getattr(old, f) != getattr(merged, f) for f in _ANALYSIS_OPTIONS):
            self.reset_project()
        if old != merged and self.scheduler is not None:
            for uri in self.open_uris():
                self.scheduler.request(uri)
            if old.inlay_hints != merged.inlay_hints and self.client_can("workspace.inlay_hint.refresh_support"):
                self.workspace_inlay_hint_refresh(None)

    def set_roots(self) -> None:
        folders = [to_fs_path(f.uri) for f in self.workspace.folders.values()]
        if not folders and self.workspace.root_path:
            folders = [self.workspace.root_path]
        self.roots = [os.path.realpath(f) for f in folders if f]
        table: dict = {}
        for root in reversed(self.roots):   # the first folder wins
            table = {**table, **settings_mod.read_pyproject(root)}
        self.reset_project()
        self.apply_settings("pyproject", table)

    def client_can(self, dotted: str) -> bool:
        """Whether the client's capabilities have this (snake_case, dotted) field set and true."""
        value: Any = self.client_capabilities
        for part in dotted.split("."):
            value = getattr(value, part, None)
            if value is None:
                return False
        return bool(value)

    # -- documents ----------------------------------------------------------------------------

    def open_uris(self) -> list[str]:
        """The units of analysis: open files, and open notebooks (not their cells)."""
        return [uri for uri in self.workspace.text_documents if self.notebook_of_cell(uri) is None] + \
            list(self.workspace.notebook_documents)

    def notebook_of_cell(self, uri: str) -> types.NotebookDocument | None:
        """The open notebook that ``uri`` is a cell of, if it is one."""
        return self.workspace.get_notebook_document(cell_uri=uri)

    def snapshot(self, uri: str) -> Snapshot | None:
        notebook = self.workspace.notebook_documents.get(uri)
        if notebook is not None:
            texts = {u: d.source for u, d in self.workspace.text_documents.items()}
            module = notebooks.notebook_text(notebook, texts)
            path = _path_of(uri)
            self.notebook_modules[path] = module
            return Snapshot(uri=uri, path=path, version=notebook.version or 0, text=module.text)
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return None
        return Snapshot(uri=uri, path=_path_of(uri), version=doc.version or 0, text=doc.source)

    def current_version(self, uri: str) -> int | None:
        notebook = self.workspace.notebook_documents.get(uri)
        if notebook is not None:
            return notebook.version or 0
        doc = self.workspace.text_documents.get(uri)
        return None if doc is None else (doc.version or 0)

    def notebook_changed(self, uri: str) -> None:
        """A notebook opened or changed (cells, their text): analyse it as one module."""
        self.ensure_scheduler().request(uri)

    def notebook_closed(self, uri: str, cells: list[str]) -> None:
        self.notebook_modules.pop(_path_of(uri), None)
        if self.scheduler is not None:
            self.scheduler.forget(uri)
        for cell in cells:
            self._pulled.pop(cell, None)
            if self.push:
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=cell, diagnostics=[]))

    def document_changed(self, uri: str) -> None:
        """Record the new text and request analysis of it and of the open files that import it."""
        snap = self.snapshot(uri)
        if snap is None:
            return
        self.buffers[snap.path] = snap.text
        scheduler = self.ensure_scheduler()
        for dependent in [uri, *self.dependents(uri)]:
            scheduler.request(dependent)

    def dependents(self, uri: str) -> list[str]:
        """Open documents that import ``uri``'s module, directly or through other open documents."""
        found: list[str] = []
        frontier = [uri]
        others = [u for u in self.open_uris() if u != uri]
        while frontier:
            changed = frontier.pop()
            names = module_names(_path_of(changed), self.roots)
            for other in others:
                if other not in found and not names.isdisjoint(self.imports_of(other)):
                    found.append(other)
                    frontier.append(other)
        return found

    def imports_of(self, uri: str) -> set[str]:
        snap = self.snapshot(uri)
        if snap is None:
            return set()
        key = (uri, snap.version)
        if key not in self._imports:
            own = max(module_names(snap.path, self.roots), key=len)
            self._imports = {k: v for k, v in self._imports.items() if k[0] != uri}
            self._imports[key] = imported_modules(snap.text, own, Path(snap.path).stem == "__init__")
        return self._imports[key]

    def document_closed(self, uri: str) -> None:
        path = _path_of(uri)
        self.buffers.pop(path, None)
        self._pulled.pop(uri, None)
        self._imports = {k: v for k, v in self._imports.items() if k[0] != uri}
        if self.scheduler is not None:
            self.scheduler.forget(uri)
        if self.push:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        # Files that imported it now read it from disk again.
        for dependent in self.dependents_by_path(path):
            self.ensure_scheduler().request(dependent)

    def dependents_by_path(self, path: str) -> list[str]:
        names = module_names(path, self.roots)
        return [u for u in self.open_uris() if not names.isdisjoint(self.imports_of(u))]

    # -- analysis (runs in the scheduler's worker thread) -------------------------------------

    def analyse(self, path: str, text: str, cancellation: Cancellation | None = None) -> Analysed:
        module = self.notebook_modules.get(path)
        if module is not None and module.text == text:
            return self.analysed_of(check_cells(module, path, self.project, cancellation), text,
                                    next(self._serials))
        cache = self.check_cache() if not path.endswith(".ipynb") else None   # (entries keep no cells)
        key = cache.key(path, text.encode("utf-8", "surrogatepass")) if cache is not None else None
        if key is not None and path not in self.in_full:
            cached = cache.get(key, path)
            if cached is not None:
                return Analysed(report=cached, text=text, lines=split_lines(text), serial=next(self._serials),
                                from_cache=True)
        # The server reads the command line's entries but writes none: its analyses reuse what
        # earlier re-checks kept (summaries, incremental entries), and a reused part does not load
        # again the modules it read, so the report's loaded modules, an entry's dependencies,
        # could miss one, and an edit to it on disk would not invalidate the entry.
        report = check_source(text, path, project=self.project, cancellation=cancellation)
        return self.analysed_of(report, text, next(self._serials))

    def analysed_of(self, report: FileReport, text: str, serial: int) -> Analysed:
        return Analysed(report=report, text=text, lines=split_lines(text), serial=serial)

    def cell_view(self, cell_uri: str, number: int, analysed: Analysed) -> Analysed:
        """A notebook's analysis as seen from one of its cells (notebooks.py)."""
        doc = self.workspace.text_documents.get(cell_uri)
        return self.analysed_of(notebooks.cell_report(analysed.report, number),
                                doc.source if doc is not None else "", analysed.serial)

    def on_report(self, uri: str, version: int, analysed: Analysed) -> None:
        """A finished analysis: publish it unless the document has moved on since."""
        if self.current_version(uri) != version:
            return
        notebook = self.workspace.notebook_documents.get(uri)
        if notebook is not None:
            for number, cell in notebooks.code_cells(notebook):
                self.on_report(cell, self.current_version(cell) or 0, self.cell_view(cell, number, analysed))
            return
        if self.push:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, version=version, diagnostics=self.lsp_diagnostics(analysed)))
        elif uri in self._pulled and self._pulled[uri] != str(analysed.serial) \
                and self.client_can("workspace.diagnostics.refresh_support"):
            self.workspace_diagnostic_refresh(None)

    def gave_up(self, uri: str, version: int, last: Analysed | None, seconds: float) -> None:
        """An analysis that passed its deadline and did not stop: the last good diagnostics stay,
        with a note that they are not of this text (a client must not wait on a version forever)."""
        if self.current_version(uri) != version or self.workspace.notebook_documents.get(uri) is not None:
            return
        kept = self.lsp_diagnostics(last) if last is not None else []
        note = types.Diagnostic(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), severity=types.DiagnosticSeverity.Information,
            code="SC006", source=SOURCE,
            message=f"shapecheck: the analysis of this text did not finish within {seconds:g} s (analysisTimeoutMs); "
                    + ("the diagnostics shown are those of an earlier text" if kept else "nothing is known of it yet"))
        if self.push:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, version=version, diagnostics=[*kept, note]))

    def lsp_diagnostics(self, analysed: Analysed) -> list[types.Diagnostic]:
        return [to_lsp_diagnostic(d, analysed.lines, self.encoding, self.settings, self.lines_of)
                for d in analysed.report.diagnostics]

    def lines_of(self, path: str) -> list[str]:
        text = self.buffers.get(os.path.realpath(path)) if path else None
        if text is None:
            text = self.project.source_of(path) or ""
        return split_lines(text)

    def last_analysis(self, uri: str, line: int) -> tuple[Analysed, int, bool] | None:
        """While the current version's analysis is under way (or waits for the typing to pause),
        the last finished one, the line of its text that 0-based ``line`` of the current text was,
        and whether the text changed since, for a hover to answer at once, as pyright does --
        where the edit left that line alone (else None: the hover waits). None where the current
        version's analysis is done, and for a report read from the check cache (it has no notes)
        or a notebook's."""
        if self.scheduler is None or self.notebook_of_cell(uri) is not None or uri in self.workspace.notebook_documents:
            return None
        version = self.current_version(uri)
        last = self.scheduler.latest(uri)
        if version is None or last is None or last.from_cache or self.scheduler.report(uri, version) is not None:
            return None
        snap = self.snapshot(uri)
        if snap is None:
            return None
        if snap.text == last.text:
            return last, line, False
        before = line_before(last.lines, split_lines(snap.text), line)
        return (last, before, True) if before is not None else None

    async def analysed(self, uri: str, *, notes: bool = False) -> Analysed | None:
        """The analysis of the document's current text, waiting (bounded) for it if needed; with
        ``notes``, one that has them (a report from the cache is replaced by a real analysis)."""
        notebook = self.notebook_of_cell(uri)
        if notebook is not None:
            whole = await self.analysed(notebook.uri, notes=notes)
            number = next((n for n, cell in notebooks.code_cells(notebook) if cell == uri), None)
            return None if whole is None or number is None else self.cell_view(uri, number, whole)
        version = self.current_version(uri)
        if version is None:
            return None
        scheduler = self.ensure_scheduler()
        timeout = self.settings.analysis_timeout_ms / 1000
        result = await scheduler.fresh_report(uri, version, timeout)
        if notes and result is not None and result.from_cache:
            self.in_full.add(_path_of(uri))
            scheduler.refresh(uri)
            result = await scheduler.fresh_report(uri, version, timeout)
        return result

    # -- logging ------------------------------------------------------------------------------

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request (a garbled message, a failing notification) go to the log, not
        to a pop-up: a client that sends one bad message should not nag its user."""
        self.log_warning(f"shapecheck server error ({getattr(source, '__name__', source)}): {error}")

    def log_warning(self, message: str) -> None:
        log.warning("%s", message)
        try:
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Warning, message=message))
        except Exception:  # no transport yet (unit tests) or the client is gone
            pass


def initialize(ls: ShapecheckServer, params: types.InitializeParams) -> None:
    encoding = ls.workspace.position_encoding
    ls.encoding = getattr(encoding, "value", encoding) or ls.encoding
    ls.set_roots()
    ls.apply_settings("init", params.initialization_options)
    mode = ls.settings.diagnostic_mode
    pull_capable = ls.client_can("text_document.diagnostic")
    ls.push = mode == "push" or (mode == "auto" and not pull_capable)


async def initialized(ls: ShapecheckServer, params: types.InitializedParams) -> None:
    ls.ensure_scheduler()
    await watch_python_files(ls)
    await pull_configuration(ls)


async def watch_python_files(ls: ShapecheckServer) -> None:
    """Ask the client to report changes to .py files on disk (a checkout, another editor), where it
    can: an open file that imports a changed one must be checked again."""
    if not ls.client_can("workspace.did_change_watched_files.dynamic_registration"):
        return
    registration = types.Registration(
        id="shapecheck-watch-python", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern="**/*.py")]))
    try:
        await asyncio.wait_for(ls.client_register_capability_async(
            types.RegistrationParams(registrations=[registration])), 2.0)
    except Exception as error:  # the client declined or did not answer: edits in the editor still work
        log.info("file watching not registered: %s", error)


def did_change_watched_files(ls: ShapecheckServer, params: types.DidChangeWatchedFilesParams) -> None:
    for change in params.changes:
        if change.uri in ls.workspace.text_documents:
            continue   # the editor's buffer is the truth for an open file
        for dependent in ls.dependents_by_path(_path_of(change.uri)):
            ls.ensure_scheduler().request(dependent)


async def pull_configuration(ls: ShapecheckServer) -> None:
    """Ask the client for the "shapecheck" section, where it supports ``workspace/configuration``."""
    if not ls.client_can("workspace.configuration"):
        return
    try:
        result = await asyncio.wait_for(ls.workspace_configuration_async(types.ConfigurationParams(
            items=[types.ConfigurationItem(section="shapecheck")])), 2.0)
    except Exception as error:  # time-out or an error answer: keep what we have
        log.info("workspace/configuration failed: %s", error)
        return
    if result and isinstance(result[0], dict):
        ls.apply_settings("client", result[0])


async def did_change_configuration(ls: ShapecheckServer, params: types.DidChangeConfigurationParams) -> None:
    if isinstance(params.settings, dict) and params.settings:
        ls.apply_settings("client", params.settings)
    else:  # the LSP 3.17 way: the notification is only a nudge to pull
        await pull_configuration(ls)


def did_change_folders(ls: ShapecheckServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    ls.set_roots()
    for uri in ls.open_uris():
        ls.ensure_scheduler().request(uri)


def did_open_notebook(ls: ShapecheckServer, params: types.DidOpenNotebookDocumentParams) -> None:
    ls.notebook_changed(params.notebook_document.uri)


def did_change_notebook(ls: ShapecheckServer, params: types.DidChangeNotebookDocumentParams) -> None:
    ls.notebook_changed(params.notebook_document.uri)


def did_close_notebook(ls: ShapecheckServer, params: types.DidCloseNotebookDocumentParams) -> None:
    ls.notebook_closed(params.notebook_document.uri, [cell.uri for cell in params.cell_text_documents])


def did_open(ls: ShapecheckServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)


def did_change(ls: ShapecheckServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)


def did_save(ls: ShapecheckServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.document_changed(params.text_document.uri)


def did_close(ls: ShapecheckServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.document_closed(params.text_document.uri)


def shutdown(ls: ShapecheckServer, params: Any = None) -> None:
    if ls.scheduler is not None:
        ls.scheduler.close()


async def pull_diagnostics(ls: ShapecheckServer, params: types.DocumentDiagnosticParams):
    uri = params.text_document.uri
    analysed = await ls.analysed(uri)
    if analysed is None:
        previous = ls._pulled.get(uri)
        if previous is not None and previous == params.previous_result_id:
            return types.UnchangedDocumentDiagnosticReport(result_id=previous)
        return types.FullDocumentDiagnosticReport(items=[])
    result_id = str(analysed.serial)
    ls._pulled[uri] = result_id
    if params.previous_result_id == result_id:
        return types.UnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.FullDocumentDiagnosticReport(items=ls.lsp_diagnostics(analysed), result_id=result_id)


#: Said under a hover answered from the analysis of an earlier text (``ShapecheckServer.last_analysis``).
EARLIER = "*(from the analysis before the last edit: the current text is being analysed)*"


async def hover(ls: ShapecheckServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    last = ls.last_analysis(uri, params.position.line)
    if last is not None:
        analysed, at, earlier = last
    else:
        analysed, at, earlier = await ls.analysed(uri, notes=True), params.position.line, False
    if analysed is None:
        return None
    line, column = position_to_char(analysed.lines, at, params.position.character, ls.encoding)
    if at >= len(analysed.lines):
        return None
    note = analysed.notes.at(line, column)
    here = Span(line, column, line, column)
    explained = [d for d in analysed.report.diagnostics if actions.spans_overlap(d.span, here)]
    prose = "\n\n".join(f"**{d.code}** ({CODES[d.code].name}): {CODES[d.code].summary}"
                        for d in explained if d.code in CODES)
    # the cost is measured in the run of the analysed text, which an earlier text no longer has
    cost = await asyncio.to_thread(ls.line_cost, analysed, uri, line) if not earlier else None
    if cost:
        prose = f"{prose}\n\n{cost}" if prose else cost
    if note is None and not prose:
        return None
    if earlier:
        prose = f"{prose}\n\n{EARLIER}" if prose else EARLIER
    if note is None:
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=prose))
    text = HoverText(hover_code(note, analysed.lines), prose)
    moved = params.position.line - at   # the note's line in the current text (it lies on the hovered line)
    span = Span(note.span.line + moved, note.span.column, note.span.end_line + moved, note.span.end_column)
    lines = split_lines(ls.snapshot(uri).text) if earlier else analysed.lines
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text.markdown()),
                       range=to_range(lines, span, ls.encoding))


async def inlay_hints(ls: ShapecheckServer, params: types.InlayHintParams) -> list[types.InlayHint] | None:
    if ls.settings.inlay_hints == "off":
        return []
    analysed = await ls.analysed(params.text_document.uri, notes=True)
    if analysed is None:
        return None
    first, last = params.range.start.line + 1, params.range.end.line + 1
    hints = []
    for note in hint_notes(analysed.notes.between(first, last), ls.settings.inlay_hints, analysed.lines):
        end = to_range(analysed.lines, note.span, ls.encoding).end
        hints.append(types.InlayHint(position=end, label=f": {note.text}", kind=types.InlayHintKind.Type,
                                     padding_left=False))
    return hints


async def code_action(ls: ShapecheckServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    version = ls.current_version(uri)
    analysed = await ls.analysed(uri, notes=True)   # its assert actions read the notes
    if analysed is None or version is None or ls.current_version(uri) != version:
        return None   # the text moved on while we waited: the client asks again for the new one
    doc = actions.Document(uri=uri, version=version, text=analysed.text, lines=analysed.lines)
    wanted = to_span(analysed.lines, params.range, ls.encoding)

    def lsp_range(span: Span) -> types.Range:
        return to_range(analysed.lines, span, ls.encoding)

    def lsp_diag(diag):
        return to_lsp_diagnostic(diag, analysed.lines, ls.encoding, ls.settings, ls.lines_of)

    return actions.code_actions(doc, analysed.report, wanted, params.context.only, lsp_range, lsp_diag)


# method -> (handler, options advertised in the server's capabilities)
FEATURES = {
    types.INITIALIZE: (initialize, None),
    types.INITIALIZED: (initialized, None),
    types.SHUTDOWN: (shutdown, None),
    types.WORKSPACE_DID_CHANGE_CONFIGURATION: (did_change_configuration, None),
    types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS: (did_change_folders, None),
    types.WORKSPACE_DID_CHANGE_WATCHED_FILES: (did_change_watched_files, None),
    types.TEXT_DOCUMENT_DID_OPEN: (did_open, None),
    types.TEXT_DOCUMENT_DID_CHANGE: (did_change, None),
    types.TEXT_DOCUMENT_DID_SAVE: (did_save, types.SaveOptions(include_text=False)),
    types.TEXT_DOCUMENT_DID_CLOSE: (did_close, None),
    types.NOTEBOOK_DOCUMENT_DID_OPEN: (did_open_notebook, None),
    types.NOTEBOOK_DOCUMENT_DID_CHANGE: (did_change_notebook, None),
    types.NOTEBOOK_DOCUMENT_DID_CLOSE: (did_close_notebook, None),
    types.TEXT_DOCUMENT_DIAGNOSTIC: (pull_diagnostics, types.DiagnosticOptions(
        identifier="shapecheck", inter_file_dependencies=True, workspace_diagnostics=False)),
    types.TEXT_DOCUMENT_HOVER: (hover, None),
    types.TEXT_DOCUMENT_INLAY_HINT: (inlay_hints, types.InlayHintOptions(resolve_provider=False)),
    types.TEXT_DOCUMENT_CODE_ACTION: (code_action, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, actions.ASSERT_KIND])),
}


def build_server() -> ShapecheckServer:
    """A server with every feature registered, not yet connected."""
    ls = ShapecheckServer()
    for method, (handler, options) in FEATURES.items():
        ls.feature(method, options)(handler)
    return ls


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``shapecheck lsp`` (``shapecheck.cli`` runs it through these two functions)."""
    parser.description = "shapecheck language server (stdio)"
    parser.add_argument("--stdio", action="store_true", help="accepted for editors that pass it; stdio is the only transport")
    parser.add_argument("--log-file", help="write the server's log here instead of stderr")
    parser.add_argument("--log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    parser.add_argument("--check", action="store_true",
                        help="start the server as an editor would (initialize, shutdown), print whether "
                             "that works, and exit: 0 yes, 1 no")


def run(args: argparse.Namespace) -> int:
    """Run the server over stdio until the client asks it to exit; returns the exit status."""
    if args.check:
        return selfcheck.run_check([sys.executable, "-m", "shapecheck", "lsp"])
    handler = logging.FileHandler(args.log_file) if args.log_file else logging.StreamHandler(sys.stderr)
    logging.basicConfig(level=args.log_level, handlers=[handler],
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    # pygls logs every message it sends at INFO: keep it quiet unless asked to debug.
    logging.getLogger("pygls").setLevel(logging.DEBUG if args.log_level == "DEBUG" else logging.WARNING)
    server = build_server()
    server.collector = QuietCollector()
    server.collector.install()
    # pygls reads stdin through ResyncingStream: a badly framed message costs that message only.
    server.start_io(stdin=ResyncingStream(sys.stdin.buffer), stdout=sys.stdout.buffer)
    return 0


def main(argv: list[str]) -> int:
    """``python -m shapecheck.lsp.server [OPTIONS]``: parse ``argv`` and :func:`run`."""
    parser = argparse.ArgumentParser(prog="shapecheck lsp")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
