# An ``int`` parameter nothing else tells of is a size to a generic analysis by presumption only: a
# caller's ``bos_id: int`` handed to a function that asserts it negative is no failing call (nemo's
# n-gram storage keeps its special token ids negative: a false SC110). A size that is one by
# knowledge (a dim of a shape, a loop index) asserted negative still fails.
import numpy as np

BOS_ID, UNK_ID = -1, -3


class SuffixTree:
    def add_unigrams(self, ngrams: np.ndarray, bos_id: int, unk_id: int):
        assert bos_id < 0 and unk_id < 0
        return ngrams[:, 0]

    def end_order(self, order: int, bos_id: int, unk_id: int, ngrams: np.ndarray):
        if order == 1:
            return self.add_unigrams(ngrams=ngrams, bos_id=bos_id, unk_id=unk_id)
        return ngrams


reveal_shape(SuffixTree().end_order(1, BOS_ID, UNK_ID, np.zeros((5, 2))))  # reveal: (5,)


def offset_rows(x: np.ndarray, offset: int):
    assert offset + 1 <= 0
    return x[:, offset]


def caller(x: np.ndarray, offset: int):
    return offset_rows(x, offset)


def shape_dim(x: np.ndarray):
    n = x.shape[0]
    assert n < 0  # error: SC201
    return n


def loop_index(a: int):
    for j in range(a):
        assert j < 0  # error: SC201
