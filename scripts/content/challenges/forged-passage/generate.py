#!/usr/bin/env python3
"""Regenerate the attachments of content/challenges/forged-passage (deterministic).

Pure standard library: a seeded RSA-2048 key (public half only is shipped), RS256 and HS256 JWTs,
and an API gateway log that records the tokens it saw. The private key is never written anywhere.
"""
import base64
import hashlib
import hmac
import json
import random
from datetime import datetime, timedelta, timezone

from shared.output import challenge_files, write_text

OUT = challenge_files("forged-passage")

ATTACKER = "203.0.113.200"
WEAK_SECRET = "changeme"
SECRETS = ["secret", "password", "123456", "jwt", "jwtsecret", "supersecret", "changeme", "admin", "letmein",
           "qwerty", "s3cr3t", "default", "token", "key", "private", "quill", "quill2026", "hmac", "welcome",
           "passw0rd", "your-256-bit-secret", "mysecretkey", "test", "dev", "production", "example"]


# ---------- RSA (deterministic, for demonstration content only) ----------
def is_probable_prime(n: int, rng: random.Random) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for _ in range(40):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def gen_prime(bits: int, rng: random.Random, e: int) -> int:
    while True:
        c = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (c - 1) % e and is_probable_prime(c, rng):
            return c


def der_len(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag: int, body: bytes) -> bytes:
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v: int) -> bytes:
    b = v.to_bytes((v.bit_length() + 8) // 8, "big")
    return der(0x02, b)


def public_pem(n: int, e: int) -> str:
    rsa_key = der(0x30, der_int(n) + der_int(e))
    alg = der(0x30, der(0x06, bytes.fromhex("2a864886f70d010101")) + der(0x05, b""))
    spki = der(0x30, alg + der(0x03, b"\0" + rsa_key))
    b64 = base64.b64encode(spki).decode()
    lines = [b64[i:i + 64] for i in range(0, len(b64), 64)]
    return "-----BEGIN PUBLIC KEY-----\n" + "\n".join(lines) + "\n-----END PUBLIC KEY-----\n"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def seg(obj: dict) -> str:
    return b64url(json.dumps(obj, separators=(",", ":")).encode())


def rs256(header: dict, payload: dict, n: int, d: int) -> str:
    signing_input = f"{seg(header)}.{seg(payload)}"
    digest_info = bytes.fromhex("3031300d060960864801650304020105000420") + hashlib.sha256(signing_input.encode()).digest()
    k = (n.bit_length() + 7) // 8
    em = b"\x00\x01" + b"\xff" * (k - len(digest_info) - 3) + b"\x00" + digest_info
    sig = pow(int.from_bytes(em, "big"), d, n).to_bytes(k, "big")
    return f"{signing_input}.{b64url(sig)}"


def hs256(header: dict, payload: dict, key: bytes) -> str:
    signing_input = f"{seg(header)}.{seg(payload)}"
    return f"{signing_input}.{b64url(hmac.new(key, signing_input.encode(), hashlib.sha256).digest())}"


def unsigned(header: dict, payload: dict) -> str:
    return f"{seg(header)}.{seg(payload)}."


def main() -> None:
    rng = random.Random(7519)
    e = 65537
    p = gen_prime(1024, rng, e)
    q = gen_prime(1024, rng, e)
    n = p * q
    d = pow(e, -1, (p - 1) * (q - 1))
    pem = public_pem(n, e)

    base = datetime(2026, 4, 2, 8, 0, 0, tzinfo=timezone.utc)
    iss = "https://auth.quill.example.com"

    def claims(sub: str, role: str, at: datetime, jti: str) -> dict:
        return {"iss": iss, "sub": sub, "role": role, "iat": int(at.timestamp()),
                "exp": int((at + timedelta(hours=1)).timestamp()), "jti": jti}

    rs_header = {"alg": "RS256", "typ": "JWT", "kid": "quill-2026-01"}
    issued = rs256(rs_header, claims("r.nakamura", "viewer", base + timedelta(minutes=3), "a41f09c2"), n, d)

    lines = []

    def log(at: datetime, ip: str, method: str, path: str, status: int, size: int, token: str | None, ua: str) -> None:
        stamp = at.strftime("%d/%b/%Y:%H:%M:%S +0000")
        lines.append(f'{ip} - - [{stamp}] "{method} {path} HTTP/1.1" {status} {size} "-" "{ua}" token="{token or "-"}"')

    ua_app = "QuillWeb/3.2 (+https://docs.example.com)"
    ua_cli = "python-requests/2.32.3"
    t = base
    # normal users
    staff = [("198.51.100.31", "r.nakamura", "viewer"), ("198.51.100.44", "j.alvarez", "editor"),
             ("198.51.100.52", "k.adeyemi", "admin")]
    tokens = {}
    for i, (ip, sub, role) in enumerate(staff):
        at = base + timedelta(minutes=3 + 7 * i)
        tokens[sub] = issued if sub == "r.nakamura" else rs256(rs_header, claims(sub, role, at, f"{rng.getrandbits(32):08x}"), n, d)
        log(at - timedelta(seconds=2), ip, "POST", "/api/login", 200, 812, None, ua_app)
    for minute in range(0, 95, 4):
        ip, sub, role = staff[rng.randrange(3)]
        path = rng.choice(["/api/documents?page=1", "/api/documents/8812", "/api/documents/8815/comments",
                           "/api/me", "/api/notifications"] + (["/api/admin/users"] if role == "admin" else []))
        log(base + timedelta(minutes=5 + minute, seconds=rng.randrange(60)), ip, "GET", path, 200,
            rng.randint(400, 9000), tokens[sub], ua_app)

    # the attacker: recon, then three forgeries
    t = base + timedelta(minutes=41, seconds=9)
    log(t, ATTACKER, "GET", "/robots.txt", 200, 67, None, ua_cli)
    log(t + timedelta(seconds=4), ATTACKER, "GET", "/.well-known/openid-configuration", 200, 1290, None, ua_cli)
    log(t + timedelta(seconds=5), ATTACKER, "GET", "/.well-known/public.pem", 200, len(pem), None, ua_cli)
    stolen_like = claims("k.adeyemi", "admin", t + timedelta(minutes=2), "77c0de11")
    t += timedelta(minutes=3, seconds=12)
    log(t, ATTACKER, "GET", "/api/admin/export?format=csv", 401, 58,
        unsigned({"alg": "none", "typ": "JWT"}, stolen_like), ua_cli)
    t += timedelta(minutes=1, seconds=40)
    log(t, ATTACKER, "GET", "/api/admin/export?format=csv", 401, 58,
        hs256({"alg": "HS256", "typ": "JWT"}, stolen_like, WEAK_SECRET.encode()), ua_cli)
    t += timedelta(minutes=2, seconds=3)
    forged = hs256({"alg": "HS256", "typ": "JWT", "kid": "quill-2026-01"}, stolen_like, pem.encode())
    log(t, ATTACKER, "GET", "/api/admin/export?format=csv", 200, 48213, forged, ua_cli)
    log(t + timedelta(seconds=9), ATTACKER, "GET", "/api/admin/users", 200, 3321, forged, ua_cli)

    lines.sort(key=lambda s: datetime.strptime(s.split("[", 1)[1].split("]", 1)[0], "%d/%b/%Y:%H:%M:%S %z"))
    write_text(OUT / "public.pem", pem)
    write_text(OUT / "issued-token.txt", issued + "\n")
    write_text(OUT / "gateway-access.log", "\n".join(lines) + "\n")
    write_text(OUT / "common-secrets.txt", "\n".join(SECRETS) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
