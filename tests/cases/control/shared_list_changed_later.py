# A list put into another (``rows.append(row)``, ``[row]``, ``d[k] = row``, ``self.rows = row``) is the
# same object there: Python shares it, so growing it through its name afterwards grows the item too.
# kymatio's molecule reader appends ``atom_positions`` to ``positions`` and then one position per atom;
# the put was of the empty list as it was then, and ``arr_pos[:n] = np.array(pos)`` a false SC101.
import numpy as np


def read(molecules):
    positions = []
    for atoms in molecules:
        atom_positions = []
        positions.append(atom_positions)
        for atom in atoms:
            atom_positions.append(np.zeros(3))
    table = np.zeros((len(molecules), 30, 3))
    for slot, pos in zip(table, positions):
        slot[:len(pos)] = np.array(pos)
    return table


outer = []
inner = []
outer.append(inner)
inner.append(np.zeros(3))
inner.append(np.zeros(3))
np.array(outer[0]) @ np.ones((3, 4))   # (2, 3): not the snapshot's (0,)

held = {}
column = [1.0]
held["c"] = column
column.extend([2.0, 3.0])
np.ones((3,)) + np.array(held["c"])    # three items, not one

pair = [column]
column.pop()
np.ones((2,)) + np.array(pair[0])


# A list changed before it is put, and rebound before the next change, is put as it is: the rows
# of a table built row by row keep their length.
def table_rows(n):
    rows = []
    for i in range(n):
        row = []
        for j in range(4):
            row.append(float(j))
        rows.append(row)
    return np.array(rows)


reveal_shape(table_rows(5))  # reveal: (5, 4)
fixed = []
first = [1.0, 2.0]
fixed.append(first)
first = [3.0]
first.append(4.0)
np.array(fixed) @ np.ones((3, 1))  # error: SC102
