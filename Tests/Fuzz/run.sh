#!/usr/bin/env bash
# Builds the fuzz targets of Tests/Fuzz with clang's libFuzzer and AddressSanitizer, seeds each with
# its corpus (a sample of the repository's goldens and the hostile files the tests hold), and runs it
# for SECONDS seconds (default 20). Exits nonzero, with libFuzzer's report and the crashing input in
# .build/fuzz/, when an input crashes, leaks, reads out of bounds or allocates past 256 MB.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-20}"
out=.build/fuzz
mkdir -p "$out/corpus"
clang=/opt/swift/usr/bin/clang
command -v "$clang" >/dev/null || clang=clang
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CSupport/include Tests/Fuzz/png_decode.c Sources/CSupport/png.c \
    $(pkg-config --cflags --libs libpng zlib) -lpthread -o "$out/png_decode"
# Seeds: every 25th golden (palette, RGB and RGBA files of every template) and the hand-made hostile PNGs.
find golden-images -name '*.png' | sort | awk 'NR % 25 == 1' | while read -r file; do
    cp "$file" "$out/corpus/golden-$(echo "$file" | md5sum | cut -c1-12).png"
done
cp Tests/Fuzz/seeds/*.png "$out/corpus/"
cd "$out"
./png_decode -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=65536 \
    -print_final_stats=1 corpus
