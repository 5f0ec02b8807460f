# Packed sequences: a recurrent layer runs a packed batch as it runs the padded one, and
# pad_packed_sequence pads it back (to total_length where given, else to the longest length).
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence, pack_sequence

seqs = [torch.randint(1, 50, (n,)) for n in (7, 5, 3, 6)]
tokens = pad_sequence(seqs, batch_first=True)
lengths = torch.tensor([len(s) for s in seqs])
emb = nn.Embedding(50, 16, padding_idx=0)
lstm = nn.LSTM(16, 32, num_layers=2, batch_first=True, bidirectional=True)
e = emb(tokens)
packed = pack_padded_sequence(e, lengths, batch_first=True, enforce_sorted=False)
reveal_shape(packed.sorted_indices)  # reveal: (4,)
out, (h, c) = lstm(packed)
reveal_shape(h)  # reveal: (4, 4, 32)
reveal_shape(c)  # reveal: (4, 4, 32)
reveal_shape(out.data[:0])  # reveal: (0, 64)
padded, out_lengths = pad_packed_sequence(out, batch_first=True, total_length=tokens.shape[1])
reveal_shape(padded)  # reveal: (4, 7, 64)
reveal_shape(out_lengths)  # reveal: (4,)
final = torch.cat([h[-2], h[-1]], dim=-1)
reveal_shape(final)  # reveal: (4, 64)
logits = nn.Linear(64, 9)(padded)
reveal_shape(logits)  # reveal: (4, 7, 9)

gru = nn.GRU(8, 12)
p2 = pack_padded_sequence(torch.randn(10, 3, 8), torch.tensor([10, 7, 4]))
o, hn = gru(p2, torch.zeros(1, 3, 12))
reveal_shape(hn)  # reveal: (1, 3, 12)
unpacked, lens = pad_packed_sequence(o, total_length=10)
reveal_shape(unpacked)  # reveal: (10, 3, 12)
o3, h3 = nn.RNN(5, 7, batch_first=True)(pack_sequence([torch.randn(4, 5), torch.randn(2, 5)]))
reveal_shape(h3)  # reveal: (1, 2, 7)
back, _ = pad_packed_sequence(o3, batch_first=True, total_length=4)
reveal_shape(back)  # reveal: (2, 4, 7)
lstm(pack_padded_sequence(torch.randn(4, 7, 15), lengths, batch_first=True, enforce_sorted=False))  # error: SC102
