"""Worker processes for ``-j N``, and a run that survives one of them dying.

A worker can die with no exception to report: the kernel kills it for memory, a native library
segfaults. ``concurrent.futures`` then breaks the whole pool and fails every file not yet done. Here
the files no worker had started go to a new pool, and each file that was in flight when the pool
broke is checked again alone, in a process of its own: a file that kills that process too is the
cause, and its outcome says how the process ended; every other file gets its normal result, the one
``-j 1`` gives it.

Which files were in flight is known from the workers themselves: each marks a file's slot in a shared
byte array before checking it (a plain store, no lock a dying process could leave held).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

#: Test-only: a worker process given a file of this name (the environment variable's value) kills
#: itself with SIGKILL before checking it, as the kernel's out-of-memory killer would. It runs
#: nothing of the file; tests/cli/test_cli_worker_death.py sets it. The in-process path (-j 1)
#: never reads it.
DIE_ON = "SHAPECHECK_TEST_WORKER_DIES_ON"

Task = Callable[..., dict]          # a top-level function (picklable by reference under spawn)
Done = Callable[[int, dict], None]  # (file index, outcome)


def run_surviving(task: Task, paths: dict[int, str], common: tuple, jobs: int, initializer: Callable[[], None],
                  done: Done, died: Callable[[int, str], dict]) -> None:
    """``done(i, task(paths[i], *common))`` for every file, in ``jobs`` processes, in the order of
    ``paths`` as far as a pool keeps it; a file whose process dies even alone gets ``died(i, cause)``."""
    remaining = list(paths)
    while remaining:
        in_flight, remaining = _pool_round(task, paths, remaining, common, jobs, initializer, done)
        for index in in_flight:
            outcome, cause = _alone(task, paths[index], common, initializer)
            done(index, outcome if outcome is not None else died(index, cause))


def _pool_round(task: Task, paths: dict[int, str], order: list[int], common: tuple, jobs: int,
                initializer: Callable[[], None], done: Done) -> tuple[list[int], list[int]]:
    """Check ``order`` in one pool; when it breaks, (the files in flight, the files not started)."""
    context = multiprocessing.get_context("spawn")  # the same on every platform; no forked Z3 state
    started = context.RawArray("b", max(paths) + 1)
    finished: set[int] = set()
    broken = False
    with ProcessPoolExecutor(max_workers=min(jobs, len(order)), mp_context=context,
                             initializer=_worker_start, initargs=(started, initializer)) as pool:
        futures = {pool.submit(_pool_task, task, index, paths[index], common): index for index in order}
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except BrokenProcessPool:
                broken = True
                continue
            finished.add(futures[future])
            done(futures[future], outcome)
    if not broken:
        return [], []
    unfinished = [index for index in order if index not in finished]
    in_flight = [index for index in unfinished if started[index]]
    if not in_flight:   # it broke before any file began (a worker died starting): each alone, then
        return unfinished, []
    return in_flight, [index for index in unfinished if not started[index]]


_started = None   # in a pool's worker: the shared array of the files begun


def _worker_start(started, initializer: Callable[[], None]) -> None:
    global _started
    _started = started
    initializer()


def _pool_task(task: Task, index: int, path: str, common: tuple) -> dict:
    _started[index] = 1
    _die_if_told(path)
    return task(path, *common)


def _alone(task: Task, path: str, common: tuple, initializer: Callable[[], None]) -> tuple[dict | None, str]:
    """The outcome of checking one file in a process of its own; None and how it ended if it died."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_alone_task, args=(send, task, path, common, initializer), daemon=True)
    process.start()
    send.close()
    try:
        outcome = receive.recv()
    except EOFError:   # it died before sending
        outcome = None
    finally:
        receive.close()
        process.join()
    return outcome, "" if outcome is not None else _ending(process.exitcode)


def _alone_task(send, task: Task, path: str, common: tuple, initializer: Callable[[], None]) -> None:
    initializer()
    _die_if_told(path)
    send.send(task(path, *common))
    send.close()


def _ending(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by signal {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exited with status {exitcode}"


def _die_if_told(path: str) -> None:
    name = os.environ.get(DIE_ON)
    if name and os.path.basename(path) == name:
        os.kill(os.getpid(), signal.SIGKILL)
