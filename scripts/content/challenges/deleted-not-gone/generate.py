#!/usr/bin/env python3
"""Regenerates content/challenges/deleted-not-gone/files/usb-fragment.img (deterministic).

16 KiB of a USB stick's data area: old text fragments, the start of an overwritten JPEG, and one deleted
gzip file (payroll-export.csv) that is still whole, at a 512-byte sector boundary.
"""
import gzip
import io
import random

from shared.output import challenge_files, write_bytes

OUT = challenge_files("deleted-not-gone") / "usb-fragment.img"
GZIP_OFFSET = 9216  # sector 18
MTIME = 1791361380  # 2026-10-07T08:23:00Z

rng = random.Random(20261007)
ROWS = [
    ("E1001", "Anouk de Wit", "NL91ABNA0417164300", "3120.00"),
    ("E1002", "Bram Jansen", "NL20INGB0001234567", "2875.50"),
    ("E1003", "Chloe Martin", "NL44RABO0123456789", "3410.00"),
    ("E1004", "Daan Visser", "NL69INGB0123456789", "2990.00"),
    ("E1005", "Eva Bakker", "NL02ABNA0123456789", "3650.00"),
    ("E1006", "Finn Mulder", "NL86INGB0002445588", "2780.00"),
    ("E1007", "Gijs Smit", "NL39RABO0300065264", "3105.00"),
    ("E1008", "Hanna Meijer", "NL86INGB0002445588", "3275.00"),
    ("E1009", "Iris de Boer", "NL56ABNA0987654321", "2950.00"),
    ("E1010", "Joost Bos", "NL71RABO0111222333", "3320.00"),
]
csv = "employee_id,name,iban,net_pay_eur\n" + "".join(",".join(r) + "\n" for r in ROWS)

buf = io.BytesIO()
with gzip.GzipFile(filename="payroll-export.csv", mode="wb", fileobj=buf, mtime=MTIME) as gz:
    gz.write(csv.encode())
member = buf.getvalue()

image = bytearray(16384)
text = b"Meeting notes 2026-09-14: move the quarterly archive to the shared drive. Budget draft v3 attached. "
for sector in (0, 1, 2, 5, 6):
    start = sector * 512
    image[start:start + 512] = (text * 6)[:512]
jpeg = bytes.fromhex("ffd8ffe000104a46494600010101004800480000ffdb0043")
image[2048:2048 + len(jpeg)] = jpeg
image[2048 + len(jpeg):4096] = bytes(rng.randrange(256) for _ in range(4096 - 2048 - len(jpeg)))
image[GZIP_OFFSET:GZIP_OFFSET + len(member)] = member
tail_start = GZIP_OFFSET + len(member)
image[tail_start:tail_start + 300] = (b"budget draft v2 " * 20)[:300]

data = bytes(image)
assert data.count(b"\x1f\x8b\x08") == 1, "exactly one gzip signature"
assert b"NL86" not in data and b"payroll-export.csv" in data
write_bytes(OUT, data)
print(OUT, len(data))
