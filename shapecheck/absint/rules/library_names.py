"""A library's names as its rule tables name them: where a public name lives under another path
(``jax.numpy.sum`` is ``numpy.sum``), the one name. Applied to imports (driver/modules.py) and to
attributes of a library object (``jax.numpy.sum`` reached from ``import jax``), so both find one
rule."""

from __future__ import annotations


#: Where a library's public names live under another path: ``flax.linen.module.Module`` is
#: ``flax.linen.Module``, ``flax.nnx.module.Module`` ``flax.nnx.Module``, ``flax.linen.initializers.normal``
#: ``jax.nn.initializers.normal``.
_ALIASES = (("flax.linen.module.", "flax.linen."), ("flax.linen.activation.", "flax.linen."),
            ("flax.linen.linear.", "flax.linen."), ("flax.nnx.module.", "flax.nnx."),
            # flax's initializers are jax's, re-exported
            ("flax.linen.initializers.", "jax.nn.initializers."), ("flax.nnx.initializers.", "jax.nn.initializers."),
            # torch.utils.data's names where they are defined (minGPT: ``from torch.utils.data.dataloader
            # import DataLoader``, whose batches were unknown)
            *((f"torch.utils.data.{module}.", "torch.utils.data.") for module in ("dataloader", "dataset", "sampler",
                                                                                  "distributed")))


#: NumPy's own modules whose names are numpy's (``import numpy._core.numeric as NX``, as numpy's
#: sources and a few libraries write it): ``NX.newaxis`` is ``np.newaxis``, ``NX.asarray`` ``np.asarray``.
#: Unmapped, ``w[:, NX.newaxis]`` was two indices of a 1-d array (numpy's own ``polyfit``: a false SC105).
_NUMPY_HOMES = tuple(f"numpy.{core}{module}" for module in (".numeric", ".fromnumeric", ".multiarray", ".umath",
                                                             ".shape_base", ".function_base", "")
                     for core in ("_core", "core"))


#: torch.nn's layers where they are defined (``torch.nn.modules.conv.Conv2d``, ``from
#: torch.nn.modules import Conv2d``): torch.nn's names. ``torch.nn.modules.utils`` keeps its own
#: (``_pair`` and kin are ruled under it).
_TORCH_NN_MODULES = "torch.nn.modules."
_TORCH_NN_SUBMODULES = frozenset("""activation adaptive batchnorm channelshuffle container conv distance dropout
flatten fold instancenorm lazy linear loss module normalization padding pixelshuffle pooling rnn sparse
transformer upsampling""".split())

#: The prefixes of every name the rules below may change: any other (torch's) is returned at once.
_CHANGED = ("jax.numpy", "flax.", "numpy.", _TORCH_NN_MODULES, "torch.utils.data.")


def canonical_library(name: str) -> str:
    """``numpy.core.multiply`` and ``jax.numpy.sum`` resolve like ``numpy.multiply`` / ``numpy.sum``."""
    if not name.startswith(_CHANGED):
        return name
    if name.startswith("jax.numpy"):
        return "numpy" + name[len("jax.numpy"):]
    if name.startswith(_TORCH_NN_MODULES):
        head, _, rest = name[len(_TORCH_NN_MODULES):].partition(".")
        if head in _TORCH_NN_SUBMODULES:   # ``torch.nn.modules.conv.Conv1d`` (the module itself stays)
            return "torch.nn." + rest if rest else name
        return name if head == "utils" else "torch.nn." + head + ("." + rest if rest else "")
    for alias, home in _ALIASES:
        if name.startswith(alias):
            return home + name[len(alias):]
    if name.startswith("numpy."):
        for module in _NUMPY_HOMES:
            if name == module or name.startswith(module + "."):
                return "numpy" + name[len(module):]
    return name
