"""absint/interp"""
