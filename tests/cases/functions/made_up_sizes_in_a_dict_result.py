# Sizes a call makes up are that call's own, in a dict it returns too: fury's compute shader returns
# `{"indices": (groups, 1, 1)}` or `{"indices": (0, 1, 1)}` as the object it is handed says (and then
# changes), and its test asserts `first[0] > 0` then `second == (0, 1, 1)`. The reused call's dict
# kept the first call's made-up count, so the second assertion "could never hold" (a false SC201).
from math import ceil

from somewhere_unresolved import make_mesh


class Shader:
    def __init__(self, wobject):
        if not hasattr(wobject, "_needs_update"):
            wobject._needs_update = True

    def render_info(self, wobject):
        needs_update = getattr(wobject, "_needs_update", True)
        n = int(wobject.n_lines)
        if not needs_update or n == 0:
            return {"indices": (0, 1, 1)}
        groups = int(ceil(n / 64))
        wobject._needs_update = False
        return {"indices": (groups, 1, 1)}


def test_single_dispatch():
    wobject = make_mesh()
    shader = Shader(wobject)
    first = shader.render_info(wobject)["indices"]
    assert first[0] > 0
    second = shader.render_info(wobject)["indices"]
    assert second == (0, 1, 1)
