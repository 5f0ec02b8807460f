# A method the analysis does not see (its class's base is unknown: an import cycle, a library no
# table holds) may change the object it is called on: what the object holds is known by name only
# after the call. gensim's FastText (whose base Word2Vec an import cycle left unknown) kept the
# empty ``wv.vectors`` its constructor made through ``model.build_vocab(corpus)`` and
# ``super().__init__(sentences)``: 21 false errors in its tests.
import numpy as np
import somelib


class Vectors:
    def __init__(self, size):
        self.vectors = np.zeros((0, size))


class Model(somelib.Base):
    def __init__(self, size, sentences=None):
        self.wv = Vectors(size)
        self.counts = [1, 2]
        super().__init__(sentences=sentences)


def first_vector(corpus):
    model = Model(48)
    model.build_vocab(corpus)
    return model.wv.vectors[0]


def built(corpus):
    model = Model(48, corpus)
    return model.wv.vectors[0]


class Plain:
    def __init__(self):
        self.vectors = np.zeros((0, 3))


def plain():
    p = Plain()
    p.vectors.sum()
    return p.vectors[0]  # error: SC105


def through_getattr(corpus):
    model = Model(48)
    getattr(model, "build_vocab")(corpus)
    return model.wv.vectors[0]
