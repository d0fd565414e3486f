#!/usr/bin/env python3
"""Regenerates content/challenges/silent-courier/files/courier, a tiny static i386 ELF.

Needs GNU as and ld (binutils) with i386 support on the machine that runs it; the lab itself has
neither. The passphrase is stored XORed with a repeating 4-byte key, never in clear.
"""
import subprocess
import tempfile
from pathlib import Path

from shared.output import challenge_files, write_bytes

PASSPHRASE = b"BASTION{x0r_is_n0t_a_vault}"
KEY = bytes.fromhex("5c13a7e9")
OUT = challenge_files("silent-courier") / "courier"

MESSAGES = {
    "ok": "accepted\n",
    "usage": "usage: courier <passphrase>\n",
    "len": "denied: wrong length\n",
    "no": "denied\n",
}
SIZES = {name: len(text) for name, text in MESSAGES.items()}
secret = bytes(b ^ KEY[i % 4] for i, b in enumerate(PASSPHRASE))


def db(data: bytes) -> str:
    return ".byte " + ", ".join(f"0x{b:02x}" for b in data)


ASM = f"""
.intel_syntax noprefix
.globl _start
.text
_start:
    cmp dword ptr [esp], 2
    jne usage
    mov esi, [esp + 8]
    xor ecx, ecx
measure:
    cmp byte ptr [esi + ecx], 0
    je measured
    inc ecx
    jmp measure
measured:
    cmp ecx, {len(PASSPHRASE)}
    jne badlen
    xor ecx, ecx
compare:
    mov al, [esi + ecx]
    mov edx, ecx
    and edx, 3
    xor al, [key + edx]
    cmp al, [secret + ecx]
    jne denied
    inc ecx
    cmp ecx, {len(PASSPHRASE)}
    jne compare
    mov ecx, offset msg_ok
    mov edx, {SIZES["ok"]}
    xor ebx, ebx
    jmp say
usage:
    mov ecx, offset msg_usage
    mov edx, {SIZES["usage"]}
    mov ebx, 2
    jmp say
badlen:
    mov ecx, offset msg_len
    mov edx, {SIZES["len"]}
    mov ebx, 1
    jmp say
denied:
    mov ecx, offset msg_no
    mov edx, {SIZES["no"]}
    mov ebx, 1
say:
    push ebx
    mov eax, 4
    mov ebx, 1
    int 0x80
    pop ebx
    mov eax, 1
    int 0x80
# messages and the XORed passphrase sit right after the code, in the same segment
msg_usage: .ascii "usage: courier <passphrase>\\n"
msg_len: .ascii "denied: wrong length\\n"
msg_no: .ascii "denied\\n"
msg_ok: .ascii "accepted\\n"
secret: {db(secret)}
key: {db(KEY)}
"""

with tempfile.TemporaryDirectory() as tmp:
    src, obj, elf = Path(tmp, "courier.s"), Path(tmp, "courier.o"), Path(tmp, "courier")
    src.write_text(ASM)
    subprocess.run(["as", "--32", "-o", str(obj), str(src)], check=True)
    subprocess.run(["ld", "-m", "elf_i386", "-s", "-n", "--build-id=none", "-o", str(elf), str(obj)], check=True)
    write_bytes(OUT, elf.read_bytes())
print(OUT, OUT.stat().st_size, "bytes")
