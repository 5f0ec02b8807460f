"""Latency of `shapecheck lsp` as an editor sees it, over stdio with a real LSP client (pygls).

On generated 1,000- and 5,000-line NumPy files (benchmarks/gen_corpus.py's modules) it measures:
- start-up: process spawn to the `initialize` answer, and to the first diagnostics of a small file;
- edit: `didChange` (one line inserted inside a function, as an incremental change) to the
  `publishDiagnostics` of that version, edits spaced so each is a lone edit (the usual typing pause);
- hover: request to answer, on assignment targets, with the document's analysis up to date;
- for reference, one warm `check_source` of the same text in-process (what the server waits on);
- with ``--real FILE``, the same on that file where it lies, the folder above its package the
  workspace (its imports of its project's modules resolve, as in an editor), and per kind of edit (in
  a ``forward``, in an ``__init__``, in a module-level function such as a model factory, in a function
  other code calls) the CPU time of the in-process re-check and the bodies it ran;
- the server's CPU time per edit (from /proc), which the machine's load moves far less than the
  wall time.

    python benchmarks/bench_lsp.py [--edits 15] [--hovers 40] [--write benchmarks/RESULTS_lsp.md]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).parent))
from gen_corpus import generate_module  # noqa: E402

SERVER = [sys.executable, "-m", "shapecheck.lsp.server"]
GOALS = {"edit_1000": 50.0, "hover": 20.0}


class BenchClient(LanguageClient):
    def __init__(self) -> None:
        super().__init__("shapecheck-bench", "1")
        self.arrivals: dict[tuple[str, int | None], float] = {}
        self.waiting: dict[tuple[str, int | None], asyncio.Future] = {}

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(params: types.PublishDiagnosticsParams) -> None:
            key = (params.uri, params.version)
            self.arrivals.setdefault(key, time.perf_counter())
            if key in self.waiting and not self.waiting[key].done():
                self.waiting[key].set_result(None)

    async def published(self, uri: str, version: int, timeout: float = 60.0) -> float:
        """When the diagnostics of this version arrived (waiting for them, without polling)."""
        key = (uri, version)
        if key not in self.arrivals:
            self.waiting[key] = asyncio.get_running_loop().create_future()
            await asyncio.wait_for(self.waiting[key], timeout)
        return self.arrivals[key]


async def start(root: Path, log: Path | None = None) -> tuple[BenchClient, float]:
    """A connected, initialised client and the seconds from spawn to the initialize answer; with
    ``log``, the server logs there at INFO (its phase clock: :func:`phase_table`)."""
    client = BenchClient()
    began = time.perf_counter()
    await client.start_io(*SERVER, *(("--log-level", "INFO", "--log-file", str(log)) if log else ()))
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")]))
    client.initialized(types.InitializedParams())
    return client, time.perf_counter() - began


async def stop(client: BenchClient) -> None:
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


def open_doc(client: BenchClient, uri: str, text: str) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))


def body_lines(text: str) -> list[tuple[int, str]]:
    """0-based lines that start an assignment inside a function body, with their indentation."""
    lines = text.splitlines()
    return [(i, m.group(1)) for i, line in enumerate(lines)
            if (m := re.match(r"( {4,})[a-z_]\w* = ", line)) and i > 0
            and not lines[i - 1].rstrip().endswith(("(", ",", "\\"))]


def assign_positions(text: str) -> list[types.Position]:
    return [types.Position(i, len(m.group(1)))
            for i, line in enumerate(text.splitlines()) if (m := re.match(r"(\s*)[a-z_]\w* = ", line))]


async def measure_startup(root: Path, runs: int) -> tuple[list[float], list[float]]:
    to_initialize, to_diagnostics = [], []
    small = "import numpy as np\nx = np.zeros((2, 3)) @ np.zeros((4, 5))\n"
    for run in range(runs):
        uri = (root / f"startup_{run}.py").as_uri()
        began = time.perf_counter()
        client, initialize = await start(root)
        open_doc(client, uri, small)
        arrived = await client.published(uri, 1)
        to_initialize.append(initialize)
        to_diagnostics.append(arrived - began)
        await stop(client)
    return to_initialize, to_diagnostics


def package_root(path: Path) -> Path:
    """The folder above the outermost package holding ``path`` (timm/models/levit.py: the folder
    holding timm/), where an editor's workspace would be open: the same for every tree measured."""
    folder = path.parent
    while (folder / "__init__.py").is_file():
        folder = folder.parent
    return folder


def server_cpu_ms(client: BenchClient) -> float:
    """The server process's CPU time so far (user + system of all its threads, the ended ones too:
    each analysis runs in a thread of its own), from /proc in clock ticks (10 ms): an edit's share is
    read as a mean over the edits, which the ticks' rounding leaves unbiased. NaN where there is no
    /proc. Unlike the wall time of an edit, the load of the machine barely moves it."""
    try:
        fields = Path(f"/proc/{client._server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, AttributeError, IndexError, ValueError):
        return float("nan")


async def measure_file(root: Path, name: str, text: str, edits: int, hovers: int, where: Path | None = None) -> dict:
    """Edits and hovers in ``root/name`` (written there), or in the file at ``where`` as it lies in
    its project ``root`` (the workspace; edits go to the server's buffer only, never to disk)."""
    size = len(text.splitlines())
    path = where if where is not None else root / name
    if where is None:
        path.write_text(text)
    uri = path.as_uri()
    log = Path(tempfile.mkdtemp()) / "server.log"
    client, _ = await start(root, log)
    open_doc(client, uri, text)
    await client.published(uri, 1)

    rng = random.Random(0)
    candidates = body_lines(text)
    edit_ms, edit_cpu_ms, sent_at = [], [], {}
    version = 1
    loop_cpu = server_cpu_ms(client)
    for k in range(edits):
        await asyncio.sleep(0.3)   # a typing pause: each edit is a lone one (no debounce wait)
        line, indent = rng.choice(candidates)
        version += 1
        insert = f"{indent}probe_{k} = {k}\n"
        cpu_before = server_cpu_ms(client)
        sent = sent_at[version] = time.perf_counter()   # CLOCK_MONOTONIC: the server's time.monotonic
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, 0), types.Position(line, 0)), text=insert)]))
        arrived = await client.published(uri, version)
        edit_ms.append((arrived - sent) * 1000)
        client.arrivals[(uri, version)] = arrived
        edit_cpu_ms.append(server_cpu_ms(client) - cpu_before)
        text = "\n".join(text.splitlines()[:line] + [insert[:-1]] + text.splitlines()[line:]) + "\n"
        candidates = body_lines(text)
    await asyncio.sleep(0.3)
    # what the server spends between edits too (collector.py: the collections moved out of them)
    loop_cpu = (server_cpu_ms(client) - loop_cpu) / max(edits, 1)

    hover_ms, answered = [], 0
    positions = assign_positions(text)
    for _ in range(hovers):
        position = rng.choice(positions)
        sent = time.perf_counter()
        result = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), position))
        hover_ms.append((time.perf_counter() - sent) * 1000)
        answered += result is not None
    await stop(client)
    phases = edit_phases(log, sent_at, {v: client.arrivals[(uri, v)] for v in sent_at})

    # The analysis alone, as the server runs it: an incremental Project that has seen the text
    # before the last edit, re-checking after it (median of the same kind of edit as above).
    from shapecheck.api import Options, Project, check_source
    lines_now = text.splitlines()
    samples = []
    for k in range(5):
        project = Project(roots=[str(root)], options=Options(notes=True), incremental=True)
        line, _ = rng.choice(body_lines(text))
        before = "\n".join(lines_now[:line] + lines_now[line + 1:]) + "\n"
        check_source(before, str(path), project=project)
        began = time.perf_counter()
        report = check_source(text, str(path), project=project)
        samples.append((time.perf_counter() - began) * 1000)
    analysis_ms = statistics.median(samples)
    return {"name": name, "lines": size, "edit_ms": edit_ms, "edit_cpu_ms": edit_cpu_ms, "hover_ms": hover_ms,
            "hover_answered": answered, "analysis_ms": analysis_ms, "notes": len(report.notes), "phases": phases,
            "loop_cpu_ms": loop_cpu}


#: The steps of an edit, from the client's send to its receipt of the diagnostics, between the
#: stamps of the server's phase clock (``scheduler.Phases``) and the client's own two.
PHASE_STEPS = (("sent", "requested", "to the server's handler (pipe, reader thread, JSON parse)"),
               ("requested", "locked", "handler to the analysis (debounce, lock, task start)"),
               ("locked", "began", "analysis thread started"),
               ("began", "analysed", "the analysis"),
               ("analysed", "resumed", "back on the event loop"),
               ("resumed", "published", "diagnostics encoded and written"),
               ("published", "arrived", "to the client's handler (pipe, its reader, JSON parse)"))


def edit_phases(log: Path, sent_at: dict[int, float], arrived_at: dict[int, float]) -> dict[str, list[float]]:
    """Per step of :data:`PHASE_STEPS`, its ms on each edit (the server's log line of that version)."""
    stamps: dict[int, dict[str, float]] = {}
    for line in log.read_text().splitlines() if log.is_file() else []:
        m = re.search(r"phases (\d+) (.*) /", line)
        if m and int(m.group(1)) in sent_at:
            version = int(m.group(1))
            stamps[version] = {k: float(v) for k, v in (kv.split("=") for kv in m.group(2).split())}
            stamps[version].update(sent=sent_at[version], arrived=arrived_at[version])
    return {label: [(s[b] - s[a]) * 1000 for s in stamps.values()] for a, b, label in PHASE_STEPS}


#: The kinds of edit measured on a real model file (--real): a probe line typed in a layer's
#: ``forward``, in a constructor, in a module-level function (timm's model factories), or in a
#: function or method other code of the module calls (``callee``: not a constructor nor a
#: ``forward``; e.g. levit's ``get_attention_biases``, ``create_levit``, ``_cfg``).
EDIT_KINDS = ("forward", "__init__", "factory", "callee")


def kind_spots(text: str, kind: str) -> list[tuple[int, str]]:
    """0-based lines to type a probe before, with their indentation: the first statement (after a
    docstring) of each body of that kind."""
    tree = ast.parse(text)
    if kind == "factory":
        bodies = [d for d in tree.body if isinstance(d, ast.FunctionDef)]
    elif kind == "callee":
        called = {c.func.id if isinstance(c.func, ast.Name) else c.func.attr for c in ast.walk(tree)
                  if isinstance(c, ast.Call) and isinstance(c.func, (ast.Name, ast.Attribute))}
        members = [m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body]
        bodies = [f for f in tree.body + members if isinstance(f, ast.FunctionDef) and f.name in called
                  and f.name not in ("__init__", "forward")]
    else:
        bodies = [m for c in tree.body if isinstance(c, ast.ClassDef)
                  for m in c.body if isinstance(m, ast.FunctionDef) and m.name == kind]
    spots = []
    for fn in bodies:
        body = fn.body[1:] if isinstance(fn.body[0], ast.Expr) and isinstance(fn.body[0].value, ast.Constant) else fn.body
        if body:
            spots.append((body[0].lineno - 1, " " * body[0].col_offset))
    return spots


def measure_edit_kinds(path: Path, text: str, per_kind: int, root: Path) -> dict:
    """Per kind of edit: CPU time of the re-check (``time.process_time``) and bodies run, in one
    incremental Project with the server's options, each edit undone before the next (as typing a
    line and deleting it again)."""
    from shapecheck.absint.driver import calls
    from shapecheck.api import Project, check_source
    from shapecheck.lsp.settings import Settings, options_for

    ran = [0]
    run_body = calls._run_body

    def counted(interp, fn, frame):
        ran[0] += 1
        return run_body(interp, fn, frame)

    calls._run_body = counted
    try:
        project = Project(roots=[str(root)], incremental=True, options=options_for(Settings()))
        check_source(text, str(path), project=project)
        lines = text.splitlines()
        out = {}
        for kind in EDIT_KINDS:
            spots = random.Random(0).sample(kind_spots(text, kind), min(per_kind, len(kind_spots(text, kind))))
            cpu, bodies = [], []
            for k, (line, indent) in enumerate(spots):
                edited = "\n".join(lines[:line] + [f"{indent}probe_{k} = {k}"] + lines[line:]) + "\n"
                ran[0] = 0
                began = time.process_time()
                check_source(edited, str(path), project=project)
                cpu.append((time.process_time() - began) * 1000)
                bodies.append(ran[0])
                check_source(text, str(path), project=project)
            if cpu:
                out[kind] = (statistics.median(cpu), min(bodies), max(bodies), statistics.median(bodies), len(cpu))
        return out
    finally:
        calls._run_body = run_body


def kinds_table(name: str, kinds: dict) -> str:
    rows = ["", "", f"| {name}: one edit, re-checked in-process (CPU) | median CPU | bodies run (median, range) | edits |",
            "|---|---:|---:|---:|"]
    rows += [f"| in {kind} | {ms:.1f} ms | {median:.0f} ({lo}-{hi}) | {n} |"
             for kind, (ms, lo, hi, median, n) in kinds.items()]
    return "\n".join(rows)


def table(startup: tuple[list[float], list[float]], files: list[dict]) -> str:
    init, first = startup
    rows = ["| measure | median | p90 | goal |", "|---|---|---|---|",
            f"| start-up: spawn to `initialize` answer | {statistics.median(init) * 1000:.0f} ms | "
            f"{max(init) * 1000:.0f} ms (max) | |",
            f"| start-up: spawn to first diagnostics (2-line file) | {statistics.median(first) * 1000:.0f} ms | "
            f"{max(first) * 1000:.0f} ms (max) | |"]
    for f in files:
        p90 = lambda xs: sorted(xs)[int(0.9 * (len(xs) - 1))]  # noqa: E731
        goal = f"< {GOALS['edit_1000']:.0f} ms" if f["lines"] < 2000 else ""
        rows.append(f"| {f['name']}, {f['lines']} lines: `didChange` to diagnostics | {statistics.median(f['edit_ms']):.0f} ms "
                    f"| {p90(f['edit_ms']):.0f} ms | {goal} |")
        for label, ms in f["phases"].items():
            if ms:
                rows.append(f"| {f['name']}: of which {label} | {statistics.median(ms):.1f} ms | {p90(ms):.1f} ms | |")
        rows.append(f"| {f['name']}: the server's CPU per `didChange` (all its threads, /proc; mean) | "
                    f"{statistics.mean(f['edit_cpu_ms']):.0f} ms | | |")
        rows.append(f"| {f['name']}: the server's CPU per edit, the time between edits included | "
                    f"{f['loop_cpu_ms']:.0f} ms | | |")
        rows.append(f"| {f['name']}: hover ({f['hover_answered']}/{len(f['hover_ms'])} answered) | "
                    f"{statistics.median(f['hover_ms']):.1f} ms | {p90(f['hover_ms']):.1f} ms | "
                    f"< {GOALS['hover']:.0f} ms |")
        rows.append(f"| {f['name']}: re-check after one edit, in-process, incremental (reference) | "
                    f"{f['analysis_ms']:.0f} ms | | |")
    return "\n".join(rows)


def notes(files: list[dict]) -> str:
    """What the figures mean: how much of an edit's latency is the analysis itself."""
    import os
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [f"Machine: {os.cpu_count()} CPUs, load average {load:.1f} while measuring; Python "
             f"{sys.version.split()[0]}."]
    for f in files:
        edit = statistics.median(f["edit_ms"])
        lines.append(f"- {f['lines']} lines: {edit:.0f} ms from `didChange` to diagnostics in the server; the "
                     f"reference re-check in-process takes {f['analysis_ms']:.0f} ms (a fresh Project that "
                     "checked the text before the edit once, so its per-statement caches are cold; the "
                     "server's are warm from earlier edits).")
    lines.append("- The server re-analyses only the changed document and the open documents that import it, "
                 "with one shared `Project`; how much of that file is re-analysed is the analyzer's "
                 "choice (`Project.cache`).")
    return "\n".join(lines)


async def measure_cached_open(root: Path, name: str, text: str) -> tuple[float, float]:
    """Spawn to first diagnostics of opening ``name``: with no cache, then after ``shapecheck
    check`` filled the project's ``.shapecheck_cache/`` (the server reads it on start-up)."""
    import shutil
    import subprocess

    path = root / name
    path.write_text(text)
    times = []
    for cached in (False, True):
        shutil.rmtree(root / ".shapecheck_cache", ignore_errors=True)
        if cached:
            # from the checkout (as the server runs), the file by its absolute path: the root is its folder
            subprocess.run([sys.executable, "-m", "shapecheck", "check", str(path), "-j", "1", "--exit-zero"],
                           cwd=Path(__file__).resolve().parents[1], capture_output=True, check=True)
        began = time.perf_counter()
        client, _ = await start(root)
        open_doc(client, path.as_uri(), text)
        times.append(await client.published(path.as_uri(), 1) - began)
        await stop(client)
    shutil.rmtree(root / ".shapecheck_cache", ignore_errors=True)
    return times[0], times[1]


async def run(args) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp).resolve()
        startup = await measure_startup(root, args.startups)
        files = [await measure_file(root, f"generated_{n}.py", generate_module(random.Random(n), 1, n),
                                    args.edits, args.hovers) for n in (1000, 5000) if not args.real_only]
        opened, kinds = [], ""
        for real in args.real:
            text = Path(real).read_text(encoding="utf-8")
            # where it lies, its project's root the workspace (as an editor opens it): its imports of
            # the project's modules resolve (a copy in a temporary folder resolves none of them)
            where = Path(real).resolve()
            home = Path(args.workspace).resolve() if args.workspace else package_root(where)
            files.append(await measure_file(home, Path(real).name, text, args.edits, args.hovers, where))
            opened.append((Path(real).name, len(text.splitlines()),
                           *await measure_cached_open(root, "opened_" + Path(real).name, text)))
            kinds += kinds_table(Path(real).name, measure_edit_kinds(where, text, args.edits, home))
    return table(startup, files) + cached_table(opened) + kinds + "\n\n" + notes(files)


def cached_table(opened: list[tuple[str, int, float, float]]) -> str:
    if not opened:
        return ""
    rows = ["", "", "| opening a file: spawn to first diagnostics | no cache | after `shapecheck check` |",
            "|---|---:|---:|"]
    rows += [f"| {name} ({lines:,} lines) | {cold * 1000:.0f} ms | {warm * 1000:.0f} ms |"
             for name, lines, cold, warm in opened]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=15)
    parser.add_argument("--hovers", type=int, default=40)
    parser.add_argument("--startups", type=int, default=3)
    parser.add_argument("--real", action="append", default=[], metavar="FILE",
                        help="also measure edits to this real file, and opening it with and without the cache")
    parser.add_argument("--workspace", metavar="DIR",
                        help="the workspace of the --real files (default: the folder above each one's outermost "
                             "package; a transformers model in its project is minutes per edit today, its "
                             "own folder is not)")
    parser.add_argument("--real-only", action="store_true",
                        help="measure the --real files alone (not the generated 1,000- and 5,000-line ones)")
    parser.add_argument("--write", help="also write the table into this Markdown file")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    print(result)
    if args.write:
        command = "python benchmarks/bench_lsp.py" + "".join(
            f" --{k} {getattr(args, k)}" for k in ("edits", "hovers", "startups")) + "".join(
            f" --real {real}" for real in args.real) + (" --real-only" if args.real_only else "") + (
            f" --workspace {args.workspace}" if args.workspace else "")
        Path(args.write).write_text(f"# `shapecheck lsp` latency\n\nCommand: `{command}`\n\n{result}\n")


if __name__ == "__main__":
    main()
