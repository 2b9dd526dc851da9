# -*- Python -*-
# lit configuration of the uop test suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "UOP"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.uop_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%uop_src_root", config.uop_src_root))
config.substitutions.append(("%uop_obj_root", config.uop_obj_root))
config.substitutions.append(("%python", config.python_executable))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.uop_tools_dir, config.llvm_tools_dir]
tools = ["uop-opt", "uop-translate", "uop-sim", "uop-run"]
llvm_config.add_tool_substitutions(
    [ToolSubst(t, unresolved="ignore") for t in tools], tool_dirs)
llvm_config.with_environment("PATH", config.uop_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# Tools and hardware that some tests need. Such a test says `REQUIRES: <feature>`
# and is reported "unsupported" where the feature is missing, never "passed".
# Where the feature must be there (CI installs ptxas), UOP_REQUIRE_<FEATURE>=1
# in the environment turns its absence into a configuration error, so the
# checks cannot quietly become skips.
def provide(feature, found, missing):
    if found:
        config.available_features.add(feature)
        return
    variable = "UOP_REQUIRE_" + feature.upper()
    if os.environ.get(variable, "") not in ("", "0"):
        lit_config.fatal(f"{variable}={os.environ[variable]}: expected "
                         f"{feature}, got {missing}")


def is_executable(path):
    return bool(path) and os.path.isfile(path) and os.access(path, os.X_OK)


provide("ptxas", is_executable(config.ptxas),
        f"'{config.ptxas}' (CMake's UOP_PTXAS), which is not an executable; "
        f"install CUDA's ptxas in /usr/local/cuda/bin and reconfigure")
if "ptxas" in config.available_features:
    config.substitutions.append(("%ptxas", config.ptxas))
provide("nvcc", is_executable(config.nvcc),
        f"'{config.nvcc}' (CMake's UOP_NVCC), which is not an executable")
# A GPU is there only when the driver is.
provide("gpu", os.path.exists("/dev/nvidiactl") or
        os.path.exists("/proc/driver/nvidia"),
        "no NVIDIA driver (/dev/nvidiactl, /proc/driver/nvidia)")
# uop-run is built only where CMake found cuda.h (in %cuda_include).
if is_executable(os.path.join(config.uop_tools_dir, "uop-run")):
    config.available_features.add("uop-run")
    config.substitutions.append(("%cuda_include", config.cuda_include_dir))
