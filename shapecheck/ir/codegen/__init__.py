"""LLVM code generation for loop-IR kernels (see ``shapecheck.ir.loops``).

The pieces, left to right:

- ``target``: the host target machine (CPU name + features, so vector code uses AVX2/AVX-512)
  and the NVPTX one (sm_90);
- ``vecmath``: transcendental functions mapped to glibc's libmvec so loops over ``exp``/``sin``
  vectorize;
- ``shelf``: tiny llvmlite builder helpers (``for_range``, raw attributes), after Numba's cgutils;
- ``lower``: loop IR kernels to an llvmlite ``ir.Module``;
- ``matmul``: matmul nests recognised and lowered to a register-tiled vector micro-kernel;
- ``pyabi`` and ``pyentry``: a fully specialised program's native Python entry (a
  ``METH_FASTCALL`` builtin that guards, allocates and calls the kernels in compiled code);
- ``optimize``: the O3 new-pass-manager pipeline;
- ``engine`` and ``cache``: object code, JIT-loaded into the process, cached in memory and on disk.

llvmlite is imported here, never by ``shapecheck`` at import time.
"""
