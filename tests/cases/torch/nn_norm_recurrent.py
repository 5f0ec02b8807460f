import torch
import torch.nn as nn

seq = torch.randn(2, 4, 10)
img = torch.randn(2, 3, 6, 6)
vol = torch.randn(2, 3, 4, 5, 6)
reveal_shape(nn.BatchNorm3d(3)(vol))  # reveal: (2, 3, 4, 5, 6)
reveal_shape(nn.BatchNorm3d(3).weight)  # reveal: (3,)
reveal_shape(nn.InstanceNorm1d(4)(seq))  # reveal: (2, 4, 10)
reveal_shape(nn.InstanceNorm1d(4, affine=True)(seq[0]))  # reveal: (4, 10)
reveal_shape(nn.InstanceNorm2d(3)(img))  # reveal: (2, 3, 6, 6)
reveal_shape(nn.InstanceNorm3d(3, affine=True)(vol))  # reveal: (2, 3, 4, 5, 6)
reveal_shape(nn.RMSNorm(10)(seq))  # reveal: (2, 4, 10)
reveal_shape(nn.RMSNorm([4, 10], eps=1e-6)(seq))  # reveal: (2, 4, 10)
reveal_shape(nn.LazyLinear(5)(seq))  # reveal: (2, 4, 5)
reveal_shape(nn.LazyLinear(3, bias=False)(torch.randn(7, 2)))  # reveal: (7, 3)
x = torch.randn(5, 3, 8)
rnn = nn.RNN(8, 16)
out, h = rnn(x)
reveal_shape(out)  # reveal: (5, 3, 16)
reveal_shape(h)  # reveal: (1, 3, 16)
out2, h2 = nn.RNN(8, 16, num_layers=2, batch_first=True, bidirectional=True)(x)
reveal_shape(out2)  # reveal: (5, 3, 32)
reveal_shape(h2)  # reveal: (4, 5, 16)
out3, h3 = nn.RNN(8, 4, nonlinearity="relu")(x[:, 0], torch.zeros(1, 4))
reveal_shape(out3)  # reveal: (5, 4)
reveal_shape(h3)  # reveal: (1, 4)
dec_layer = nn.TransformerDecoderLayer(d_model=16, nhead=4, dim_feedforward=32)
tgt = torch.randn(5, 2, 16)
memory = torch.randn(7, 2, 16)
reveal_shape(dec_layer(tgt, memory))  # reveal: (5, 2, 16)
decoder = nn.TransformerDecoder(dec_layer, num_layers=2)
reveal_shape(decoder(tgt, memory))  # reveal: (5, 2, 16)
bf_layer = nn.TransformerDecoderLayer(16, 2, batch_first=True)
reveal_shape(nn.TransformerDecoder(bf_layer, 3)(torch.randn(2, 5, 16), torch.randn(2, 9, 16)))  # reveal: (2, 5, 16)
bad = nn.BatchNorm3d(4)(vol)  # error: SC102
bad2 = nn.BatchNorm3d(3)(img)  # error: SC107
bad3 = nn.RMSNorm(4)(seq)  # error: SC102
bad4 = nn.RNN(6, 16)(x)  # error: SC102
bad5 = nn.TransformerDecoderLayer(16, 3)  # error: SC107
bad6 = dec_layer(torch.randn(5, 2, 8), memory)  # error: SC102
rnn_relu = nn.RNN(10, 20, 2, "relu", True, True)
rnn_relu_out, rnn_relu_h = rnn_relu(torch.randn(3, 7, 10))
reveal_shape(rnn_relu_out)  # reveal: (3, 7, 20)
reveal_shape(rnn_relu_h)  # reveal: (2, 3, 20)
rnn_bi_out, _ = nn.RNN(10, 20, 1, "tanh", True, False, 0.0, True)(torch.randn(7, 3, 10))
reveal_shape(rnn_bi_out)  # reveal: (7, 3, 40)
gru_bf_out, _ = nn.GRU(10, 20, 2, True, True)(torch.randn(3, 7, 10))
reveal_shape(gru_bf_out)  # reveal: (3, 7, 20)
