import torch
import torch.nn.functional as F

x = torch.randn(8, 16, 32)
reveal_shape(F.layer_norm(x, (32,)))  # reveal: (8, 16, 32)
reveal_shape(F.layer_norm(x, [16, 32]))  # reveal: (8, 16, 32)
reveal_shape(F.layer_norm(x, (32,), torch.ones(32), torch.zeros(32)))  # reveal: (8, 16, 32)
logits = torch.randn(8, 10)
target = torch.randint(0, 10, (8,))
reveal_shape(F.cross_entropy(logits, target))  # reveal: ()
reveal_shape(F.cross_entropy(logits, target, reduction="none"))  # reveal: (8,)
reveal_shape(F.cross_entropy(logits, torch.softmax(logits, dim=1)))  # reveal: ()
seg = torch.randn(2, 5, 4, 4)
reveal_shape(F.cross_entropy(seg, torch.randint(0, 5, (2, 4, 4)), reduction="none"))  # reveal: (2, 4, 4)
reveal_shape(F.nll_loss(F.log_softmax(logits, dim=1), target))  # reveal: ()
reveal_shape(F.mse_loss(logits, torch.randn(8, 10)))  # reveal: ()
reveal_shape(F.l1_loss(logits, torch.randn(8, 10), reduction="none"))  # reveal: (8, 10)
reveal_shape(F.binary_cross_entropy_with_logits(logits, torch.rand(8, 10)))  # reveal: ()
img = torch.randn(4, 3, 32, 32)
reveal_shape(F.conv2d(img, torch.randn(16, 3, 5, 5)))  # reveal: (4, 16, 28, 28)
reveal_shape(F.conv2d(img, torch.randn(16, 3, 3, 3), padding=1))  # reveal: (4, 16, 32, 32)
reveal_shape(F.conv2d(img, torch.randn(8, 3, 3, 3), stride=2, padding="valid"))  # reveal: (4, 8, 15, 15)
reveal_shape(F.conv2d(img, torch.randn(8, 3, 3, 3), padding="same"))  # reveal: (4, 8, 32, 32)
reveal_shape(F.conv1d(torch.randn(2, 4, 50), torch.randn(6, 4, 7), dilation=2))  # reveal: (2, 6, 38)
reveal_shape(F.max_pool2d(img, 2))  # reveal: (4, 3, 16, 16)
reveal_shape(F.max_pool2d(img, kernel_size=3, stride=2, padding=1))  # reveal: (4, 3, 16, 16)
reveal_shape(F.avg_pool2d(img, 4))  # reveal: (4, 3, 8, 8)
reveal_shape(F.adaptive_avg_pool2d(img, (1, 1)))  # reveal: (4, 3, 1, 1)
reveal_shape(F.adaptive_avg_pool2d(img, 7))  # reveal: (4, 3, 7, 7)
reveal_shape(F.interpolate(img, scale_factor=2))  # reveal: (4, 3, 64, 64)
reveal_shape(F.interpolate(img, size=(10, 20)))  # reveal: (4, 3, 10, 20)
reveal_shape(F.pad(img, (1, 1)))  # reveal: (4, 3, 32, 34)
reveal_shape(F.pad(img, (1, 2, 3, 4)))  # reveal: (4, 3, 39, 35)
tokens = torch.randint(0, 100, (2, 7))
reveal_shape(F.one_hot(tokens, num_classes=100))  # reveal: (2, 7, 100)
reveal_shape(F.embedding(tokens, torch.randn(100, 32)))  # reveal: (2, 7, 32)
reveal_shape(F.normalize(logits, dim=1))  # reveal: (8, 10)
reveal_shape(F.cosine_similarity(logits, torch.randn(1, 10)))  # reveal: (8,)
reveal_shape(F.glu(logits))  # reveal: (8, 5)
q = torch.randn(2, 4, 7, 16)
k = torch.randn(2, 4, 9, 16)
v = torch.randn(2, 4, 9, 32)
reveal_shape(F.scaled_dot_product_attention(q, k, v))  # reveal: (2, 4, 7, 32)
bad = F.layer_norm(x, (16,))  # error: SC102
bad2 = F.cross_entropy(logits, torch.randint(0, 10, (4,)))  # error: SC102
bad3 = F.conv2d(img, torch.randn(16, 1, 5, 5))  # error: SC102
bad4 = F.conv2d(torch.randn(3, 32), torch.randn(16, 3, 5, 5))  # error: SC107
bad5 = F.conv2d(torch.randn(1, 3, 4, 4), torch.randn(8, 3, 5, 5))  # error: SC107
bad6 = F.mse_loss(logits, torch.randn(8, 3))  # error: SC101
bad7 = F.binary_cross_entropy_with_logits(logits, torch.rand(8, 1))  # error: SC101
bad8 = F.scaled_dot_product_attention(q, torch.randn(2, 4, 9, 8), v)  # error: SC102
bad9 = F.pad(img, (1, 2, 3))  # error: SC107
bad10 = F.embedding(tokens, torch.randn(100))  # error: SC107
reveal_shape(F.pairwise_distance(torch.randn(5, 3), torch.randn(1, 3), keepdim=True))  # reveal: (5, 1)
reveal_shape(F.pairwise_distance(torch.randn(5, 3), torch.randn(1, 3), 1.0))  # reveal: (5,)
reveal_shape(F.pairwise_distance(torch.randn(2, 5, 3), torch.randn(5, 3), 2.0, 1e-6, True))  # reveal: (2, 5, 1)
