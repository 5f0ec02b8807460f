"""The changes one run makes to the attribute tables of kept modules' objects (shared_modules.py, K4).

A kept module's objects are the process's: every run that takes the module reads the same
``Instance``. A run may still change one in place, as Python's module-level code does (astropy's
``units/astrophys.py`` calls ``set_enabled_units([si])`` at its top level, which stores into the
``_UnitRegistry`` that ``units/core.py`` made). Spoiling the entry for such a change made the kept
module, and every kept module that took it, again for the next file; the next file's import of
astrophys changed the registry again (astropy/units: 252 entries spoiled in 10 s). Instead the run
holds its change:

- T1 (one run's changes in the tables): a table holds the changes of the run whose context is
  current on the thread that installed them, and only those. A table's contents before the run's
  first change are saved; when the run's context is left (it ends, or a kept module is made inside
  it, which must see the tables as their modules left them) the table holds them again, and the
  run's contents are put back when its context is entered again.
- T2 (one holder): one run's changes are in the tables at a time, process-wide. A run of another
  thread (an editor's hover) meanwhile takes no kept module (it would read the holder's changes:
  ``Modules._unchanged_for``), and a change it makes to one it reached (a finished run's, which a
  hover runs in without its changes) spoils the entry, as every change did before.
- T3 (whose change): each changed table records the kept module whose run's changes were copied
  into it (``apply``), or None where this run changed it itself: a kept module may be taken only
  by a run whose changed tables its own run saw changed that way (``Modules._afford``).
"""

from __future__ import annotations

import threading

_LOCK = threading.Lock()


class _Holder:
    changes: "TableChanges | None" = None   # the changes in the tables now (T2)


class _Current(threading.local):
    changes: "TableChanges | None" = None   # the changes of the run this thread interprets


_HOLDER = _Holder()
_CURRENT = _Current()


class TableChanges:
    """The tables of shared objects one run changed (by table id): the table, its contents before
    the run's first change, its contents in the run while they are out of it, and whose change it is
    (T3). The ids stay valid: ``saved`` holds each table."""

    def __init__(self) -> None:
        self.saved: dict[int, tuple[dict, dict]] = {}
        self.kept: dict[int, dict] = {}
        self.source: dict[int, object] = {}

    def holds(self) -> bool:
        return _HOLDER.changes is self

    def hold(self, table: dict, source: object = None) -> bool:
        """``table`` is about to change in this run (``source``: by copying that kept module's
        changes in): save what it holds first. False where this run's changes are not in the tables (T2)."""
        if _HOLDER.changes is not self:
            return False
        key = id(table)
        if key not in self.saved:
            self.saved[key] = (table, dict(table))
        self.source[key] = source
        return True

    def apply(self, table: dict, contents: dict, source: object) -> bool:
        """Copy a kept module's change of ``table`` into this run (T3); False where it cannot (T2)."""
        if not self.hold(table, source):
            return False
        table.refill(contents)
        return True

    def changed(self) -> list[tuple[dict, object]]:
        """Each table this run changed, with whose change it is."""
        return [(table, self.source[key]) for key, (table, _) in self.saved.items()]

    def final(self) -> list[tuple[dict, dict]]:
        """Each table this run changed, with its contents in the run (out of the tables: after it ended)."""
        return [(table, self.kept.get(key, table)) for key, (table, _) in self.saved.items()]

    def install(self) -> None:
        with _LOCK:
            if _HOLDER.changes is not None:
                return   # another thread's run holds the tables (T2)
            _HOLDER.changes = self
            for key, (table, before) in self.saved.items():
                self.saved[key] = (table, dict(table))
                if key in self.kept:
                    table.refill(self.kept.pop(key))

    def suspend(self) -> None:
        with _LOCK:
            if _HOLDER.changes is not self:
                return
            for key, (table, before) in self.saved.items():
                self.kept[key] = dict(table)
                table.refill(before)
            _HOLDER.changes = None


def current() -> TableChanges | None:
    return _CURRENT.changes


def enter(changes: TableChanges | None) -> TableChanges | None:
    """Make ``changes`` the current run's (T1): the outer run's leave the tables. The outer's, to ``leave``."""
    outer = _CURRENT.changes
    if outer is not None:
        outer.suspend()
    _CURRENT.changes = changes
    if changes is not None:
        changes.install()
    return outer


def leave(changes: TableChanges | None, outer: TableChanges | None) -> None:
    if changes is not None:
        changes.suspend()
    _CURRENT.changes = outer
    if outer is not None:
        outer.install()
