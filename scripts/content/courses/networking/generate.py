#!/usr/bin/env python3
"""Regenerate the capture of the filtered-port quiz (content/courses/networking/03-network-reconnaissance/
05-filtered-port.quiz.yaml): a SYN scan of ports 80, 445 and 3389 on 192.168.56.40 as tcpdump on the scanner saw it."""
import datetime
import struct

from shared.output import course_dir
from shared.packets import internet_checksum as checksum, ip_bytes
from shared.quiz_files import embed

SCANNER, TARGET = '192.168.56.23', '192.168.56.40'
SCANNER_MAC, TARGET_MAC = '52:54:00:5b:17:23', '52:54:00:12:ab:40'
DAY = datetime.datetime(2026, 3, 3, tzinfo=datetime.timezone.utc)




def frame(src, dst, sport, dport, flags, seq, ack, window, mss, ip_id, ttl, df):
    options = struct.pack('!BBH', 2, 4, 1460) if mss else b''
    offset = (20 + len(options)) // 4
    tcp = struct.pack('!HHIIBBHHH', sport, dport, seq, ack, offset << 4, flags, window, 0, 0) + options
    pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack('!BBH', 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack('!H', checksum(pseudo + tcp)) + tcp[18:]
    header = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(tcp), ip_id, 0x4000 if df else 0, ttl, 6, 0,
                         ip_bytes(src), ip_bytes(dst))
    header = header[:10] + struct.pack('!H', checksum(header)) + header[12:]
    from_target = src == TARGET
    macs = (SCANNER_MAC, TARGET_MAC) if from_target else (TARGET_MAC, SCANNER_MAC)
    ethernet = b''.join(bytes.fromhex(mac.replace(':', '')) for mac in macs) + b'\x08\x00'
    data = ethernet + header + tcp
    return data + b'\0' * (60 - len(data)) if from_target else data  # received frames carry the Ethernet padding


SYN, RST, ACK = 0x02, 0x04, 0x10
packets = [
    ('11:31:07.000112', frame(SCANNER, TARGET, 40411, 80, SYN, 2881013440, 0, 1024, True, 18211, 41, False)),
    ('11:31:07.000118', frame(SCANNER, TARGET, 40411, 445, SYN, 2881013440, 0, 1024, True, 55810, 39, False)),
    ('11:31:07.000121', frame(SCANNER, TARGET, 40411, 3389, SYN, 2881013440, 0, 1024, True, 7405, 52, False)),
    ('11:31:07.000398', frame(TARGET, SCANNER, 80, 40411, SYN | ACK, 991203311, 2881013441, 64240, True, 0, 64, True)),
    ('11:31:07.000405', frame(SCANNER, TARGET, 40411, 80, RST, 2881013441, 0, 0, False, 0, 64, True)),
    ('11:31:07.000411', frame(TARGET, SCANNER, 3389, 40411, RST | ACK, 0, 2881013441, 0, False, 0, 64, True)),
    ('11:31:08.001240', frame(SCANNER, TARGET, 40412, 445, SYN, 2880947905, 0, 1024, True, 60316, 57, False)),
]

capture = struct.pack('<IHHiIII', 0xA1B2C3D4, 2, 4, 0, 0, 262144, 1)
for clock, data in packets:
    moment = datetime.datetime.combine(DAY.date(), datetime.time.fromisoformat(clock), datetime.timezone.utc)
    seconds = int(moment.timestamp())
    capture += struct.pack('<IIII', seconds, moment.microsecond, len(data), len(data)) + data
quiz = course_dir("networking") / "03-network-reconnaissance" / "05-filtered-port.quiz.yaml"
embed(quiz, {"/home/student/engagement/syn-scan.pcap": capture})
print("wrote", quiz, len(packets), "packets")
