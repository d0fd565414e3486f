#!/usr/bin/env python3
"""Regenerate the attachments of content/challenges/ladder-to-root (deterministic, static text).

Enumeration output from a fictional low-privilege shell: sudo rights, SUID binaries, the strings of a
custom SUID helper, and a root cron job that runs tar with a wildcard in a writable directory.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "content" / "challenges" / "ladder-to-root" / "files"

ENUM = """$ id
uid=1003(svc-web) gid=1003(svc-web) groups=1003(svc-web),33(www-data)

$ sudo -l
Matching Defaults entries for svc-web on app-07:
    env_reset, mail_badpass, secure_path=/usr/local/sbin\\:/usr/local/bin\\:/usr/sbin\\:/usr/bin\\:/sbin\\:/bin

User svc-web may run the following commands on app-07:
    (root) NOPASSWD: /usr/bin/less /var/log/app/*.log
    (svc-web) NOPASSWD: /usr/bin/systemctl status app

$ find / -perm -4000 -type f 2>/dev/null
/usr/bin/chfn
/usr/bin/chsh
/usr/bin/gpasswd
/usr/bin/mount
/usr/bin/newgrp
/usr/bin/passwd
/usr/bin/su
/usr/bin/sudo
/usr/bin/umount
/usr/bin/fusermount3
/usr/lib/openssh/ssh-keysign
/usr/lib/dbus-1.0/dbus-daemon-launch-helper
/usr/local/bin/netcheck

$ ls -l /usr/local/bin/netcheck
-rwsr-xr-x 1 root root 16424 Jan 14 10:02 /usr/local/bin/netcheck

$ cat /etc/crontab
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin
# m h dom mon dow user  command
17 *  * * *  root    cd / && run-parts --report /etc/cron.hourly
*/5 * * * * root    /opt/scripts/backup-uploads.sh

$ ls -l /opt/scripts/backup-uploads.sh
-rwxr-xr-x 1 root root 129 Feb  2 09:40 /opt/scripts/backup-uploads.sh

$ cat /opt/scripts/backup-uploads.sh
#!/bin/sh
# copy of user uploads every five minutes, rotated by logrotate
cd /var/www/uploads
tar czf /var/backups/uploads.tgz *

$ ls -ld /var/www/uploads
drwxrwxr-x 5 www-data www-data 4096 Mar  3 18:21 /var/www/uploads
"""

STRINGS = """$ strings -n 6 /usr/local/bin/netcheck
/lib64/ld-linux-x86-64.so.2
__cxa_finalize
__libc_start_main
setuid
setgid
system
printf
libc.so.6
GLIBC_2.2.5
GLIBC_2.34
netcheck 1.2 - is the gateway alive?
usage: netcheck
ping -c 1 -W 2 192.0.2.1 > /dev/null && echo up || echo DOWN
;*3$"
GCC: (Debian 12.2.0-14) 12.2.0
netcheck.c
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "enumeration.txt").write_text(ENUM)
    (OUT / "netcheck-strings.txt").write_text(STRINGS)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
