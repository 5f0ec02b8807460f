# An array of unknown dtype beside one of a known dtype: the result's dtype is unknown, not the known
# one's. bs-roformer's mel band roformer divides complex masks of unknown dtype by float32 counts;
# taken for float32, istft read the frames' last dim as a real and imaginary pair (a false SC107).
import torch

spec = torch.view_as_complex(torch.randn(2, 201, 101, 2, dtype=torch.float64))
assert spec.dtype == torch.complex128
reveal_shape(spec)  # reveal: (2, 201, 101)
assert torch.view_as_complex(torch.randn(3, 2)).dtype == torch.complex64


def averaged_inverse(frames: torch.Tensor, counts: torch.Tensor, n_fft: int, hop: int):
    b, f, t = frames.shape[0], frames.shape[1], frames.shape[2]
    masks = torch.view_as_complex(frames.view(b, f, t, 2))
    averaged = masks / counts.view(f, 1).float().clamp(min=1e-8)
    audio = torch.istft(averaged, n_fft, hop, length=16000)
    reveal_shape(audio)  # reveal: (b, 16000)
    return audio.reshape(b, 1, 16000)

