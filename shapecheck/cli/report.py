"""`shapecheck report PATH... -o DIR`: write the HTML shape report (``html_report.py``) for files and folders.

Files are found as `check` finds them (excludes, .gitignore, notebooks) and analysed in this
process with shape notes on; a notebook's page shows the module its code cells make (magics
blanked), with its findings on their module lines. Exit status: 0 written, 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import shutil
from dataclasses import replace
from pathlib import Path

from .. import api
from ..constraints.solver import solver_missing
from ..report.notebook import Notebook
from .command import EXIT_OK, Failure, print_note
from .config import ConfigError, find_config
from .discovery import Excludes, PathNotFound, discover
from .html_report import build_site
from .root import common_folder, project_roots


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Write a static HTML site showing every inferred shape of the given files: the "
                          "source with shapes on hover and in the margin, unknown values highlighted, errors "
                          "and holes marked, coverage per file and in total, and each function's data flow.")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and folders (default: .)")
    parser.add_argument("-o", "--output", metavar="DIR", required=True, help="the folder to write the site to")
    parser.add_argument("--dot", metavar="PATH",
                        help="Graphviz dot to draw the data-flow graphs (default: `dot` on PATH; without it, "
                             "shapecheck draws them itself)")


def run(args: argparse.Namespace) -> int:
    paths = args.paths or ["."]
    missing = solver_missing()
    if missing is not None:
        raise Failure(missing)
    try:
        config = find_config(common_folder(paths))
        excludes = Excludes.build(config.root if config else Path.cwd(), config.exclude if config else None,
                                  config.extend_exclude if config else ())
        options = api.Options(notes=True)
        checked = []   # (project, file): each named path from its project's root (root.py)
        for root, named in project_roots(paths, config.root if config else None):
            project = api.Project.at_root(root, options)
            checked += [(project, path) for path in discover(named, excludes=excludes)]
    except (ConfigError, PathNotFound) as error:
        raise Failure(str(error) if isinstance(error, ConfigError) else
                      "no such file or directory: " + ", ".join(error.paths)) from None
    reports, sources = [], {}
    for project, path in checked:
        try:
            data = api.read_source(path)
        except OSError as error:
            data = b""
            print_note(f"cannot read {path}: {error.strerror or error}")
        report = api.check_source(data, path, project=project, options=options)
        if isinstance(report.notebook, Notebook):
            report = _in_module_lines(report, report.notebook)
        sources[path] = report.source or ""
        reports.append(report)
    site = build_site(reports, sources, dot=args.dot)
    out = Path(args.output)
    try:
        if (out / "files").is_dir():
            shutil.rmtree(out / "files")   # pages of files no longer in the report
        for name, text in site.pages.items():
            target = out / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise Failure(f"cannot write {out}: {error.strerror or error}") from None
    drawn = " and ".join(sorted(site.drawn_with)) or "nothing to draw"
    print_note(f"wrote {len(site.files)} file page{'s' if len(site.files) != 1 else ''} to "
               f"{os.path.join(args.output, 'index.html')} (data-flow graphs: {drawn})")
    return EXIT_OK


def _in_module_lines(report: api.FileReport, notebook: Notebook) -> api.FileReport:
    """A notebook's report back in the lines of its module text (what its page shows)."""
    report.diagnostics = [_to_module(d, notebook) for d in report.diagnostics]
    report.notes = [replace(n, span=notebook.to_module(n.span)) for n in report.notes]
    return report


def _to_module(d: api.Diagnostic, notebook: Notebook) -> api.Diagnostic:
    return replace(d, span=notebook.to_module(d.span))
