"""A de Bruijn reference for the lambda terms of ``shapecheck.subst.lam``.

Bound variables become indices, so alpha-equivalence is ``==`` and substitution of closed-over free
names cannot capture: the oracle every named operation is compared against.
"""

from shapecheck.subst.lam import App, Lam, V


def to_db(term, env=()):
    """("bound", i) | ("free", Name) | ("lam", body) | ("app", f, a)."""
    if type(term) is V:
        for i, name in enumerate(reversed(env)):
            if name == term.name:
                return ("bound", i)
        return ("free", term.name)
    if type(term) is Lam:
        return ("lam", to_db(term.body, env + (term.param,)))
    return ("app", to_db(term.fn, env), to_db(term.arg, env))


def db_subst(t, mapping):
    """Simultaneous substitution of free names by de Bruijn terms with no dangling indices."""
    tag = t[0]
    if tag == "free":
        return mapping.get(t[1], t)
    if tag == "bound":
        return t
    if tag == "lam":
        return ("lam", db_subst(t[1], mapping))
    return ("app", db_subst(t[1], mapping), db_subst(t[2], mapping))


def db_free(t):
    tag = t[0]
    if tag == "free":
        return {t[1]}
    if tag == "bound":
        return set()
    if tag == "lam":
        return db_free(t[1])
    return db_free(t[1]) | db_free(t[2])
