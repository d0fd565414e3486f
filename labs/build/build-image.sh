#!/usr/bin/env bash
# Builds the lab guest from the pinned Debian 12 packages in packages.txt and writes it, with manifest.json and
# SOURCES.md, to labs/image/ at the repository root:
#   vmlinuz, seabios.bin   Debian's kernel and BIOS, as they are
#   boot.cpio.gz           a small initramfs that loads the 9p driver and mounts the root filesystem
#   rootfs.json, rootfs/   the root filesystem as v86 loads it on demand: an index and one zstd file per content
#                          (rootfs-index.py), so the first start fetches only what the boot reads, a tool's first
#                          use fetches that tool, and a rebuild adds only the files that changed
#
# Run as root on Debian 12 (bookworm): sudo labs/build/build-image.sh [output-dir]
# docs/labs.md, "The machine": the image and its reproducible build.
# Reproducible: the same packages.txt gives byte-identical outputs (fixed mtimes, sorted cpio list with
# --reproducible, owner forced to root, gzip -n, zstd -19). The host's GNU cpio, gzip and zstd (Debian 12's) take
# part in the bytes.
#
# Environment:
#   LABS_DEB_CACHE     where the .deb files are kept between runs (default /var/cache/bastion-labs/debs)
# SOURCE_DATE_EPOCH is fixed below (not taken from the environment, so a CI that exports its own cannot change
# the bytes); it is the mtime of every file in the image.
#
# The .debs come from the APT sources of the host. When a pinned version leaves the bookworm mirror (a point
# release replaces it), point APT at snapshot.debian.org for the date of packages.txt; the hashes still decide.
set -euo pipefail
umask 022
export LC_ALL=C TZ=UTC

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
list="$here/packages.txt"
out=${1:-"$repo/labs/image"}
cache=${LABS_DEB_CACHE:-/var/cache/bastion-labs/debs}
export SOURCE_DATE_EPOCH=1763942400 # 2025-11-24T00:00:00Z
hostname_in_guest=bastion-lab
kernel_version=6.1.0-50-686
# What the boot initramfs loads, in order, to mount the image over virtio 9p under an overlay (boot-init).
boot_modules="drivers/virtio/virtio drivers/virtio/virtio_ring drivers/virtio/virtio_pci_legacy_dev
  drivers/virtio/virtio_pci_modern_dev drivers/virtio/virtio_pci fs/netfs/netfs fs/fscache/fscache net/9p/9pnet
  net/9p/9pnet_virtio fs/9p/9p fs/overlayfs/overlay"
# What a lab network uses from the root filesystem (modprobe): bridges, veth pairs, the nftables firewall.
root_modules="drivers/net/veth.ko lib/libcrc32c.ko crypto/crc32c_generic.ko net/bridge net/802 net/llc net/netfilter net/ipv4/netfilter
  net/ipv6/netfilter"

die() { echo "build-image: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (dpkg-deb -x must keep owners and modes, apt-get download needs the lists)"
grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release || die "needs Debian 12 (bookworm)"

# Host tools: GNU cpio for --reproducible, jq for the manifest, zstd for the root filesystem's files, depmod.
missing=()
command -v cpio >/dev/null || missing+=(cpio)
command -v jq >/dev/null || missing+=(jq)
command -v zstd >/dev/null || missing+=(zstd)
command -v depmod >/dev/null || missing+=(kmod)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get install -y --no-install-recommends "${missing[@]}"
fi

# 1. The packages: exact versions, each .deb checked against its pinned sha256 before use.
if ! dpkg --print-foreign-architectures | grep -qx i386; then
  dpkg --add-architecture i386
fi
if ! ls /var/lib/apt/lists/ | grep -q 'binary-i386_Packages'; then
  # A failing secondary index (a mirror mid-sync) is not fatal: every .deb is checked by hash below.
  apt-get update || echo "build-image: apt-get update reported errors; continuing, the hashes decide" >&2
fi

mkdir -p "$cache"
names=() archs=() versions=() sums=() debs=() wanted=()
while read -r spec sum; do
  case "$spec" in ''|'#'*) continue ;; esac
  name=${spec%%:*}; rest=${spec#*:}; arch=${rest%%=*}; version=${rest#*=}
  [ -n "$name" ] && [ -n "$arch" ] && [ -n "$version" ] && [ ${#sum} = 64 ] || die "bad line in packages.txt: $spec $sum"
  deb="$cache/${name}_${version//:/%3a}_${arch}.deb"
  if [ ! -f "$deb" ] || [ "$(sha256sum < "$deb" | cut -d' ' -f1)" != "$sum" ]; then
    rm -f "$deb"
    if [ "$arch" = all ]; then wanted+=("$name=$version"); else wanted+=("$name:$arch=$version"); fi
  fi
  names+=("$name"); archs+=("$arch"); versions+=("$version"); sums+=("$sum"); debs+=("$deb")
done < "$list"
# One download for every missing package: an apt-get start per package cost minutes.
[ ${#wanted[@]} = 0 ] || (cd "$cache" && apt-get download "${wanted[@]}")
for i in "${!names[@]}"; do
  deb=${debs[$i]} sum=${sums[$i]}
  [ -f "$deb" ] || die "apt-get download did not produce $deb"
  got=$(sha256sum < "$deb" | cut -d' ' -f1)
  [ "$got" = "$sum" ] || die "sha256 mismatch for ${names[$i]}:${archs[$i]}=${versions[$i]}: got $got, pinned $sum"
done

work=$(mktemp -d /tmp/bastion-labs-build.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root/usr/bin" "$root/usr/sbin" "$root/usr/lib" "$work/pkg" "$work/doc"
ln -s usr/bin "$root/bin"; ln -s usr/sbin "$root/sbin"; ln -s usr/lib "$root/lib"

licence_of() { # the licences named in a Debian copyright file
  local f=$1 l
  if [ ! -f "$f" ]; then echo "unknown (no copyright file)"; return; fi
  if head -n 3 "$f" | grep -qiE '^Format:.*(copyright-format|dep5)'; then
    l=$(sed -n -E 's/^License:[[:space:]]*(.*[^[:space:]])[[:space:]]*$/\1/p' "$f" | sort -u | paste -sd';' | sed 's/;/; /g')
  else
    l=$( { grep -oE '/usr/share/common-licenses/[A-Za-z0-9.+_-]*[A-Za-z0-9+]' "$f" | sed 's#.*/##'
           if grep -q 'LICENSE AGREEMENT is between the Python Software Foundation' "$f"; then echo PSF-2.0; fi
           # Free-text copyright files that name their licence in words
           if tr -s '\n' ' ' < "$f" | grep -qi 'Lesser General Public License, version 2.1'; then echo LGPL-2.1+; fi
           if grep -qiE '3-clause BSD licen[cs]e|THE "BSD" LICENCE' "$f"; then echo BSD-3-clause; fi; } \
      | sort -u | paste -sd';' | sed 's/;/; /g')
  fi
  echo "${l:-see copyright file}"
}

# 2. Extract. Kernel and BIOS go to the output as they are; everything else is merged into one /usr-merged root.
kernel_deb="" bios_deb=""
licences=() sources=()
for i in "${!names[@]}"; do
  name=${names[$i]} deb=${debs[$i]} d="$work/pkg/$name"
  dpkg-deb -x "$deb" "$d"
  src=$(dpkg-deb -f "$deb" Source); [ -n "$src" ] || src=$name
  srcver=${versions[$i]}
  if [[ $src == *'('*')'* ]]; then srcver=${src#*(}; srcver=${srcver%)}; src=${src%% *}; fi
  srcver=$(sed -E 's/\+b[0-9]+$//' <<<"$srcver")
  sources+=("$src=$srcver")
  case "$name" in
    linux-image-*) kernel_deb=$d; continue ;;
    seabios) bios_deb=$d; continue ;;
  esac
  (cd "$d" && tar -cf - .) | tar -xf - -C "$root" --keep-directory-symlink
done
for i in "${!names[@]}"; do
  name=${names[$i]}
  copyright="$work/pkg/$name/usr/share/doc/$name/copyright"
  if [ ! -f "$copyright" ]; then # the doc dir links to another package's (libgcc-s1 -> gcc-12-base)
    target=$(readlink "$work/pkg/$name/usr/share/doc/$name" || true)
    copyright="$work/pkg/$target/usr/share/doc/$target/copyright"
  fi
  licences+=("$(licence_of "$copyright")")
done
[ -n "$kernel_deb" ] && [ -n "$bios_deb" ] || die "packages.txt must list a linux-image-*-686 and seabios"

# 3. Trim what no lab reads. Keep each package's copyright file and the English manual pages.
cd "$root"
find usr/share/doc -mindepth 2 ! -name copyright ! -type d -delete
find usr/share/doc -depth -type d -empty -delete
find usr/share/man -mindepth 1 -maxdepth 1 ! -name 'man[1-8]' -exec rm -rf {} +
rm -rf usr/share/info usr/share/locale usr/share/lintian usr/share/bug usr/share/menu usr/share/bash-completion \
  usr/share/gcc usr/share/gdb usr/share/doc-base usr/share/zsh usr/share/icons usr/share/initramfs-tools \
  usr/lib/i386-linux-gnu/gconv usr/share/i18n usr/lib/i386-linux-gnu/audit etc/init.d etc/cron.* \
  usr/lib/systemd usr/lib/tmpfiles.d usr/share/pkgconfig usr/lib/i386-linux-gnu/pkgconfig
# docs/labs.md, "The machine": Python in the lab.
# Python: no tests, no idle/tk leftovers. Debian's sitecustomize only tries to import Ubuntu's apport hook, a third
# of a Python start in the emulated guest.
find usr/lib/python3.11 -depth -type d \( -name test -o -name tests -o -name idle_test \) -exec rm -rf {} +
rm -f usr/lib/python3.11/sitecustomize.py etc/python3.11/sitecustomize.py
# Bytecode for the whole standard library, so no start compiles it again (Python cannot write a cache into the
# read-only-to-learners stdlib; compiling http.server and sqlite3 took a minute in the guest): hash-checked, so it
# does not depend on file times, and compiled by the image's own Python (i386 runs on an amd64 host), so it is the
# same on every build host. It costs no download until a module is imported.
PYTHONHASHSEED=0 chroot . /usr/bin/python3.11 -m compileall -q --invalidation-mode unchecked-hash \
  /usr/lib/python3.11 >/dev/null

# What Debian's alternatives and maintainer scripts would set up (nothing runs them here).
ln -sf bash usr/bin/sh
ln -sf python3.11 usr/bin/python3
ln -sf gawk usr/bin/awk
ln -sf vim.tiny usr/bin/vi
ln -sf nc.openbsd usr/bin/nc
ln -sf blas/libblas.so.3 usr/lib/i386-linux-gnu/libblas.so.3
ln -sf lapack/liblapack.so.3 usr/lib/i386-linux-gnu/liblapack.so.3
find usr/lib/i386-linux-gnu -maxdepth 1 -xtype l -delete
# Where glibc finds a library and a name, as on a Debian system: the linker's cache (`ldconfig -p`) and an
# nsswitch.conf that asks only the files, then DNS for hosts (glibc's built-in default asks DNS first). Neither
# changes a program's start in the guest (bench:lab-process; docs/labs.md, "The machine").
cat > etc/nsswitch.conf <<'EOF'
passwd:         files
group:          files
shadow:         files
gshadow:        files
hosts:          files dns
networks:       files
protocols:      files
services:       files
ethers:         files
rpc:            files
EOF
# ldconfig's aux-cache records the build's inodes and times (not reproducible), and only speeds a later ldconfig.
chroot . /usr/sbin/ldconfig -X
rm -rf var/cache/ldconfig

# BusyBox fills the gaps (mount, su, strings, unzip, …) from a directory that comes last in PATH.
mkdir -p usr/lib/busybox
for applet in $(./usr/bin/busybox --list); do
  [ -e "usr/bin/$applet" ] || [ -e "usr/sbin/$applet" ] || [ "$applet" = busybox ] || ln -s ../../bin/busybox "usr/lib/busybox/$applet"
done

# The kernel modules a lab network loads with modprobe.
modules="usr/lib/modules/$kernel_version"
for m in $root_modules; do
  mkdir -p "$modules/kernel/$(dirname "$m")"
  cp -a "$kernel_deb/lib/modules/$kernel_version/kernel/$m" "$modules/kernel/$m"
done
cp "$kernel_deb/lib/modules/$kernel_version"/modules.{builtin,builtin.modinfo,order} "$modules/"
depmod -b "$root" "$kernel_version"

mkdir -p proc sys dev tmp run root home/learner etc usr/local/bin var/tmp var/cache/man
chmod 1777 tmp var/tmp; chmod 700 root
cat > etc/profile <<'EOF'
export PATH=/usr/local/bin:/usr/bin:/usr/sbin:/usr/lib/busybox
export LANG=C.UTF-8 TERM=${TERM:-xterm-256color} PAGER=less
[ "$TERM" = linux ] && export TERM=xterm-256color
PS1='\u@\h:\w\$ '
umask 022
# A lab's setup names the directory its learner starts in (packages/labs, buildSetupScript).
# `read`, not `cat`: a program started in the emulated guest costs more than the rest of the login.
if [ -O /run/lab-cwd ] && read -r lab_cwd < /run/lab-cwd; then cd "$lab_cwd" 2>/dev/null || true; unset lab_cwd; fi
EOF
printf '/bin/sh\n/bin/bash\n/usr/bin/bash\n' > etc/shells
printf 'C.UTF-8\n' > etc/locale.gen
echo "$hostname_in_guest" > etc/hostname
printf '127.0.0.1 localhost\n127.0.1.1 %s\n' "$hostname_in_guest" > etc/hosts
cat > etc/passwd <<'EOF'
root:x:0:0:root:/root:/bin/bash
learner:x:1000:1000:Learner:/home/learner:/bin/bash
sshd:x:100:65534::/run/sshd:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
EOF
printf 'root:x:0:\nlearner:x:1000:\nnogroup:x:65534:\n' > etc/group
chmod 644 etc/passwd etc/group
# PAM for sudo and su (what pam-auth-update writes on Debian) and sudo's defaults; a lab's setup adds its rules.
mkdir -p etc/pam.d etc/sudoers.d
cat > etc/pam.d/common-auth <<'EOF'
auth	[success=1 default=ignore]	pam_unix.so nullok
auth	requisite	pam_deny.so
auth	required	pam_permit.so
EOF
cat > etc/pam.d/common-account <<'EOF'
account	[success=1 new_authtok_reqd=done default=ignore]	pam_unix.so
account	requisite	pam_deny.so
account	required	pam_permit.so
EOF
cat > etc/pam.d/common-session <<'EOF'
session	required	pam_permit.so
session	required	pam_unix.so
EOF
cp etc/pam.d/common-session etc/pam.d/common-session-noninteractive
cat > etc/pam.d/common-password <<'EOF'
password	[success=1 default=ignore]	pam_unix.so obscure yescrypt
password	requisite	pam_deny.so
password	required	pam_permit.so
EOF
printf 'auth\trequired\tpam_deny.so\naccount\trequired\tpam_deny.so\npassword\trequired\tpam_deny.so\nsession\trequired\tpam_deny.so\n' > etc/pam.d/other
cat > etc/sudoers <<'EOF'
Defaults	env_reset
Defaults	secure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"
root	ALL=(ALL:ALL) ALL
@includedir /etc/sudoers.d
EOF
chmod 440 etc/sudoers
# OpenSSH's configuration as its postinst installs it; a lab's service makes the host key and /run/sshd it needs.
install -m 644 usr/share/openssh/sshd_config etc/ssh/sshd_config
install -D -m 755 "$here/lab-handshake" usr/lib/bastion/lab-handshake
sed "s/@HOSTNAME@/$hostname_in_guest/" "$here/guest-init" > usr/lib/bastion/init
chmod 755 usr/lib/bastion/init
cd - >/dev/null

# 4. The boot initramfs (BusyBox, the 9p driver's modules and boot-init), then the root filesystem's index and files.
boot="$work/boot"
mkdir -p "$boot/bin" "$boot/lib/modules" "$boot/dev" "$boot/root"
cp "$root/usr/bin/busybox" "$boot/bin/busybox"
for m in $boot_modules; do cp "$kernel_deb/lib/modules/$kernel_version/kernel/$m.ko" "$boot/lib/modules/"; done
install -m 755 "$here/boot-init" "$boot/init"
find "$boot" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
(cd "$boot" && find . -mindepth 1 -printf '%P\n' | sort | cpio --quiet -o -H newc -R 0:0 --reproducible) \
  | gzip -n -9 > "$work/boot.cpio.gz"
mkdir -p "$out/rootfs"
python3 "$here/rootfs-index.py" "$root" "$out/rootfs.json" "$out/rootfs"

cp "$kernel_deb"/boot/vmlinuz-* "$work/vmlinuz"
cp "$bios_deb/usr/share/seabios/bios.bin" "$work/seabios.bin"
rm -f "$out/initramfs.cpio.gz"
for f in vmlinuz boot.cpio.gz seabios.bin; do install -m 644 "$work/$f" "$out/$f"; done

# 5. Manifest and SOURCES.
pkgs_json=$(for i in "${!names[@]}"; do
  jq -n --arg name "${names[$i]}" --arg arch "${archs[$i]}" --arg version "${versions[$i]}" \
    --arg sha256 "${sums[$i]}" --arg licence "${licences[$i]}" --arg source "${sources[$i]}" \
    '{name: $name, arch: $arch, version: $version, sha256: $sha256, licence: $licence, source: $source}'
done | jq -s 'sort_by(.name)')
files_json=$(for f in vmlinuz boot.cpio.gz seabios.bin rootfs.json; do
  jq -n --arg file "$f" --arg sha256 "$(sha256sum < "$out/$f" | cut -d' ' -f1)" --argjson size "$(stat -c %s "$out/$f")" \
    '{file: $file, sha256: $sha256, size: $size}'
done | jq -s '.')
jq -n --argjson packages "$pkgs_json" --argjson files "$files_json" --argjson epoch "$SOURCE_DATE_EPOCH" \
  --arg cmdline 'console=ttyS0 quiet loglevel=3 tsc=reliable mitigations=off nowatchdog' \
  '{distribution: "Debian 12 (bookworm)", built_by: "labs/build/build-image.sh", source_date_epoch: $epoch,
    kernel_cmdline: $cmdline, files: $files, packages: $packages}' > "$out/manifest.json"

{
  cat <<'EOF'
# Corresponding source for the lab image

`labs/image/` holds binaries built by Debian and repackaged, unmodified, by `labs/build/build-image.sh`:
`vmlinuz` is Debian's kernel and `seabios.bin` Debian's SeaBIOS. `boot.cpio.gz` holds BusyBox, kernel modules and
a generated `/init`; `rootfs.json` with `rootfs/` is the root filesystem, every file taken unchanged from the
packages below (stored zstd-compressed under its SHA-256) plus generated configuration files and scripts. Several of these
programs are licensed under the GNU GPL or LGPL; each package's copyright file is kept in the image under
`/usr/share/doc/<package>/copyright`, and its licences are listed in `manifest.json`.

The complete corresponding source of every package is available from Debian:

- with deb-src entries for bookworm in APT's sources: `apt-get source <source>=<version>` for each line below;
- from the Debian snapshot archive, which keeps every version ever published: the page
  https://snapshot.debian.org/package/ followed by the source package name, a slash, the version and a slash
  (for example https://snapshot.debian.org/package/bash/5.2.15-2/) lists the `.dsc`, `.orig.tar.*` and
  `.debian.tar.*` files of that version.

The kernel binary package comes from `linux-signed-i386`, a wrapper that carries Debian's signed build of the
`linux` source package of the same upstream version; its source is `linux` (listed below as well).

| binary package | version | licence (from its copyright file) | source package=version |
|---|---|---|---|
EOF
  for i in "${!names[@]}"; do
    printf '| %s:%s | %s | %s | `%s` |\n' "${names[$i]}" "${archs[$i]}" "${versions[$i]}" "${licences[$i]}" "${sources[$i]}"
  done | sort
  kver=$(sed -n 's/^linux-signed-i386=//p' <<<"$(printf '%s\n' "${sources[@]}")")
  [ -z "$kver" ] || printf '| (kernel source) | | GPL-2 | `linux=%s` |\n' "$(sed -E 's/\+([0-9]+)$/-\1/' <<<"$kver")"
} > "$out/SOURCES.md"

echo "build-image: wrote $out"
echo "build-image: now save the guest's ready state for it: npm run labs:ready-state (docs/labs.md)"
(cd "$out" && ls -l vmlinuz boot.cpio.gz seabios.bin rootfs.json && du -sh rootfs)
