import struct, sys

NAMES = {0x010F: "Make", 0x0110: "Model", 0x0131: "Software", 0x0132: "DateTime",
         0x013B: "Artist", 0x010E: "ImageDescription", 0x9003: "DateTimeOriginal",
         0x9011: "OffsetTimeOriginal", 0xA431: "BodySerialNumber", 0x829A: "ExposureTime",
         0x8769: "ExifIFD", 0x8825: "GPSIFD"}
GPS = {1: "GPSLatitudeRef", 2: "GPSLatitude", 3: "GPSLongitudeRef", 4: "GPSLongitude"}
SIZE = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1}     # bytes per value of each type

data = open(sys.argv[1], "rb").read()
tiff = data[data.find(b"Exif\0\0") + 6:]         # offsets count from the TIFF header
e = "<" if tiff[:2] == b"II" else ">"            # II: little-endian, MM: big-endian

def read(kind, count, raw):
    if kind == 2:                                # ASCII, zero-terminated
        return raw[:count].rstrip(b"\0").decode()
    if kind == 3:
        return struct.unpack(e + "%dH" % count, raw[:2 * count])
    if kind == 4:
        return struct.unpack(e + "%dI" % count, raw[:4 * count])
    if kind == 5:                                # RATIONAL: numerator, denominator
        n = struct.unpack(e + "%dI" % (2 * count), raw[:8 * count])
        return [n[i] / n[i + 1] for i in range(0, len(n), 2)]
    return raw[:count]

def walk(offset, names):
    (entries,) = struct.unpack(e + "H", tiff[offset:offset + 2])
    for i in range(entries):
        at = offset + 2 + 12 * i
        tag, kind, count = struct.unpack(e + "HHI", tiff[at:at + 8])
        raw = tiff[at + 8:at + 12]
        if SIZE.get(kind, 1) * count > 4:        # too big: the field holds an offset
            (where,) = struct.unpack(e + "I", raw)
            raw = tiff[where:where + SIZE.get(kind, 1) * count]
        value = read(kind, count, raw)
        shown = value[0] if len(value) == 1 and kind != 2 else value
        print("%-20s %s" % (names.get(tag, hex(tag)), shown))
        if tag in (0x8769, 0x8825):              # pointers to the Exif and GPS IFDs
            walk(value[0], NAMES if tag == 0x8769 else GPS)

(first,) = struct.unpack(e + "I", tiff[4:8])
walk(first, NAMES)
