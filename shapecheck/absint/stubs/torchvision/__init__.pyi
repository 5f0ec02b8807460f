"""torchvision, for shapecheck: only ``torchvision.models`` has a stub (models/__init__.pyi)."""
