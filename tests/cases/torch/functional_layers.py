import torch
import torch.nn.functional as F

seq = torch.randn(2, 4, 10)
img = torch.randn(2, 6, 8, 8)
vol = torch.randn(2, 3, 8, 8, 8)
reveal_shape(F.conv3d(vol, torch.randn(4, 3, 3, 3, 3)))  # reveal: (2, 4, 6, 6, 6)
reveal_shape(F.conv3d(vol, torch.randn(4, 3, 3, 3, 3), padding=1, stride=2))  # reveal: (2, 4, 4, 4, 4)
reveal_shape(F.conv3d(vol, torch.randn(6, 1, 1, 1, 1), groups=3))  # reveal: (2, 6, 8, 8, 8)
reveal_shape(F.max_pool1d(seq, 2))  # reveal: (2, 4, 5)
reveal_shape(F.max_pool1d(seq, 3, stride=1))  # reveal: (2, 4, 8)
reveal_shape(F.max_pool3d(vol, 2))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(F.max_pool3d(vol, (2, 2, 4), padding=(0, 1, 0)))  # reveal: (2, 3, 4, 5, 2)
reveal_shape(F.avg_pool1d(seq, 4, stride=2))  # reveal: (2, 4, 4)
reveal_shape(F.avg_pool1d(seq, 3, padding=1))  # reveal: (2, 4, 4)
reveal_shape(F.avg_pool3d(vol, 2))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(F.avg_pool3d(vol, 3, stride=1, padding=1))  # reveal: (2, 3, 8, 8, 8)
reveal_shape(F.adaptive_avg_pool1d(seq, 3))  # reveal: (2, 4, 3)
reveal_shape(F.adaptive_avg_pool3d(vol, (1, 2, 3)))  # reveal: (2, 3, 1, 2, 3)
reveal_shape(F.adaptive_avg_pool3d(vol, 4))  # reveal: (2, 3, 4, 4, 4)
reveal_shape(F.adaptive_max_pool1d(seq, 1))  # reveal: (2, 4, 1)
reveal_shape(F.adaptive_max_pool2d(img, (2, 4)))  # reveal: (2, 6, 2, 4)
reveal_shape(F.adaptive_max_pool2d(img, 1))  # reveal: (2, 6, 1, 1)
reveal_shape(F.adaptive_max_pool3d(vol, 2))  # reveal: (2, 3, 2, 2, 2)
reveal_shape(F.upsample(img, scale_factor=2))  # reveal: (2, 6, 16, 16)
reveal_shape(F.upsample(seq, size=15))  # reveal: (2, 4, 15)
mean, var = torch.zeros(6), torch.ones(6)
reveal_shape(F.batch_norm(img, mean, var))  # reveal: (2, 6, 8, 8)
reveal_shape(F.batch_norm(img, mean, var, torch.ones(6), torch.zeros(6), training=True))  # reveal: (2, 6, 8, 8)
reveal_shape(F.batch_norm(torch.randn(5, 6), mean, var))  # reveal: (5, 6)
reveal_shape(F.group_norm(img, 3))  # reveal: (2, 6, 8, 8)
reveal_shape(F.group_norm(img, 2, torch.ones(6), torch.zeros(6)))  # reveal: (2, 6, 8, 8)
reveal_shape(F.instance_norm(img))  # reveal: (2, 6, 8, 8)
reveal_shape(F.instance_norm(seq, weight=torch.ones(4), bias=torch.zeros(4)))  # reveal: (2, 4, 10)
reveal_shape(F.rms_norm(seq, (10,)))  # reveal: (2, 4, 10)
reveal_shape(F.rms_norm(seq, [4, 10], weight=torch.ones(4, 10)))  # reveal: (2, 4, 10)
reveal_shape(F.pairwise_distance(torch.randn(5, 3), torch.randn(5, 3)))  # reveal: (5,)
reveal_shape(F.pairwise_distance(torch.randn(5, 3), torch.randn(1, 3)))  # reveal: (5,)
bad = F.conv3d(vol, torch.randn(4, 2, 3, 3, 3))  # error: SC102
bad2 = F.batch_norm(img, torch.zeros(4), torch.ones(4))  # error: SC102
bad3 = F.group_norm(img, 4)  # error: SC107
bad4 = F.rms_norm(seq, (4,))  # error: SC102
bad5 = F.max_pool3d(vol, 9)  # error: SC107
bad6 = F.avg_pool1d(seq, 11)  # error: SC107
bad7 = F.adaptive_avg_pool1d(img, 2)  # error: SC107
bad8 = F.pairwise_distance(torch.randn(5, 3), torch.randn(4, 3))  # error: SC101
