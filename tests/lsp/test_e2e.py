"""End to end: a real LSP client speaking to `python -m shapecheck.lsp.server` with the real analyzer."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from lsp_session import REAL, session, uri_of
from shapecheck.api import check_source

pytestmark = pytest.mark.asyncio(loop_scope="module")

MODEL = '''\
import numpy as np
from shapecheck import HOLE


def f(a):
    assert a.shape == (4, 5)
    return a.sum(axis=0)


x = np.zeros((8, 784))
w = np.zeros((100, 10))
y = x @ w
z = np.ones((6, 5)).reshape(HOLE, 3)
s = f(np.ones((4, 5)))
'''
LINES = MODEL.splitlines()


def position_of(text: str, occurrence: int = 0) -> types.Position:
    """The position of the start of ``text`` in MODEL (its ``occurrence``-th appearance)."""
    hits = [(n, line.index(text)) for n, line in enumerate(LINES) if text in line]
    return types.Position(*hits[occurrence])


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return tmp_path_factory.mktemp("e2e")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared(root):
    """One server for the tests that need no settings of their own (each opens its own file)."""
    async with session(REAL, root) as client:
        yield client


@pytest.fixture
def model(root, request):
    path = root / f"{request.node.name[:40]}.py"
    path.write_text(MODEL, encoding="utf-8")
    return uri_of(path)


async def test_diagnostics_hover_and_hints_from_the_real_analyzer(shared, model):
    client = shared
    client.open(model, MODEL)
    diags = await client.diagnostics_for(model, lambda ds: any(d.code == "SC102" for d in ds))
    matmul = next(d for d in diags if d.code == "SC102")
    assert matmul.severity == types.DiagnosticSeverity.Error
    assert "784 != 100" in matmul.message
    assert matmul.range.start == position_of("x @ w")
    assert matmul.code_description.href

    async def hover(position):
        return await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(model), position))

    on_x = await hover(position_of("x = "))
    assert "(8, 784)" in on_x.contents.value and "float64" in on_x.contents.value
    on_s = await hover(position_of("s = "))
    assert "(5,)" in on_s.contents.value
    on_def = await hover(types.Position(4, 4))
    assert "def f(a: (4, 5)) -> (5,)" in on_def.contents.value
    assert await hover(types.Position(400, 0)) is None
    assert await hover(types.Position(0, 4000)) is None

    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        types.TextDocumentIdentifier(model), types.Range(types.Position(0, 0), types.Position(len(LINES), 0))))
    labels = {(h.position.line, h.label) for h in hints}
    assert (9, ": (8, 784) float64") in labels and (13, ": (5,) float64") in labels


async def test_hover_shows_the_cost_of_a_line(shared, model):
    client = shared
    client.open(model, MODEL)
    await client.diagnostics_for(model, lambda ds: any(d.code == "SC102" for d in ds))
    on_sum = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(model), position_of("a.sum")))
    # f's body makes a (4, 5): the sum reads 20 elements (float32: 80 bytes), writes 5
    assert "cost: 20 FLOPs, 80 bytes read, 20 written (sum)" in on_sum.contents.value


async def test_code_actions_from_the_real_analyzer(shared, model):
    client = shared
    client.open(model, MODEL)
    await client.diagnostics_for(model, lambda ds: any(d.code == "SC302" for d in ds))

    async def titles_and_edits(position):
        found = await client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(model), types.Range(position, position),
            types.CodeActionContext(diagnostics=[])))
        return {a.title: a.edit.changes[model][0] for a in found}

    hole = await titles_and_edits(position_of("HOLE, 3"))
    [fill] = [edit for title, edit in hole.items() if "HOLE" in title and "10" in title]
    assert fill.new_text == "10" and fill.range.start == position_of("HOLE, 3")

    on_x = await titles_and_edits(position_of("x = "))
    [assertion] = [edit for title, edit in on_x.items() if title.startswith("Assert")]
    assert assertion.new_text == "assert x.shape == (8, 784)\n"
    assert assertion.range.start == types.Position(10, 0)

    on_error = await titles_and_edits(position_of("x @ w"))
    assert on_error["Ignore SC102 on this line"].new_text == "  # shapecheck: ignore[SC102]"


async def test_syntax_error_while_typing_then_fixed(shared, model):
    client = shared
    client.open(model, MODEL)
    await client.diagnostics_for(model, lambda ds: any(d.code == "SC102" for d in ds))
    broken = MODEL.replace("y = x @ w", "y = x @ (w")
    client.replace(model, broken, 2)
    # the broken statement costs itself (its SC102 goes with it), not the file (the hole is still seen)
    diags = await client.diagnostics_for(model, lambda ds: [d.code for d in ds] == ["SC001", "SC302"])
    assert diags[0].range.start.line == 11
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(model), position_of("x = ")))
    assert hover is None or "SC001" not in hover.contents.value   # no stale shapes, no crash
    client.replace(model, MODEL.replace("(100, 10)", "(784, 10)"), 3)
    await client.diagnostics_for(model, lambda ds: all(d.code != "SC001" for d in ds)
                                 and not any(d.code == "SC102" for d in ds))
    assert [p.version for p in client.published if p.uri == model][-1] == 3


async def test_cross_file_change_rechecks_the_importer(tmp_path):
    # its own server: its workspace root is its own folder
    (tmp_path / "helpers.py").write_text(
        "import numpy as np\n\ndef project(x):\n    w = np.zeros((784, 10))\n    return x @ w\n")
    main_text = "import numpy as np\nfrom helpers import project\n\ny = project(np.zeros((8, 784)))\n"
    (tmp_path / "main.py").write_text(main_text)
    main, helpers = uri_of(tmp_path / "main.py"), uri_of(tmp_path / "helpers.py")
    async with session(REAL, tmp_path) as client:
        client.open(main, main_text)
        client.open(helpers, (tmp_path / "helpers.py").read_text())
        await client.diagnostics_for(main, lambda ds: len(ds) == 0)
        client.replace(helpers, (tmp_path / "helpers.py").read_text().replace("784, 10", "100, 10"), 2)
        diags = await client.diagnostics_for(main, lambda ds: [d.code for d in ds] == ["SC110"])
        [related] = diags[0].related_information
        assert related.location.uri == helpers and related.location.range.start.line == 4


async def test_robustness_against_the_real_analyzer(root, model):
    async with session(REAL, root, init_options={"analysisTimeoutMs": 500}) as client:
        client.open(model, MODEL)
        request = asyncio.ensure_future(client.protocol.send_request_async(
            types.TEXT_DOCUMENT_HOVER, types.HoverParams(types.TextDocumentIdentifier(model), types.Position(9, 0)),
            msg_id="cancel-me"))
        client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="cancel-me"))
        try:
            await asyncio.wait_for(request, 20)   # answered, or cancelled: either way, not stuck
        except JsonRpcException as error:
            assert error.code == types.LSPErrorCodes.RequestCancelled
        with pytest.raises(JsonRpcException):
            await client.raw_request("bad", types.TEXT_DOCUMENT_INLAY_HINT, {"textDocument": {"uri": model}})
        with pytest.raises(JsonRpcException):
            await client.protocol.send_request_async("shapecheck/unknown", {})
        for version in range(2, 12):   # typing a line character by character
            partial = MODEL + "q = np.zeros((2, 3)) @ np.zeros((4,"[: version * 3]
            client.replace(model, partial, version)
        client.replace(model, MODEL + "q = np.zeros((2, 3)) @ np.zeros((4, 5))\n", 12)
        diags = await client.diagnostics_for(model, lambda ds: sum(d.code == "SC102" for d in ds) == 2)
        assert all(d.code != "SC001" for d in diags)
        huge = MODEL + "".join(f"v{i} = np.zeros(({i % 7 + 1}, 3)) + 1\n" for i in range(20000))
        client.replace(model, huge, 13)
        hover = await client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(model), types.Position(len(LINES) + 5, 0)))
        assert hover is None or "(6, 3)" in hover.contents.value


# A file whose whole analysis takes far longer than the deadline set below: many functions, each
# analysed on its own. Where the deadline cuts it depends on the machine's speed: what is asserted
# holds wherever it does (test_cancellation.py cuts runs at chosen steps).
SLOW = "import numpy as np\ngood = np.zeros((2, 5))\nbad = np.zeros((2, 3)) @ np.zeros((4, 5))\n" + "".join(
    f"\n\ndef f{i}(a):\n    b = a.reshape(4, -1)\n    c = b @ np.ones((b.shape[1], {i + 2}))\n    return c.sum(0)\n"
    for i in range(400))


def _found(diags) -> set:
    return {(d.code, d.range.start.line, d.message) for d in diags if d.code != "SC006"}


async def test_a_deadline_set_low_publishes_what_was_found_and_the_server_stays_responsive(tmp_path):
    path = tmp_path / "slow.py"
    path.write_text(SLOW, encoding="utf-8")
    uri = uri_of(path)
    whole = {(d.code, d.span.line - 1, d.message) for d in check_source(SLOW, str(path)).diagnostics}
    async with session(REAL, tmp_path, init_options={"analysisTimeoutMs": 30}) as client:
        client.open(uri, SLOW)
        diags = await client.diagnostics_for(uri)
        [cut] = [d for d in diags if d.code == "SC006"]     # the cut is said, once...
        assert cut.severity == types.DiagnosticSeverity.Information and "analysisTimeoutMs" in cut.message
        assert _found(diags) <= whole                         # ...beside what was found before it
        hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(1, 0))), 30)   # answered, not left waiting
        assert hover is None or "(2, 5)" in hover.contents.value
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangePartial(range=types.Range(types.Position(1, 0), types.Position(1, 0)),
                                                    text="ok = 1\n")]))
        published = lambda: [p for p in client.published if p.uri == uri]   # noqa: E731
        await client.diagnostics_for(uri, lambda ds: published()[-1].version == 2)
        assert [p.version for p in published()] == [1, 2]
        assert _found(published()[-1].diagnostics) <= {(c, line + 1, m) for c, line, m in whole}
