import torch
import torch.nn as nn
import torch.nn.functional as F

logits = torch.randn(8, 10)
probs = torch.sigmoid(logits)
target = torch.rand(8, 10)
labels = torch.randint(0, 10, (8,))
log_probs = F.log_softmax(logits, dim=1)
reveal_shape(nn.BCELoss()(probs, target))  # reveal: ()
reveal_shape(nn.BCELoss(reduction="none")(probs, target))  # reveal: (8, 10)
reveal_shape(nn.BCELoss(weight=torch.ones(10))(probs, target))  # reveal: ()
reveal_shape(nn.BCEWithLogitsLoss()(logits, target))  # reveal: ()
reveal_shape(nn.BCEWithLogitsLoss(pos_weight=torch.ones(10), reduction="none")(logits, target))  # reveal: (8, 10)
reveal_shape(nn.L1Loss()(logits, target))  # reveal: ()
reveal_shape(nn.L1Loss(reduction="sum")(logits, target))  # reveal: ()
reveal_shape(nn.SmoothL1Loss()(logits, target))  # reveal: ()
reveal_shape(nn.SmoothL1Loss(reduction="none", beta=0.5)(logits, target))  # reveal: (8, 10)
reveal_shape(nn.HuberLoss()(logits, target))  # reveal: ()
reveal_shape(nn.HuberLoss(reduction="none", delta=2.0)(logits, target))  # reveal: (8, 10)
reveal_shape(nn.KLDivLoss(reduction="sum")(log_probs, F.softmax(target, dim=1)))  # reveal: ()
kl_batch = nn.KLDivLoss(reduction="batchmean")(log_probs, F.softmax(target, dim=1))
reveal_shape(nn.KLDivLoss(reduction="none", log_target=True)(log_probs, log_probs))  # reveal: (8, 10)
reveal_shape(nn.NLLLoss()(log_probs, labels))  # reveal: ()
reveal_shape(nn.NLLLoss(reduction="none")(log_probs, labels))  # reveal: (8,)
reveal_shape(nn.NLLLoss(weight=torch.ones(10), ignore_index=0)(log_probs, labels))  # reveal: ()
seg = F.log_softmax(torch.randn(2, 4, 5, 5), dim=1)
reveal_shape(nn.NLLLoss(reduction="none")(seg, torch.randint(0, 4, (2, 5, 5))))  # reveal: (2, 5, 5)
reveal_shape(F.binary_cross_entropy(probs, target))  # reveal: ()
reveal_shape(F.binary_cross_entropy(probs, target, reduction="none"))  # reveal: (8, 10)
reveal_shape(F.huber_loss(logits, target, delta=0.5))  # reveal: ()
reveal_shape(F.huber_loss(logits, target, reduction="none"))  # reveal: (8, 10)
reveal_shape(F.smooth_l1_loss(logits, target))  # reveal: ()
reveal_shape(F.smooth_l1_loss(logits, target, reduction="none", beta=0.5))  # reveal: (8, 10)
reveal_shape(F.kl_div(log_probs, F.softmax(target, dim=1), reduction="sum"))  # reveal: ()
kl_batch2 = F.kl_div(log_probs, F.softmax(target, dim=1), reduction="batchmean")
reveal_shape(F.kl_div(log_probs, log_probs, reduction="none", log_target=True))  # reveal: (8, 10)
bad = nn.BCELoss()(probs, torch.rand(8, 3))  # error: SC101
bad2 = nn.BCEWithLogitsLoss()(logits, torch.rand(4, 10))  # error: SC101
bad3 = nn.L1Loss()(logits, torch.randn(8, 3))  # error: SC101
bad4 = nn.SmoothL1Loss()(logits, torch.randn(2, 10))  # error: SC101
bad5 = nn.HuberLoss()(logits, torch.randn(10, 8))  # error: SC101
bad6 = nn.NLLLoss()(log_probs, torch.randint(0, 10, (5,)))  # error: SC102
bad7 = F.binary_cross_entropy(probs, torch.rand(8, 3))  # error: SC101
bad8 = F.huber_loss(logits, torch.randn(8, 4))  # error: SC101
bad9 = F.smooth_l1_loss(logits, torch.randn(3, 10))  # error: SC101
bad10 = F.kl_div(log_probs, torch.rand(8, 4), reduction="batchmean")  # error: SC101
reveal_shape(nn.KLDivLoss(reduction="batchmean")(torch.randn(4, 5), torch.randn(4, 5)))  # reveal: ()
reveal_shape(torch.nn.functional.kl_div(torch.randn(4, 5), torch.randn(4, 5), reduction="batchmean"))  # reveal: ()
