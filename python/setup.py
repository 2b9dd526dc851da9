"""Packaging of uop for pip: `pip install --no-build-isolation ./python`.

The native module is built by the project's CMake build, not by setuptools:
build_py configures (when needed) and builds the `_uop` target in
$UOP_BUILD_DIR (default: <repository>/build), then copies the built module
and the pure-Python files into the wheel. The module links the shared
libMLIR of the LLVM 22 it was built against (an absolute run path), so the
wheel is for this machine's LLVM install, like the build tree.
"""
import glob
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BinaryDistribution(Distribution):
    """The wheel holds a native module: tag it for this platform."""

    def has_ext_modules(self):
        return True


class BuildWithCMake(build_py):
    def run(self):
        super().run()
        build = os.path.abspath(os.environ.get("UOP_BUILD_DIR",
                                               os.path.join(ROOT, "build")))
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "-G", "Ninja", "-S", ROOT, "-B",
                                   build, "-DCMAKE_BUILD_TYPE=Release"])
        subprocess.check_call(["cmake", "--build", build, "--target", "_uop"])
        built = glob.glob(os.path.join(build, "python", "uop", "_uop*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one built _uop module in {build}, "
                               f"found {built}")
        target = os.path.join(self.build_lib, "uop")
        os.makedirs(target, exist_ok=True)
        shutil.copy2(built[0], target)


setup(
    name="uop",
    version="0.1.0",
    description="Matrix multiplies from MLIR to PTX, every stage checked "
                "on the CPU",
    packages=["uop"],
    package_data={"uop": ["_uop.pyi", "py.typed"]},
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithCMake},
    distclass=BinaryDistribution,
    zip_safe=False,
)
