#!/usr/bin/env python3
"""Writes the `VP8 ` chunk payload of every vendored lossy WebP under 64 kB to
Fuzz/out/webplossy/seeds/ (git-ignored), the seed corpus of the lossy fuzz target."""
import os, struct, sys
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
source = os.path.join(root, "Tests/Fixtures/webp/libwebp-test-data")
out = os.path.join(root, "Fuzz/out/webplossy/seeds")
os.makedirs(out, exist_ok=True)
count = 0
for name in sorted(os.listdir(source)):
    data = open(os.path.join(source, name), "rb").read()
    offset = 12
    while offset + 8 <= len(data):
        tag, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        if tag == b"VP8 " and size < 65536:
            open(os.path.join(out, name.replace(".webp", ".vp8")), "wb").write(data[offset + 8:offset + 8 + size])
            count += 1
        offset += 8 + size + (size & 1)
print(f"{count} seeds in {out}", file=sys.stderr)
