"""Installs the package the ordinary way into an empty directory and uses it
from a clean interpreter: `pip install --no-build-isolation --target DIR
./python`, then `import uop` with only DIR on the path (run by ctest as
uop-python-install; the native module is built in $UOP_BUILD_DIR)."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)

SMOKE = """
import numpy as np, uop, sys
assert uop.__file__.startswith(sys.argv[1]), uop.__file__
kernel = uop.compile(uop.matmul_problem(32, 32, 16), tile=(32, 32, 8),
                     thread_tile=(4, 4))
a = np.ones((32, 16), np.float32)
_, _, c = uop.simulate(kernel, a, a.T.copy(), np.zeros((32, 32), np.float32))
assert (c == 16).all()
assert ".entry main_kernel" in kernel.ptx
print("uop installed in", sys.argv[1], "works")
"""

with tempfile.TemporaryDirectory(prefix="uop-install-") as target:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q",
                           "--no-build-isolation", "--no-deps",
                           "--no-cache-dir", "--target", target, PACKAGE])
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": target}
    subprocess.check_call([sys.executable, "-c", SMOKE, target], env=env,
                          cwd=target)
