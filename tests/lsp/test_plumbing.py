"""The server's protocol plumbing, against a scripted analyzer (see scripted_server.py).

What is tested here does not depend on what the analysis finds: positions, versions, throttling,
deadlines, cancellation, configuration, actions, cross-file re-checks, bad input.
"""

from __future__ import annotations

import asyncio
import time

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from lsp_session import SCRIPTED, session, uri_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

MODEL = '''\
import numpy as np
x = np.zeros((3, 4))  # shape: (3, 4) float64
s = "é𝄞"; y = x @ x  # expect SC102: matmul: x is (3, 4) but x is (3, 4): 4 != 3  # related: 2: x made here
def f(a):  # sig: (a: (n,)) -> (n,)
    return a
z = np.zeros((HOLE, 2))  # hole: 784
'''


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("plumbing")
    (root / "model.py").write_text(MODEL, encoding="utf-8")
    return root


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared(workspace):
    """One server for the tests that need no settings of their own (each opens its own files)."""
    async with session(SCRIPTED, workspace) as client:
        yield client


def fresh_uri(workspace, name: str) -> str:
    return uri_of(workspace / name)


async def test_diagnostics_carry_code_severity_related_link_and_utf16_range(workspace, shared):
    uri = fresh_uri(workspace, "diag.py")
    client = shared
    client.open(uri, MODEL)
    diags = await client.diagnostics_for(uri, lambda ds: len(ds) == 2)
    error = next(d for d in diags if d.code == "SC102")
    assert error.severity == types.DiagnosticSeverity.Error
    assert error.source == "shapecheck"
    assert "sc102" in error.code_description.href
    # 's = "é𝄞"; y = x @ x': the code starts at character 0; 𝄞 is two UTF-16 units, so the end of
    # the code (character 19) is unit 20.
    assert (error.range.start.line, error.range.start.character) == (2, 0)
    assert (error.range.end.line, error.range.end.character) == (2, 20)
    [related] = error.related_information
    assert related.location.uri == uri and related.location.range.start.line == 1
    assert related.message == "x made here"
    hole = next(d for d in diags if d.code == "SC302")
    assert hole.severity == types.DiagnosticSeverity.Information


async def test_hover_shows_shape_of_name_value_and_signature(workspace, shared):
    uri = fresh_uri(workspace, "hover.py")
    client = shared
    client.open(uri, MODEL)

    async def hover(line, character):
        return await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(line, character)))

    on_name = await hover(1, 0)
    assert "x: (3, 4) float64" in on_name.contents.value
    assert on_name.range == types.Range(types.Position(1, 0), types.Position(1, 1))
    after_name = await hover(1, 1)  # the caret just after "x"
    assert "x: (3, 4) float64" in after_name.contents.value
    on_value = await hover(1, 10)
    assert "np.zeros((3, 4)): (3, 4) float64" in on_value.contents.value
    on_def = await hover(3, 5)
    assert "def f(a: (n,)) -> (n,)" in on_def.contents.value
    on_error = await hover(2, 10)
    assert "SC102" in on_error.contents.value and "contraction-mismatch" in on_error.contents.value
    assert await hover(4, 6) is None                      # nothing known about `return a`
    assert await hover(99, 0) is None                     # past the last line
    assert await hover(1, 500) is None                    # past the end of the line: clamped
    assert "x: (3, 4)" in (await hover(1, 0)).contents.value
    with pytest.raises(JsonRpcException) as negative:   # not a valid Position: InvalidParams
        await client.raw_request("negative", types.TEXT_DOCUMENT_HOVER, {
            "textDocument": {"uri": uri}, "position": {"line": -1, "character": -5}})
    assert negative.value.code == -32602
    missing = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri_of(workspace / "nowhere.py")), types.Position(0, 0)))
    assert missing is None


async def test_a_hover_while_the_text_is_analysed_answers_from_the_last_analysis(workspace):
    """As pyright does: a line the edit left alone is answered at once from the analysis before the
    edit (saying so), at its place in the current text; a line the edit touched waits for the new
    analysis; once that is done, hovers answer from it alone.

    The new text's analysis is under way until the test releases it (``# hold``), and its deadline
    is far off: what each hover meets does not depend on how fast the machine is."""
    uri = fresh_uri(workspace, "earlier.py")
    release = workspace / "earlier.release"
    async with session(SCRIPTED, workspace, init_options={"analysisTimeoutMs": 600_000}) as client:
        client.open(uri, MODEL)
        await client.diagnostics_for(uri, lambda ds: len(ds) == 2)

        async def hover(line, character):
            return await client.text_document_hover_async(types.HoverParams(
                types.TextDocumentIdentifier(uri), types.Position(line, character)))

        held = "w = 0  # hold: earlier.release\n" + MODEL   # a line typed above everything, under analysis
        client.replace(uri, held, 2)
        on_name = await hover(2, 0)   # x's line, now the third
        assert "x: (3, 4) float64" in on_name.contents.value and "before the last edit" in on_name.contents.value
        assert on_name.range == types.Range(types.Position(2, 0), types.Position(2, 1))
        assert "def f(a: (n,)) -> (n,)" in (await hover(4, 5)).contents.value
        typed = asyncio.ensure_future(hover(0, 0))   # the typed line: it waits for the new analysis
        release.write_text("")
        typed = await typed
        assert typed is None or "before the last edit" not in typed.contents.value
        await client.diagnostics_for(uri, lambda ds: [p.version for p in client.published if p.uri == uri][-1] == 2)
        after = await hover(2, 0)
        assert "x: (3, 4) float64" in after.contents.value and "before the last edit" not in after.contents.value


async def test_inlay_hints_follow_the_configured_mode(workspace):
    uri = uri_of(workspace / "model.py")
    everything = types.Range(types.Position(0, 0), types.Position(100, 0))
    async with session(SCRIPTED, workspace, init_options={"inlayHints": "all"}) as client:
        client.open(uri, MODEL)

        async def labels():
            hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
                types.TextDocumentIdentifier(uri), everything))
            return [(h.position.line, h.position.character, h.label) for h in hints]

        assert await labels() == [(1, 1, ": (3, 4) float64"), (1, 20, ": (3, 4) float64")]
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"shapecheck": {"inlayHints": "assignments"}}))
        await asyncio.sleep(0.05)
        assert await labels() == [(1, 1, ": (3, 4) float64")]
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"shapecheck": {"inlayHints": "off"}}))
        await asyncio.sleep(0.05)
        assert await labels() == []
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"shapecheck": {"inlayHints": "sideways"}}))   # invalid: dropped, logged, and
        await asyncio.sleep(0.05)                                   # the initializationOptions rule
        assert len(await labels()) == 2
        assert any("sideways" in m.message for m in client.log_messages)


async def test_code_actions_fill_hole_assert_shape_and_ignore(workspace, shared):
    uri = fresh_uri(workspace, "actions.py")
    client = shared
    client.open(uri, MODEL)

    async def actions(line, start, end):
        found = await client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            types.Range(types.Position(line, start), types.Position(line, end)),
            types.CodeActionContext(diagnostics=[])))
        return {a.title: a for a in found}

    def edit_of(action):
        [edit] = action.edit.changes[uri]
        return (edit.range.start.line, edit.range.start.character,
                edit.range.end.line, edit.range.end.character, edit.new_text)

    hole = await actions(5, 15, 15)
    fill = hole["Fill the hole with 784"]
    assert fill.kind == types.CodeActionKind.QuickFix and fill.is_preferred
    assert edit_of(fill) == (5, 14, 5, 18, "784")
    assert fill.diagnostics[0].code == "SC302"

    assign = await actions(1, 0, 0)
    [title] = [t for t in assign if t.startswith("Assert")]
    assert edit_of(assign[title]) == (2, 0, 2, 0, "assert x.shape == (3, 4)\n")

    error = await actions(2, 12, 12)
    ignore = error["Ignore SC102 on this line"]
    line = MODEL.splitlines()[2]
    assert edit_of(ignore)[:2] == (2, len(line) + 1)  # after the line's text, in UTF-16 units
    assert edit_of(ignore)[4] == "  # shapecheck: ignore[SC102]"

    only_fixes = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), types.Range(types.Position(1, 0), types.Position(1, 0)),
        types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.QuickFix])))
    assert list(only_fixes) == []


async def test_rapid_edits_publish_only_the_latest_version(workspace, tmp_path):
    log = tmp_path / "analyses.log"
    uri = uri_of(workspace / "model.py")
    async with session(SCRIPTED, workspace, env={"SCRIPTED_LOG": str(log)}) as client:
        client.open(uri, "x = 1  # sleep: 0.05\n")
        await client.diagnostics_for(uri)
        for version in range(2, 32):
            client.replace(uri, f"x = {version}  # sleep: 0.05\ny = 0  # expect SC101: v{version}\n", version)
            await asyncio.sleep(0.005)
        diags = await client.diagnostics_for(uri, lambda ds: [d.message for d in ds] == ["v31"])
    versions = [p.version for p in client.published if p.uri == uri]
    assert versions == sorted(versions) and versions[-1] == 31
    analyses = log.read_text().splitlines()
    assert len(analyses) < 10, analyses   # 31 versions, coalesced
    assert diags[0].code == "SC101"


async def test_a_slow_analysis_is_never_published_over_newer_text(workspace):
    uri = uri_of(workspace / "model.py")
    async with session(SCRIPTED, workspace, init_options={"debounceMs": 0}) as client:
        client.open(uri, "x = 1  # sleep: 0.4\ny = 0  # expect SC101: old\n")
        await asyncio.sleep(0.1)   # the analysis of version 1 is under way
        client.replace(uri, "y = 0  # expect SC101: new\n", 2)
        await client.diagnostics_for(uri, lambda ds: [d.message for d in ds] == ["new"])
        await asyncio.sleep(0.5)
    assert [p.version for p in client.published if p.uri == uri] == [2]


async def test_an_analysis_past_its_deadline_publishes_what_it_found_and_says_so(workspace):
    slow, quick = uri_of(workspace / "slow.py"), uri_of(workspace / "quick.py")
    async with session(SCRIPTED, workspace, init_options={"analysisTimeoutMs": 300}) as client:
        started = time.monotonic()
        client.open(slow, "y = 0  # expect SC101: early\nx = 1  # sleep: 30\nz = 0  # expect SC101: late\n")
        diags = await client.diagnostics_for(slow)
        assert time.monotonic() - started < 10.0   # not the 30 s the whole analysis would take
        assert [(d.code, d.severity, d.range.start.line) for d in diags] == [
            ("SC101", types.DiagnosticSeverity.Error, 0), ("SC006", types.DiagnosticSeverity.Information, 1)]
        assert "0.3 s limit" in diags[1].message
        assert any("deadline" in m.message for m in client.log_messages)
        hover = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(slow), types.Position(0, 0)))
        assert hover is not None and "SC101" in hover.contents.value   # answered from what it found
        client.open(quick, "y = 0  # expect SC101: quick\n")
        await client.diagnostics_for(quick, lambda ds: len(ds) == 1)   # the project was kept, not stuck
        assert time.monotonic() - started < 15.0


async def test_an_analysis_that_does_not_stop_leaves_the_last_diagnostics_with_a_note(workspace):
    uri = uri_of(workspace / "stuck.py")
    async with session(SCRIPTED, workspace, init_options={"analysisTimeoutMs": 300}) as client:
        client.open(uri, "y = 0  # expect SC101: first\n")
        await client.diagnostics_for(uri, lambda ds: [d.message for d in ds] == ["first"])
        client.replace(uri, "y = 0  # expect SC101: second\nx = 1  # stuck: 3\n", 2)
        diags = await client.diagnostics_for(uri, lambda ds: len(ds) == 2)
        assert [d.message for d in diags][0] == "first"          # the last good ones stay...
        assert diags[1].code == "SC006" and "did not finish within 0.3 s" in diags[1].message   # ...marked
        assert client.published[-1].version == 2                  # a client waiting on version 2 is answered
        client.replace(uri, "y = 0  # expect SC101: third\n", 3)   # the stuck thread still runs: a fresh project
        await client.diagnostics_for(uri, lambda ds: [d.message for d in ds] == ["third"])


async def test_cancel_request_answers_cancelled_and_the_server_carries_on(workspace, shared):
    uri = fresh_uri(workspace, "cancel.py")
    client = shared
    client.open(uri, "x = 1  # shape: (1,)\n  # sleep: 1\n")
    request = asyncio.ensure_future(client.protocol.send_request_async(types.TEXT_DOCUMENT_HOVER,
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 0)), msg_id="hover-to-cancel"))
    await asyncio.sleep(0.1)
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="hover-to-cancel"))
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(request, 5)
    assert raised.value.code == types.LSPErrorCodes.RequestCancelled
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="never-sent"))
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(0, 0)))
    assert "(1,)" in hover.contents.value


async def test_bad_requests_get_errors_not_crashes(workspace, shared):
    uri = fresh_uri(workspace, "bad.py")
    client = shared
    client.open(uri, MODEL)
    with pytest.raises(JsonRpcException) as unknown:
        await client.protocol.send_request_async("shapecheck/noSuchMethod", {"a": 1})
    assert unknown.value.code == -32601   # MethodNotFound
    client.protocol.notify("shapecheck/noSuchNotification", {"a": 1})
    with pytest.raises(JsonRpcException):
        await client.raw_request("bad-params", types.TEXT_DOCUMENT_HOVER, {"textDocument": 5})
    with pytest.raises(JsonRpcException):
        await client.raw_request("no-params", types.TEXT_DOCUMENT_CODE_ACTION, None)
    client.protocol.writer.write(b"Content-Length: 9\r\n\r\n{not json")
    client.protocol.writer.write(b'Content-Length: 2\r\n\r\n[]')
    client.text_document_did_change(types.DidChangeTextDocumentParams(   # a change to an unopened file
        types.VersionedTextDocumentIdentifier(uri=uri_of(workspace / "ghost.py"), version=3),
        [types.TextDocumentContentChangeWholeDocument(text="x = 1\n")]))
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(1, 0)))
    assert "(3, 4)" in hover.contents.value


async def test_a_change_rechecks_the_open_files_that_import_it(workspace, tmp_path):
    log = tmp_path / "analyses.log"
    (workspace / "helpers.py").write_text("def f():\n    pass\n")
    main, helpers, other = (uri_of(workspace / n) for n in ("main.py", "helpers.py", "other.py"))
    async with session(SCRIPTED, workspace, env={"SCRIPTED_LOG": str(log)}) as client:
        client.open(main, "from helpers import f\n")
        client.open(other, "import numpy\n")
        client.open(helpers, "def f():\n    pass\n")
        await client.diagnostics_for(main)
        await client.diagnostics_for(other)
        await client.diagnostics_for(helpers)
        before = log.read_text().splitlines()
        client.replace(helpers, "def f():  # broken\n    pass\n", 2)   # unsaved: main sees the buffer
        diags = await client.diagnostics_for(main, lambda ds: [d.code for d in ds] == ["SC110"])
        assert diags[0].message == "helpers is broken"
        await asyncio.sleep(0.2)
        after = log.read_text().splitlines()[len(before):]
        assert sorted(line.split()[0].rsplit("/", 1)[1] for line in after) == ["helpers.py", "main.py"]
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(helpers)))
        await client.diagnostics_for(main, lambda ds: len(ds) == 0)   # back to the file on disk


async def test_a_change_on_disk_rechecks_the_open_files_that_import_it(tmp_path):
    (tmp_path / "helpers.py").write_text("def f():\n    pass\n")
    main = uri_of(tmp_path / "main.py")
    async with session(SCRIPTED, tmp_path, capabilities="visual-studio-code") as client:
        client.open(main, "from helpers import f\n")
        await client.diagnostics_for(main, lambda ds: len(ds) == 0)
        (tmp_path / "helpers.py").write_text("def f():  # broken\n    pass\n")
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=uri_of(tmp_path / "helpers.py"), type=types.FileChangeType.Changed)]))
        await client.diagnostics_for(main, lambda ds: [d.code for d in ds] == ["SC110"])


async def test_pull_diagnostics_for_clients_that_pull(workspace):
    uri = uri_of(workspace / "model.py")
    async with session(SCRIPTED, workspace, capabilities="neovim@v0.10.0") as client:
        client.open(uri, MODEL)
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            types.TextDocumentIdentifier(uri)))
        assert report.kind == "full" and sorted(d.code for d in report.items) == ["SC102", "SC302"]
        again = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            types.TextDocumentIdentifier(uri), previous_result_id=report.result_id))
        assert again.kind == "unchanged"
        await asyncio.sleep(0.2)
    assert client.published == []   # a pulling client is not pushed to as well
