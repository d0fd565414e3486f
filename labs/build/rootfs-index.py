#!/usr/bin/env python3
"""Turns the lab's root directory into what v86's 9p filesystem loads on demand (v86 docs/filesystem.md,
"JSON/HTTP Filesystem"): an index in the format of v86's tools/fs2json.py (version 3) and, for every regular
file, its bytes compressed with zstd under `<sha256>.zst`, which v86 fetches from the base URL on the file's first
read and unpacks itself. Files are named by their content, so a rebuild adds only the files that changed, and the
same bytes under several paths are stored once.

    rootfs-index.py ROOT INDEX.json FILES-DIR

Every mtime is SOURCE_DATE_EPOCH; owners and modes are the root directory's. A file already in FILES-DIR is kept,
and files no longer named by the index are removed."""
import hashlib
import json
import os
import stat
import subprocess
import sys

IDX_NAME, IDX_SIZE, IDX_MTIME, IDX_MODE, IDX_UID, IDX_GID, IDX_TARGET = range(7)


def main() -> None:
    root, index_path, files_dir = sys.argv[1:4]
    epoch = int(os.environ['SOURCE_DATE_EPOCH'])
    os.makedirs(files_dir, exist_ok=True)
    named: set[str] = set()
    total = 0

    def node(path: str, name: str) -> list:
        nonlocal total
        st = os.lstat(path)
        entry: list = [name, st.st_size, epoch, st.st_mode, st.st_uid, st.st_gid]
        if stat.S_ISDIR(st.st_mode):
            entry[IDX_SIZE] = 0
            entry.append([node(os.path.join(path, child), child) for child in sorted(os.listdir(path))])
        elif stat.S_ISLNK(st.st_mode):
            entry.append(os.readlink(path))
        elif stat.S_ISREG(st.st_mode):
            total += st.st_size
            with open(path, 'rb') as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            stored = f'{digest}.zst'
            named.add(stored)
            target = os.path.join(files_dir, stored)
            if not os.path.exists(target):
                subprocess.run(['zstd', '-q', '-19', '--no-check', '-o', target, path], check=True)
                os.chmod(target, 0o644)
            entry.append(stored)
        else:
            raise SystemExit(f'rootfs-index: {path} is neither a file, a folder nor a link')
        return entry

    tree = [node(os.path.join(root, child), child) for child in sorted(os.listdir(root))]
    for stale in set(os.listdir(files_dir)) - named:
        os.remove(os.path.join(files_dir, stale))
    with open(index_path, 'w') as f:
        json.dump({'fsroot': tree, 'version': 3, 'size': total}, f, separators=(',', ':'))
    print(f'rootfs-index: {len(named)} distinct files, {total} bytes unpacked')


if __name__ == '__main__':
    main()
