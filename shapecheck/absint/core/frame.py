"""A frame of the abstract interpreter and the control-flow signals that leave a block."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .cancellation import Cancellation
from .values import ELLIPSIS, Class, Value

MAX_CALL_DEPTH = 10
LOOP_ITERATIONS = 3
UNROLL_LIMIT = 16          # loops over known sequences this short run once per item
UNROLL_NODE_BUDGET = 3000  # ... when (body size in AST nodes) x (trip count) stays under this
#: A sequence repeated to more items than this (``[(None, None)] * 2**20``, a cache) is kept as its
#: element and its length, not item by item: every call's key walks what a receiver holds, and trax's
#: SubwordTextEncoder spent 14 s walking its million-entry ``_cache`` at each method call.
MAX_REPEATED_ITEMS = 1_000
LIST_MUTATORS = ("append", "extend", "insert", "pop", "clear")
#: Every method of a list that changes it: the mutators above, and those after which only its
#: element is known (its length or order changed in a way not followed).
LIST_CHANGERS = LIST_MUTATORS + ("sort", "reverse", "remove", "__setitem__")
#: The methods of a dict that change it (others read it).
DICT_MUTATORS = ("update", "pop", "setdefault", "clear", "popitem", "__setitem__", "__delitem__")
CONTAINER_CHANGERS = frozenset(LIST_CHANGERS + DICT_MUTATORS)


@dataclass
class Frame:
    env: dict
    facts: tuple = ()
    names: dict = field(default_factory=dict)     # symbol name -> the name the code gave it
    attribute_names: set = field(default_factory=set)   # ... where that is an attribute's (n_head)
    returns: list = field(default_factory=list)   # values of `return` statements
    yields: list = field(default_factory=list)    # values of `yield` expressions (a generator's items)
    loop_exits: list = field(default_factory=list)  # environments at `break`
    loop_continues: list = field(default_factory=list)  # environments at `continue` (the next pass starts there too)
    preconditions: list = field(default_factory=list)
    # the preconditions met on every way to a normal return (a top-level statement of the body, before
    # any return, outside a try): facts the caller holds once the call returns (Calls._assure)
    assured: list = field(default_factory=list)
    # parameters that the body's own top-level statements gave a rank (``B, T, C = x.size()``):
    # what a call learns of an argument it passed in (see Calls.call_function)
    refined: dict = field(default_factory=dict)
    # loop index symbol -> its LoopIndex, for the loops running at this point (index bounds)
    loops: dict = field(default_factory=dict)
    # name -> (its value, the ranks an assertion allows it: ``assert x.ndim in (3, 4)``), while the
    # name still holds that value (see Statements._rank_branch)
    rank_options: dict = field(default_factory=dict)
    # name -> (its value, the top-level assertions that compare it as an int: ``assert dim % 8 == 0``
    # on a parameter known only by name), assumed when the name becomes a named int while it still
    # holds that value (see Statements.recall_int_assertions)
    int_assertions: dict = field(default_factory=dict)
    # name -> (the name whose rank it holds, that name's value then, its own value then):
    # ``input_ndim = x.ndim`` while both still hold those values (see Statements._rank_alias)
    rank_aliases: dict = field(default_factory=dict)
    # (parameter, function, index) -> the dim an op took off that parameter's middle at that index
    # (``x.mean(1)``, ``x[:, 0]`` of ``(*x)``): the same dim of x wherever this run takes it
    middle_dims: dict = field(default_factory=dict)
    # id of a boolean mask value -> (that value, kept so the id is not reused; the count of its True
    # values): two selections by one mask (``a[m] = b[m]``) take the same number of elements
    mask_counts: dict = field(default_factory=dict)
    # the length of a slice whose bound's sign is not known, per (start, stop, step, axis length): one
    # dim for each such slice of the frame, so ``np.dot(L[k, :k], L[k, :k])`` is of two equal lengths
    slice_lengths: dict = field(default_factory=dict)
    # id of a list or dict value -> (that value, the places holding it: ("name", name) or ("attr",
    # object, name)) where one statement bound it to several (``res = self.states = []``, ``d = c``):
    # a change through one is a change through each while they hold it (Statements._container_slot)
    container_aliases: dict = field(default_factory=dict)


class BudgetExceeded(Exception):
    """The file took more interpretation steps than one analysis may spend (see StepBudget), or its
    caller cancelled the run (``reason``: why, see :class:`Cancellation`)."""

    def __init__(self, node: ast.AST, reason: str | None = None):
        super().__init__(reason or "analysis budget exceeded")
        self.node = node
        self.reason = reason


#: Statements interpreted in one run, all frames together: a bound on one file's analysis however
#: its calls and loops multiply (well above what real files need: the 10k-line corpus takes ~60k).
MAX_STEPS = 2_000_000


@dataclass
class StepBudget:
    """How many statements one run may still interpret; past the limit it stops (SC006)."""

    limit: int = MAX_STEPS
    steps: int = 0
    cancellation: Cancellation | None = None

    def tick(self, node: ast.AST) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise BudgetExceeded(node)
        if self.cancellation is not None and self.cancellation.reason is not None:
            raise BudgetExceeded(node, self.cancellation.reason)


class Terminated(Exception):
    """Internal: the rest of a block is unreachable; ``kind`` is return/raise/break/continue."""

    def __init__(self, kind: str = "return"):
        super().__init__(kind)
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Builtin(Value):
    name: str


@dataclass(frozen=True, slots=True)
class SuperRef(Value):
    """``super()`` inside a method: attribute lookups start after ``cls`` in the receiver's bases."""

    cls: Class
    receiver: Value


@dataclass(frozen=True, slots=True)
class FieldsInit(Value):
    """``super().__init__`` where the base's ``__init__`` is the one a dataclass generates from its
    fields (interp/dataclass_fields.py): a call binds them on ``receiver``, then runs ``__post_init__``."""

    cls: Class
    receiver: Value


@dataclass(frozen=True, slots=True)
class Range(Value):
    start: Value
    stop: Value
    step: Value


@dataclass(frozen=True, slots=True)
class LoopIndex:
    """A loop's index: the symbol every iteration's value stands for, and what it ranges over (its
    facts say the same to the solver). ``certain``: every iteration reaches the whole body (no
    break, continue, return, raise or try in it), so an index that runs off its array on some
    iteration is an error, not a maybe."""

    symbol: str
    text: str            # how the code wrote what it iterates, for messages: ``range(n + 1)``
    certain: bool = True
    unsure: int = 0      # the interpreter's unknown-condition depth where the loop starts


BUILTINS: dict[str, Value] = {name: Builtin(name) for name in (
    "len", "range", "int", "float", "bool", "tuple", "list", "zip", "enumerate", "min", "max", "abs",
    "sum", "isinstance", "print", "reveal_shape", "round", "sorted", "reversed", "dict", "str",
    "super", "map", "iter", "next", "any", "all", "hasattr", "getattr", "setattr", "type", "divmod",
    "object", "complex", "bytes", "set", "frozenset", "callable",
)}
#: ``Ellipsis`` is ``...`` by name (``x[(*((None,) * k), Ellipsis)]`` builds an index from it)
BUILTINS["Ellipsis"] = ELLIPSIS
