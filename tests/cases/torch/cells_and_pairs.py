# Layers of one step or one pair: recurrent cells, Bilinear, EmbeddingBag (and F.embedding_bag),
# CosineSimilarity/PairwiseDistance as layers, shape-keeping LocalResponseNorm/ChannelShuffle/Softmax2d,
# weight_norm/spectral_norm returning the layer they wrap.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(4, 10)
reveal_shape(nn.Bilinear(10, 6, 3)(x, torch.randn(4, 6)))  # reveal: (4, 3)
reveal_shape(nn.EmbeddingBag(20, 5, mode="mean")(torch.randint(0, 20, (4, 3))))  # reveal: (4, 5)
reveal_shape(F.embedding_bag(torch.randint(0, 20, (8,)), torch.randn(20, 5), torch.tensor([0, 3, 5])))  # reveal: (3, 5)
reveal_shape(nn.LSTMCell(10, 7)(x)[0])  # reveal: (4, 7)
reveal_shape(nn.GRUCell(10, 7)(x))  # reveal: (4, 7)
reveal_shape(nn.RNNCell(10, 7)(x, torch.zeros(4, 7)))  # reveal: (4, 7)
reveal_shape(nn.Conv3d(2, 4, 3, padding=1)(torch.randn(1, 2, 5, 6, 7)))  # reveal: (1, 4, 5, 6, 7)
reveal_shape(nn.ConvTranspose1d(4, 2, 4, stride=2, padding=1)(torch.randn(3, 4, 9)))  # reveal: (3, 2, 18)
reveal_shape(nn.LocalResponseNorm(2)(torch.randn(2, 8, 5, 5)))  # reveal: (2, 8, 5, 5)
reveal_shape(nn.ChannelShuffle(2)(torch.randn(1, 4, 3, 3)))  # reveal: (1, 4, 3, 3)
reveal_shape(nn.Softmax2d()(torch.randn(2, 3, 4, 4)))  # reveal: (2, 3, 4, 4)
reveal_shape(nn.CosineSimilarity(dim=1)(x, x))  # reveal: (4,)
reveal_shape(nn.PairwiseDistance()(x, x))  # reveal: (4,)
reveal_shape(nn.AdaptiveAvgPool1d(5)(torch.randn(2, 3, 17)))  # reveal: (2, 3, 5)
reveal_shape(nn.AdaptiveMaxPool2d((2, 3))(torch.randn(2, 3, 17, 9)))  # reveal: (2, 3, 2, 3)
reveal_shape(nn.Unflatten(1, (2, 5))(x))  # reveal: (4, 2, 5)
reveal_shape(nn.Upsample(size=(8, 8), mode="bilinear")(torch.randn(1, 3, 4, 4)))  # reveal: (1, 3, 8, 8)
reveal_shape(nn.ZeroPad2d((1, 1, 2, 0))(torch.randn(1, 3, 4, 4)))  # reveal: (1, 3, 6, 6)
reveal_shape(nn.utils.parametrizations.weight_norm(nn.Linear(10, 3))(x))  # reveal: (4, 3)
reveal_shape(nn.utils.spectral_norm(nn.Linear(10, 3))(x))  # reveal: (4, 3)
seqs = torch.randn(5, 3, 8)
lengths = torch.tensor([5, 3, 2])
reveal_shape(torch.einsum("b...d,de->b...e", torch.randn(2, 3, 4, 5), torch.randn(5, 6)))  # reveal: (2, 3, 4, 6)
reveal_shape(x.new_ones((2, 2)))  # reveal: (2, 2)
reveal_shape(torch.randn(2, 3, 8).unfold(-1, 4, 2))  # reveal: (2, 3, 3, 4)
reveal_shape(F.normalize(torch.randn(2, 3, 4), dim=-1).norm(dim=-1))  # reveal: (2, 3)
reveal_shape(torch.nn.functional.layer_norm(x, (10,)))  # reveal: (4, 10)
reveal_shape(torch.nn.functional.group_norm(torch.randn(2, 4, 5), 2))  # reveal: (2, 4, 5)
reveal_shape(torch.nn.functional.local_response_norm(torch.randn(2, 8, 5, 5), 2))  # reveal: (2, 8, 5, 5)
reveal_shape(F.max_pool2d(torch.randn(1, 3, 9, 9), 3, stride=2, padding=1, return_indices=True)[1])  # reveal: (1, 3, 5, 5)
reveal_shape(F.hardtanh(x, -2, 2))  # reveal: (4, 10)
reveal_shape(F.logsigmoid(x))  # reveal: (4, 10)
reveal_shape(F.softmax(x, -1).multinomial(2))  # reveal: (4, 2)
reveal_shape(nn.utils.parametrizations.spectral_norm(nn.Linear(10, 3))(x))  # reveal: (4, 3)
reveal_shape(nn.utils.weight_norm(nn.Linear(10, 2))(x))  # reveal: (4, 2)
wrong_width = nn.LSTMCell(10, 7)(torch.randn(4, 9))  # error: SC102
wrong_second = nn.Bilinear(10, 6, 3)(x, torch.randn(4, 5))  # error: SC102


class Sequence(nn.Module):
    # pytorch-examples' time_sequence_prediction: the input's rank is unknown in forward, the state
    # fed back is (n, 51), and the new state has its shape
    def __init__(self):
        super().__init__()
        self.lstm1 = nn.LSTMCell(1, 51)
        self.gru = nn.GRUCell(51, 51)

    def forward(self, input):
        h_t = torch.zeros(input.size(0), 51, dtype=torch.double)
        c_t = torch.zeros(input.size(0), 51, dtype=torch.double)
        for input_t in input.split(1, dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            reveal_shape(h_t)  # reveal: (input.shape[0], 51)
            reveal_shape(self.gru(h_t, c_t))  # reveal: (input.shape[0], 51)
        reveal_shape(self.lstm1(input)[0])  # reveal: unknown
        return h_t
