# What a project metaclass stores on the classes it makes (``self.param_names = ...`` in its ``__new__``,
# ``members["_parameters_"] = ...``) is its code's, not the class body's: astropy's ``_ModelMeta`` sets each
# model's ``param_names``, which ``Model``'s body sets to ``()``, and the arrays built from them in its tests
# were empty (21 false errors). A class without such a metaclass keeps its body's values.
import numpy as np


class Parameter:
    def __init__(self, default=0.0):
        self.default = default


class _ModelMeta(type):
    def __new__(mcls, name, bases, members):
        members["_parameters_"] = {k: v for k, v in members.items() if isinstance(v, Parameter)}
        self = super().__new__(mcls, name, bases, members)
        self.param_names = tuple(members["_parameters_"])
        return self


class Model(metaclass=_ModelMeta):
    param_names = ()

    def param_sets(self):
        return np.array([[self.default] for name in self.param_names])


class TParModel(Model):
    coeff = Parameter()
    e = Parameter()


def test_param_sets():
    t = TParModel()
    t.default = 1.0
    assert np.all(t.param_sets() == [[10], [1]])
    assert t.param_sets()[1][0] == 1


class Plain:
    param_names = ()


reveal_shape(np.zeros(len(Plain.param_names)))  # reveal: (0,)
