"""absint/driver"""
