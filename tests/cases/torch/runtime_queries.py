# The runtime's queries and set-ups are no arrays: as on a machine without an accelerator (as
# torch.cuda.is_available() is False), torch.accelerator.is_available() is False and its
# current_accelerator() None; device counts, ranks and world sizes are ints of unknown value; the
# set-ups return None. (pytorch-examples' `torch.accelerator.current_accelerator()`,
# `dist.init_process_group(...)` and `rpc.shutdown()` were counted as arrays of unknown rank.)
import torch
import torch.distributed as dist
import torch.distributed.rpc as rpc
import torch.fx


def helper(x):
    return x + 1


wrapped = torch.fx.wrap("helper")


def launch(rank):
    device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
    torch.accelerator.set_device_index(rank)
    torch.accelerator.synchronize()
    torch.cuda.set_device(rank)
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    torch.cuda.manual_seed(0)
    torch.cuda.manual_seed_all(0)
    world = torch.accelerator.device_count()
    reveal_shape(torch.zeros(world, 3))  # reveal: (world, 3)
    reveal_shape(torch.zeros(torch.cuda.device_count(), torch.cuda.current_device()))  # reveal: (device_count, current_device)
    if not dist.is_available() or not dist.is_initialized():
        dist.init_process_group("gloo", rank=rank, world_size=world)
    reveal_shape(torch.zeros(dist.get_world_size(), dist.get_rank()))  # reveal: (world_size, rank)
    dist.barrier()
    dist.destroy_process_group()
    rpc.init_rpc("worker", rank=rank, world_size=world)
    rpc.shutdown()
    return device
