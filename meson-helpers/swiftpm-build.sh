#!/usr/bin/env bash
# Builds GtkDataDisplay with SwiftPM for meson, then copies the products into meson's build folder:
# the demo, the shared library (libGtkDataDisplayShared.so) and the Swift modules an app compiles
# against (GtkDataDisplay.swiftmodule, GtkDataDisplayShell.swiftmodule and DataDisplayDiff.swiftmodule).
#   swiftpm-build.sh --root                                  prints the package folder
#   swiftpm-build.sh CONFIGURATION SCRATCH_PATH OUTPUT_DIR   builds and copies
# The package folder is found from this script's real location (also through a symlinked subproject).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [[ "${1:-}" == "--root" ]]; then
    echo "$root"
    exit 0
fi
[[ $# -eq 3 ]] || { echo "usage: $0 CONFIGURATION SCRATCH_PATH OUTPUT_DIR" >&2; exit 2; }
configuration=$1 scratch=$2 out=$3
swiftpm=(swift build -c "$configuration" --package-path "$root" --scratch-path "$scratch")
"${swiftpm[@]}" --product gtk-data-display-demo
"${swiftpm[@]}" --product GtkDataDisplayShared
bin=$("${swiftpm[@]}" --show-bin-path)
mkdir -p "$out"
# Meson 1.0 does not order an app's Swift compile and link after this target, and it runs on every
# build: an app's swiftc or linker may be reading these files while this script runs. So a file is
# replaced only when SwiftPM changed it, and then by a rename, never rewritten in place: a reader
# sees the old file or the new one, whole.
publish() {
    local source=$1 target=$out/$(basename "$1")
    cmp -s "$source" "$target" && return 0
    cp -f "$source" "$target.partial.$$"
    mv -f "$target.partial.$$" "$target"
}
for product in "$bin/gtk-data-display-demo" "$bin/libGtkDataDisplayShared.so" \
               "$bin/Modules/GtkDataDisplay.swiftmodule" "$bin/Modules/GtkDataDisplayShell.swiftmodule" \
               "$bin/Modules/DataDisplayDiff.swiftmodule"; do
    publish "$product"
done
