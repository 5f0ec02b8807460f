"""How often a body is run (issue 11: speed on whole repositories). Each run below is one the
findings do not need twice; the tests count them by wrapping the driver's one place that runs a
body (``calls._run_body``) and check the findings are the ones a run of every body gives."""

from __future__ import annotations

import ast
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from shapecheck.api import Options, Project, check_paths, check_source


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).write_text(text)


def test_an_imported_function_is_analysed_once_without_its_caller(tmp_path: Path, bodies_run: Counter) -> None:
    """Its generic analysis collects the errors it has for every argument (left out of each call's
    SC110, as they are no fault of the caller) in the one run that also gives its result: no second,
    silent run of the body."""
    _write(tmp_path, {
        "layers.py": ("import numpy as np\n"
                      "def broken(x):\n"
                      "    np.zeros((2, 3)) @ np.zeros((4, 5))\n"   # fails whatever x is
                      "    return x @ np.ones((4, 2))\n"),
        "main.py": ("import numpy as np\nfrom layers import broken\n"
                    "a = broken(np.zeros((3, 4)))\n"        # only the body's own error: not the caller's
                    "b = broken(np.zeros((3, 5)))\n"),      # the argument does not fit: SC110
    })
    report = check_paths([str(tmp_path / "main.py")], Options(), Project(roots=[str(tmp_path)]))[0]
    assert [(d.line, d.code) for d in report.diagnostics] == [(4, "SC110")]
    assert report.diagnostics[0].message == ("call to broken() fails: matmul: x is (3, 5) but np.ones((4, 2)) "
                                             "is (4, 2): 5 != 4")
    assert bodies_run["broken"] == 1 + 2   # its generic analysis, then one run per distinct call


def _reveals(report) -> list[str]:
    return [d.message.removeprefix("reveal_shape: shape: ") for d in report.diagnostics if d.code == "SC301"]


def test_a_construction_like_an_earlier_one_takes_its_effect(bodies_run: Counter) -> None:
    """``Block(4)`` again: the object gets the attributes the first run left, its own copy of the
    layers that run built (changing one block's layer leaves the other's alone), without running
    ``__init__`` again."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Linear:
            def __init__(self, n, m):
                self.w = np.zeros((n, m))

        class Block:
            def __init__(self, n):
                self.inner = Linear(n, n)
                self.scale = np.ones(n)

        a = Block(4)
        b = Block(4)
        c = Block(5)
        a.inner.w = np.zeros((2, 3))
        reveal_shape(a.inner.w)
        reveal_shape(b.inner.w)
        reveal_shape(b.scale)
        reveal_shape(c.inner.w)
        """), "blocks.py")
    assert _reveals(report) == ["(2, 3), dtype: float64", "(4, 4), dtype: float64", "(4,), dtype: float64",
                                "(5, 5), dtype: float64"]
    # each generic analysis (Linear's also once more inside Block's), then Block(4) once and Block(5) once
    assert (bodies_run["Block.__init__"], bodies_run["Linear.__init__"]) == (1 + 2, 2 + 2)
    assert report.calls_summarised == 1


def test_a_construction_shares_what_it_was_given() -> None:
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Linear:
            def __init__(self, n):
                self.w = np.zeros((n, n))

        class Wrapper:
            def __init__(self, fn):
                self.fn = fn

        shared = Linear(4)
        first = Wrapper(shared)
        second = Wrapper(shared)
        shared.w = np.zeros((5, 5))
        reveal_shape(second.fn.w)
        """), "wrappers.py")
    assert _reveals(report) == ["(5, 5), dtype: float64"]
    assert report.calls_summarised == 1


def test_a_construction_like_an_earlier_one_holds_the_objects_its_own_call_was_given(bodies_run: Counter) -> None:
    """``Wrapper(second)`` after ``Wrapper(first)``, the two layers equal when built: the second
    takes the first's effect, but holds its own layer (and the one its tuple and keyword reach),
    which changes apart from the first's: the effect's copy had put the first call's layer there."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Linear:
            def __init__(self, n):
                self.w = np.zeros((n, n))

        class Wrapper:
            def __init__(self, fn, pair, *, extra):
                self.fn = fn
                self.inner = pair[1]
                self.extra = extra

        a, b, c = Linear(4), Linear(4), Linear(4)
        d, e, f = Linear(4), Linear(4), Linear(4)
        first = Wrapper(a, (b, c), extra=a)
        second = Wrapper(d, (e, f), extra=d)
        d.w = np.zeros((5, 5))
        f.w = np.zeros((6, 6))
        reveal_shape(first.fn.w)
        reveal_shape(second.fn.w)
        reveal_shape(second.inner.w)
        reveal_shape(second.extra.w)
        """), "passed.py")
    assert _reveals(report) == [f"({n}, {n}), dtype: float64" for n in (4, 5, 6, 5)]
    assert bodies_run["Wrapper.__init__"] == 1 + 1   # its generic analysis, then the first construction


def test_a_call_that_returns_what_it_was_given_is_summarised_and_returns_its_own(bodies_run: Counter) -> None:
    """``r.add(...)`` returning ``self`` (scikit-learn's ``MethodMetadataRequest.add_request``):
    the second call of an equal key takes the first's summary, its result the object its own call
    was given; a result reached through a global is not kept (a re-run may return another)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Request:
            def __init__(self):
                self.w = np.zeros((2, 2))

            def add(self, n, *, pair):
                return (self, pair[0])

        def current(n):
            return LATEST

        a, b, c, d = Request(), Request(), Request(), Request()
        ra = a.add(3, pair=(c,))
        rb = b.add(3, pair=(d,))
        b.w = np.zeros((7, 7))
        d.w = np.zeros((8, 8))
        reveal_shape(ra[0].w)
        reveal_shape(rb[0].w)
        reveal_shape(rb[1].w)
        LATEST = a
        current(1)
        LATEST = b
        reveal_shape(current(1).w)
        """), "returns_self.py")
    assert _reveals(report) == [f"({n}, {n}), dtype: float64" for n in (2, 7, 8, 7)]
    # its generic analysis, again over the tuple its calls pass (callsites.py), and the first call
    assert bodies_run["Request.add"] == 2 + 1
    assert bodies_run["current"] == 1 + 2


def test_a_construction_that_changes_what_it_was_given_runs_every_time(bodies_run: Counter) -> None:
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Registry:
            def __init__(self):
                self.last = np.zeros(1)

        class Entry:
            def __init__(self, registry, n):
                self.w = np.zeros(n)
                registry.last = np.zeros((n, 2))

        registry = Registry()
        first = Entry(registry, 3)
        registry.last = np.zeros(7)
        second = Entry(registry, 3)
        reveal_shape(registry.last)
        """), "registry.py")
    assert _reveals(report) == ["(3, 2), dtype: float64"]
    assert bodies_run["Entry.__init__"] == 1 + 2   # the generic analysis, then each construction


def test_calls_that_differ_only_in_their_names_run_the_body_once(bodies_run: Counter) -> None:
    """``center(a)`` in ``f`` and ``center(b)`` in ``g``: each (n, d), but n and d are each analysis's
    own symbols (n#1 and n#5), so the calls are the same up to the symbols' names (renaming.py); the
    second takes the first's summary in its own symbols, which the rest of ``g`` goes on with."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def center(x):
            return x - x.mean(axis=0)

        def f(a):
            n, d = a.shape
            reveal_shape(center(a))

        def g(b):
            n, d = b.shape
            c = center(b)
            c @ np.ones((d + 1, 2))
        """), "names.py")
    assert _reveals(report) == ["(n, d)"]
    assert [d.message for d in report.diagnostics if d.severity == "error"] == [
        "matmul: c is (n, d) but np.ones((d + 1, 2)) is (d+1, 2): d != d+1"]
    assert bodies_run["center"] == 1 + 1   # its generic analysis, then one call's


def test_a_body_that_declares_a_global_is_summarised(bodies_run: Counter) -> None:
    """diffusers' ``logging._configure_library_root_logger`` (``global _default_handler``, run by
    every module's ``logger = get_logger(__name__)``) and scikit-learn's ``_get_threadlocal_config``
    (the word in its docstring): the interpreter binds a ``global`` name in the run's own frame, so
    a second call reads what the first read and takes its summary; a rebound global still runs it."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        _handler = None
        _basis = np.zeros((3, 4))

        def configure():
            \"\"\"Sets the global handler once.\"\"\"
            global _handler
            if _handler:
                return
            _handler = object()

        def project(x):
            global _basis
            configure()
            return x @ _basis

        reveal_shape(project(np.zeros((2, 3))))
        reveal_shape(project(np.zeros((2, 3))))
        _basis = np.zeros((3, 5))
        reveal_shape(project(np.zeros((2, 3))))
        """), "logging_like.py")
    assert _reveals(report) == ["(2, 4), dtype: float64", "(2, 4), dtype: float64", "(2, 5), dtype: float64"]
    assert bodies_run["configure"] == 1 + 1   # its generic analysis, then the first call's
    assert bodies_run["project"] == 1 + 2     # the first call, and the call after _basis was rebound


def test_a_name_the_body_can_meet_elsewhere_is_not_renamed(bodies_run: Counter) -> None:
    """``inner`` reads ``a`` (n, d) from its closure: ``inner(a)`` and ``inner(c)``, c (n, d) in
    symbols of its own, are the same calls up to names, but only the first relates its argument to
    ``a`` (x @ a.T holds for it alone): each call runs the body."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def outer(a, c):
            n, d = a.shape
            def inner(x):
                return x @ a.T
            inner(a)
            n, d = c.shape
            inner(c)
        """), "closure.py")
    assert bodies_run["outer.<locals>.inner"] == 1 + 2   # its generic analysis, then each call


def test_a_call_whose_summary_found_an_error_runs_again_under_other_names(bodies_run: Counter) -> None:
    """A message may list names in an order their numbering decides: an error's summary answers
    only the call it was made for."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def pair(x):
            return x @ x

        def f(a):
            n, k = a.shape
            return pair(np.ones((n, k, 2, 3)))

        def g(b):
            n, k = b.shape
            return pair(np.ones((n, k, 2, 3)))
        """), "errors.py")
    assert [d.code for d in report.diagnostics] == ["SC110", "SC110"]
    assert bodies_run["pair"] == 1 + 2


def test_a_summary_taken_under_other_names_keeps_the_result_relative_to_the_parameter(bodies_run: Counter) -> None:
    """``halve(x)`` takes dims off its caller's parameter of unknown rank: its result is ``x`` less
    its last two dims, then two of its own, in each caller (the made-up dims renamed fresh)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def halve(t):
            h, w = t.shape[-2:]
            return t[..., ::2, ::2]

        def f(x):
            reveal_shape(halve(x))

        def g(x):
            reveal_shape(halve(x))
        """), "middles.py")
    assert len(set(_reveals(report))) == 1 and _reveals(report)[0].startswith("(*x[:-2], ")
    assert bodies_run["halve"] == 1 + 1


def test_a_generic_analysis_stops_where_an_op_fixes_a_parameters_rank(bodies_run: Counter) -> None:
    """``forward`` fixes ``x``'s rank in its first line (``permute``): its analysis at an unknown rank
    stops there and starts again at rank 3, so the layer it calls next runs for x of rank 3 only (it
    ran for x of unknown rank too, in a first analysis the second superseded)."""
    report = check_source(textwrap.dedent("""\
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self, dim):
                super().__init__()
                self.norm = nn.LayerNorm(dim)

            def forward(self, x):
                return self.norm(x)

        class Model(nn.Module):
            def __init__(self, dim):
                super().__init__()
                self.block = Block(dim)

            def forward(self, x):
                x = x.permute(0, 2, 1)
                reveal_shape(x)
                return self.block(x)
        """), "model.py")
    assert _reveals(report) == ["(x0, x2, x1)"]
    assert bodies_run["Model.forward"] == 1 + 1      # stopped at permute, then whole at rank 3
    assert bodies_run["Block.forward"] == 1 + 1      # its generic analysis, then the call at rank 3


def test_each_restart_fixes_one_more_rank_and_an_error_at_them_asks_the_first_analysis(bodies_run: Counter) -> None:
    """``g``'s ops fix two ranks, one after the other: a run stops at each (at most one restart per
    parameter). ``f``'s one path fixes x's rank, and the other indexes x with four indices, which
    fails at that rank: the analysis at unknown rank, run whole, finds no error, so it stands (the
    rank was not the only one)."""
    report = check_source(textwrap.dedent("""\
        import torch

        def f(x, flag):
            if flag:
                return x.permute(0, 2, 1)
            reveal_shape(x)
            return x[0, 0, 0, 0]

        def g(x, y):
            a = x.permute(1, 0)
            b = torch.einsum("ijk->kji", y)
            reveal_shape(a)
            reveal_shape(b)
            return a
        """), "paths.py")
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert _reveals(report) == ["unknown", "(x1, x0)", "(y2, y1, y0)"]
    assert bodies_run["g"] == 3                 # stopped at permute, stopped at einsum, whole
    # stopped at permute, whole at rank 3 (an error), then as before: whole at an unknown rank, at
    # rank 3 again, at an unknown rank again
    assert bodies_run["f"] == 2 + 3


_STACK = textwrap.dedent("""\
    import torch
    from torch import nn

    class Block(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.proj = nn.Linear(dim, dim)

        def forward(self, x):
            return self.proj(x)

    class Stack(nn.Module):
        def __init__(self, dim, depth):
            super().__init__()
            self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])

        def forward(self, x):
            b, n, d = x.shape
            for block in self.blocks:
                x = block(x) + x
            reveal_shape(x)
            return x

    model = Stack(64, DEPTH)
    reveal_shape(model(torch.randn(2, 10, 64)))
    """)


def test_a_loop_over_blocks_runs_a_block_once_per_distinct_call_whatever_its_length(bodies_run: Counter) -> None:
    """``for block in self.blocks: x = block(x) + x`` settles in one pass: the block's Linear
    requires ``d == dim`` of x, which holds once the call returns (calls._assure), so the pass ends
    with x as it started (``(b, n, d)``), whatever the number of blocks."""
    for depth in ("2", "12", "depth"):
        bodies_run.clear()
        report = check_source(_STACK.replace("DEPTH", depth), "stack.py")
        assert _reveals(report) == ["(b, n, d)", "(2, 10, 64), dtype: float32"]
        # its generic analysis, the one pass of Stack.forward's loop, the call from the module
        # (whose loop ends after one pass too: the block keeps (2, 10, 64))
        assert bodies_run["Block.forward"] == 1 + 1 + 1


def test_a_body_is_read_for_the_lists_it_changes_only_when_a_call_passes_one() -> None:
    """What a call did to the lists and dicts passed in (passed_containers.py) needs the body's
    statements read once per function; a call passing none (timm: nearly all) reads nothing."""
    from shapecheck.absint.driver import passed_containers
    source = textwrap.dedent("""\
        import numpy as np

        def scale(x, k):
            return x * k

        def prepend(layers, layer):
            layers.insert(0, layer)

        y = scale(np.ones((2, 3)), 2)
        blocks = []
        prepend(blocks, np.ones(4))
        reveal_shape(blocks[0])
        """)
    passed_containers._shape_of_body.cache_clear()
    report = check_source(source, "lists.py")
    assert _reveals(report) == ["(4,), dtype: float64"]
    assert passed_containers._shape_of_body.cache_info().misses == 1   # prepend's body, not scale's


def test_a_closure_that_calls_a_new_closure_of_itself_is_cut_like_recursion(bodies_run: Counter) -> None:
    """``deprecated(msg)(cls)`` decorates ``cls.__init__`` with ``deprecated(msg)`` again: each run
    makes a new ``decorator`` and calls it, a recursion through new objects (torch_geometric's
    ``deprecation.py``). Cut at the second nested run of the same code, not at the call depth, with
    both branches of the ``if`` run at every level; two nested runs (``compose(compose(f, g), h)``)
    still give the shape."""
    report = check_source(textwrap.dedent("""\
        import inspect
        import numpy as np

        def deprecated(details):
            def decorator(func):
                if inspect.isclass(func):
                    func.__init__ = deprecated(details)(func.__init__)
                    return func
                def wrapper(*args):
                    return func(*args)
                return wrapper
            return decorator

        class Old:
            def __init__(self, n):
                self.n = n

        New = deprecated("use New")(Old)

        def compose(f, g):
            return lambda x: f(g(x))

        double = lambda x: np.concatenate([x, x])
        reveal_shape(compose(compose(double, double), double)(np.zeros(3)))
        """), "deprecation.py")
    assert _reveals(report) == ["(24,), dtype: float64"]
    assert bodies_run["deprecated"] <= 12   # 1,535 when cut at the call depth only


def test_a_decorator_whose_result_is_a_function_is_summarised(bodies_run: Counter) -> None:
    """``@register_model()`` (torchvision) returns a ``wrapper`` closing over plain values only:
    every call with the key makes one like it, so a summary answers the calls after the first
    (its body ran once per decorated function, 1,122 times on torchvision's models). A closure over
    an object argument is not shared: the next call's object is another, which it must hold."""
    report = check_source(textwrap.dedent("""\
        import numpy as np
        BUILTIN = {}

        def register_model(name=None):
            def wrapper(fn):
                BUILTIN[name if name is not None else fn.__name__] = fn
                return fn
            return wrapper

        @register_model()
        def a(x): return x @ np.zeros((3, 2))
        @register_model()
        def b(x): return x
        @register_model()
        def c(x): return x

        class Holder:
            def __init__(self, n):
                self.w = np.zeros((n, 2))

        def reader(holder):
            return lambda: holder.w

        first, second = Holder(2), Holder(2)
        read_first, read_second = reader(first), reader(second)
        second.w = np.zeros((5, 5))
        reveal_shape(read_first())
        reveal_shape(read_second())
        """), "models.py")
    assert _reveals(report) == ["(2, 2), dtype: float64", "(5, 5), dtype: float64"]
    assert bodies_run["register_model"] == 1 + 1   # its generic analysis, then the first call only
    assert bodies_run["reader"] == 1 + 2


def test_a_lambda_made_again_is_one_function_to_a_key_told_apart_by_what_it_reads(bodies_run: Counter) -> None:
    """Each run of ``scaled`` and ``Heads.forward`` makes its lambda anew: a key holds a closure's code
    and the values it can read (``k``; of ``self``, only ``self.k``), so ``apply``'s summary for one
    lambda answers the next one that reads the same, and a lambda's generic analysis is made once
    per such value (``Calls._lambda_again``); ``k`` = 3 and a ``Heads`` of another ``w`` but the same
    ``k`` are told apart, or not, by what the lambda reads. (Before: ``apply`` 9 runs, each lambda 8.)"""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def apply(fn, x):
            return fn(x)

        def scaled(x, k, tag):
            return apply(lambda t: t * k, x)

        class Heads:
            def __init__(self, k, n):
                self.k = k
                self.w = np.zeros((n, n))

            def forward(self, x):
                return apply(lambda t: t * self.k, x)

        a = scaled(np.ones((2, 3)), 2, "first")
        b = scaled(np.ones((2, 3)), 2, "second")
        c = scaled(np.ones((2, 3)), 3, "third")
        reveal_shape(c)
        h = Heads(2, 4).forward(np.ones((5, 6)))
        g = Heads(2, 7).forward(np.ones((5, 6)))
        reveal_shape(g)
        """), "lambdas.py")
    assert _reveals(report) == ["(2, 3), dtype: float64", "(5, 6), dtype: float64"]
    assert bodies_run["apply"] == 7
    assert bodies_run["scaled.<locals>.<lambda>"] == 6
    assert bodies_run["Heads.forward.<locals>.<lambda>"] == 5


def test_calls_that_differ_only_in_their_sizes_run_the_body_over_symbols_once(bodies_run: Counter) -> None:
    """``center`` called with five concrete shapes: the first two calls run at their sizes, the
    third once over symbols in their places (parametric.py), which answers it and the later ones by
    substituting each call's sizes; ``head``, whose branch depends on the size, is refused at its
    third call (that run costs one more) and each call runs at its own sizes as before."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        def center(x):
            return x - x.mean(axis=0)

        def head(x):
            if x.shape[0] > 3:
                return x[:3]
            return x

        reveal_shape(center(np.ones((10, 5))))
        reveal_shape(center(np.ones((20, 3))))
        reveal_shape(center(np.ones((7, 2))))
        reveal_shape(center(np.ones((30, 4))))
        reveal_shape(center(np.ones((9, 8))))
        reveal_shape(head(np.ones((2, 4))))
        reveal_shape(head(np.ones((5, 4))))
        reveal_shape(head(np.ones((9, 4))))
        """), "sizes.py")
    assert _reveals(report) == [f"({n}, {d}), dtype: float64" for n, d in ((10, 5), (20, 3), (7, 2), (30, 4), (9, 8))] + [
        "(2, 4), dtype: float64", "(3, 4), dtype: float64", "(3, 4), dtype: float64"]
    assert bodies_run["center"] == 1 + 2 + 1   # its generic analysis, the first two calls' runs, the run over symbols
    assert bodies_run["head"] == 1 + 3 + 1     # the run over symbols refused: every call runs


def test_a_construction_walks_its_arguments_once_before_and_once_after_its_run(monkeypatch) -> None:
    """The key of a construction's other arguments is its own key less the object, and the object
    given attributes is not what the key read: keyed again after the run, only the other arguments
    are (whether the run changed them decides whether its effect is kept)."""
    from shapecheck.absint.driver import calls
    walked: Counter = Counter()
    call_key = calls.call_key

    def counted(fn, args, kwargs, context=(), cache=None):
        walked[(fn.qualname, len(args))] += 1
        return call_key(fn, args, kwargs, context, cache)

    monkeypatch.setattr(calls, "call_key", counted)
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Block:
            def __init__(self, n):
                self.scale = np.ones(n)

        a = Block(4)
        b = Block(4)
        reveal_shape(b.scale)
        """), "blocks.py")
    assert _reveals(report) == ["(4,), dtype: float64"]
    # Block(4) twice: the key of each call, then after the first one's run the key of its ``n``
    assert walked == {("Block.__init__", 2): 2, ("Block.__init__", 1): 1}


def test_a_construction_under_other_names_takes_the_first_ones_effect_in_its_own(bodies_run: Counter) -> None:
    """``Keep(b, h * 2)`` in ``g`` is ``Keep(a, h * 2)`` in ``f`` up to names (each analysis's own
    symbols and derived token, renaming.py): the object takes the first run's attributes with
    ``f``'s names renamed to ``g``'s, so ``k.t - b`` is ``b``'s own shape (diffusers' ``Attention``,
    built once per run of each block's ``__init__``, ran 125 times for one unet file)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Keep:
            def __init__(self, t, heads):
                self.t = t
                self.heads = heads
                self.w = np.zeros((heads, 3))

        def f(a, h):
            n, d = a.shape
            k = Keep(a, h * 2)
            reveal_shape(k.t - a)

        def g(b, h):
            n, d = b.shape
            k = Keep(b, h * 2)
            reveal_shape(k.t - b)
            reveal_shape(k.w)
        """), "keep.py")
    assert _reveals(report) == ["(n, d)", "(n, d)", "(heads, 3), dtype: float64"]
    assert bodies_run["Keep.__init__"] == 1 + 1   # its generic analysis, then f's call


def test_a_method_that_changes_its_object_s_table_alone_takes_its_effect(bodies_run: Counter) -> None:
    """``b.add(4)`` on an object equal to ``a`` before ``a.add(4)`` (scikit-learn's metadata routing
    appends to ``self._routes`` so): the second call takes the first's effect, its table replaced in
    the order a run leaves it, holding its own copy of what the run made and its *own* older objects
    where the first call's table held the first object's (found where its table reached them before
    the call): ``b.last`` is ``b.kept``, which changes apart from ``a``'s."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Part:
            def __init__(self, n):
                self.w = np.zeros((n, n))

        class Mapping:
            def __init__(self, n):
                self.kept = Part(n)
                self.routes = None

            def add(self, n):
                self.routes = Part(n)
                self.last = self.kept
                return self

        a = Mapping(3).add(4)
        b = Mapping(3).add(4)
        b.kept.w = np.zeros((7, 7))
        a.routes.w = np.zeros((2, 2))
        reveal_shape(a.last.w)
        reveal_shape(b.last.w)
        reveal_shape(b.routes.w)
        reveal_shape(b.add(5).routes.w)
        """), "routes.py")
    assert _reveals(report) == [f"({n}, {n}), dtype: float64" for n in (3, 7, 4, 5)]
    assert bodies_run["Mapping.add"] == 1 + 1 + 1   # its generic analysis, a.add(4), then b.add(5) (another key)
    assert list(report.diagnostics) == [d for d in report.diagnostics if d.code == "SC301"]


def test_a_method_that_changes_an_object_its_object_holds_is_run_again(bodies_run: Counter) -> None:
    """``y.grow(5)`` on an object equal to ``x`` before ``x.grow(5)``, whose run changed the layer
    ``x`` holds, not ``x``'s table alone: no effect is kept (a copy of ``x``'s table would leave
    ``y``'s layer unchanged), the call runs again."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Part:
            def __init__(self, n):
                self.w = np.zeros((n, n))

        class Holder:
            def __init__(self):
                self.kept = Part(3)

            def grow(self, n):
                self.kept.w = np.zeros((n, n))
                self.size = n

        x = Holder()
        x.grow(5)
        y = Holder()
        y.grow(5)
        reveal_shape(y.kept.w)
        """), "grow.py")
    assert _reveals(report) == ["(5, 5), dtype: float64"]
    assert bodies_run["Holder.grow"] == 1 + 2


def test_a_name_an_object_holds_stays_and_the_others_are_renamed(bodies_run: Counter) -> None:
    """``s.apply(x)`` for ``x`` (k1, d) then (k2, d): ``s`` holds ``d`` (its ``w``), so ``d`` stays as
    it is in both keys, while ``k1`` and ``k2`` are each the first name renamed: the second call is the
    first up to ``k1 -> k2`` and takes its summary, its result renamed (a loop's pass slicing its own
    tile length, diffusers' ``tiled_decode``, ran the model's denoising body for every tile)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Scale:
            def __init__(self, w):
                self.w = w

            def apply(self, x):
                return x @ self.w

        def f(d: int, k1: int, k2: int):
            s = Scale(np.zeros((d, d)))
            reveal_shape(s.apply(np.zeros((k1, d))))
            reveal_shape(s.apply(np.zeros((k2, d))))
            s.apply(np.zeros((k2, d + 1)))
        """), "tiles.py")
    assert _reveals(report) == ["(k1, d), dtype: float64", "(k2, d), dtype: float64"]
    assert [d.code for d in report.diagnostics if d.severity == "error"] == ["SC110"]
    # its generic analysis and its re-run at the rank its calls give ``x`` (``Calls.rerank``), the first
    # call and the failing one; the second call takes the first's summary (it ran too before)
    assert bodies_run["Scale.apply"] == 2 + 2


def test_calls_alike_but_for_the_names_their_objects_hold_run_the_body_once(bodies_run: Counter) -> None:
    """Two layers, one holding ``w`` of (i, 2i), the other (j, 2j), each called on an input of its own
    width: the calls are one up to ``i -> j`` (and ``n -> m``), though the objects hold those names
    (alpha_keys.py), so the second takes the first's summary, its result renamed; a call whose input
    is not related to its layer's ``w`` the same way runs the body (diffusers' models: a third of the
    bodies run were such calls again)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Proj:
            def __init__(self, w):
                self.w = w

            def apply(self, x):
                return x @ self.w

        def f(x, y):
            n, i = x.shape
            m, j = y.shape
            a = Proj(np.zeros((i, 2 * i)))
            b = Proj(np.zeros((j, 2 * j)))
            reveal_shape(a.apply(x))
            reveal_shape(b.apply(y))
            reveal_shape(b.apply(x))
            b.apply(np.zeros((m, j + 1)))
        """), "layers.py")
    assert _reveals(report) == ["(n, i*2)", "(m, j*2)", "(n, j*2)"]
    assert [d.message for d in report.diagnostics if d.severity == "error"] == [
        "call to Proj.apply() fails: matmul: x is (m, j+1) but self.w is (j, j*2): j+1 != j"]
    # its generic analysis and its re-run at rank 2 (``Calls.rerank``), ``a.apply(x)``, ``b.apply(x)``
    # and the failing call; ``b.apply(y)`` is ``a.apply(x)`` up to names
    assert bodies_run["Proj.apply"] == 2 + 3


def test_a_name_the_first_call_made_up_from_its_names_reads_in_the_second_s(bodies_run: Counter) -> None:
    """``b.apply(x)`` is ``a.apply(y)`` with ``i`` and ``j`` swapped: the broadcast's dim the first run
    named ``max(j, i+1)`` is a fresh symbol in the second call, named ``max(i, j+1)`` as its own run
    would name it, not after the first call's sizes (renaming.shown_as)."""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Gain:
            def __init__(self, b):
                self.b = b

            def apply(self, x):
                return x * self.b

        def f(x, y):
            n, i = x.shape
            m, j = y.shape
            a = Gain(np.zeros((i + 1,)))
            b = Gain(np.zeros((j + 1,)))
            reveal_shape(a.apply(y))
            reveal_shape(b.apply(x))
        """), "gains.py")
    assert _reveals(report) == ["(m, max(j, i+1))", "(n, max(i, j+1))"]
    assert bodies_run["Gain.apply"] == 2 + 1   # its generic analyses, then the first call alone


def test_an_object_is_keyed_by_the_attributes_a_call_can_read(bodies_run: Counter) -> None:
    """``get_tags(a)``, ``get_tags(b)``, ``get_tags(c)``: three estimators of one class that differ
    only in attributes no call reads (``alpha``, ``tol``) are one call to a key, which reads of each
    object what ``get_tags`` reads of it, following the calls that pass it on by name, its methods,
    properties and ``super()``; ``d`` differs in ``n``, which ``tags`` reads. ``whole`` passes it to
    ``vars``: all of it, one run per object. (Keyed by all their attributes: ``get_tags`` 5 runs.)"""
    report = check_source(textwrap.dedent("""\
        import numpy as np

        class Base:
            def tags(self):
                return self.n

        class Est(Base):
            def __init__(self, n, alpha, tol):
                self.n = n
                self.alpha = alpha
                self.tol = tol
                self.fitted = True

            def tags(self):
                return super().tags() + 1

            @property
            def width(self):
                return self.tags()

        def defaults(est):
            return getattr(est, "kind", None), hasattr(est, "fitted")

        def get_tags(est):
            defaults(est)
            return np.zeros((est.width, 2))

        def whole(est):
            return vars(est)

        a = Est(3, 0.1, 1e-4)
        b = Est(3, 0.2, 1e-4)
        c = Est(3, 0.3, 1e-3)
        d = Est(4, 0.1, 1e-4)
        reveal_shape(get_tags(a))
        reveal_shape(get_tags(b))
        reveal_shape(get_tags(c))
        reveal_shape(get_tags(d))
        w = [whole(a), whole(b), whole(c), whole(d)]
        """), "tags.py")
    assert _reveals(report) == ["(4, 2), dtype: float64"] * 3 + ["(5, 2), dtype: float64"]
    assert bodies_run["get_tags"] == 1 + 2   # its generic analysis, then n = 3 and n = 4
    assert bodies_run["defaults"] == 1 + 2
    assert bodies_run["whole"] == 1 + 4


@pytest.mark.parametrize("code, reads", [
    ("def f(self): return self.a + self.b()", (("a", "b"), (), (), False, ())),
    ("def f(self): return super().m(1)", ((), ("m",), (), False, ())),
    ("def f(self): return isinstance(self, int) and hasattr(self, 'q') and getattr(self, 'z', 1)",
     (("z",), (), (), False, ("q",))),                     # ``q``: whether it has it
    ("def f(self, o): return g(o, e=self)", ((), (), (("g", "e"),), False, ())),
    ("def f(self): return g(self)", ((), (), (("g", 0),), False, ())),
    ("def f(self): x = super(); return x.m()", None),       # super() bound: what reads it is not seen
    ("def f(self): self.a = 1", (("a",), (), (), False, ())),   # stored through: what it wrote is its effect
    ("def f(self): self = 1", None),                        # rebound
    ("def f(self):\n    g = h\n    return g(self)", None),  # a local function: not the global one
    ("def f(self): return np.asarray(self)", None),          # passed to what is not called by name
    ("def f(self): return vars(self)", None),
    ("def f(self): return [self][0]", None),
    ("def f(self): return getattr(self, name)", None),      # a name not known before the run
])
def test_what_a_function_reads_of_a_parameter_is_read_off_its_code(code, reads) -> None:
    from shapecheck.absint.driver.summaries import _parameter_reads
    node = ast.parse(code).body[0]
    assert _parameter_reads(node, node.args.args[0].arg, True) == reads
