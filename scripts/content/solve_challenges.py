#!/usr/bin/env python3
"""Solve every shipped challenge from its attachments alone and compare with challenge.yaml.

Each solver below works only from the files in content/challenges/<slug>/files (it does not import the
generators), the way a learner would. Usage: python3 scripts/content/solve_challenges.py [slug ...]
Exits non-zero if a derived answer is not accepted by the step, or a step has no solver.
"""
import base64
import codecs
import hashlib
import hmac
import io
import json
import re
import struct
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import unquote

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHALLENGES = ROOT / "content" / "challenges"


def read(slug: str, name: str, mode: str = "r"):
    path = CHALLENGES / slug / "files" / name
    return path.read_bytes() if mode == "rb" else path.read_text()


def b64url_decode(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


# ---------------------------------------------------------------- solvers
def crumbs_in_the_source(slug):
    html, robots, js = read(slug, "index.html"), read(slug, "robots.txt"), read(slug, "app.js")
    comments = " ".join(re.findall(r"<!--(.*?)-->", html, re.S))
    host = re.search(r"\b(staging[\w-]*\.[\w.-]+\.\w+)", comments).group(1)
    dump = [line.split(":", 1)[1].strip() for line in robots.splitlines()
            if line.startswith("Disallow:") and ("db" in line or "dump" in line or "export" in line)]
    token = base64.b64decode(re.search(r"atob\('([^']+)'\)", js).group(1)).decode()
    role = re.search(r"role\.value === '([^']+)'\)\s*\{\s*showDiscountEditor", js).group(1)
    return [host, dump[0], token, role]


def matryoshka_message(slug):
    raw = read(slug, "intercept.txt").replace("\n", "")
    layer2 = base64.b64decode(raw).decode()
    assert re.fullmatch(r"[0-9a-f]+", layer2)
    layer3 = bytes.fromhex(layer2).decode()

    def shift(text, k):
        return "".join(chr((ord(c) - 65 - k) % 26 + 65) if c.isupper() else
                       chr((ord(c) - 97 - k) % 26 + 97) if c.islower() else c for c in text)

    best = max(range(1, 26), key=lambda k: sum(shift(layer3, k).lower().split().count(w)
                                               for w in ("the", "and", "at", "you", "for", "not")))
    flag = re.search(r"BASTION\{[^}]+\}", shift(layer3, best)).group(0)
    return ["base64", "hex", str(best), flag]


def interns_terminal(slug):
    hist, ls, passwd, cron = (read(slug, n) for n in ("bash_history.txt", "ls-la.txt", "passwd.txt", "root-crontab.txt"))
    piped = [l for l in hist.splitlines() if re.search(r"curl .*\|\s*(sudo )?bash", l)][0]
    host = re.search(r"https?://([^/]+)/", piped).group(1)
    copy = re.search(r"cp /bin/bash (\S+)", hist).group(1)
    mode = [l.split()[0] for l in ls.splitlines() if l.endswith(Path(copy).name)][0][1:]
    special = 4 if mode[2] in "sS" else 0
    digits = []
    for i in (0, 3, 6):
        trio = mode[i:i + 3]
        digits.append((4 if trio[0] == "r" else 0) + (2 if trio[1] == "w" else 0) + (1 if trio[2] in "xst" else 0))
    octal = f"{special}{''.join(map(str, digits))}"
    uid0 = [l.split(":")[0] for l in passwd.splitlines() if l.split(":")[2] == "0" and l.split(":")[0] != "root"][0]
    minute = [l.split()[0] for l in cron.splitlines() if copy in l and not l.startswith("$")][0]
    return [host, copy, octal, uid0, minute]


def metadata_never_lies(slug):
    photos = json.loads(read(slug, "exif-dump.json"))
    posts = read(slug, "posts.md")
    leak = next(p for p in photos if p["FileName"] == "nw-prototype-arm.jpg")
    others = [p for p in photos if p["SerialNumber"] == leak["SerialNumber"] and p is not leak]
    owner = {re.findall(r"## (@\w+)", posts[:posts.index(p["FileName"])])[-1] for p in others}
    assert len(owner) == 1

    def dec(s):
        m = re.match(r"(\d+) deg (\d+)' ([\d.]+)\"", s)
        return int(m[1]) + int(m[2]) / 60 + float(m[3]) / 3600

    lat, lon = dec(leak["GPSLatitude"]), dec(leak["GPSLongitude"])
    # Paris lies roughly within 48.815-48.902 N, 2.224-2.470 E
    city = "Paris" if 48.815 < lat < 48.902 and 2.224 < lon < 2.470 else "?"
    artist = {p["Artist"] for p in others if p["Artist"]}
    assert len(artist) == 1
    return [leak["Model"], leak["SerialNumber"], owner.pop(), city, artist.pop()]


def midnight_ssh(slug):
    log = read(slug, "auth.log").splitlines()
    ok = [l for l in log if "Accepted password" in l]
    assert len(ok) == 1
    m = re.search(r"(\d\d:\d\d:\d\d) .*Accepted password for (\S+) from (\S+)", ok[0])
    when, user, ip = m.groups()
    failures = sum(1 for l in log if "Failed password" in l and f"from {ip} " in l)
    backdoor = re.search(r"useradd .*-u 0 .*?(\S+)$", "\n".join(l for l in log if "COMMAND=" in l and "useradd" in l)).group(1)
    sed = [l for l in log if "COMMAND=" in l and "sshd_config" in l][0]
    setting = re.search(r"sed -i s/[^/]*/([^/]*)/", sed).group(1)
    return [ip, str(failures), user, when, backdoor, setting]


def wire_whispers(slug):
    data = read(slug, "capture.pcap", "rb")
    magic, _, _, _, _, _, linktype = struct.unpack("<IHHiIII", data[:24])
    assert magic == 0xA1B2C3D4 and linktype == 1
    off, frames = 24, []
    while off < len(data):
        _, _, incl, _ = struct.unpack("<IIII", data[off:off + 16])
        frames.append(data[off + 16:off + 16 + incl])
        off += 16 + incl
    syn_ports, synacks, auths, queries = defaultdict(set), defaultdict(set), [], []
    for f in frames:
        ip = f[14:]
        ihl = (ip[0] & 15) * 4
        src, dst = ".".join(map(str, ip[12:16])), ".".join(map(str, ip[16:20]))
        seg = ip[ihl:struct.unpack("!H", ip[2:4])[0]]
        if ip[9] == 6:
            sport, dport, _, _, doff, flags = struct.unpack("!HHIIBB", seg[:14])
            payload = seg[(doff >> 4) * 4:]
            if flags & 0x12 == 0x02:
                syn_ports[src].add(dport)
            if flags & 0x12 == 0x12:
                synacks[dst].add(sport)
            m = re.search(rb"Authorization: Basic (\S+)", payload)
            if m:
                auths.append(base64.b64decode(m.group(1)).decode())
        elif ip[9] == 17:
            _, dport = struct.unpack("!HH", seg[:4])
            if dport == 53:
                dns, i, labels = seg[8:], 20, []
                while dns[i - 8]:
                    n = dns[i - 8]
                    labels.append(dns[i - 7:i - 7 + n].decode())
                    i += n + 1
                queries.append(labels)
    scanner = max(syn_ports, key=lambda k: len(syn_ports[k]))
    open_ports = ",".join(map(str, sorted(synacks[scanner])))
    password = auths[0].split(":", 1)[1]
    longest = max(queries, key=lambda q: len(q[0]))
    domain = {".".join(longest[2:])}
    long_q = [q for q in queries if ".".join(q[2:]) in domain and re.fullmatch(r"[0-9a-f]+", q[0])]
    chunks = {int(q[1][1:]): q[0] for q in long_q}
    secret = bytes.fromhex("".join(chunks[k] for k in sorted(chunks))).decode()
    flag = re.search(r"BASTION\{[^}]+\}", secret).group(0)
    return [scanner, open_ports, password, domain.pop(), flag]


def forged_passage(slug):
    issued = read(slug, "issued-token.txt").strip()
    h, p, s = issued.split(".")
    header, payload = json.loads(b64url_decode(h)), json.loads(b64url_decode(p))
    files = CHALLENGES / slug / "files"
    # the genuine token must verify with the published public key (openssl, RSA PKCS#1 v1.5)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "in").write_bytes(f"{h}.{p}".encode())
        (Path(tmp) / "sig").write_bytes(b64url_decode(s))
        out = subprocess.run(["openssl", "dgst", "-sha256", "-verify", str(files / "public.pem"), "-signature",
                              str(Path(tmp) / "sig"), str(Path(tmp) / "in")], capture_output=True, text=True)
        assert "Verified OK" in out.stdout, out
    export = [l for l in read(slug, "gateway-access.log").splitlines() if "/api/admin/export" in l]
    tokens = [(int(l.split('"')[2].split()[0]), re.search(r'token="([^"]+)"', l).group(1)) for l in export]
    subs = {json.loads(b64url_decode(t.split(".")[1]))["sub"] for _, t in tokens}
    assert len(subs) == 1
    accepted = [t for st, t in tokens if st == 200][0]
    rejected_hs = [t for st, t in tokens if st != 200 and json.loads(b64url_decode(t.split(".")[0]))["alg"] == "HS256"][0]

    def mac(token, key):
        a, b, sig = token.split(".")
        return base64.urlsafe_b64encode(hmac.new(key, f"{a}.{b}".encode(), hashlib.sha256).digest()).rstrip(b"=").decode() == sig

    words = [w for w in read(slug, "common-secrets.txt").split() if mac(rejected_hs, w.encode())]
    keyfiles = [f.name for f in sorted(files.iterdir()) if mac(accepted, f.read_bytes())]
    assert len(words) == 1 and len(keyfiles) == 1
    return [header["alg"], payload["role"], subs.pop(), json.loads(b64url_decode(accepted.split(".")[0]))["alg"],
            words[0], keyfiles[0]]


def repeating_mistakes(slug):
    c = base64.b64decode(read(slug, "memo.enc"))

    def ham(a, b):
        return sum(bin(x ^ y).count("1") for x, y in zip(a, b))

    def norm(k):
        blocks = [c[i * k:(i + 1) * k] for i in range(len(c) // k)]
        return sum(ham(blocks[i], blocks[i + 1]) for i in range(len(blocks) - 1)) / (len(blocks) - 1) / k

    ranked = sorted(range(2, 41), key=norm)
    best = min(ranked[:4])  # the true length and its multiples lead; take the smallest
    freq = {ch: 27 - i for i, ch in enumerate(" etaoinshrdlcumwfgypbvkjxqz")}

    def score(bs):
        return sum(freq.get(chr(b).lower(), 0) if (32 <= b < 127 or b == 10) else -50 for b in bs)

    key = bytes(max(range(256), key=lambda kb: score(bytes(x ^ kb for x in c[j::best]))) for j in range(best))
    plain = bytes(b ^ key[i % len(key)] for i, b in enumerate(c)).decode()
    signer = plain.strip().splitlines()[-1].split(",")[0].strip()
    code = re.search(r"code: (\S+)", plain).group(1)
    partial = "".join(chr((ord(a) - ord(b)) % 26 + 65) for a, b in zip(code, "BASTION"))
    # the memo: "the black diving bird" -> complete the partial key to the bird's name
    vkey = "CORMORANT"
    assert vkey.startswith(partial) and "black diving bird" in plain
    out, k = [], 0
    for ch in code:
        if ch.isalpha():
            base = 65 if ch.isupper() else 97
            out.append(chr((ord(ch) - base - (ord(vkey[k % len(vkey)]) - 65)) % 26 + base))
            k += 1
        else:
            out.append(ch)
    return [str(best), key.decode(), signer, vkey, "".join(out)]


def blind_spot(slug):
    lines = read(slug, "access.log").splitlines()
    sqli = [l for l in lines if re.search(r"\bAND\b", unquote(l.split('"')[1]))]
    ips = {l.split()[0] for l in sqli}
    assert len(ips) == 1
    ip = ips.pop()
    params = Counter(re.search(r"\?(\w+)=", l.split('"')[1]).group(1) for l in sqli)

    def size(l):
        return int(l.split('"')[2].split()[1])

    vulnerable = None
    for param in params:
        t = [size(l) for l in sqli if f"?{param}=" in l and "AND 1=1 " in unquote(l)]
        f = [size(l) for l in sqli if f"?{param}=" in l and "AND 1=2 " in unquote(l)]
        if t and f and t[0] != f[0]:
            vulnerable = param
    tool = Counter(l.rsplit('"', 2)[1] for l in sqli).most_common(1)[0][0].split("/")[0]
    col, table = re.search(r"CAST\((\w+) AS NCHAR\),0x20\) FROM (?:\w+\.)?(\w+)", unquote(sqli[-1])).groups()
    true_size = Counter(size(l) for l in lines if l.split('"')[1] == "GET /product.php?id=7 HTTP/1.1").most_common(1)[0][0]
    # sqlmap's bisection: a code is the largest N answered "true", plus one; a position with no "true" is the end
    largest_true = defaultdict(lambda: -1)
    for l in sqli:
        m = re.search(r",(\d+),1\)\)>(\d+)", unquote(l.split('"')[1]))
        if m:
            position, n = int(m[1]), int(m[2])
            largest_true[position] = max(largest_true[position], n if size(l) == true_size else -1)
    codes = [largest_true[p] + 1 for p in sorted(largest_true)]
    value = "".join(chr(c) for c in codes[: codes.index(0)])
    return [ip, vulnerable, tool, f"{table}.{col}", str(len(value)), value]


def hidden_cargo(slug):
    d = read(slug, "crate-17.jpg", "rb")
    fmt = "PNG" if d.startswith(b"\x89PNG\r\n\x1a\n") else "?"
    i, software, end = 8, None, None
    while True:
        n, = struct.unpack(">I", d[i:i + 4])
        kind, body = d[i + 4:i + 8], d[i + 8:i + 8 + n]
        if kind == b"tEXt" and body.startswith(b"Software\0"):
            software = body.split(b"\0", 1)[1].decode()
        i += 12 + n
        if kind == b"IEND":
            end = kind.decode()
            break
    zf = zipfile.ZipFile(io.BytesIO(d[i:]))
    name = zf.namelist()[0]
    flag = re.search(r"BASTION\{[^}]+\}", zf.read(name).decode()).group(0)
    return [fmt, software, end, str(i), name, flag]


def unsalted_secrets(slug):
    rows = [l.split(",") for l in read(slug, "users.csv").splitlines()[1:]]
    words = read(slug, "wordlist.txt").split()
    legacy = [(r[1], r[3]) for r in rows if re.fullmatch(r"[0-9a-f]{32}", r[3])]
    algo = "MD5" if legacy and all(len(h) * 4 == 128 for _, h in legacy) else "?"
    admin_hash = dict(legacy)["admin"]
    twins = [u for u, h in legacy if h == admin_hash and u != "admin"]
    md5 = {hashlib.md5(w.encode()).hexdigest(): w for w in words}
    cracked = [u for u, h in legacy if h in md5]
    _, salt, digest = dict((r[1], r[3]) for r in rows)["ivy.chen"].split("$")
    ivy = [w for w in words if hashlib.sha256((salt + w).encode()).hexdigest() == digest]
    assert len(twins) == 1 and len(ivy) == 1
    return [algo, twins[0], md5[admin_hash], str(len(cracked)), ivy[0]]


def ladder_to_root(slug):
    enum, strings = read(slug, "enumeration.txt"), read(slug, "netcheck-strings.txt")
    sudo_root = re.findall(r"\(root\) NOPASSWD: (\S+)", enum)
    program = Path(sudo_root[0]).name
    # documented shell escapes of common pagers (GTFOBins / man pages); confirmed in `less --help`
    escape = {"less": "!", "more": "!", "man": "!"}[program]
    suid = re.search(r"find / -perm -4000.*?\n(.*?)\n\n", enum, re.S).group(1).split()
    custom = [b for b in suid if not b.startswith(("/usr/bin/", "/usr/sbin/", "/usr/lib/", "/bin/", "/sbin/"))]
    commands = [l for l in strings.splitlines() if re.match(r"^[a-z]+ -", l)]
    assert commands and not commands[0].startswith("/") and "system" in strings
    script = re.search(r"root\s+(/opt/\S+)", enum).group(1)
    body = enum.split(f"cat {script}", 1)[1]
    assert re.search(r"tar \S+ \S+ \*", body) and "drwxrwxr-x" in enum.split("ls -ld /var/www/uploads", 1)[1]
    return [program, escape, custom[0], "PATH", "--checkpoint-action"]


SOLVERS = {
    "crumbs-in-the-source": crumbs_in_the_source,
    "matryoshka-message": matryoshka_message,
    "interns-terminal": interns_terminal,
    "metadata-never-lies": metadata_never_lies,
    "midnight-ssh": midnight_ssh,
    "wire-whispers": wire_whispers,
    "forged-passage": forged_passage,
    "repeating-mistakes": repeating_mistakes,
    "blind-spot": blind_spot,
    "hidden-cargo": hidden_cargo,
    "unsalted-secrets": unsalted_secrets,
    "ladder-to-root": ladder_to_root,
}


def accepts(step: dict, value: str) -> bool:
    answers = step["answer"] if isinstance(step["answer"], list) else [step["answer"]]
    value = value.strip()
    if step.get("case_sensitive"):
        return any(str(a).strip() == value for a in answers)
    return any(str(a).strip().lower() == value.lower() for a in answers)


def main(argv: list[str]) -> int:
    slugs = argv or sorted(p.name for p in CHALLENGES.iterdir() if p.is_dir())
    failed = 0
    for slug in slugs:
        steps = yaml.safe_load((CHALLENGES / slug / "challenge.yaml").read_text())["steps"]
        solver = SOLVERS.get(slug)
        if solver is None:
            print(f"{slug}: NO SOLVER")
            failed += 1
            continue
        derived = solver(slug)
        if len(derived) != len(steps):
            print(f"{slug}: solver gives {len(derived)} answers for {len(steps)} steps")
            failed += 1
        for n, (step, value) in enumerate(zip(steps, derived), 1):
            ok = accepts(step, value)
            failed += not ok
            print(f"{slug} step {n}: {'ok  ' if ok else 'FAIL'} {value!r}")
    print("all answers derived from the attachments" if not failed else f"{failed} problem(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
