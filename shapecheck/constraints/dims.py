"""Symbolic dimensions: integer expressions over named unknowns.

A dimension is either a plain Python ``int`` (the overwhelmingly common case, kept unboxed so that
concrete code never pays for symbolic machinery) or an :class:`Expr`, a polynomial with integer
coefficients over *atoms*. An atom is a named symbol (:class:`Sym`) or an operation that does not
distribute over polynomials (floor division, modulo, min, max), kept opaque with canonical
arguments.

Every constructor normalises, so two dims that are equal as polynomials are equal as Python values:
``add(sym("n"), 1) == add(1, sym("n"))``. That makes the trivial questions ("is this the same
dim?", "are these two constants equal?") answerable without a solver; only what normalisation
cannot settle goes to Z3 (see ``solver.py``).

>>> n = sym("n")
>>> show(mul(add(n, 1), 2))
'n*2+2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Mapping, Union

from .derived import Kept, cached_hash, keep_symbols

__all__ = [
    "Dim", "Sym", "Op", "Expr", "sym", "const_value", "is_const", "add", "sub", "mul", "neg",
    "floordiv", "mod", "dmin", "dmax", "product", "free_symbols", "is_single_symbol", "substitute", "show",
    "parse_dim", "DimParseError", "atoms_of", "evaluate", "display_name", "show_polynomial",
    "exact_quotient", "common_factor", "shared_atoms", "symbol_key", "polynomial_quotient", "factors",
    "map_atoms", "apply_op", "ByZero", "symbol_number", "EACH", "is_each", "primitive_part", "TooLarge", "MAX_DEGREE", "MAX_PRODUCT_TERMS",
]


@dataclass(frozen=True, slots=True, order=True)
class Sym(Kept):
    """A named unknown dimension. Names are display names too (``n``, ``x.shape[0]``)."""

    name: str
    __hash__ = cached_hash("name")

    def __repr__(self) -> str:
        return f"Sym({self.name!r})"


@dataclass(frozen=True, slots=True)
class Op(Kept):
    """An opaque atom: ``floordiv``, ``mod``, ``min`` or ``max`` of dims (arguments normalised)."""

    kind: str
    args: tuple["Dim", ...]
    __hash__ = cached_hash("kind", "args")

    def sort_key(self) -> str:
        return show_atom(self)


Atom = Union[Sym, Op]
Monomial = tuple  # tuple[Atom, ...], sorted by atom_key, repeated atoms are powers


@lru_cache(maxsize=1 << 16)   # on every normalisation: a dict hit, not a parse
def symbol_key(name: str) -> tuple:
    """The order of symbol names: by display name, then by the analysis's number as a number
    (``d#9`` before ``d#10``). A run that numbers the same symbols from another start (``-j 1``
    continues one counter over every file, each ``-j N`` worker its own) orders them the same, so
    dims have the same normal form and the solver gets the same question (issue 11)."""
    cut = name.find("#")
    if cut < 0:
        return (name, -1, name)
    digits = name[cut + 1:].rstrip(SIGNED).removesuffix(EACH)
    return (name[:cut], int(digits) if digits.isdigit() else -1, name)


def atom_key(atom: Atom) -> tuple:
    return (0, symbol_key(atom.name)) if type(atom) is Sym else _op_key(atom)


@lru_cache(maxsize=1 << 16)   # every product and sum sorts its atoms: a dict hit, not printing
def _op_key(atom: "Op") -> tuple:
    return (1, show_atom(atom))


@dataclass(frozen=True, slots=True)
class Expr(Kept):
    """A non-constant polynomial: ``sum(coeff * prod(monomial)) + constant``.

    ``terms`` is sorted and has no zero coefficients; an expression that would be constant is
    returned as an ``int`` by every constructor instead. Its hash and free symbols are kept on it
    once computed (derived.py).
    """

    terms: tuple[tuple[Monomial, int], ...]
    constant: int = 0
    __hash__ = cached_hash("terms", "constant")

    def __repr__(self) -> str:
        return f"Expr({show(self)!r})"

    # Operator sugar so code over dims reads like arithmetic.
    def __add__(self, other: "Dim") -> "Dim":
        return add(self, other)

    __radd__ = __add__

    def __sub__(self, other: "Dim") -> "Dim":
        return sub(self, other)

    def __rsub__(self, other: "Dim") -> "Dim":
        return sub(other, self)

    def __mul__(self, other: "Dim") -> "Dim":
        return mul(self, other)

    __rmul__ = __mul__

    def __neg__(self) -> "Dim":
        return neg(self)

    def __floordiv__(self, other: "Dim") -> "Dim":
        return floordiv(self, other)

    def __mod__(self, other: "Dim") -> "Dim":
        return mod(self, other)


Dim = Union[int, Expr]


def sym(name: str) -> Expr:
    """The dimension named ``name``."""
    return Expr((((Sym(name),), 1),), 0)


def _atom_expr(atom: Atom) -> Expr:
    return Expr((((atom,), 1),), 0)


def is_const(d: Dim) -> bool:
    return type(d) is int


def const_value(d: Dim) -> int | None:
    return d if type(d) is int else None


# --- polynomial arithmetic -------------------------------------------------------------------

def _as_terms(d: Dim) -> tuple[dict, int]:
    if type(d) is int:
        return {}, d
    return dict(d.terms), d.constant


def _build(terms: dict, constant: int) -> Dim:
    kept = tuple(sorted(((m, c) for m, c in terms.items() if c != 0),
                        key=lambda mc: (-len(mc[0]), [atom_key(a) for a in mc[0]])))
    if not kept:
        return constant
    return Expr(kept, constant)


def add(a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        return a + b
    terms, constant = _as_terms(a)
    other, other_constant = _as_terms(b)
    for m, c in other.items():
        terms[m] = terms.get(m, 0) + c
    return _build(terms, constant + other_constant)


def neg(a: Dim) -> Dim:
    if type(a) is int:
        return -a
    return Expr(tuple((m, -c) for m, c in a.terms), -a.constant)


def sub(a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        return a - b
    return add(a, neg(b))


#: The largest product :func:`mul` builds: a degree past MAX_DEGREE, or operands whose terms
#: multiply past MAX_PRODUCT_TERMS, raise :class:`TooLarge`. Why: a loop that squares a size
#: (``x = np.outer(x, x)[1:]`` under a ``while`` unrolled 16 times) doubles the degree on each
#: pass, and the 16th product alone would be 2**16 terms by 2**16 (a fuzzed program ran minutes in
#: one statement). A loop that multiplies a size by one more factor per pass grows it by a degree
#: per pass: Z3 takes 4-8 us a step on questions of degree 9 to 16 with their 40- to 80-bit
#: coefficients (about 1 us on the corpora's, of degree 4 at most), and a fuzzed ``while``
#: (benchmarks/fuzz_found/slow_seed171010166.py) spent 43 s of Z3 in 10.7M steps, under the run's
#: step budget; at 8, 1.9 s. No product of degree over 6 is built in checking the ten real-code
#: corpora of BENCHMARKS.md (785,000 lines; the one that was, of degree 31, came of reading
#: scikit-learn's structured-dtype ``X.view([...] * 31)`` as a reshape), and an array of more than
#: 8 unknown dimensions flattened is a size left unknown, never a false error.
MAX_DEGREE = 8
MAX_PRODUCT_TERMS = 4096


class TooLarge(ArithmeticError):
    """A dim past the bounds :func:`mul` builds: the caller knows the value only as unknown."""


def degree(d: Dim) -> int:
    """The total degree of ``d`` (0 for a constant): the length of its first monomial, since
    terms are sorted longest first and a power repeats its atom."""
    return len(d.terms[0][0]) if type(d) is Expr else 0


def _mul_monomials(x: Monomial, y: Monomial) -> Monomial:
    return tuple(sorted(x + y, key=atom_key))


def mul(a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        return a * b
    a_terms, a_const = _as_terms(a)
    b_terms, b_const = _as_terms(b)
    if (len(a_terms) + 1) * (len(b_terms) + 1) > MAX_PRODUCT_TERMS or degree(a) + degree(b) > MAX_DEGREE:
        raise TooLarge(f"a product of degree {degree(a) + degree(b)} with "
                       f"{(len(a_terms) + 1) * (len(b_terms) + 1)} term products")
    out: dict = {}
    for m, c in a_terms.items():
        if b_const:
            out[m] = out.get(m, 0) + c * b_const
        for m2, c2 in b_terms.items():
            mm = _mul_monomials(m, m2)
            out[mm] = out.get(mm, 0) + c * c2
    if a_const:
        for m2, c2 in b_terms.items():
            out[m2] = out.get(m2, 0) + a_const * c2
    return _build(out, a_const * b_const)


def product(dims: Iterable[Dim]) -> Dim:
    result: Dim = 1
    for d in dims:
        result = mul(result, d)
    return result


def _content(d: Expr) -> int:
    """The gcd of every coefficient and the constant (how much ``d`` is divisible by, syntactically)."""
    from math import gcd

    g = abs(d.constant)
    for _, c in d.terms:
        g = gcd(g, abs(c))
    return g


def _term_content(d: Expr) -> int:
    """The gcd of the coefficients of ``d``'s terms (its constant aside)."""
    from math import gcd

    g = 0
    for _, c in d.terms:
        g = gcd(g, abs(c))
    return g


def _scale_down(d: Expr, k: int) -> Dim:
    return _build({m: c // k for m, c in d.terms}, d.constant // k)


def _exact_quotient(a: Dim, b: Dim) -> Dim | None:
    """``a / b`` when the monomial ``b`` divides every term of ``a`` (``b*h*w / b`` is ``h*w``);
    else None. Dims are positive, so an exact quotient is also the floor quotient."""
    if type(b) is not Expr or len(b.terms) != 1 or b.constant != 0 or type(a) is not Expr or a.constant != 0:
        return None
    (divisor, k), = b.terms
    if k <= 0:
        return None
    out: dict = {}
    for monomial, c in a.terms:
        rest = _monomial_quotient(monomial, divisor)
        if rest is None or c % k:
            return None
        out[rest] = out.get(rest, 0) + c // k
    constant = out.pop((), 0)
    return _build(out, constant)


def _monomial_quotient(monomial: Monomial, divisor: Monomial) -> Monomial | None:
    """The atoms of ``monomial`` left when those of ``divisor`` are taken out (None: not all are in it)."""
    rest = list(monomial)
    for atom in divisor:
        if atom not in rest:
            return None
        rest.remove(atom)
    return tuple(rest)


@lru_cache(maxsize=1 << 14)   # a proof by cases re-cancels each fact after every substitution
def _common_factor(a: Dim, b: Dim) -> tuple[Dim, Dim, Dim] | None:
    """``(g, a/g, b/g)`` for the largest monomial ``g`` (integer content times atoms) dividing
    every term of both ``a`` and ``b``, when it is not 1; else None.

    Why: ``(g*x) // (g*y) == x // y`` and ``(g*x) % (g*y) == g * (x % y)`` for every ``g != 0``
    (Python's floor division: ``g*x - g*y*floor(x/y)``), and ``g == 0`` divides by zero, which
    fails at run time whatever the value. Shape code divides a reshaped size by a product sharing
    its factors (``b*h*s*(d//h) % (b*h*s*2)``): cancelled, the question is linear enough for the
    interval check, where Z3 timed out on it (issue 11: 3 s of a 5 s run)."""
    if type(a) is int or type(b) is int and b in (0, 1, -1):
        return None
    from math import gcd

    k = gcd(_content(a), b if type(b) is int else _content(b))
    atoms: list | None = None
    if type(b) is Expr and a.constant == 0 and b.constant == 0:
        atoms = shared_atoms([m for m, _ in a.terms + b.terms])
    if k <= 1 and not atoms:
        return _common_polynomial(a, b) if type(b) is Expr else None
    g: Dim = max(k, 1)
    for atom in atoms or ():
        g = mul(g, _atom_expr(atom))
    qa, qb = _exact_quotient_by(a, g), _exact_quotient_by(b, g)
    return (g, qa, qb) if qa is not None and qb is not None else None


def _monomial_content(d: Expr) -> Dim:
    """The largest monomial (integer content times atoms) dividing every term of ``d``."""
    g: Dim = max(_content(d), 1)
    if d.constant == 0:
        for atom in shared_atoms([m for m, _ in d.terms]):
            g = mul(g, _atom_expr(atom))
    return g


def _common_polynomial(a: Expr, b: Expr) -> tuple[Dim, Dim, Dim] | None:
    """``(p, a/p, b/p)`` where ``a`` and ``b`` are monomials times the same polynomial ``p`` of two
    or more terms (``x*j + x`` and ``y*j + y``, both ``(j+1)`` times a monomial); else None. The
    cancellation of :func:`_common_factor` holds for any ``p != 0``: a loop's ``(h d)`` split of
    ``inner_dim * (j+1)`` by ``h * (j+1)`` asked Z3 ``(inner_dim*j+inner_dim) % (h*j+h) == 0 =>
    inner_dim % h == 0``, which it left unknown after 5M steps (1.2 s of vit-pytorch's 12.6)."""
    ga, gb = _monomial_content(a), _monomial_content(b)
    pa, pb = _exact_quotient_by(a, ga), _exact_quotient_by(b, gb)
    if type(pa) is not Expr or pa != pb or not _never_zero(pa):
        return None
    return pa, ga, gb


def _never_zero(p: Expr) -> bool:
    """Whether ``p`` is never 0. Only such a factor is cancelled: one that may be 0 would turn a
    division by 0, which Z3 leaves unspecified, into a defined value (``(w-1) % (w-1)``). Either it
    is at least 1 for every size (a positive constant plus terms with positive coefficients over
    unsigned symbols), or its constant is no multiple of what its other coefficients share: its
    atoms are ints, so ``2*max(q, k) - 1`` is odd whatever they are (timm's ``get_rel_pos``
    reshapes ``d*(2*max(q, k) - 1)`` values by rows of that length, a question Z3 ran out of steps on)."""
    if p.constant >= 1 and all(c > 0 and all(type(atom) is Sym and not is_signed(atom.name) for atom in m)
                               for m, c in p.terms):
        return True
    from math import gcd

    shared = 0
    for _, c in p.terms:
        shared = gcd(shared, c)
    return shared > 1 and p.constant % shared != 0


def shared_atoms(monomials: list[tuple]) -> list:
    """The atoms every monomial holds, with multiplicity (``[a, a, b]`` of ``a*a*b*c`` and
    ``a*a*b*b``)."""
    shared = list(monomials[0]) if monomials else []
    for monomial in monomials[1:]:
        rest = list(monomial)
        kept = []
        for atom in shared:
            if atom in rest:
                rest.remove(atom)
                kept.append(atom)
        shared = kept
    return shared


def _exact_quotient_by(a: Dim, g: Dim) -> Dim | None:
    if type(g) is int:
        if type(a) is int:
            return a // g if a % g == 0 else None
        return _scale_down(a, g) if _content(a) % g == 0 else None
    return _exact_quotient(a, g)


def polynomial_quotient(a: Dim, b: Dim) -> Dim | None:
    """``q`` with ``a == q*b`` as polynomials (atoms taken as variables), or None when the division
    leaves a remainder (or this search cannot find ``q``). Division by the leading term, terms
    being in their normal order; the answer is checked by multiplying back, so the order only
    decides what is found, never whether it is right: a conv's output size
    ``(h-k+2p+1)*(w-k+2p+1) % (w-k+2p+1)`` is 0, which Z3 could not show in 5M steps (issue 11)."""
    if type(b) is int:
        return _exact_quotient_by(a, b) if b else None
    if type(a) is int:
        return 0 if a == 0 else None
    lead, lead_coeff = b.terms[0]
    quotient: Dim = 0
    rest: Dim = a
    for _ in range(2 * len(a.terms) + 4):
        if type(rest) is int:
            break
        monomial, coeff = rest.terms[0]
        left = _monomial_quotient(monomial, lead)
        if left is None or coeff % lead_coeff:
            return None
        term = Expr(((left, coeff // lead_coeff),), 0) if left else coeff // lead_coeff
        quotient = add(quotient, term)
        rest = sub(rest, mul(term, b))
    return quotient if rest == 0 and mul(quotient, b) == a else None


def factors(d: Dim) -> list[Dim]:
    """Polynomials whose product is ``d`` (atoms taken as variables), split where an atom ``x``
    appears at most once in every term: ``d == A*x + B`` is ``A * (x + B/A)`` when ``A`` divides
    ``B`` (:func:`polynomial_quotient`, checked by multiplying back), and each factor is split
    again. Finds the factors of products of polynomials of degree 1 in some atom, as a 2-d
    conv's output size ``(h+p-k+1)*(w+q-j+1)`` is once expanded; ``[d]`` when none is found."""
    if type(d) is int or len(d.terms) < 2:
        return [d]
    seen: set = set()
    for monomial, _ in d.terms:
        for x in monomial:
            if x in seen:
                continue
            seen.add(x)
            if any(m.count(x) > 1 for m, _ in d.terms):
                continue
            with_x = {}
            rest = {}
            for m, c in d.terms:
                if x in m:
                    left = list(m)
                    left.remove(x)
                    with_x[tuple(left)] = c
                else:
                    rest[m] = c
            a = _build(with_x, with_x.pop((), 0))
            q = polynomial_quotient(_build(rest, d.constant), a)
            if q is not None and a not in (1, -1):
                return factors(a) + factors(add(_atom_expr(x), q))
    return [d]


def primitive_part(d: Dim) -> Dim:
    """``d`` divided by the gcd of its coefficients and constant: 0 exactly where ``d`` is, so
    ``d == 0`` may be read as ``primitive_part(d) == 0`` (``3*b*h - 96*b*n`` as ``b*h - 32*b*n``)."""
    if type(d) is int:
        return d
    content = _content(d)
    return _scale_down(d, content) if content > 1 else d


#: public names of the two cancellations (``constraints/readable.py`` rewrites predicates with them)
exact_quotient = _exact_quotient
common_factor = _common_factor


def floordiv(a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        if b == 0:
            raise ZeroDivisionError("dimension floor-divided by zero")
        return a // b
    if b == 1:
        return a
    if type(b) is int and b > 0 and type(a) is Expr and _term_content(a) % b == 0:
        # b divides every term: (b*q + c) // b is q + c // b ((2*n + 1) // 2 is n, a step-2 slice of 2*n items)
        return _scale_down(a, b)
    exact = _exact_quotient(a, b)
    if exact is not None:
        return exact
    if type(b) is int and b > 0 and type(a) is Expr and a.constant and a.constant % b == 0:
        # (h - 2) // 2 + 1 is h // 2: a multiple of b in the constant leaves the division
        return add(floordiv(sub(a, a.constant), b), a.constant // b)
    if a == b:
        return 1
    common = _common_factor(a, b)
    if common is not None:
        return floordiv(common[1], common[2])
    return _atom_expr(Op("floordiv", (a, b)))


def mod(a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        if b == 0:
            raise ZeroDivisionError("dimension taken modulo zero")
        return a % b
    if a == 0 or b == 1 or a == b:
        return 0
    if type(a) is Expr:
        a = _residues_read_whole(a, b)
        if type(a) is int:
            return mod(a, b)
    if type(b) is int and b > 0 and type(a) is Expr and _term_content(a) % b == 0:
        return a.constant % b   # b divides every term: (2*n + 1) % 2 is 1
    if _exact_quotient(a, b) is not None:
        return 0
    common = _common_factor(a, b)
    if common is not None:
        return mul(common[0], mod(common[1], common[2]))
    return _atom_expr(Op("mod", (a, b)))


def _residues_read_whole(a: Expr, b: Dim) -> Dim:
    """``a`` with each factor ``y % b`` of its terms read as ``y``, which leaves ``a % b`` as it is
    (``y % b`` and ``y`` differ by a multiple of ``b``, in Python's floored and Z3's Euclidean
    modulo alike): ``(k + (-k) % p) % p``, a length padded up to a multiple of ``p`` (uni2ts), is
    ``0 % p``. The same ``a`` where no term has such a factor."""
    if not any(type(atom) is Op and atom.kind == "mod" and atom.args[1] == b for m, _ in a.terms for atom in m):
        return a
    out: Dim = a.constant
    for m, c in a.terms:
        term: Dim = c
        for atom in m:
            term = mul(term, atom.args[0] if type(atom) is Op and atom.kind == "mod" and atom.args[1] == b
                       else _atom_expr(atom))
        out = add(out, term)
    return out


def _minmax(kind: str, a: Dim, b: Dim) -> Dim:
    if type(a) is int and type(b) is int:
        return min(a, b) if kind == "min" else max(a, b)
    if a == b:
        return a
    diff = sub(a, b)
    if type(diff) is int:  # a and b differ by a constant: the order is known
        return (b if diff > 0 else a) if kind == "min" else (a if diff > 0 else b)
    args = tuple(sorted((a, b), key=lambda d: show(d)))
    return _atom_expr(Op(kind, args))


def dmin(a: Dim, b: Dim) -> Dim:
    return _minmax("min", a, b)


def dmax(a: Dim, b: Dim) -> Dim:
    return _minmax("max", a, b)


# --- inspection ------------------------------------------------------------------------------

def atoms_of(d: Dim) -> set[Atom]:
    if type(d) is int:
        return set()
    out: set = set()
    for m, _ in d.terms:
        out.update(m)
    return out


def is_single_symbol(d: Dim) -> bool:
    """Whether ``d`` is one symbol, nothing more (``n``, not ``n+1`` or ``2*n`` or ``n//2``)."""
    return (type(d) is Expr and len(d.terms) == 1 and d.constant == 0 and d.terms[0][1] == 1
            and len(d.terms[0][0]) == 1 and type(d.terms[0][0][0]) is Sym)


def free_symbols(d: Dim) -> frozenset[str]:
    """Names of every symbol in ``d``, opaque atoms included."""
    if type(d) is int:
        return frozenset()
    try:
        return d._symbols
    except AttributeError:
        pass
    names: set[str] = set()
    for m, _ in d.terms:
        for atom in m:
            if type(atom) is Sym:
                names.add(atom.name)
            else:
                for arg in atom.args:
                    names |= free_symbols(arg)
    return keep_symbols(d, frozenset(names))


def division_depth(d: Dim) -> int:
    """How deep divisions by unknowns nest in ``d`` (``a//(b%c)``: 2; ``a//2``: 0)."""
    if type(d) is int:
        return 0
    return max((_atom_division_depth(atom) for m, _ in d.terms for atom in m), default=0)


def _atom_division_depth(atom: Atom) -> int:
    if type(atom) is Sym:
        return 0
    inner = max(division_depth(arg) for arg in atom.args)
    by_unknown = atom.kind in ("floordiv", "mod") and type(atom.args[1]) is not int
    return inner + by_unknown


def _apply_atom(atom: Atom, leaf: Callable[[Sym], Dim]) -> Dim:
    if type(atom) is Sym:
        return leaf(atom)
    args = [_rebuild(arg, leaf) for arg in atom.args]
    return _OPS[atom.kind](*args)


def _rebuild(d: Dim, leaf: Callable[[Sym], Dim]) -> Dim:
    return map_atoms(d, lambda atom: _apply_atom(atom, leaf))


def map_atoms(d: Dim, value: Callable[[Atom], Dim]) -> Dim:
    """``d`` with each atom replaced by ``value(atom)``, renormalised.

    What ``sum(c * prod(value(atom)))`` by :func:`mul` and :func:`add` gives, built once: a renaming
    (summaries reused up to renaming, freshened results) maps atoms to atoms, whose products need no
    polynomial multiplication, and the sum is sorted once, not after every term. The same terms in
    the same order: sorting is stable, so atoms and monomials whose keys tie keep the order the
    step-by-step build gave them (atoms as multiplied, monomials as first added, one whose
    coefficient cancelled to 0 as if added anew)."""
    if type(d) is int:
        return d
    terms: dict = {}
    constant = d.constant
    for m, c in d.terms:
        coeff, atoms, term = c, [], None   # term: the product as a Dim, once a value is no atom
        for atom in m:
            v = value(atom)
            if term is None:
                if type(v) is int:
                    coeff *= v
                    continue
                if v.constant == 0 and len(v.terms) == 1 and v.terms[0][1] == 1 and len(v.terms[0][0]) == 1:
                    atoms.append(v.terms[0][0][0])
                    continue
                term = Expr(((tuple(sorted(atoms, key=atom_key)), coeff),), 0) if atoms and coeff else coeff
            term = mul(term, v)
        if term is None:
            if not atoms:
                constant += coeff
                continue
            if not coeff:
                continue
            term = ((tuple(sorted(atoms, key=atom_key)), coeff),)
        elif type(term) is int:
            constant += term
            continue
        else:
            constant += term.constant
            term = term.terms
        for monomial, k in term:
            k += terms.get(monomial, 0)
            if k:
                terms[monomial] = k
            else:
                del terms[monomial]   # (cancelled: a later term adds it anew, at the end)
    return _build(terms, constant)


def apply_op(kind: str, a: Dim, b: Dim) -> Dim:
    """``floordiv``, ``mod``, ``min`` or ``max`` of two dims, as an :class:`Op` of that kind reads."""
    return _OPS[kind](a, b)


def substitute(d: Dim, mapping: Mapping[str, Dim]) -> Dim:
    """Replace symbols by dims, renormalising (so ``n - n`` after ``n := 3`` is ``0``)."""
    if type(d) is int or not mapping:
        return d
    if d.constant == 0 and len(d.terms) == 1:
        (monomial, coeff), = d.terms
        if coeff == 1 and len(monomial) == 1 and type(monomial[0]) is Sym:
            # a lone symbol -- three in four dims a call's renaming meets (``x0``, ``dim``): its image
            # is what the rebuild gives, without one (vit-pytorch: 2% of its calls)
            return mapping.get(monomial[0].name, d)
    if mapping.keys().isdisjoint(free_symbols(d)):
        return d   # (free symbols are kept on the dim: a proof by cases substitutes into dozens of facts per case)
    return _rebuild(d, lambda s: mapping.get(s.name, _atom_expr(s)))


@dataclass(frozen=True, slots=True)
class ByZero:
    """What a floor division and a modulo by 0 give, whatever the dividend. Z3 leaves both
    unspecified: each is a function of the dividend that a model chooses (its ``div0`` and
    ``mod0``, unrelated to each other), so values under which the facts hold with some such
    choice are a model to Z3 too, and the constant functions are among its choices. So are the
    shifts of the dividend (``shifted``: ``a // 0`` is ``a + quotient``), which tell two divisions
    by 0 apart by their dividends: ``1 <= (x2-1)//2//j + 1`` as a fact and ``1 <= (x3-1)//2//j + 1``
    required fail together under any constant (vit-pytorch: 39 questions Z3 answered, ~6 ms each).
    Only what evaluates the dividend first takes a shift (sampling's evaluators, :func:`evaluate`)."""

    quotient: int
    remainder: int
    shifted: bool = False

    def divided(self, dividend: int) -> int:
        """What ``dividend // 0`` gives."""
        return dividend + self.quotient if self.shifted else self.quotient


def evaluate(d: Dim, values: Mapping[str, int], by_zero: ByZero | None = None) -> int:
    """The value of ``d`` when every symbol has an int value; KeyError names a missing one, and a
    division by 0 raises ZeroDivisionError unless ``by_zero`` says what it gives. Plain int
    arithmetic, where renormalising with the values substituted gives the same number through the
    polynomial constructors (the solver evaluates every fact at dozens of sample values per question)."""
    return _evaluate(d, values, by_zero, None)


def _evaluate(d: Dim, values: Mapping[str, int], by_zero: ByZero | None, memo: dict | None) -> int:
    # ``memo``: each operation's value by identity, once per evaluation: a dim built by a loop
    # (``x = x.view(...)[1:]`` unrolled) shares its operations, a tree whose paths double at each
    # level (a fuzz program's question: 113M calls for 12,726 evaluations)
    if type(d) is int:
        return d
    total = d.constant
    for monomial, coeff in d.terms:
        for atom in monomial:
            if type(atom) is Sym:
                coeff *= values[atom.name]
                continue
            if memo is None:
                memo = {}
            value = memo.get(id(atom))
            if value is None:
                value = memo[id(atom)] = _atom_value(atom, values, by_zero, memo)
            coeff *= value
        total += coeff
    assert type(total) is int
    return total


def _atom_value(atom: Op, values: Mapping[str, int], by_zero: ByZero | None, memo: dict) -> int:
    a, b = _evaluate(atom.args[0], values, by_zero, memo), _evaluate(atom.args[1], values, by_zero, memo)
    if atom.kind in ("floordiv", "mod"):
        if b == 0:
            if by_zero is None:
                raise ZeroDivisionError(f"dimension {atom.kind} by zero")
            return by_zero.divided(a) if atom.kind == "floordiv" else by_zero.remainder
        return a // b if atom.kind == "floordiv" else a % b
    return min(a, b) if atom.kind == "min" else max(a, b)


_OPS: dict[str, Callable[[Dim, Dim], Dim]] = {
    "floordiv": floordiv, "mod": mod, "min": dmin, "max": dmax,
}


# --- printing and parsing --------------------------------------------------------------------

_SIMPLE_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*\Z")


#: A symbol whose name ends so may be negative (every other symbol is a size or a count, >= 0): a
#: value the analysis knows only by name (``model.intercept_``) may be any int.
SIGNED = "~"


def signed(d: Dim) -> Dim:
    """The symbol ``d`` (one fresh symbol) as one that may be negative."""
    (name,) = free_symbols(d)
    return sym(name + SIGNED)


def is_signed(name: str) -> bool:
    return name.endswith(SIGNED)


#: A symbol whose name carries this (before any :data:`SIGNED`) is a size only by presumption: an
#: ``int`` parameter nothing else tells of, which a generic analysis takes for a size (>= 0) as it
#: must to say anything of the shapes it makes, though the caller may pass a negative id or offset.
PRESUMED = "+"


def presumed(d: Dim) -> Dim:
    """The symbol ``d`` (one fresh symbol) as a size by presumption only."""
    (name,) = free_symbols(d)
    return sym(name + PRESUMED)


def is_presumed(name: str) -> bool:
    return name.removesuffix(SIGNED).endswith(PRESUMED)


#: A symbol whose name ends so stands for "this dim of each item" of a list of unknown length built
#: by a loop or a comprehension (``[np.empty((sizes[i], 7)) for i in range(n)]``): it was made per
#: pass, so two items need not share it. Each read of an item takes a fresh symbol in its place
#: (``core.freshen.each_item``): two reads of one shared symbol tied the items' sizes together (a
#: false SC102 where quantecon's ``lemke_howson`` sizes its two tableaux so).
EACH = "*"


def is_each(name: str) -> bool:
    return name.endswith(EACH)


def symbol_number(name: str) -> int:
    """The run's counter value a symbol was made with (``n#12`` -> 12, an item's ``n#12*`` too); -1 for
    a named one, and for a signed or presumed one (``n#12~``, ``n#12+``), which no run numbers anew."""
    head, _, number = name.rpartition("#")
    number = number.removesuffix(EACH)
    return int(number) if head and number.isdigit() else -1


def display_name(name: str) -> str:
    """A symbol's name as the user wrote it: analysis-made symbols are ``hint#id`` (unique per run)."""
    cut = name.find("#")
    return name if cut < 0 else name[:cut]


class DistinctNames(Mapping[str, str]):
    """The names of one message: each symbol by the name ``names`` gives it (else its own), and two
    symbols that would print alike told apart by primes (``h`` and ``h'``), as mypy qualifies two
    types of one name. The first symbol shown keeps the plain name; ``?`` (an honest unknown) is
    never primed. Live over ``names``: a name the code gives later is seen."""

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self._names = names if names is not None else {}
        self._owner: dict[str, str] = {}   # shown text -> the symbol shown by it
        self._shown: dict[str, str] = {}   # symbol -> its text in this message

    def __getitem__(self, symbol: str) -> str:
        base = self._names.get(symbol)
        if base is None:
            base = display_name(symbol)
        given = self._shown.get(symbol)
        if given is not None and given.rstrip("'") == base:
            return given
        text = base
        while base != "?" and self._owner.setdefault(text, symbol) != symbol:
            text += "'"
        self._shown[symbol] = text
        return text

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def show_atom(atom: Atom, names: Mapping[str, str] | None = None) -> str:
    if type(atom) is Sym:
        if names is not None:
            found = names.get(atom.name)
            if found is not None:
                return found
        return display_name(atom.name)
    a, b = (show(x, names) for x in atom.args)
    if atom.kind in ("min", "max"):
        return f"{atom.kind}({a}, {b})"
    op = "//" if atom.kind == "floordiv" else "%"
    return f"{_paren(atom.args[0], a)}{op}{_paren(atom.args[1], b, divisor=True)}"


def _paren(d: Dim, text: str, divisor: bool = False) -> str:
    if type(d) is int:
        return text if d >= 0 else f"({text})"
    if len(d.terms) == 1 and d.constant == 0 and d.terms[0][1] == 1 and len(d.terms[0][0]) == 1:
        # ``//`` and ``%`` group from the left: a division as the divisor needs brackets
        # (``n//(n//r)``, which ``n//n//r`` would read as ``(n//n)//r``)
        (atom,), = (m for m, _ in d.terms)
        if not (divisor and type(atom) is Op and atom.kind in ("floordiv", "mod")):
            return text
    return f"({text})"


def show(d: Dim, names: Mapping[str, str] | None = None) -> str:
    """Readable text for a dim: ``n+1``, ``n*3``, ``a*b-2``, ``n//2``, ``max(m, n)``.

    ``names`` maps symbol names to the names the user's code gave them.
    """
    if type(d) is int:
        return str(d)
    parts: list[str] = []
    for m, c in d.terms:
        magnitude = abs(c)
        alone = len(m) == 1 and c == 1   # (a leading unary minus binds tighter than //: -(n//2))
        # `//` and `%` bind like `*`: inside a product they need brackets (n*(n//2), not n*n//2)
        body = "*".join(f"({show_atom(a, names)})" if type(a) is Op and a.kind in ("floordiv", "mod")
                        and not alone else show_atom(a, names) for a in m)
        text = body if magnitude == 1 else f"{body}*{magnitude}"
        if not parts:
            parts.append(text if c > 0 else f"-{text}")
        else:
            parts.append(f"+{text}" if c > 0 else f"-{text}")
    if d.constant:
        parts.append(f"+{d.constant}" if d.constant > 0 else f"-{-d.constant}")
    return "".join(parts)


def show_polynomial(d: Dim, names: Mapping[str, str] | None = None) -> str:
    """A dim as a polynomial reads in a cost formula: coefficient first, powers, highest degree
    first (``24*B*T*C**2 + 4*B*T**2*C``), where :func:`show` writes ``B*C*C*T*24+...``."""
    if type(d) is int:
        return str(d)
    terms = []
    for m, c in d.terms:
        powers: dict[str, int] = {}
        for atom in m:
            text = show_atom(atom, names)
            text = f"({text})" if type(atom) is Op and atom.kind in ("floordiv", "mod") else text
            powers[text] = powers.get(text, 0) + 1
        factors = [f"{t}**{k}" if k > 1 else t for t, k in powers.items()]
        terms.append((-len(m), c, "*".join(([str(abs(c))] if abs(c) != 1 else []) + factors)))
    terms.sort(key=lambda t: t[0])
    out = ""
    for _, c, text in terms:
        out += (text if c > 0 else f"-{text}") if not out else (f" + {text}" if c > 0 else f" - {text}")
    if d.constant:
        out += f" + {d.constant}" if d.constant > 0 else f" - {-d.constant}"
    return out


class DimParseError(ValueError):
    pass


def parse_dim(text: str, resolve: Callable[[str], Dim] | None = None) -> Dim:
    """Parse ``n+1``, ``a*b``, ``n//2``, ``max(m, n)``, ``x.shape[0]`` into a dim.

    ``resolve`` maps a name to a dim (default: the symbol of that name).
    """
    import ast

    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise DimParseError(f"not a dimension expression: {text!r}") from exc
    leaf = resolve or sym

    def go(node: ast.AST) -> Dim:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            return leaf(node.id)
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            return leaf(ast.unparse(node))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return neg(go(node.operand))
        if isinstance(node, ast.BinOp):
            op = _BINOPS.get(type(node.op))
            if op is not None:
                return op(go(node.left), go(node.right))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("min", "max") and len(node.args) == 2 and not node.keywords):
            fn = dmin if node.func.id == "min" else dmax
            return fn(go(node.args[0]), go(node.args[1]))
        raise DimParseError(f"unsupported in a dimension expression: {ast.unparse(node)!r}")

    return go(tree.body)


_BINOPS = {}


def _init_binops() -> None:
    import ast

    _BINOPS.update({ast.Add: add, ast.Sub: sub, ast.Mult: mul, ast.FloorDiv: floordiv, ast.Mod: mod})


_init_binops()
