# torch.distributed's collectives into one tensor take the concatenated form (world_size times dim 0)
# or the stacked form (world_size on a dim of its own): vllm's batch-invariant all-reduce gathers
# into a (world_size, numel) buffer, which was a false SC132.
import torch
import torch.distributed as dist


def all_reduce_fixed_order(x: torch.Tensor):
    world_size = dist.get_world_size()
    numel = x.numel()
    gathered = torch.empty((world_size, numel), dtype=x.dtype)
    dist.all_gather_into_tensor(gathered, x.view(-1))
    concatenated = torch.empty((world_size * numel,), dtype=x.dtype)
    dist.all_gather_into_tensor(concatenated, x.view(-1))
    wrong = torch.empty((world_size, numel + 1), dtype=x.dtype)
    dist.all_gather_into_tensor(wrong, x.reshape(numel))  # error: SC132
    return gathered.sum(0)


def scatter_rows(x: torch.Tensor, rows: int):
    world_size = dist.get_world_size()
    out = torch.empty((rows, 8))
    dist.reduce_scatter_tensor(out, torch.ones(world_size, rows, 8))
    dist.reduce_scatter_tensor(out, torch.ones(world_size * rows, 8))
    dist.reduce_scatter_tensor(out, torch.ones(world_size, rows, 4))  # error: SC132
    return out


def reshard_experts(experts: int, rows: int, half_h: int):
    # all_to_all_single with equal splits: each buffer's dim 0 divides across the group, their shapes
    # their own (vllm's expert resharding sends (world, experts, r, h) into (world * experts, r, h))
    world = dist.get_world_size()
    packed = torch.empty((world, experts, rows, half_h), dtype=torch.uint8)
    received = torch.empty((world * experts, rows, half_h), dtype=torch.uint8)
    dist.all_to_all_single(received, packed)
    return received


def four_ranks():
    assert dist.get_world_size() == 4
    dist.all_to_all_single(torch.empty(12), torch.empty(4, 3))
    dist.all_to_all_single(torch.empty(13), torch.empty(12))  # error: SC132
