"""Sharding as part of a value's shape: device meshes, per-dim placements (layouts), the local shape
each device holds, the divisibility a split needs, redistribution plans between layouts and their
per-device cost. Pure: no Python syntax, no analyser; dims are :mod:`shapecheck.constraints` dims.

Sources: JAX's sharding model (``jax.sharding.Mesh``/``NamedSharding``/``PartitionSpec`` and the
``shard_map`` docs), PyTorch DTensor (``Shard``/``Replicate``/``Partial`` placements), PartIR and
Automap (SPMD tactics, a simulator to predict cost).
"""
