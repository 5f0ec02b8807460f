"""Differential checks of shapecheck's PyTorch rules against real PyTorch (skipped where torch is absent)."""
