# The optimisers' fused ops over lists of tensors, and stft's inverse (found in nemo, espnet, fairseq)
import torch

params = [torch.ones(3, 4), torch.ones(5)]
grads = [torch.zeros(3, 4), torch.zeros(5)]
assert torch._foreach_add_(params, grads, alpha=0.1) is None
scaled = torch._foreach_mul(params, 2.0)
reveal_shape(scaled[0])  # reveal: (3, 4)
reveal_shape(scaled[1])  # reveal: (5,)
reveal_shape(torch._foreach_sqrt(grads)[0] @ torch.ones(4))  # reveal: (3,)
norms = torch._foreach_norm(grads)
reveal_shape(norms[1])  # reveal: ()
reveal_shape(torch.stack(norms))  # reveal: (2,)

window = torch.hann_window(400)
spec = torch.stft(torch.randn(2, 16000), 400, hop_length=160, window=window, return_complex=True)
reveal_shape(spec)  # reveal: (2, 201, 101)
reveal_shape(torch.istft(spec, 400, hop_length=160, window=window))  # reveal: (2, 16000)
reveal_shape(torch.istft(spec, 400, hop_length=160, window=window, length=15990))  # reveal: (2, 15990)
reveal_shape(torch.istft(spec[0], 400, hop_length=160, center=False))  # reveal: (16400,)
reveal_shape(spec.istft(400, 160, window=window))  # reveal: (2, 16000)

# torch before 2.0 took a real tensor with a trailing 2 (real, imaginary) for the frames (nnAudio's
# Griffin-Lim): no error, the signal's shape as for the complex frames
reveal_shape(torch.view_as_real(spec))  # reveal: (2, 201, 101, 2)
assert torch.view_as_real(spec).dtype == torch.float32
if tuple(int(p) for p in torch.__version__.split(".")[:1]) < (2,):
    parts = torch.view_as_real(spec)
    reveal_shape(torch.istft(parts, 400, hop_length=160, window=window))  # reveal: (2, 16000)


def batched_inverse(z: torch.Tensor, n_fft: int, hop: int):
    # three dims of unknown dtype are a batch of complex frames (torchaudio's griffinlim and hdemucs)
    z = z.view(-1, z.shape[-2], z.shape[-1])
    x = torch.istft(z, n_fft, hop, length=16000)
    reveal_shape(x)  # reveal: (d, 16000)
    _, length = x.shape
    return x[:, 10:-10]
