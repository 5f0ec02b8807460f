# A loop's first pass is its first iteration: what fails there unconditionally fails then, but what
# fails under a branch the first iteration may not take waits for the loop's fixpoint, which stands
# for every iteration. auto-round's GGUF export starts `blocks0 = torch.zeros(1)` and sets it in the
# iteration that reads an expert's blocks, before the one that reads their scales passes it to
# `repack_mxfp4` (which asserts 4 dims); the placeholder taken into that branch was a false SC110.
import torch


def repack(blocks, scales):
    assert len(blocks.shape) == 4
    return torch.cat((scales.unsqueeze(-1), blocks), dim=-1)


def extra_tensors(tensors):
    blocks0 = torch.zeros(1)
    out = []
    for name, data in tensors:
        if "blocks" in name:
            blocks0 = data
        elif "scales" in name:
            out.append(repack(blocks0, data))
    return out


def unconditional(tensors):
    w = torch.zeros(3, 4)
    for name, data in tensors:
        y = w @ torch.zeros(5)  # error: SC102
    return w


def state_never_changed(tensors):
    w = torch.zeros(3, 4)
    for name, data in tensors:
        if "scales" in name:
            y = w @ torch.zeros(5)  # error: SC102
    return w
