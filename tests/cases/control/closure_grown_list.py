# A nested function that changes a list of the enclosing scope (a callback collecting events) may run at
# any later call once it is handed on, so the list's length is unknown from its definition on:
# matplotlib's picking test asserts how many events its ``on_pick`` collected (taken for the empty
# list, a false SC201). A list no function changes keeps its length.
import numpy as np


def register(callback):
    pass


def picks(click_on):
    received_events = []
    kept = [np.ones(2), np.ones(3)]

    def on_pick(event):
        received_events.append(event)

    register(on_pick)
    expected_n_events = 2 if click_on == "small" else 1
    assert len(received_events) == expected_n_events
    reveal_shape(np.zeros(len(kept)))  # reveal: (2,)
    return received_events
