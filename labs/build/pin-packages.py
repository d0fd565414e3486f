#!/usr/bin/env python3
"""Pins the lab image's packages: reads packages.in (top-level Debian 12 package names), follows Depends and
Pre-Depends through APT's lists for i386 (taking the first alternative that exists), and writes packages.txt as
`name:arch=version sha256-of-the-.deb`, sorted. Run on Debian 12 with i386 enabled and the lists updated:

    dpkg --add-architecture i386 && apt-get update && labs/build/pin-packages.py

Packages that only maintainer scripts or package management use are left out: nothing in the image runs them."""
import functools
import pathlib
import re
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
NOT_IN_A_LAB = {
    'adduser', 'cdebconf', 'debconf', 'debconf-2.0', 'dpkg', 'init-system-helpers', 'install-info',
    'libdebian-installer4', 'lsb-base', 'mime-support', 'passwd', 'perl', 'perl-base', 'readline-common',
    'sensible-utils', 'usr-is-merged', 'usrmerge', 'libpam-runtime', 'libsemanage2', 'logrotate', 'base-files',
    'debianutils', 'original-awk', 'udev', 'runit-helper', 'ucf',
}


@functools.cache
def fields_of(name: str) -> dict[str, str] | None:
    for arch in ('i386', 'all'):
        result = subprocess.run(['apt-cache', 'show', '--no-all-versions', f'{name}:{arch}'],
                                capture_output=True, text=True)
        fields: dict[str, str] = {}
        key = None
        for line in result.stdout.splitlines():
            if line.startswith(' ') and key:
                fields[key] += line
            elif ':' in line:
                key, _, value = line.partition(':')
                fields[key] = value.strip()
        if fields.get('Architecture') in ('i386', 'all'):
            return fields
    return None


def provider_of(virtual: str) -> str | None:
    text = subprocess.run(['apt-cache', 'showpkg', virtual], capture_output=True, text=True).stdout
    match = re.search(r'Reverse Provides: \n(\S+)', text)
    return match.group(1).split(':')[0] if match else None


def main() -> None:
    wanted = [word for line in (HERE / 'packages.in').read_text().splitlines()
              if not line.startswith('#') for word in line.split()]
    seen: set[str] = set()
    lines: list[str] = []
    queue = list(wanted)
    while queue:
        name = queue.pop(0)
        if name in seen or name in NOT_IN_A_LAB:
            continue
        fields = fields_of(name)
        if fields is None:
            provider = provider_of(name)
            if provider is None:
                raise SystemExit(f'pin-packages: no package or provider for {name}')
            queue.insert(0, provider)
            continue
        seen.add(name)
        lines.append(f"{fields['Package']}:{fields['Architecture']}={fields['Version']} {fields['SHA256']}")
        depends = ', '.join(f for f in (fields.get('Pre-Depends'), fields.get('Depends')) if f)
        for clause in filter(None, (c.strip() for c in depends.split(','))):
            choices = [re.sub(r'\s*\(.*?\)|\s*\[.*?\]', '', c).strip().split(':')[0] for c in clause.split('|')]
            if any(c in seen or c in NOT_IN_A_LAB for c in choices):
                continue
            queue.append(next((c for c in choices if fields_of(c)), choices[0]))
    header = ('# Pinned Debian 12 (bookworm) packages for the lab image: name:arch=version sha256-of-the-.deb\n'
              '# Written by pin-packages.py from packages.in; build-image.sh refuses any other bytes.\n')
    (HERE / 'packages.txt').write_text(header + '\n'.join(sorted(lines)) + '\n')
    print(f'pin-packages: {len(lines)} packages')


if __name__ == '__main__':
    main()
