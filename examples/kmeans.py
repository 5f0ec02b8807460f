"""One Lloyd iteration of k-means on 2-D points, fully vectorised.

shapecheck finds one bug here: after summing the squared differences over the last axis the
distance matrix has two axes, so `.min(axis=2)` is out of range.
"""

import numpy as np


def assign(points, centroids):
    # (n, 1, d) - (1, k, d) -> (n, k, d); summing over d gives the (n, k) squared distances.
    diff = points[:, None, :] - centroids[None, :, :]
    dists = (diff ** 2).sum(axis=-1)
    return dists.argmin(axis=1)


def update(points, labels, k):
    n, d = points.shape
    centroids = np.zeros((k, d))
    for j in range(k):
        members = points[labels == j]
        if len(members) > 0:
            centroids[j] = members.mean(axis=0)
    return centroids


def inertia(points, centroids, labels):
    diff = points - centroids[labels]
    return (diff ** 2).sum()


points = np.random.rand(500, 2)
initial = points[:3]
labels = assign(points, initial)
centroids = update(points, labels, 3)
score = inertia(points, centroids, labels)

# Distance from every point to its nearest centroid.
diff = points[:, None, :] - centroids[None, :, :]
nearest = np.sqrt((diff ** 2).sum(axis=2)).min(axis=2)  # error: SC104
