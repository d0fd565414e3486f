#!/usr/bin/env python3
"""Regenerate files/crate-17.jpg of content/challenges/hidden-cargo (deterministic).

The file is really a small PNG (despite its name) with text chunks, followed after IEND by a ZIP archive
holding a manifest. ZIP entries carry a fixed timestamp so the bytes never change.
"""
import io
import random
import struct
import zipfile
import zlib

from shared.output import challenge_files, write_bytes

OUT = challenge_files("hidden-cargo")

MANIFEST = """CRATE 17 - REAL MANIFEST (do not print)
------------------------------------------
12 x "ceramic garden gnomes"     -> replica ship chronometers, undeclared
 4 x "machine parts, used"       -> marine radar units, serials filed off
 1 x "personal effects"          -> ledger of buyers

pickup: berth 6, Tuesday, 04:30
release code for the bonded store: BASTION{bytes_after_the_end}
"""


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int = 96, height: int = 64) -> bytes:
    grain = random.Random(17)
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            # a rough "crate": brown planks with darker gaps, and a little wood grain (so the image runs past 1,000 bytes)
            plank = (y // 8) % 2
            gap = y % 8 == 0 or x % 24 == 0
            r, g, b = (92, 60, 30) if gap else ((150, 104, 58) if plank else (166, 118, 66))
            shade = 0 if gap or grain.random() < 0.9 else grain.choice((-12, -6, 6))
            rows += bytes((r + shade, g + shade, b + shade))
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    out += chunk(b"tEXt", b"Title\x00Crate 17, bay C, inbound inspection")
    out += chunk(b"tEXt", b"Software\x00CrateCam 2.4")
    out += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    out += chunk(b"IEND", b"")
    return out


def appended_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        info = zipfile.ZipInfo("manifest.txt", date_time=(2026, 1, 20, 4, 12, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zf.writestr(info, MANIFEST)
    return buf.getvalue()


def main() -> None:
    image = png()
    data = image + appended_zip()
    # Each marker the steps search for occurs once: the compressed pixels must not hold one by chance
    for marker in (b"IEND", b"PK\x03\x04", b"tEXtSoftware"):
        assert data.count(marker) == 1, marker
    write_bytes(OUT / "crate-17.jpg", data)
    print("wrote", OUT / "crate-17.jpg", f"{len(data)} bytes, zip starts at offset {len(image)} (0x{len(image):x})")


if __name__ == "__main__":
    main()
