# PEP 484 signature type comments are the annotations they stand for, as mypy and pyright read
# them (torchvision's detection code types its functions so, for TorchScript): `heatmap_size` is an
# int, so `heatmap_size / rois[:, 2]` is an array of rois' rows, not a value of unknown kind.
import numpy as np


def keypoints_to_heatmap(keypoints, rois, heatmap_size):
    # type: (np.ndarray, np.ndarray, int) -> np.ndarray
    scale = heatmap_size / (rois[:, 2] - rois[:, 0])
    reveal_shape(scale)  # reveal: (rois.shape[0], *rois[2:])
    return scale


class Boxes:
    def widths(self, xy, n):  # type: (np.ndarray, int) -> np.ndarray
        reveal_shape(np.zeros(n))  # reveal: (n,)
        return xy[:, 2] - xy[:, 0]

    def untyped(self, xy, n):  # type: (...) -> np.ndarray
        return xy


reveal_shape(keypoints_to_heatmap(np.ones((5, 17, 3)), np.ones((5, 4)), 56))  # reveal: (5,)
