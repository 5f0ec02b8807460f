import torch
import torch.nn as nn

seq = torch.randn(2, 4, 10)
img = torch.randn(2, 3, 12, 12)
vol = torch.randn(2, 3, 8, 8, 8)
reveal_shape(nn.Conv3d(3, 4, 3)(vol))  # reveal: (2, 4, 6, 6, 6)
reveal_shape(nn.Conv3d(3, 4, 3, stride=2, padding=1)(vol))  # reveal: (2, 4, 4, 4, 4)
reveal_shape(nn.Conv3d(3, 6, (1, 3, 5), groups=3)(vol))  # reveal: (2, 6, 8, 6, 4)
reveal_shape(nn.Conv3d(3, 2, 2)(vol[0]))  # reveal: (2, 7, 7, 7)
reveal_shape(nn.Conv3d(3, 4, 3).weight)  # reveal: (4, 3, 3, 3, 3)
reveal_shape(nn.ConvTranspose1d(4, 2, 3, stride=2)(seq))  # reveal: (2, 2, 21)
reveal_shape(nn.ConvTranspose1d(4, 2, 3, stride=2, padding=1, output_padding=1)(seq))  # reveal: (2, 2, 20)
reveal_shape(nn.ConvTranspose1d(4, 8, 5)(seq[0]))  # reveal: (8, 14)
reveal_shape(nn.ConvTranspose3d(3, 2, 2, stride=2)(torch.randn(2, 3, 4, 4, 4)))  # reveal: (2, 2, 8, 8, 8)
reveal_shape(nn.ConvTranspose3d(3, 5, 3, padding=1)(vol))  # reveal: (2, 5, 8, 8, 8)
reveal_shape(nn.MaxPool1d(2)(seq))  # reveal: (2, 4, 5)
reveal_shape(nn.MaxPool1d(3, stride=2)(seq))  # reveal: (2, 4, 4)
reveal_shape(nn.MaxPool1d(3, stride=2, padding=1)(seq[0]))  # reveal: (4, 5)
reveal_shape(nn.MaxPool3d(2)(vol))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(nn.MaxPool3d((2, 4, 8))(vol))  # reveal: (2, 3, 4, 2, 1)
reveal_shape(nn.MaxPool3d(3, stride=2, ceil_mode=True)(vol))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(nn.AvgPool1d(3, stride=1, padding=1)(seq))  # reveal: (2, 4, 10)
reveal_shape(nn.AvgPool1d(4)(seq))  # reveal: (2, 4, 2)
reveal_shape(nn.AvgPool3d(2, stride=2)(vol))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(nn.AvgPool3d(3, stride=1, padding=1)(vol))  # reveal: (2, 3, 8, 8, 8)
reveal_shape(nn.AdaptiveAvgPool1d(5)(seq))  # reveal: (2, 4, 5)
reveal_shape(nn.AdaptiveAvgPool1d(1)(seq[0]))  # reveal: (4, 1)
reveal_shape(nn.AdaptiveAvgPool3d((2, 3, 4))(vol))  # reveal: (2, 3, 2, 3, 4)
reveal_shape(nn.AdaptiveAvgPool3d(1)(vol))  # reveal: (2, 3, 1, 1, 1)
reveal_shape(nn.AdaptiveMaxPool1d(3)(seq))  # reveal: (2, 4, 3)
reveal_shape(nn.AdaptiveMaxPool2d((4, 2))(img))  # reveal: (2, 3, 4, 2)
reveal_shape(nn.AdaptiveMaxPool2d(6)(img[0]))  # reveal: (3, 6, 6)
reveal_shape(nn.AdaptiveMaxPool3d(2)(vol))  # reveal: (2, 3, 2, 2, 2)
reveal_shape(nn.AdaptiveMaxPool3d((1, 2, 4))(vol))  # reveal: (2, 3, 1, 2, 4)
net = nn.Sequential(nn.Conv3d(3, 8, 3, padding=1), nn.MaxPool3d(2), nn.AdaptiveAvgPool3d(1), nn.Flatten())
reveal_shape(net(vol))  # reveal: (2, 8)
bad = nn.Conv3d(4, 8, 3)(vol)  # error: SC102
bad2 = nn.Conv3d(3, 8, 3)(img)  # error: SC102
bad3 = nn.ConvTranspose1d(3, 2, 3)(seq)  # error: SC102
bad4 = nn.MaxPool1d(12)(seq)  # error: SC107
bad5 = nn.AvgPool3d(9)(vol)  # error: SC107
bad6 = nn.MaxPool3d(2)(img[0])  # error: SC107
bad7 = nn.Conv3d(3, 4, 9)(vol)  # error: SC107
