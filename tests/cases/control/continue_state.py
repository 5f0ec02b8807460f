# What a loop's body stores before a `continue` is what the next pass starts from (Python's `continue`
# goes on with the next iteration). mne 1.13.2's persyst reader: `section = val.lower(); continue` in the
# .lay reader was dropped, every section was "", the comments were counted as 0 and
# `onset[t_idx] = _onset` on `np.zeros(num_comments)` was a false SC105 (index out of bounds, size 0).
import numpy as np


def read_sections(lines, parse):
    sections = []
    section = ""
    for line in lines:
        status, val = parse(line)
        if status == 1:
            section = val.lower()
            continue
        sections.append(section)
    return sections


def count(sections):
    n = 0
    for section in sections:
        if section == "comments":
            n += 1
    onset = np.zeros(n)
    onset[0] = 1.0
    return onset


def comments(lines, parse):
    return count(read_sections(lines, parse))


def unrolled():
    x = np.zeros(2)
    for k in range(3):
        if k == 1:
            x = np.zeros((4, 4))
            continue
        x = x + 1
    return x


reveal_shape(unrolled())  # reveal: (4, 4)


def only_continues(items):
    x = np.zeros(3)
    for item in items:
        x = np.zeros(5)
        continue
    return x


def while_continue(n):
    x = np.zeros(3)
    i = 0
    while i < n:
        i += 1
        if i == 2:
            x = np.zeros(5)
            continue
    return x @ np.ones(3)
