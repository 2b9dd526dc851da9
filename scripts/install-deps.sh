#!/usr/bin/env bash
# Installs the Debian packages uop needs to build and test. Idempotent: when
# everything is present it installs nothing and does not touch the network.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  python3 python3-dev python3-numpy python3-pytest pybind11-dev
  python3-pip python3-setuptools python3-wheel
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi

if [ ! -x /usr/local/cuda/bin/ptxas ] && ! command -v ptxas >/dev/null; then
  echo "install-deps: note: ptxas not found; PTX assembly checks will report 'unsupported'" >&2
fi
