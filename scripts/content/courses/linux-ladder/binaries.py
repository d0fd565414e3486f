"""Binary files for the ladder's labs: filler data and a tiny setuid launcher; the time of archive members."""
import base64
import random
import struct

# A fixed date for archive members (the guest makes them: levels.py), so their bytes never change.
ARCHIVE_MTIME = 1772352000  # 2026-03-01T08:00:00Z


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def noise(rng: random.Random, size: int) -> bytes:
    """Random bytes that `file` calls data: a NUL every few bytes keeps them from reading as text."""
    data = bytearray(rng.randrange(256) for _ in range(size))
    for i in range(0, size, 7):
        data[i] = 0
    return bytes(data)


def setuid_launcher(script: str) -> bytes:
    """
    A 32-bit x86 Linux program of a few hundred bytes that takes on its owner's identity and runs one script:

        setresuid(geteuid(), geteuid(), geteuid());   // real = effective: the script's bash keeps the rights
        setresgid(getegid(), getegid(), getegid());
        execve(script, [script, NULL], envp);          // the caller's environment, PATH included
        exit(1);

    No compiler is needed: the machine code is written out here, one instruction per line. `objdump -D -b binary
    -m i386 --start-address=84` on the output shows it again.
    """
    base = 0x08048000
    code_offset = 52 + 32  # ELF header, one program header

    def code(path_address: int) -> bytes:
        imm = lambda n: struct.pack("<I", n)  # noqa: E731
        return b"".join(
            [
                b"\xb8" + imm(201), b"\xcd\x80",  # mov eax, geteuid32; int 0x80
                b"\x89\xc3\x89\xc1\x89\xc2",  # mov ebx, eax; mov ecx, eax; mov edx, eax
                b"\xb8" + imm(208), b"\xcd\x80",  # mov eax, setresuid32; int 0x80
                b"\xb8" + imm(202), b"\xcd\x80",  # mov eax, getegid32; int 0x80
                b"\x89\xc3\x89\xc1\x89\xc2",
                b"\xb8" + imm(210), b"\xcd\x80",  # mov eax, setresgid32; int 0x80
                b"\x8b\x04\x24",  # mov eax, [esp]            (argc)
                b"\x8d\x54\x84\x08",  # lea edx, [esp+eax*4+8]    (envp)
                b"\x6a\x00", b"\x68" + imm(path_address),  # push 0; push script
                b"\x89\xe1",  # mov ecx, esp              (argv)
                b"\xbb" + imm(path_address),  # mov ebx, script
                b"\xb8" + imm(11), b"\xcd\x80",  # mov eax, execve; int 0x80
                b"\xbb" + imm(1), b"\xb8" + imm(1), b"\xcd\x80",  # exit(1)
            ]
        )

    path_address = base + code_offset + len(code(0))
    body = code(path_address) + script.encode() + b"\0"
    size = code_offset + len(body)
    header = b"\x7fELF\x01\x01\x01" + b"\0" * 9
    header += struct.pack("<HHIIIIIHHHHHH", 2, 3, 1, base + code_offset, 52, 0, 0, 52, 32, 1, 0, 0, 0)
    program = struct.pack("<IIIIIIII", 1, 0, base, base, size, size, 5, 0x1000)  # PT_LOAD, read + execute
    return header + program + body
