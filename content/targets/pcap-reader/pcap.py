import struct, sys, time

data = open(sys.argv[1], "rb").read()
e = "<" if data[:4] == b"\xd4\xc3\xb2\xa1" else ">"   # the file's byte order
snaplen, linktype = struct.unpack(e + "II", data[16:24])
pos, number = 24, 0
while pos + 16 <= len(data):
    sec, usec, incl, orig = struct.unpack(e + "IIII", data[pos:pos + 16])
    frame = data[pos + 16:pos + 16 + incl]
    pos += 16 + incl
    number += 1
    when = time.strftime("%H:%M:%S", time.gmtime(sec)) + ".%06d" % usec
    if frame[12:14] != b"\x08\x00":                  # EtherType: IPv4 only
        continue
    ip = frame[14:]
    ihl = (ip[0] & 0x0F) * 4                         # IPv4 header length in bytes
    (total,) = struct.unpack("!H", ip[2:4])
    proto, src, dst = ip[9], ".".join(map(str, ip[12:16])), ".".join(map(str, ip[16:20]))
    l4 = ip[ihl:total]
    if proto == 6:                                   # TCP
        sport, dport, seq, ack, off, flags = struct.unpack("!HHIIBB", l4[:14])
        payload = l4[(off >> 4) * 4:]
        names = "".join(n for bit, n in ((2, "S"), (1, "F"), (4, "R"), (8, "P"), (16, "A")) if flags & bit)
        print(number, when, f"TCP {src}:{sport} > {dst}:{dport} [{names}] seq={seq} ack={ack} len={len(payload)}")
    elif proto == 17:                                # UDP
        sport, dport, length = struct.unpack("!HHH", l4[:6])
        print(number, when, f"UDP {src}:{sport} > {dst}:{dport} len={length - 8}")
