#!/usr/bin/env bash
# Installs the Debian packages this project builds with, only those missing.
# Idempotent: a second run installs nothing and does not touch the network.
set -euo pipefail

packages=(
  build-essential cmake
  libboost-dev libtbb-dev catch2 libcli11-dev libfmt-dev nlohmann-json3-dev
  libbenchmark-dev gnuplot-nox
  clang libclang-rt-14-dev clang-format
  pybind11-dev python3-dev python3-pytest
  libcpp-httplib-dev chromium chromium-driver python3-selenium
  libopenmpi-dev openmpi-bin
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing packages (${missing[*]}); run as root or install them with apt-get" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}"; then
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
