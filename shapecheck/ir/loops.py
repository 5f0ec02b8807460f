"""The loop level of the IR: kernels of explicit loop nests over buffers.

This is the data model a back end (``shapecheck/ir/llvm*.py``, PTX) consumes. Everything is a frozen
dataclass; fields listed here are stable (new fields may be added with defaults, none removed).

Names and dims
--------------
Every variable (buffer, loop index, scalar temporary, shape variable) is a
:class:`shapecheck.subst.names.Name`: compare names with ``==`` (by unique id), print them with
``name.hint``. Symbolic sizes are ``shapecheck.constraints.dims.Dim`` values (``int`` or a
polynomial ``Expr``) whose symbols are the ``Name.key`` strings of shape variables; use
:func:`dim_to_expr` to turn a dim into a scalar expression over shape-variable ``Var`` s.

Types
-----
``dtype`` is one of the strings in :data:`DTYPES`: ``"f32" "f64"``, signed ``"i8" "i16" "i32"
"i64"``, unsigned ``"u8" "u16" "u32" "u64"`` and ``"bool"``.
Index arithmetic (loop variables, shape variables, indices) is ``"i64"`` (:data:`INDEX`).

A LoopModule
------------
``LoopModule(kernels, program)``: the kernels, plus one :class:`Program` saying how to run them.

``Program(name, shape_params, inputs, temps, calls, outputs)``:
  * ``shape_params``: shape variables (Names). Each one occurs as a whole dim of some input
    buffer's shape, or is the value of a 0-d integer input (``valued``: a size computed from a
    scalar argument, ``np.empty(x.shape[0] - k + 1)``), or is ``computed`` by a call (a count
    the data decides, the length of ``x[mask]``: the program's kernels are cut there, and the
    temps sized by it are allocated after that call); :func:`bind_shape_params` reads the
    others' values off the input arrays.
  * ``inputs``: :class:`Buffer` s the caller passes (row-major, contiguous), in order.
  * ``temps``: buffers the runtime allocates (uninitialised) before running the calls; their
    shapes are dims over ``shape_params``. Outputs are temps (or inputs, for an identity).
  * ``calls``: :class:`KernelCall` s run in order. ``KernelCall(kernel, buffers, shape_args)``
    passes program buffers (by Name) positionally for the kernel's ``params`` and dims (over the
    program's shape params) for the kernel's ``shape_params``.
  * ``outputs``: the buffers returned, in order.
  * ``fault`` (optional, loop code's run-time checks): an i64 temp the kernels set to ``[kind,
    values...]`` when a check fails, an index out of range or an assigned value of the wrong
    size (they clear element 0 first and stop); the runtime then raises the kind's NumPy
    exception (``ir.faults``) instead of returning the outputs.

``Kernel(name, shape_params, params, body)``:
  * ``name``: a str, unique in the module (a symbol name for the back end).
  * ``shape_params``: Names of i64 scalars passed in; they may appear in buffer shapes (as dims)
    and in expressions (as ``Var(name, "i64")``).
  * ``params``: :class:`Buffer` s, passed as pointers to row-major contiguous data; element
    ``[i0, ..., ik]`` of a buffer of shape ``(d0, ..., dk)`` is at flat offset
    ``((i0*d1 + i1)*d2 + ...)``. A 0-d buffer (``shape == ()``) holds one element.
    ``Buffer.output`` is True for buffers the kernel writes (destination-passing style:
    the caller allocates them). A kernel never reads an output buffer element before writing it,
    except in the accumulate-into-output pattern, which it initialises first.
  * ``body``: a tuple of statements.

Statements (:data:`Stmt`)
-------------------------
  * ``For(var, start, stop, step, body, parallel=False)``: ``for var in range(start, stop, step)``,
    ``var`` an i64 Name bound in ``body`` only; ``start``/``stop`` are i64 expressions, ``step`` a
    positive ``int``. ``parallel=True`` promises that iterations are independent (no two write the
    same element, none reads what another writes; accumulators are declared inside) so a back end
    may run them on threads or GPU lanes.
  * ``Let(var, dtype, value)``: declares a scalar temporary ``var`` with an initial value; it is in
    scope for the *following* statements of the same statement tuple (and their nested bodies).
    Temporaries are mutable: ``Assign`` updates them (lower them to an alloca).
  * ``Assign(var, value)``: ``var = value`` for a temporary declared by an enclosing ``Let``.
  * ``Store(buffer, indices, value)``: ``buffer[indices] = value``; ``len(indices)`` equals the
    buffer's rank; ``value.dtype`` equals the buffer's dtype.
  * ``If(cond, then, orelse)``: ``cond`` a bool expression; each branch a statement tuple.
  * ``While(cond, body)``: runs ``body`` while the bool ``cond`` holds (re-evaluated each time).
  * ``Break()`` / ``Continue()``: leave, or go to the next iteration of, the innermost
    ``For``/``While`` (the Numba-style front end, ``loopfront.py``, writes these; lowered
    graph ops never do). A ``For`` holding one is never split across threads.

The branches of an ``If`` and the body of a ``While`` are scopes of their own: a ``Let`` there
is not visible after the statement.

A reduction is an accumulator: ``Let(acc, "f32", Const(0.0, "f32"))``, then a ``For`` whose body
does ``Assign(acc, Binary("add", Var(acc, "f32"), ...))``, then a ``Store`` of ``Var(acc)``.

Scalar expressions (:data:`Expr`)
---------------------------------
Every expression has a ``dtype`` property.
  * ``Const(value, dtype)``: a Python int/float/bool literal of that dtype.
  * ``Var(name, dtype)``: a loop variable, shape variable (i64) or scalar temporary.
  * ``Load(buffer, indices, dtype)``: ``buffer[indices]``; ``dtype`` is the buffer's dtype.
  * ``Binary(op, lhs, rhs)``: ``op`` in :data:`BINARY_OPS`; both operands have the same dtype,
    which is the result's. ``div`` is true division (floats only). ``floordiv``/``mod`` follow
    Python (floor) semantics on ints; on the non-negative values index arithmetic produces, C
    semantics agree. ``and``/``or`` take bools.
  * ``Unary(op, operand)``: ``neg`` (numbers) or ``not`` (bool).
  * ``Compare(op, lhs, rhs)``: ``op`` in ``lt le gt ge eq ne``; operands of one dtype; result bool.
  * ``Select(cond, if_true, if_false)``: ``np.where`` on scalars; ``cond`` is bool, both branches
    one dtype (evaluate both, no side effects exist).
  * ``Call(fn, args)``: a math function from :data:`MATH_FUNCTIONS` (name -> arity). Arguments share
    one dtype, the result's. ``exp log sin cos tan tanh sqrt log1p expm1 floor ceil erf`` take
    floats; ``abs maximum minimum`` take ints or floats (``maximum``/``minimum`` propagate NaN like
    NumPy); ``pow`` is ``x**y`` on floats.
  * ``Cast(dtype, value)``: numeric conversion (float->int truncates toward zero, like NumPy's
    ``astype``; bool->number is 0/1; number->bool is ``!= 0``).

>>> from shapecheck.subst.names import fresh_name
>>> i, x, y = fresh_name("i"), fresh_name("x"), fresh_name("y")
>>> body = (For(i, Const(0, INDEX), Const(4, INDEX), 1,
...             (Store(y, (Var(i, INDEX),), Call("exp", (Load(x, (Var(i, INDEX),), "f32"),))),)),)
>>> k = Kernel("exp4", (), (Buffer(x, "f32", (4,)), Buffer(y, "f32", (4,), output=True)), body)
>>> k.params[1].output
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Union

from shapecheck.constraints import dims
from shapecheck.subst.dimterms import DIMS
from shapecheck.subst.names import Name, name_of_key
from shapecheck.subst.syntax import Bind, Leaf, PartsReader, Use

__all__ = [
    "DTYPES", "INDEX", "BINARY_OPS", "COMPARE_OPS", "UNARY_OPS", "MATH_FUNCTIONS",
    "Const", "Var", "Load", "Binary", "Unary", "Compare", "Select", "Call", "Cast", "Expr",
    "For", "Let", "Assign", "Store", "If", "While", "Break", "Continue", "Stmt", "nested_bodies", "Buffer", "Kernel", "KernelCall", "Program",
    "LoopModule", "dim_to_expr", "bind_shape_params", "is_expr",
]

DTYPES = ("f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bool")
INDEX = "i64"
FLOAT_DTYPES = ("f32", "f64")
INT_DTYPES = ("i32", "i64")              # the ints constant folding computes on (Python ints)
SIGNED_DTYPES = ("i8", "i16", "i32", "i64")
UNSIGNED_DTYPES = ("u8", "u16", "u32", "u64")

# Each operator with its infix spelling, Python's: the IR text (printer, parser) and the Python
# the reference interpreter generates both write it so.
BINARY_OPS: dict[str, str] = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floordiv": "//", "mod": "%",
                              "and": "and", "or": "or",
                              # of integers, bit by bit; shifts as NumPy's (npy_lshift, npy_rshift): a
                              # count outside [0, bits) gives 0 (-1 shifting a negative right)
                              "bitand": "&", "bitor": "|", "bitxor": "^", "lshift": "<<", "rshift": ">>"}
COMPARE_OPS: dict[str, str] = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
UNARY_OPS = ("neg", "not")
MATH_FUNCTIONS: dict[str, int] = {
    "exp": 1, "log": 1, "sin": 1, "cos": 1, "tan": 1, "tanh": 1, "sqrt": 1, "log1p": 1,
    "expm1": 1, "floor": 1, "ceil": 1, "rint": 1, "trunc": 1, "erf": 1, "abs": 1, "maximum": 2, "minimum": 2, "pow": 2,
    # libm's others (NumPy's names; ``codegen.vecmath.LIBM`` binds each to libm and libmvec)
    **{fn: 1 for fn in ("arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh", "arccosh", "arctanh",
                        "log2", "log10", "exp2", "cbrt")},
    "arctan2": 2, "hypot": 2,
}


# --- scalar expressions ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Const:
    value: Union[int, float, bool]
    dtype: str

    def scoped_parts(self) -> tuple:
        return (self.value, self.dtype)

    def with_parts(self, parts: tuple) -> "Const":
        return Const(parts[0], parts[1])


@dataclass(frozen=True, slots=True)
class Var:
    name: Name
    dtype: str

    def scoped_parts(self) -> tuple:
        return (Use(self.name), self.dtype)

    def with_parts(self, parts: tuple) -> "Var":
        return Var(parts[0].name, parts[1])

    def variable(self) -> Name:
        return self.name

    def replaced_by(self, value) -> "Expr":
        # A shape variable specialised to a dim (n := 32) becomes index arithmetic.
        return value if is_expr(value) else dim_to_expr(value)


@dataclass(frozen=True, slots=True)
class Load:
    buffer: Name
    indices: tuple["Expr", ...]
    dtype: str

    def scoped_parts(self) -> tuple:
        return (Use(self.buffer), *self.indices, self.dtype)

    def with_parts(self, parts: tuple) -> "Load":
        return Load(parts[0].name, tuple(parts[1:-1]), parts[-1])


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    lhs: "Expr"
    rhs: "Expr"

    @property
    def dtype(self) -> str:
        return self.lhs.dtype

    def scoped_parts(self) -> tuple:
        return (self.op, self.lhs, self.rhs,)

    def with_parts(self, parts: tuple) -> "Binary":
        return Binary(*parts)


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    operand: "Expr"

    @property
    def dtype(self) -> str:
        return self.operand.dtype

    def scoped_parts(self) -> tuple:
        return (self.op, self.operand,)

    def with_parts(self, parts: tuple) -> "Unary":
        return Unary(*parts)


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    lhs: "Expr"
    rhs: "Expr"

    @property
    def dtype(self) -> str:
        return "bool"

    def scoped_parts(self) -> tuple:
        return (self.op, self.lhs, self.rhs,)

    def with_parts(self, parts: tuple) -> "Compare":
        return Compare(*parts)


@dataclass(frozen=True, slots=True)
class Select:
    cond: "Expr"
    if_true: "Expr"
    if_false: "Expr"

    @property
    def dtype(self) -> str:
        return self.if_true.dtype

    def scoped_parts(self) -> tuple:
        return (self.cond, self.if_true, self.if_false,)

    def with_parts(self, parts: tuple) -> "Select":
        return Select(*parts)


@dataclass(frozen=True, slots=True)
class Call:
    fn: str
    args: tuple["Expr", ...]

    @property
    def dtype(self) -> str:
        return self.args[0].dtype

    def scoped_parts(self) -> tuple:
        return (self.fn, *self.args)

    def with_parts(self, parts: tuple) -> "Call":
        return Call(parts[0], tuple(parts[1:]))


@dataclass(frozen=True, slots=True)
class Cast:
    dtype: str
    value: "Expr"

    def scoped_parts(self) -> tuple:
        return (self.dtype, self.value)

    def with_parts(self, parts: tuple) -> "Cast":
        return Cast(parts[0], parts[1])


Expr = Union[Const, Var, Load, Binary, Unary, Compare, Select, Call, Cast]


# --- statements ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class For:
    var: Name
    start: Expr
    stop: Expr
    step: int
    body: tuple["Stmt", ...]
    parallel: bool = False

    def scoped_parts(self) -> tuple:
        return (self.start, self.stop, self.step, self.parallel, Bind(self.var), *stmt_parts(self.body))

    def with_parts(self, parts: tuple) -> "For":
        r = PartsReader(parts)
        start, stop, step, parallel, var = r.next(), r.next(), r.next(), r.next(), r.name()
        return For(var, start, stop, step, read_stmts(self.body, r), parallel)


@dataclass(frozen=True, slots=True)
class Let:
    var: Name
    dtype: str
    value: Expr


@dataclass(frozen=True, slots=True)
class Assign:
    var: Name
    value: Expr

    def scoped_parts(self) -> tuple:
        return (Use(self.var), self.value)

    def with_parts(self, parts: tuple) -> "Assign":
        return Assign(parts[0].name, parts[1])


@dataclass(frozen=True, slots=True)
class Store:
    buffer: Name
    indices: tuple[Expr, ...]
    value: Expr

    def scoped_parts(self) -> tuple:
        return (Use(self.buffer), *self.indices, self.value)

    def with_parts(self, parts: tuple) -> "Store":
        return Store(parts[0].name, tuple(parts[1:-1]), parts[-1])


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: tuple["Stmt", ...]
    orelse: tuple["Stmt", ...] = ()

    def scoped_parts(self) -> tuple:
        return (self.cond, _Scope(self.then), _Scope(self.orelse))

    def with_parts(self, parts: tuple) -> "If":
        return If(parts[0], parts[1].stmts, parts[2].stmts)


@dataclass(frozen=True, slots=True)
class While:
    cond: Expr
    body: tuple["Stmt", ...]

    def scoped_parts(self) -> tuple:
        return (self.cond, _Scope(self.body))

    def with_parts(self, parts: tuple) -> "While":
        return While(parts[0], parts[1].stmts)


class _Jump:
    """A statement with no parts (``break``, ``continue``): the shared walk passes it through."""

    __slots__ = ()

    def scoped_parts(self) -> tuple:
        return ()

    def with_parts(self, parts: tuple):
        return self


@dataclass(frozen=True, slots=True)
class Break(_Jump):
    pass


@dataclass(frozen=True, slots=True)
class Continue(_Jump):
    pass


@dataclass(frozen=True, slots=True)
class _Scope:
    """A statement tuple as a child node of its own: its Lets scope over it alone."""

    stmts: tuple

    def scoped_parts(self) -> tuple:
        return tuple(stmt_parts(self.stmts))

    def with_parts(self, parts: tuple) -> "_Scope":
        return _Scope(read_stmts(self.stmts, PartsReader(parts)))


Stmt = Union[For, Let, Assign, Store, If, While, Break, Continue]


def nested_bodies(st) -> tuple:
    """The statement tuples nested in ``st`` (a loop's body, an if's branches), for walks."""
    t = type(st)
    if t is For or t is While:
        return (st.body,)
    if t is If:
        return (st.then, st.orelse)
    return ()


# --- kernels and programs --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Buffer:
    """A buffer parameter or program buffer: row-major, contiguous, ``shape`` dims over shape vars."""

    name: Name
    dtype: str
    shape: tuple[dims.Dim, ...]
    output: bool = False


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str
    shape_params: tuple[Name, ...]
    params: tuple[Buffer, ...]
    body: tuple[Stmt, ...]

    def scoped_parts(self) -> tuple:
        return (self.name, *map(Bind, self.shape_params), *buffer_parts(self.params),
                *stmt_parts(self.body))

    def with_parts(self, parts: tuple) -> "Kernel":
        r = PartsReader(parts)
        name = r.next()
        shape_params = r.names(len(self.shape_params))
        params = read_buffers(self.params, r)
        return Kernel(name, shape_params, params, read_stmts(self.body, r))


@dataclass(frozen=True, slots=True)
class KernelCall:
    kernel: str
    buffers: tuple[Name, ...]
    shape_args: tuple[dims.Dim, ...]

    def scoped_parts(self) -> tuple:
        return (self.kernel, *map(Use, self.buffers), Leaf(DIMS, self.shape_args))

    def with_parts(self, parts: tuple) -> "KernelCall":
        return KernelCall(parts[0], tuple(p.name for p in parts[1:-1]), parts[-1].value)


@dataclass(frozen=True, slots=True)
class Program:
    name: str
    shape_params: tuple[Name, ...]
    inputs: tuple[Buffer, ...]
    temps: tuple[Buffer, ...]
    calls: tuple[KernelCall, ...]
    outputs: tuple[Name, ...]
    # A temp (i64) the kernels write when a run-time check fails: [kind, values...] (element 0
    # is cleared first); the runtime raises the kind's exception from it (``ir.faults``).
    fault: Name | None = None
    # (shape variable, 0-d integer input) pairs: the variable is that argument's value
    valued: tuple[tuple[Name, Name], ...] = ()
    # (shape variable, 0-d i64 temp) pairs: the variable is the value a call leaves in that temp
    # (the first call it is a buffer of: a count the data decides, ``x[mask]``); the temps whose
    # shapes use it are allocated after that call
    computed: tuple[tuple[Name, Name], ...] = ()

    def scoped_parts(self) -> tuple:
        return (self.name, *map(Bind, self.shape_params), *buffer_parts(self.inputs),
                *buffer_parts(self.temps), *self.calls, *map(Use, self.outputs),
                *((Use(self.fault),) if self.fault is not None else ()),
                *(Use(n) for pair in self.valued for n in pair),
                *(Use(n) for pair in self.computed for n in pair))

    def with_parts(self, parts: tuple) -> "Program":
        r = PartsReader(parts)
        name = r.next()
        shape_params = r.names(len(self.shape_params))
        inputs = read_buffers(self.inputs, r)
        temps = read_buffers(self.temps, r)
        calls = r.take(len(self.calls))
        outputs = r.names(len(self.outputs))
        fault = r.names(1)[0] if self.fault is not None else None
        flat = r.names(2 * len(self.valued))
        counted = r.names(2 * len(self.computed))
        return Program(name, shape_params, inputs, temps, calls, outputs, fault,
                       tuple(zip(flat[::2], flat[1::2])), tuple(zip(counted[::2], counted[1::2])))

    def computed_after(self, k: int) -> tuple[tuple[Name, Name], ...]:
        """The ``computed`` pairs whose value call ``k`` leaves (it is the first call with the temp)."""
        return tuple((p, t) for p, t in self.computed
                     if t in self.calls[k].buffers and all(t not in c.buffers for c in self.calls[:k]))

    def known_before_calls(self, temp: Buffer) -> bool:
        """Whether ``temp``'s shape is known before any call runs (it uses no computed variable)."""
        if not self.computed:
            return True
        late = {p.key for p, _ in self.computed}
        return not any(type(d) is not int and dims.free_symbols(d) & late for d in temp.shape)


@dataclass(frozen=True, slots=True)
class LoopModule:
    kernels: tuple[Kernel, ...]
    program: Program
    # (output position, whether its elements are Python numbers): results that are Python lists
    # built by append (``looplists``), returned as arrays and made lists by the caller (``jit``)
    lists: tuple[tuple[int, bool], ...] = ()
    # (output position, the dtype= given or None): arrays made by np.array(list) and only returned,
    # whose rows are the list's; the caller makes one of no rows NumPy's np.array([]) (``jit``)
    empty_lists: tuple[tuple[int, str | None], ...] = ()

    def kernel(self, name: str) -> Kernel:
        for k in self.kernels:
            if k.name == name:
                return k
        raise KeyError(name)

    def written_inputs(self) -> frozenset[Name]:
        """The program inputs some kernel writes (loop code's ``out[i] = v`` on an argument, as
        Numba allows): the caller's array changes, so it must be writeable, and an input copied
        for its layout is copied back."""
        inputs = {b.name for b in self.program.inputs}
        return frozenset(name for call in self.program.calls
                         for param, name in zip(self.kernel(call.kernel).params, call.buffers)
                         if param.output and name in inputs)

    def scoped_parts(self) -> tuple:
        return (*self.kernels, self.program)

    def with_parts(self, parts: tuple) -> "LoopModule":
        return LoopModule(tuple(parts[:-1]), parts[-1], self.lists, self.empty_lists)


# --- the traversal protocol (shapecheck.subst.syntax) ----------------------------------------
# A statement tuple is a telescope: a Let's binder scopes over the statements after it, so a node
# holding statements lists them flat, each Let as (dtype, value, Bind(var)).

def stmt_parts(stmts: tuple) -> list:
    out: list = []
    for st in stmts:
        if type(st) is Let:
            out.extend((st.dtype, st.value, Bind(st.var)))
        else:
            out.append(st)
    return out


def read_stmts(template: tuple, r: PartsReader) -> tuple:
    out = []
    for st in template:
        if type(st) is Let:
            dtype, value = r.next(), r.next()
            out.append(Let(r.name(), dtype, value))
        else:
            out.append(r.next())
    return tuple(out)


def buffer_parts(buffers: tuple) -> list:
    out: list = []
    for b in buffers:
        out.extend((b.dtype, b.output, Leaf(DIMS, b.shape), Bind(b.name)))
    return out


def read_buffers(template: tuple, r: PartsReader) -> tuple:
    out = []
    for _ in template:
        dtype, output, shape = r.next(), r.next(), r.leaf()
        out.append(Buffer(r.name(), dtype, shape, output))
    return tuple(out)


_EXPR_TYPES = (Const, Var, Load, Binary, Unary, Compare, Select, Call, Cast)


def is_expr(value) -> bool:
    """Whether ``value`` is a scalar expression (not a statement, a dim or a leaf)."""
    return isinstance(value, _EXPR_TYPES)


# --- helpers for back ends -------------------------------------------------------------------

def dim_to_expr(d: dims.Dim) -> Expr:
    """A dim as an i64 expression over shape-variable ``Var`` s (``n*2+1`` -> add(mul(n, 2), 1))."""
    if type(d) is int:
        return Const(d, INDEX)
    total: Expr | None = Const(d.constant, INDEX) if d.constant else None
    for monomial, coeff in d.terms:
        term: Expr | None = None if coeff == 1 else Const(coeff, INDEX)
        for atom in monomial:
            factor = _atom_to_expr(atom)
            term = factor if term is None else Binary("mul", term, factor)
        assert term is not None
        total = term if total is None else Binary("add", total, term)
    assert total is not None
    return total


def _atom_to_expr(atom) -> Expr:
    if type(atom) is dims.Sym:
        return Var(name_of_key(atom.name), INDEX)
    a, b = (dim_to_expr(arg) for arg in atom.args)
    if atom.kind in ("floordiv", "mod"):
        return Binary(atom.kind, a, b)
    return Call("maximum" if atom.kind == "max" else "minimum", (a, b))


def bind_shape_params(program: Program, shapes: Mapping[Name, tuple[int, ...]],
                      scalars: Mapping[Name, int] | None = None) -> dict[Name, int]:
    """Values of the program's shape params, read off the input buffers' concrete shapes.

    ``shapes`` maps each input buffer's Name to the shape of the array passed for it, and
    ``scalars`` each 0-d integer input's value (for ``valued`` params). Raises ValueError when a
    rank or a concrete dim disagrees, or when a shape param is not found.
    """
    values: dict[Name, int] = {p: int(scalars[b]) for p, b in program.valued} if program.valued else {}
    late = {p for p, _ in program.computed}   # known once a call has run
    for buf in program.inputs:
        actual = tuple(shapes[buf.name])
        if len(actual) != len(buf.shape):
            raise ValueError(f"{buf.name.hint}: expected rank {len(buf.shape)}, got shape {actual}")
        for d, n in zip(buf.shape, actual):
            if type(d) is int:
                if d != n:
                    raise ValueError(f"{buf.name.hint}: expected dim {d}, got {n} (shape {actual})")
                continue
            symbols = dims.free_symbols(d)
            whole = len(symbols) == 1 and d == dims.sym(next(iter(symbols)))
            if whole:
                name = name_of_key(next(iter(symbols)))
                if values.setdefault(name, n) != n:
                    raise ValueError(f"{buf.name.hint}: dim {name.hint} is {values[name]} elsewhere, got {n}")
    for p in program.shape_params:
        if p not in values and p not in late:
            raise ValueError(f"shape variable {p.hint} does not occur as a whole input dim")
    return values
