# A dataclass may declare Python's own ``__dataclass_fields__`` for type checkers (pymc's
# DataClassState): the analysis keeps a dataclass's fields under a name no attribute has, so the
# declared dict is an attribute like any other (read as the fields, it was an internal error).
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np


dataclass_state = dataclass(kw_only=True)


@dataclass_state
class State:
    __dataclass_fields__: ClassVar[dict[str, Any]] = {}


@dataclass_state
class Step(State):
    x: np.ndarray
    scale: float = 1.0


s = Step(x=np.ones(3))
reveal_shape(s.x * s.scale)  # reveal: (3,)
