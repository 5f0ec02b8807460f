# The losses beyond cross-entropy and the pointwise ones: metric-learning losses give one value per
# row (triplet, cosine embedding), margin losses one per element, ctc one per sequence; reduction
# decides between that and a scalar, for the layers as for the functions.
import torch
import torch.nn as nn
import torch.nn.functional as F
a, p_, n = torch.randn(8, 16), torch.randn(8, 16), torch.randn(8, 16)
reveal_shape(F.triplet_margin_loss(a, p_, n))  # reveal: ()
reveal_shape(F.triplet_margin_loss(a, p_, n, reduction="none"))  # reveal: (8,)
reveal_shape(nn.TripletMarginLoss(margin=1.0, p=2, reduction="none")(a, p_, n))  # reveal: (8,)
reveal_shape(F.cosine_embedding_loss(a, p_, torch.ones(8), reduction="none"))  # reveal: (8,)
reveal_shape(nn.CosineEmbeddingLoss()(a, p_, torch.ones(8)))  # reveal: ()
reveal_shape(F.margin_ranking_loss(torch.randn(8), torch.randn(8), torch.ones(8), reduction="none"))  # reveal: (8,)
reveal_shape(nn.MarginRankingLoss(reduction="none")(torch.randn(8), torch.randn(8), torch.ones(8)))  # reveal: (8,)
reveal_shape(F.multi_margin_loss(torch.randn(8, 5), torch.randint(0, 5, (8,)), reduction="none"))  # reveal: (8,)
reveal_shape(nn.MultiLabelSoftMarginLoss(reduction="none")(torch.randn(8, 5), torch.ones(8, 5)))  # reveal: (8,)
reveal_shape(F.gaussian_nll_loss(torch.randn(8, 5), torch.randn(8, 5), torch.ones(8, 1), reduction="none"))  # reveal: (8, 5)
reveal_shape(nn.GaussianNLLLoss()(torch.randn(8, 5), torch.randn(8, 5), torch.ones(8, 1)))  # reveal: ()
reveal_shape(F.poisson_nll_loss(torch.randn(8, 5), torch.randn(8, 5), reduction="none"))  # reveal: (8, 5)
reveal_shape(nn.HingeEmbeddingLoss(reduction="none")(torch.randn(8, 5), torch.ones(8, 5)))  # reveal: (8, 5)
reveal_shape(F.soft_margin_loss(torch.randn(8, 5), torch.ones(8, 5), reduction="sum"))  # reveal: ()
reveal_shape(F.ctc_loss(torch.randn(7, 3, 5).log_softmax(2), torch.randint(1, 5, (3, 4)), torch.full((3,), 7), torch.full((3,), 4), reduction="none"))  # reveal: (3,)
reveal_shape(nn.CTCLoss(blank=0)(torch.randn(7, 3, 5).log_softmax(2), torch.randint(1, 5, (3, 4)), torch.full((3,), 7), torch.full((3,), 4)))  # reveal: ()
reveal_shape(nn.MultiLabelMarginLoss(reduction="none")(torch.randn(8, 5), torch.randint(-1, 5, (8, 5))))  # reveal: (8,)
reveal_shape(F.multilabel_margin_loss(torch.randn(8, 5), torch.randint(-1, 5, (8, 5))))  # reveal: ()
reveal_shape(nn.MultiMarginLoss()(torch.randn(8, 5), torch.randint(0, 5, (8,))))  # reveal: ()
reveal_shape(nn.PoissonNLLLoss(reduction="none")(torch.randn(8, 5), torch.randn(8, 5)))  # reveal: (8, 5)
reveal_shape(nn.SoftMarginLoss(reduction="none")(torch.randn(8, 5), torch.ones(8, 5)))  # reveal: (8, 5)
reveal_shape(nn.TripletMarginWithDistanceLoss(distance_function=F.pairwise_distance, reduction="none")(a, p_, n))  # reveal: (8,)
reveal_shape(F.triplet_margin_with_distance_loss(a, p_, n))  # reveal: ()
reveal_shape(F.hinge_embedding_loss(torch.randn(8, 5), torch.ones(8, 5), reduction="none"))  # reveal: (8, 5)
reveal_shape(F.multilabel_soft_margin_loss(torch.randn(8, 5), torch.ones(8, 5)))  # reveal: ()
mismatched = F.triplet_margin_loss(a, p_, torch.randn(7, 16))  # error: SC101
wrong_rows = nn.CosineEmbeddingLoss(reduction="none")(a, torch.randn(4, 16), torch.ones(8))  # error: SC101
