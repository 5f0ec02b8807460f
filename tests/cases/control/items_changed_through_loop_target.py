# A loop whose target is an item of a list (``for g in groups``, ``enumerate``, ``zip``) and whose body
# changes that item (``g.append(x)``, ``g[k] = v``) changes the list's items: their lengths are unknown
# after it (vllm's hisparse runtime extends each group's block list through a zip; taken for the
# empty lists they started as, the array made of them was (0, n): a false SC101).
import numpy as np


def host_values(updates, num_groups: int):
    block_ids = [[] for _ in range(num_groups)]
    pages = []
    for update in updates:
        pages.extend(update.pages)
        for group_block_ids, update_block_ids in zip(block_ids, update.block_ids):
            group_block_ids.extend(update_block_ids)
    host = np.empty((len(pages), 2 + num_groups), dtype=np.int32)
    host[:, 2:] = np.asarray(block_ids, dtype=np.int32).T
    return host


def every_group(n: int):
    groups = [[], [], []]
    for group in groups:
        group.append(1.0)
        group.append(2.0)
    reveal_shape(np.asarray(groups))  # reveal: ?
    for i, group in enumerate(groups):
        group.append(float(i))
    return groups


def untouched(rows):
    table = [[1.0, 2.0], [3.0, 4.0]]
    for row in table:
        print(row)
    reveal_shape(np.asarray(table))  # reveal: (2, 2)


class Update:
    def __init__(self, pages, block_ids):
        self.pages, self.block_ids = pages, block_ids


reveal_shape(host_values([Update([5, 6], [[1, 2], [3, 4]])], 2))  # reveal: (2, 4)
assert np.asarray(every_group(0)).shape == (3, 3)
