#!/usr/bin/env python3
"""Regenerates content/challenges/knock-knock/files/gateway.pcap (deterministic).

A little-endian pcap (Ethernet) with valid IPv4 and TCP checksums: an Internet scanner, a port knock
(three SYNs to closed ports, answered by RST), the backdoor port opening only for the knocker, and a
plaintext session on it.
"""
import random
import struct

from shared.packets import internet_checksum as checksum, ip_bytes
from shared.output import challenge_files, write_bytes

OUT = challenge_files("knock-knock") / "gateway.pcap"
SERVER = "192.0.2.20"
KNOCKER = "198.51.100.23"
SCANNER = "203.0.113.9"
KNOCKS = (7319, 4021, 9902)
BACKDOOR = 40022
SERVER_MAC = bytes.fromhex("525400a1b2c3")
ROUTER_MAC = bytes.fromhex("525400ffee01")
rng = random.Random(7319)




ident = 0x1200


def tcp_packet(src: str, dst: str, sport: int, dport: int, seq: int, ack: int, flags: str, payload: bytes = b"") -> bytes:
    global ident
    bits = {"F": 1, "S": 2, "R": 4, "P": 8, "A": 16}
    flag_value = sum(bits[f] for f in flags)
    header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flag_value, 64240, 0, 0)
    pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack("!BBH", 0, 6, len(header) + len(payload))
    tcp_sum = checksum(pseudo + header + payload)
    header = header[:16] + struct.pack("!H", tcp_sum) + header[18:]
    ident += 1
    total = 20 + len(header) + len(payload)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, total, ident, 0x4000, 64, 6, 0, ip_bytes(src), ip_bytes(dst))
    ip = ip[:10] + struct.pack("!H", checksum(ip)) + ip[12:]
    to_server = dst == SERVER
    eth = (SERVER_MAC + ROUTER_MAC if to_server else ROUTER_MAC + SERVER_MAC) + b"\x08\x00"
    return eth + ip + header + payload


records: list[tuple[float, bytes]] = []
clock = 1791630000.0  # 2026-10-10T11:00:00Z


def emit(gap: float, frame: bytes) -> None:
    global clock
    clock += gap
    records.append((clock, frame))


def refused(src: str, sport: int, dport: int) -> None:
    seq = rng.getrandbits(32)
    emit(rng.uniform(0.05, 0.4), tcp_packet(src, SERVER, sport, dport, seq, 0, "S"))
    emit(0.0004, tcp_packet(SERVER, src, dport, sport, 0, seq + 1, "RA"))


# An ordinary Internet scanner first: SYNs to well-known ports, all refused.
for port in (21, 23, 25, 80, 110, 443, 3389, 8080, 40022, 9902):
    refused(SCANNER, rng.randint(40000, 60000), port)

# The knock: three SYNs to closed ports, in order, from one source port range.
clock += 14.2
for port in KNOCKS:
    refused(KNOCKER, rng.randint(50000, 60000), port)
    clock += 0.8

# The backdoor answers the knocker.
cport = 51544
cseq, sseq = rng.getrandbits(32), rng.getrandbits(32)
emit(1.1, tcp_packet(KNOCKER, SERVER, cport, BACKDOOR, cseq, 0, "S"))
emit(0.0005, tcp_packet(SERVER, KNOCKER, BACKDOOR, cport, sseq, cseq + 1, "SA"))
emit(0.03, tcp_packet(KNOCKER, SERVER, cport, BACKDOOR, cseq + 1, sseq + 1, "A"))
cseq += 1
sseq += 1

dialogue = [
    ("s", b"maint-shell 0.3 ready\nauth: "),
    ("c", b"AUTH h4rb0ur-l1ghts-2026\n"),
    ("s", b"ok\n$ "),
    ("c", b"id\n"),
    ("s", b"uid=0(root) gid=0(root) groups=0(root)\n$ "),
    ("c", b"tar czf /tmp/.c.tgz /srv/contracts/2026-q4\n"),
    ("s", b"$ "),
    ("c", b"exit\n"),
    ("s", b"bye\n"),
]
for side, data in dialogue:
    if side == "c":
        emit(rng.uniform(0.8, 3.0), tcp_packet(KNOCKER, SERVER, cport, BACKDOOR, cseq, sseq, "PA", data))
        cseq += len(data)
        emit(0.0003, tcp_packet(SERVER, KNOCKER, BACKDOOR, cport, sseq, cseq, "A"))
    else:
        emit(0.02, tcp_packet(SERVER, KNOCKER, BACKDOOR, cport, sseq, cseq, "PA", data))
        sseq += len(data)
        emit(0.03, tcp_packet(KNOCKER, SERVER, cport, BACKDOOR, cseq, sseq, "A"))
emit(0.01, tcp_packet(SERVER, KNOCKER, BACKDOOR, cport, sseq, cseq, "FA"))
emit(0.03, tcp_packet(KNOCKER, SERVER, cport, BACKDOOR, cseq, sseq + 1, "FA"))
emit(0.0004, tcp_packet(SERVER, KNOCKER, BACKDOOR, cport, sseq + 1, cseq + 1, "A"))

# The scanner tries the backdoor port again after the knock: still refused, because only the knocker was let in.
refused(SCANNER, 48211, BACKDOOR)

out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
for when, frame in records:
    seconds = int(when)
    micros = int(round((when - seconds) * 1_000_000))
    out += struct.pack("<IIII", seconds, micros, len(frame), len(frame)) + frame
write_bytes(OUT, bytes(out))
print(OUT, len(records), "packets", len(out), "bytes")
