# A function or class defined here and handed to code we do not model may run there: the lists it
# fills (``created.append(self)`` in a patched executor's ``__init__``) may be longer after the call.
# prophet's test patches the library's executor with such a class, runs the library and asserts that
# ``len(created) == expected_calls``: taken for the empty list it was made as, a false SC201.
import concurrent.futures

import somelib


def test_lifecycle(monkeypatch, raises):
    created = []

    class Tracking(concurrent.futures.ThreadPoolExecutor):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            created.append(self)

    monkeypatch.setattr(somelib, "ThreadPoolExecutor", Tracking)
    somelib.run()
    expected_calls = 1 if raises else 3
    assert len(created) == expected_calls


def test_callback(raises):
    seen = []

    def record(x):
        seen.append(x)

    somelib.each([1, 2, 3], record)
    assert len(seen) == (1 if raises else 3)
