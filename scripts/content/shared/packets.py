"""What the capture generators share: IPv4 addresses as bytes and the Internet checksum (RFC 1071)."""
import struct


def ip_bytes(address: str) -> bytes:
    return bytes(int(part) for part in address.split("."))


def internet_checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF
