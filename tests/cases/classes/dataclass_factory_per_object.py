# A field's default_factory is called for each object, as Python calls it: each object holds one of its
# own, and a change to one object's is no other's (called once at the class's definition, every object
# shared one: scikit-learn's Tags.input_tags).
from dataclasses import dataclass, field

import numpy as np


@dataclass
class InputTags:
    width: int = 3


@dataclass
class Tags:
    kind: str = "plain"
    input_tags: InputTags = field(default_factory=InputTags)


first = Tags()
second = Tags()
first.input_tags.width = 5
reveal_shape(np.zeros(second.input_tags.width))  # reveal: (3,)
reveal_shape(np.zeros(first.input_tags.width))  # reveal: (5,)
np.zeros((second.input_tags.width, 2)) @ np.zeros((4, 1))  # error: SC102
