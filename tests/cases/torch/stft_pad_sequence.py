# torch.stft: (B?, L) -> (B?, N, T) (N = n_fft//2+1 one-sided for a real signal, T = 1 + L//hop
# centered, else 1 + (L - n_fft)//hop; a trailing 2 when not complex); pad_sequence stacks
# (L_i, *rest) tensors padded to the longest, batch second unless batch_first
import torch
import torch.nn.utils.rnn as rnn
from torch.nn.utils.rnn import pad_sequence

sig = torch.ones(1000)
batch = torch.ones(3, 1000)
reveal_shape(torch.stft(sig, 256, return_complex=True))  # reveal: (129, 16)
reveal_shape(torch.stft(batch, 256, hop_length=64, window=torch.ones(256), return_complex=True))  # reveal: (3, 129, 16)
reveal_shape(torch.stft(batch, 256, hop_length=100, center=False, return_complex=True))  # reveal: (3, 129, 8)
reveal_shape(torch.stft(batch, 256, hop_length=100, center=False, return_complex=False))  # reveal: (3, 129, 8, 2)
reveal_shape(torch.stft(batch, 128, onesided=False, return_complex=True))  # reveal: (3, 128, 32)
reveal_shape(torch.stft(torch.ones(3, 1000, dtype=torch.complex64), 128, return_complex=True))  # reveal: (3, 128, 32)
bad = torch.stft(torch.ones(2, 3, 1000), 256, return_complex=True)  # error: SC107
reveal_shape(pad_sequence([torch.ones(5, 3), torch.ones(7, 3), torch.ones(2, 3)]))  # reveal: (7, 3, 3)
reveal_shape(pad_sequence([torch.ones(5, 3), torch.ones(7, 3)], batch_first=True))  # reveal: (2, 7, 3)
reveal_shape(rnn.pad_sequence([torch.ones(4), torch.ones(6)], True, -1.0))  # reveal: (2, 6)


def spectrogram(wave, n_fft: int):
    b, n = wave.shape
    reveal_shape(torch.stft(wave, n_fft, hop_length=n_fft // 4, return_complex=True).abs())  # reveal: (b, freq, n//(n_fft//4)+1)
    return wave


def batched(seqs: list, k: int):
    tokens = [torch.ones(k, 8) for _ in seqs]
    reveal_shape(pad_sequence(tokens, batch_first=True))  # reveal: (batch, longest, 8)
    return tokens
