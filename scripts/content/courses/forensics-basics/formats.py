"""Small, deterministic writers for the binary formats of the forensics-basics labs (standard library only).

- jpeg(): a baseline JPEG made of flat-coloured 8x8 blocks (DC coefficients only), with an optional EXIF segment
- exif(): an APP1 EXIF segment (little-endian TIFF) with IFD0, Exif and GPS sub-IFDs
- png(): a PNG with optional tEXt chunks
- zip_archive(), pdf(), docx(): tiny archives and documents with fixed dates
- Pcap: a classic libpcap file of Ethernet/IPv4 frames with valid IPv4, TCP and UDP checksums
"""
import io
import struct
import zipfile
import zlib
from fractions import Fraction

from shared.packets import internet_checksum, ip_bytes

# --- JPEG -------------------------------------------------------------------------------------------------------

# Annex K luminance DC table: code lengths 1..16 and the categories they code.
DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_VALS = list(range(12))
# Every block is flat: its AC coefficients are all zero, so the AC table needs one symbol only (0x00, end of block).
AC_BITS = [1] + [0] * 15
AC_VALS = [0x00]


def huffman_codes(bits: list[int], vals: list[int]) -> dict[int, tuple[int, int]]:
    codes, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


class BitWriter:
    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def write(self, value: int, length: int) -> None:
        for i in range(length - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0x00)  # byte stuffing
                self.acc = self.n = 0

    def flush(self) -> bytes:
        while self.n:
            self.write(1, 1)
        return bytes(self.out)


def segment(marker: int, payload: bytes) -> bytes:
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def ycbcr(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    r, g, b = rgb
    return (
        0.299 * r + 0.587 * g + 0.114 * b,
        128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
        128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
    )


def jpeg(blocks: list[list[tuple[int, int, int]]], app_segments: bytes = b"") -> bytes:
    """A colour JPEG whose pixels are 8x8 flat blocks: blocks[row][col] is the block's (r, g, b)."""
    rows, cols = len(blocks), len(blocks[0])
    quant = bytes([8] + [1] * 63)  # DC quantised by 8, so a flat block's coefficient is its level-shifted value
    out = b"\xff\xd8"
    # A camera writes its EXIF segment first and no JFIF segment; a plain image gets a JFIF header.
    out += app_segments or segment(0xE0, b"JFIF\x00" + struct.pack(">BBBHHBB", 1, 1, 0, 1, 1, 0, 0))
    out += segment(0xDB, b"\x00" + quant)
    out += segment(0xC0, struct.pack(">BHHB", 8, rows * 8, cols * 8, 3) + bytes([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
    out += segment(0xC4, b"\x00" + bytes(DC_BITS) + bytes(DC_VALS) + b"\x10" + bytes(AC_BITS) + bytes(AC_VALS))
    out += segment(0xDA, bytes([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]))
    dc_codes, ac_codes = huffman_codes(DC_BITS, DC_VALS), huffman_codes(AC_BITS, AC_VALS)
    bits = BitWriter()
    previous = [0, 0, 0]
    for row in blocks:
        for rgb in row:
            for c, value in enumerate(ycbcr(rgb)):
                dc = round(value - 128)
                diff, previous[c] = dc - previous[c], dc
                category = abs(diff).bit_length()
                bits.write(*dc_codes[category])
                if category:
                    bits.write(diff if diff > 0 else diff + (1 << category) - 1, category)
                bits.write(*ac_codes[0x00])
    out += bits.flush() + b"\xff\xd9"
    return out


# --- EXIF -------------------------------------------------------------------------------------------------------

ASCII, SHORT, LONG, RATIONAL = 2, 3, 4, 5
TYPE_SIZE = {ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8}


def rational(value: float | Fraction, denominator: int) -> tuple[int, int]:
    return round(Fraction(value) * denominator), denominator


def dms(decimal: float) -> list[tuple[int, int]]:
    """Degrees, minutes and seconds (hundredths) as EXIF rationals."""
    value = abs(decimal)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = (value - degrees - minutes / 60) * 3600
    return [(degrees, 1), (minutes, 1), (round(seconds * 100), 100)]


def _encode(kind: int, value) -> tuple[int, bytes]:
    if kind == ASCII:
        data = value.encode() + b"\0"
        return len(data), data
    values = value if isinstance(value, list) else [value]
    if kind == SHORT:
        return len(values), b"".join(struct.pack("<H", v) for v in values)
    if kind == LONG:
        return len(values), b"".join(struct.pack("<I", v) for v in values)
    return len(values), b"".join(struct.pack("<II", *v) for v in values)


def _ifd(entries: dict[int, tuple[int, object]], at: int) -> tuple[bytes, bytes]:
    """One IFD placed at offset `at` of the TIFF data, and the data area that follows it."""
    table_size = 2 + 12 * len(entries) + 4
    table, data = struct.pack("<H", len(entries)), b""
    for tag in sorted(entries):
        kind, value = entries[tag]
        count, raw = _encode(kind, value)
        if len(raw) <= 4:
            table += struct.pack("<HHI", tag, kind, count) + raw.ljust(4, b"\0")
        else:
            table += struct.pack("<HHII", tag, kind, count, at + table_size + len(data))
            data += raw + (b"\0" if len(raw) % 2 else b"")
    return table + b"\0\0\0\0", data


def exif(ifd0: dict, exif_ifd: dict | None = None, gps: dict | None = None) -> bytes:
    """The APP1 segment: 'Exif\\0\\0' and a little-endian TIFF structure. Dicts map tag -> (type, value)."""
    ifd0 = dict(ifd0)
    # Pointers are LONGs whose values are known only once the earlier IFDs are laid out: lay out twice.
    if exif_ifd:
        ifd0[0x8769] = (LONG, 0)
    if gps:
        ifd0[0x8825] = (LONG, 0)
    for _ in range(2):
        table0, data0 = _ifd(ifd0, 8)
        at = 8 + len(table0) + len(data0)
        parts = [table0 + data0]
        if exif_ifd:
            ifd0[0x8769] = (LONG, at)
            table, data = _ifd(exif_ifd, at)
            parts.append(table + data)
            at += len(table) + len(data)
        if gps:
            ifd0[0x8825] = (LONG, at)
            table, data = _ifd(gps, at)
            parts.append(table + data)
    tiff = b"II*\x00" + struct.pack("<I", 8) + b"".join(parts)
    return segment(0xE1, b"Exif\x00\x00" + tiff)


# --- PNG --------------------------------------------------------------------------------------------------------


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(pixels: list[list[tuple[int, int, int]]], text: dict[str, str] | None = None) -> bytes:
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\x00" + b"".join(bytes(p) for p in row) for row in pixels)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    for key, value in (text or {}).items():
        out += png_chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1"))
    return out + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")


# --- Archives and documents -------------------------------------------------------------------------------------


def zip_archive(members: list[tuple[str, bytes]], when=(2026, 3, 2, 10, 0, 0), deflate: bool = True) -> bytes:
    buffer = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=when)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def pdf(text: str, info: dict[str, str]) -> bytes:
    """A one-page PDF 1.4 with an Info dictionary (values written as PDF literal strings)."""
    content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    info_dict = " ".join(f"/{k} ({v})" for k, v in info.items())
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< {info_dict} >>".encode(),
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def docx(paragraph: str, creator: str, last_modified_by: str, created: str, modified: str) -> bytes:
    """A minimal Word document (Office Open XML): a ZIP whose first member is [Content_Types].xml."""
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/word/document.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        "</Types>"
    )
    rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
        'Target="word/document.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
        'Target="docProps/core.xml"/>'
        "</Relationships>"
    )
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        f"<w:body><w:p><w:r><w:t>{paragraph}</w:t></w:r></w:p></w:body></w:document>"
    )
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        f"<dc:creator>{creator}</dc:creator><cp:lastModifiedBy>{last_modified_by}</cp:lastModifiedBy>"
        f'<dcterms:created xsi:type="dcterms:W3CDTF">{created}</dcterms:created>'
        f'<dcterms:modified xsi:type="dcterms:W3CDTF">{modified}</dcterms:modified>'
        "</cp:coreProperties>"
    )
    # Microsoft Word stores every member with the DOS date 1980-01-01 00:00, whatever the real dates are.
    return zip_archive(
        [
            ("[Content_Types].xml", content_types.encode()),
            ("_rels/.rels", rels.encode()),
            ("word/document.xml", document.encode()),
            ("docProps/core.xml", core.encode()),
        ],
        when=(1980, 1, 1, 0, 0, 0),
    )


# --- pcap -------------------------------------------------------------------------------------------------------




TCP_FLAGS = {"F": 0x01, "S": 0x02, "R": 0x04, "P": 0x08, "A": 0x10}


class Pcap:
    """Frames with timestamps; hosts get stable locally administered MAC addresses."""

    def __init__(self, start: float) -> None:
        self.t = start
        self.frames: list[tuple[float, bytes]] = []
        self.ip_id = 0x3100

    def wait(self, seconds: float) -> None:
        self.t += seconds

    @staticmethod
    def mac(ip: str) -> bytes:
        return bytes([0x02, 0x00, 0x5E]) + ip_bytes(ip)[1:]

    def ipv4(self, src: str, dst: str, proto: int, payload: bytes, ttl: int = 64) -> None:
        self.ip_id = (self.ip_id + 1) & 0xFFFF
        header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), self.ip_id, 0x4000, ttl, proto, 0,
                             ip_bytes(src), ip_bytes(dst))
        header = header[:10] + struct.pack("!H", internet_checksum(header)) + header[12:]
        self.frames.append((self.t, self.mac(dst) + self.mac(src) + b"\x08\x00" + header + payload))

    def tcp(self, src, sport, dst, dport, flags, seq, ack=0, data=b"", window=64240, ttl=64) -> None:
        header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, sum(TCP_FLAGS[f] for f in flags),
                             window, 0, 0)
        pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack("!BBH", 0, 6, len(header) + len(data))
        header = header[:16] + struct.pack("!H", internet_checksum(pseudo + header + data)) + header[18:]
        self.ipv4(src, dst, 6, header + data, ttl)

    def udp(self, src, sport, dst, dport, data: bytes) -> None:
        header = struct.pack("!HHHH", sport, dport, 8 + len(data), 0)
        pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack("!BBH", 0, 17, 8 + len(data))
        checksum = internet_checksum(pseudo + header + data) or 0xFFFF
        self.ipv4(src, dst, 17, header[:6] + struct.pack("!H", checksum) + data)

    def bytes(self) -> bytes:
        out = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
        for t, frame in self.frames:
            seconds = int(t)
            micros = round((t - seconds) * 1_000_000)
            out += struct.pack("<IIII", seconds, micros, len(frame), len(frame)) + frame
        return out


def dns_name(name: str) -> bytes:
    return b"".join(bytes([len(label)]) + label.encode() for label in name.split(".")) + b"\0"


def dns_query(txid: int, name: str, qtype: int = 1) -> bytes:
    return struct.pack("!HHHHHH", txid, 0x0100, 1, 0, 0, 0) + dns_name(name) + struct.pack("!HH", qtype, 1)


def dns_response(txid: int, name: str, address: str | None, qtype: int = 1) -> bytes:
    question = dns_name(name) + struct.pack("!HH", qtype, 1)
    if address is None:  # NXDOMAIN
        return struct.pack("!HHHHHH", txid, 0x8183, 1, 0, 0, 0) + question
    answer = struct.pack("!HHHIH", 0xC00C, 1, 1, 300, 4) + ip_bytes(address)
    return struct.pack("!HHHHHH", txid, 0x8180, 1, 1, 0, 0) + question + answer
