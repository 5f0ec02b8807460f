"""Image preprocessing for an ImageNet classifier: crop, scale, normalise, channels first.

shapecheck finds one bug here: per-channel statistics shaped for a channels-first (3, H, W)
tensor are applied to a channels-last (H, W, 3) image, which cannot broadcast.
"""

import numpy as np

MEAN = np.array([0.485, 0.456, 0.406])
STD = np.array([0.229, 0.224, 0.225])


def center_crop(image, size):
    height, width, _ = image.shape
    top = (height - size) // 2
    left = (width - size) // 2
    return image[top:top + size, left:left + size, :]


def normalize(image):
    scaled = image.astype(np.float32) / 255.0
    return (scaled - MEAN) / STD


def to_channels_first(image):
    return np.transpose(image, (2, 0, 1))


def grayscale(image):
    luma = np.array([0.299, 0.587, 0.114])
    return image @ luma


photo = np.random.randint(0, 256, size=(256, 320, 3))
crop = center_crop(photo, 224)
tensor = to_channels_first(normalize(crop))
gray = grayscale(crop)
batch = np.stack([tensor, tensor[:, ::-1, :]])  # the image and its vertical flip

# Statistics reshaped for channels-first data, used correctly...
mean_chw = MEAN.reshape(3, 1, 1)
std_chw = STD.reshape(3, 1, 1)
renormalized = (tensor * std_chw + mean_chw - mean_chw) / std_chw

# ...and incorrectly, on the channels-last photo: (256, 320, 3) against (3, 1, 1).
scaled = photo / 255.0
standardized = (scaled - mean_chw) / std_chw  # error: SC101
