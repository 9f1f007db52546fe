#!/usr/bin/env bash
# Builds the fuzz targets of Tests/Fuzz with libFuzzer and AddressSanitizer: png_decode (the golden
# and avatar PNG decoder, seeded with a sample of the goldens and the hostile files the tests hold),
# line_baselines (the shim's run baselines over Pango layouts of fuzzed text), icu_boundaries (ICU's
# line-break and grapheme iterators over fuzzed UTF-16) and json_parse (SeeMore's
# JSON parser, built by swiftc from its own source files, seeded with the templates and the suite) and the
# catalog parsers (strings_parse, po_parse, android_escapes, xml_strings), and runs each for SECONDS
# seconds (default 20). Exits nonzero, with libFuzzer's report and the crashing input in .build/fuzz/,
# when an input crashes, reads out of bounds or allocates past its limit (png_decode: or leaks).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-20}"
out=.build/fuzz
mkdir -p "$out/corpus"
clang=/opt/swift/usr/bin/clang
command -v "$clang" >/dev/null || clang=clang
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CSupport/include Tests/Fuzz/png_decode.c Sources/CSupport/png.c \
    Sources/CSupport/png_simple.c $(pkg-config --cflags --libs libpng zlib) -ldeflate -lpthread -o "$out/png_decode"
# Seeds: every 25th golden (palette, RGB and RGBA files of every template) and the hand-made hostile PNGs.
find golden-images -name '*.png' | sort | awk 'NR % 25 == 1' | while read -r file; do
    cp "$file" "$out/corpus/golden-$(echo "$file" | md5sum | cut -c1-12).png"
done
cp Tests/Fuzz/seeds/*.png "$out/corpus/"
cd "$out"
./png_decode -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=65536 \
    -print_final_stats=1 corpus

# The shim's run baselines over layouts of fuzzed text (Pango itself is not instrumented, the shim is).
# Leaks are not checked: fontconfig and Pango keep process-wide caches that live until exit.
cd - >/dev/null
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined Tests/Fuzz/line_baselines.c \
    $(pkg-config --cflags --libs pangocairo pangoft2 fribidi harfbuzz fontconfig freetype2) -o "$out/line_baselines"
mkdir -p "$out/text-corpus"
cp Tests/Fuzz/text-seeds/* "$out/text-corpus/"
cd "$out"
ASAN_OPTIONS=detect_leaks=0 ./line_baselines -max_total_time="$seconds" -malloc_limit_mb=512 -rss_limit_mb=2048 -max_len=512 \
    -print_final_stats=1 text-corpus

# ICU's iterators over strangers' texts (seemore_icu_boundaries), seeded with the text seeds as UTF-16.
cd - >/dev/null
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CSupport/include Tests/Fuzz/icu_boundaries.c Sources/CSupport/icu_breaks.c \
    $(pkg-config --cflags --libs icu-uc) -o "$out/icu_boundaries"
mkdir -p "$out/icu-corpus"
for file in Tests/Fuzz/text-seeds/*; do
    { printf '\002'; iconv -f UTF-8 -t UTF-16LE "$file" 2>/dev/null || true; } > "$out/icu-corpus/$(basename "$file")"
done
cd "$out"
./icu_boundaries -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=4096 \
    -print_final_stats=1 icu-corpus

# The JSON parser every template, suite, report file, batch line and request body goes through.
cd - >/dev/null
swiftc=/opt/swift/usr/bin/swiftc
command -v "$swiftc" >/dev/null || swiftc=swiftc
"$swiftc" -sanitize=fuzzer,address -parse-as-library -package-name fuzz -O \
    Sources/SeeMoreSupport/JSON/JSONParser.swift Sources/SeeMoreSupport/JSON/JSONNode+Reading.swift Tests/Fuzz/json_parse.swift \
    -o "$out/json_parse" 2> "$out/json_parse.build.log" || { cat "$out/json_parse.build.log"; exit 1; }
mkdir -p "$out/json-corpus"
cp Templates/*.json "$out/json-corpus/"
cp golden-images/suite.json "$out/json-corpus/golden-suite.json"
cp examples/brand/suite.json "$out/json-corpus/brand-suite.json"
cd "$out"
./json_parse -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=65536 -print_final_stats=1 json-corpus

# The catalog parsers SeeMore wrote itself (.strings, .po, Android's escapes), each seeded with a
# catalog of every feature it reads; then the C walk over libxml2's tree of a strings.xml (libxml2 is
# Debian's), with leaks checked: every tree freed.
cd - >/dev/null
for target in strings_parse:AppleStringsParser po_parse:GettextParser android_escapes:AndroidStringEscapes; do
    name=${target%%:*}
    parser=${target#*:}
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -package-name fuzz -O \
        "Sources/SeeMoreCatalog/$parser.swift" Sources/SeeMoreCatalog/CatalogError.swift Sources/SeeMoreCatalog/CatalogText.swift \
        "Tests/Fuzz/$name.swift" -o "$out/$name" 2> "$out/$name.build.log" || { cat "$out/$name.build.log"; exit 1; }
    mkdir -p "$out/$name-corpus"
    cp Tests/Fuzz/catalog-seeds/* "$out/$name-corpus/"
    (cd "$out" && "./$name" -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 \
        -max_len=16384 -print_final_stats=1 "$name-corpus")
done
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CXMLStrings/include Tests/Fuzz/xml_strings.c Sources/CXMLStrings/xml_strings.c \
    $(pkg-config --cflags --libs libxml-2.0) -o "$out/xml_strings"
mkdir -p "$out/xml-corpus"
cp Tests/Fuzz/catalog-seeds/*.xml "$out/xml-corpus/"
(cd "$out" && ./xml_strings -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=16384 \
    -print_final_stats=1 xml-corpus)

# The locale direction shim (seemore_icu_locale_is_rtl: ICU's tag parser and likely subtags).
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CSupport/include Tests/Fuzz/locale_direction.c Sources/CSupport/icu_breaks.c \
    $(pkg-config --cflags --libs icu-uc) -o "$out/locale_direction"
mkdir -p "$out/locale-corpus"
cp Tests/Fuzz/locale-seeds/* "$out/locale-corpus/"
(cd "$out" && ./locale_direction -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=256 \
    -print_final_stats=1 locale-corpus)

# The ELF note reader behind seemore_build_ids (the skip ledger's build IDs) and seemore_sha256.
"$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ISources/CSupport/include Tests/Fuzz/build_id_notes.c $(pkg-config --cflags --libs nettle) -o "$out/build_id_notes"
mkdir -p "$out/notes-corpus"
cp Tests/Fuzz/notes-seeds/* "$out/notes-corpus/"
(cd "$out" && ./build_id_notes -max_total_time="$seconds" -malloc_limit_mb=256 -rss_limit_mb=1024 -max_len=4096 \
    -print_final_stats=1 notes-corpus)
