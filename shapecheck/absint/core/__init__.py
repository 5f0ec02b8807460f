"""absint/core"""
