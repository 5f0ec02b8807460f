"""The check cache (``store.py``) and the plain-data form of a report it keeps (``report_data.py``):
shared by the command line and the language server, which reads it on start-up."""
