"""Differential testing of shapecheck against NumPy: generated programs, NumPy as the oracle."""
