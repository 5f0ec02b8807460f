# Whether a method NumPy's arrays and torch's tensors both have is torch's (``x.transpose(1, 2)`` swaps two
# dims in torch, and is NumPy's "axes don't match" on a 3-d array): a torch-only keyword (``dim=``,
# ``keepdim=``) makes it torch's in any module (NumPy's method raises TypeError on it), and torch's meaning
# is tried where NumPy's fails in a module that imports torch anywhere, by name too. sktime 1.2.0 imports
# torch as a soft dependency (``torch = _safe_import("torch")``, ``NNModule = _safe_import("torch.nn.Module")``,
# or ``import torch`` under ``if _check_soft_dependencies("torch"):``): 14 false SC104/SC105 and an SC110
# (es_rnn's ``x[:, :k, :].mean(dim=1, keepdim=True)`` read as NumPy's mean, a 0-d array, then
# ``level.squeeze(1)``; the CNNs' ``X.transpose(1, 2)``; ``V_sum.shape[-1]`` of a 0-d ``V.mean(dim=-2)``).
from sktime.utils.dependencies import _safe_import

torch = _safe_import("torch")


def normalise(inputs):
    if len(inputs.shape) != 2:
        raise ValueError("Input shape must be: [batch_size, seq_len]")
    means = inputs.mean(dim=-1, keepdim=True)
    reveal_shape(means)  # reveal: (inputs.shape[0], 1)
    return means.unsqueeze(1)


def forward(X):
    if X.dim() == 3:
        X = X.transpose(1, 2)
    return X


def context(V):
    B, H, L_V, D = V.shape
    V_sum = V.mean(dim=-2)
    reveal_shape(V_sum.unsqueeze(-2).expand(B, H, 7, V_sum.shape[-1]))  # reveal: (B, H, 7, D)
    return V_sum
