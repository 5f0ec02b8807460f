# A nested function whose parameter defaults to the enclosing scope's list changes that list at every
# call that passes none: deeplabcut's FMPose3D inference defines `_process_batch(frames,
# all_poses_3d=all_poses_3d)`, which extends it, and calls it per batch. The list stayed empty, and
# the (0, n, 3) array made from it failed `reshape(n_frames, -1)` (a false SC110). Such a list is of
# unknown length once the function is defined, as one the function changes through its closure is.
import numpy as np
from somewhere_unresolved import video


def poses_table(n_bodyparts):
    all_poses = []

    def _process(frames, all_poses=all_poses):
        all_poses.extend([np.zeros((2, 3)) for _ in frames])

    for frame in video:
        _process([frame])
    arr = np.full((len(all_poses), n_bodyparts, 3), np.nan)
    return arr.reshape(len(all_poses), -1)


def untouched():
    kept = []

    def _show(frames, kept=kept):
        print(len(kept), frames)

    _show([1])
    return np.array(kept)[0]  # error: SC105
