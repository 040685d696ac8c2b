"""Loaded by Python at start-up when `tscope record` puts this folder on
PYTHONPATH: installs tscope's launch recorder, then any sitecustomize that
this one shadows."""
import importlib.util
import os
import sys

try:
    import tscope_record
    tscope_record._main()
except Exception as e:  # never break the user's program
    sys.stderr.write(f"tscope record: recorder failed to start: {e}\n")

_here = os.path.dirname(os.path.abspath(__file__))
for _p in sys.path:
    if os.path.abspath(_p or ".") == _here:
        continue
    _cand = os.path.join(_p or ".", "sitecustomize.py")
    if os.path.isfile(_cand):
        _spec = importlib.util.spec_from_file_location("_shadowed_sitecustomize", _cand)
        _mod = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(_mod)
        break
