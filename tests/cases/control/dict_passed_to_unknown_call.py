# A dict handed to a callee nothing is known of (an import that resolves nowhere, a method of an object
# known only by name) may have any entry set there: its entries are forgotten. pandapower's
# `_init_ppc` puts `np.array([])` placeholders that `_build_bus_ppc(net, ppc)` replaces with 2-D arrays;
# with the call not followed, `ppc["bus"][:, BASE_KV]` indexed the (0,) placeholder: a false SC110.
# A library's function (`print`, `json.dumps`) or a function the run follows keeps what it knows.
import json

import numpy as np
from somewhere_unresolved import build_bus


def init_ppc():
    return {"bus": np.array([], dtype=float), "gen": np.array([])}


def fill(ppc, n):
    ppc["gen"] = np.zeros((n, 4))


def get_ppc(net):
    ppc = init_ppc()
    build_bus(net, ppc)
    return ppc


def base_kv(net):
    ppc = get_ppc(net)
    return ppc["bus"][:, 9]


def logged(net):
    ppc = init_ppc()
    print(ppc)
    json.dumps({"n": 1})
    reveal_shape(ppc["bus"])  # reveal: (0,)
    fill(ppc, 3)
    reveal_shape(ppc["gen"])  # reveal: (3, 4)
    net.log(ppc)
    return ppc["gen"][:, 1]
