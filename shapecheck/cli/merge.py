"""`shapecheck merge FILE...`: join the outputs of `shapecheck check --shard i/N` jobs into one.

Each FILE is a `--output-format json` list or a `--output-format sarif` log (all of one kind);
the joined document goes to stdout in that format, its findings in the order `check` prints them
(by path, line, column, code and message), so merging the shards of a run gives what the
unsharded run prints. SARIF results are gathered into the first log's run, their ``ruleIndex``
re-pointed at its rules.

Exit status, as `check`'s: 0 no errors, 1 errors (with --strict: or warnings; --exit-zero: 0),
2 a file that cannot be read or is not a shapecheck JSON / SARIF output, 101 an internal error
(SC003) in some shard.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from typing import Any

from .command import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, Failure

_SARIF_SEVERITY = {"error": "error", "warning": "warning", "note": "info"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Join the JSON or SARIF outputs of `shapecheck check --shard` jobs (to stdout)."
    parser.add_argument("files", nargs="+", metavar="FILE", help="outputs of shapecheck check (json or sarif)")
    parser.add_argument("--strict", action="store_true", help="warnings fail the run too (as check --strict)")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings are present")


def run(args: argparse.Namespace) -> int:
    documents = [_read(path) for path in args.files]
    kinds = {_kind(path, document) for path, document in zip(args.files, documents)}
    if len(kinds) > 1:
        raise Failure("cannot merge JSON and SARIF outputs together")
    if kinds == {"json"}:
        findings = merge_json(documents)
        sys.stdout.write(json.dumps(findings, indent=2) + "\n")
        outcomes = [(f.get("code"), f.get("severity")) for f in findings]
    else:
        log = merge_sarif(documents)
        sys.stdout.write(json.dumps(log, indent=2) + "\n")
        outcomes = [(r.get("ruleId"), _SARIF_SEVERITY.get(r.get("level", "warning"), "warning"))
                    for run_ in log["runs"] for r in run_.get("results", [])]
    if any(code == "SC003" for code, _ in outcomes):
        return EXIT_INTERNAL
    failing = {"error", "warning"} if args.strict else {"error"}
    if any(severity in failing for _, severity in outcomes) and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK


def merge_json(documents: list[list[dict]]) -> list[dict]:
    """The findings of every list, in `check`'s order."""
    findings = [finding for document in documents for finding in document]
    return sorted(findings, key=lambda f: (f.get("path", ""), f.get("line", 0), f.get("column", 0),
                                           f.get("code", ""), f.get("message", "")))


def merge_sarif(documents: list[dict]) -> dict:
    """One log: the first log's first run, holding every run's results."""
    log = copy.deepcopy(documents[0])
    base = log["runs"][0]
    rules = base.get("tool", {}).get("driver", {}).get("rules", [])
    rule_index = {rule.get("id"): index for index, rule in enumerate(rules)}
    results = []
    for document in documents:
        for run_ in document["runs"]:
            for result in run_.get("results", []):
                result = copy.deepcopy(result)
                result.pop("ruleIndex", None)
                if result.get("ruleId") in rule_index:
                    result["ruleIndex"] = rule_index[result["ruleId"]]
                results.append(result)
    base["results"] = sorted(results, key=_sarif_order)
    log["runs"] = [base]
    return log


def _sarif_order(result: dict) -> tuple:
    location = (result.get("locations") or [{}])[0].get("physicalLocation", {})
    region = location.get("region", {})
    return (location.get("artifactLocation", {}).get("uri", ""), region.get("startLine", 0),
            region.get("startColumn", 0), result.get("ruleId", ""), result.get("message", {}).get("text", ""))


def _read(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise Failure(f"cannot read {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise Failure(f"{path}: not JSON ({error})") from None


def _kind(path: str, document: Any) -> str:
    if isinstance(document, list) and all(isinstance(f, dict) for f in document):
        return "json"
    if (isinstance(document, dict) and isinstance(document.get("runs"), list) and document["runs"]
            and all(isinstance(r, dict) and isinstance(r.get("results", []), list) for r in document["runs"])):
        return "sarif"
    raise Failure(f"{path}: neither a shapecheck JSON list nor a SARIF log")
