#!/usr/bin/env bash
# Builds the lab guest (kernel, initramfs, BIOS) from the pinned Debian 12 packages in packages.txt and writes it,
# with manifest.json and SOURCES.md, to labs/image/ at the repository root.
#
# Run as root on Debian 12 (bookworm): sudo scripts/labs/build-image.sh [output-dir]
# Reproducible: the same packages.txt gives byte-identical outputs (fixed mtimes, sorted cpio list with
# --reproducible, owner forced to root, gzip -n). The host's GNU cpio and gzip (Debian 12's) take part in the bytes.
#
# Environment:
#   LABS_DEB_CACHE     where the .deb files are kept between runs (default /var/cache/bastion-labs/debs)
# SOURCE_DATE_EPOCH is fixed below (not taken from the environment, so a CI that exports its own cannot change
# the bytes); it is the mtime of every file in the initramfs.
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
# From libpython3.11-stdlib, beside python3.11-minimal: parsing, hashing, HTTP, archives and a usable prompt.
python_stdlib_kept="json hmac.py secrets.py gzip.py bz2.py lzma.py _compression.py tarfile.py shutil.py html http
  difflib.py pprint.py dataclasses.py rlcompleter.py
  lib-dynload/_json.cpython-311-i386-linux-gnu.so lib-dynload/_bz2.cpython-311-i386-linux-gnu.so
  lib-dynload/_lzma.cpython-311-i386-linux-gnu.so lib-dynload/readline.cpython-311-i386-linux-gnu.so"

die() { echo "build-image: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (dpkg-deb -x must keep owners and modes, apt-get download needs the lists)"
grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release || die "needs Debian 12 (bookworm)"

# Host tools: GNU cpio for --reproducible, jq for the manifest.
missing=()
command -v cpio >/dev/null || missing+=(cpio)
command -v jq >/dev/null || missing+=(jq)
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
names=() archs=() versions=() sums=() debs=()
while read -r spec sum; do
  case "$spec" in ''|'#'*) continue ;; esac
  name=${spec%%:*}; rest=${spec#*:}; arch=${rest%%=*}; version=${rest#*=}
  [ -n "$name" ] && [ -n "$arch" ] && [ -n "$version" ] && [ ${#sum} = 64 ] || die "bad line in packages.txt: $spec $sum"
  deb="$cache/${name}_${version//:/%3a}_${arch}.deb"
  if [ ! -f "$deb" ] || [ "$(sha256sum < "$deb" | cut -d' ' -f1)" != "$sum" ]; then
    rm -f "$deb"
    if [ "$arch" = all ]; then target="$name=$version"; else target="$name:$arch=$version"; fi
    (cd "$cache" && apt-get download "$target")
  fi
  [ -f "$deb" ] || die "apt-get download did not produce $deb"
  got=$(sha256sum < "$deb" | cut -d' ' -f1)
  [ "$got" = "$sum" ] || die "sha256 mismatch for $name:$arch=$version: got $got, pinned $sum"
  names+=("$name"); archs+=("$arch"); versions+=("$version"); sums+=("$sum"); debs+=("$deb")
done < "$list"

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
           if grep -q 'LICENSE AGREEMENT is between the Python Software Foundation' "$f"; then echo PSF-2.0; fi; } | sort -u | paste -sd';' | sed 's/;/; /g')
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
    libpython3.11-stdlib) # the modules the labs use, not the whole standard library
      for keep in $python_stdlib_kept; do
        mkdir -p "$root/usr/lib/python3.11/$(dirname "$keep")"
        cp -a "$d/usr/lib/python3.11/$keep" "$root/usr/lib/python3.11/$keep"
      done
      continue ;;
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

# 3. Trim to what a learner's shell uses. Keep each package's copyright file.
cd "$root"
find usr/share/doc -mindepth 2 ! -name copyright ! -type d -delete
find usr/share/doc -depth -type d -empty -delete
rm -rf usr/share/man usr/share/info usr/share/locale usr/share/lintian usr/share/bug usr/share/menu \
  usr/share/bash-completion usr/share/gcc usr/share/gdb usr/share/doc-base usr/share/tabset \
  usr/lib/i386-linux-gnu/gconv usr/share/i18n usr/lib/i386-linux-gnu/audit etc/init.d etc/cron.* \
  usr/lib/systemd usr/lib/tmpfiles.d usr/share/pkgconfig usr/lib/i386-linux-gnu/pkgconfig
# Python: no tests, no idle/tk leftovers; the minimal stdlib stays whole. Debian's sitecustomize only tries to
# import Ubuntu's apport hook, a third of a Python start in the emulated guest.
find usr/lib/python3.11 -depth -type d \( -name test -o -name tests -o -name idle_test \) -exec rm -rf {} +
rm -f usr/lib/python3.11/sitecustomize.py etc/python3.11/sitecustomize.py
# Bytecode for what nearly every Python program imports, so a start does not compile it again (Python cannot write
# a cache into the read-only-to-learners stdlib): hash-checked, so it does not depend on file times, and compiled by
# the image's own Python (i386 runs on an amd64 host), so it is the same on every build host. The whole standard
# library's bytecode would not fit the download budget (+2.1 MB); these modules add 0.2 MB.
py=/usr/lib/python3.11
PYTHONHASHSEED=0 chroot . /usr/bin/python3.11 -m compileall -q --invalidation-mode unchecked-hash \
  $py/encodings/__init__.py $py/encodings/aliases.py $py/encodings/utf_8.py $py/encodings/latin_1.py \
  $py/re $py/collections $py/json $py/enum.py $py/functools.py $py/types.py $py/operator.py $py/keyword.py \
  $py/reprlib.py $py/copyreg.py $py/struct.py $py/base64.py $py/hashlib.py $py/warnings.py >/dev/null

# Shared libraries that no program or library in the image links to go (libnsl, libexpatw, glibc's extras, …);
# the ones loaded with dlopen stay: libgcc_s (thread cancellation), glibc's NSS modules, subdirectories (gawk
# extensions, OpenSSL engines and providers).
needed=$(find usr -type f \( -perm -u+x -o -name '*.so*' \) -print0 | { xargs -0 readelf -d 2>/dev/null || true; } \
  | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)
for lib in usr/lib/i386-linux-gnu/*.so*; do
  base=${lib##*/}
  case "$base" in ld-linux.so.2|libgcc_s.so.1|libnss_*) continue ;; esac
  if [ -L "$lib" ]; then
    grep -qx "$base" <<<"$needed" || rm -f "$lib"
  fi
done
for lib in usr/lib/i386-linux-gnu/*.so*; do # real files that no remaining name points at
  [ -L "$lib" ] && continue
  base=${lib##*/}
  case "$base" in ld-linux.so.2|libgcc_s.so.1|libnss_*) continue ;; esac
  grep -qx "$base" <<<"$needed" && continue
  find usr/lib/i386-linux-gnu -maxdepth 1 -type l -lname "$base" | grep -q . || rm -f "$lib"
done
find usr/lib/i386-linux-gnu -maxdepth 1 -xtype l -delete

# Identical files (ls, dir and vdir; some encodings) become hard links, which the cpio archive stores once.
find usr etc -type f -print0 | sort -z | xargs -0 sha256sum | sort -s -k1,1 \
  | awk '$1 == prev { print first "\t" $2; next } { prev = $1; first = $2 }' \
  | while IFS=$'\t' read -r keep dup; do
      if [ "$(stat -c %a "$keep")" = "$(stat -c %a "$dup")" ]; then ln -f "$keep" "$dup"; fi
    done

# BusyBox fills the gaps (mount, su, strings, unzip, vi, …) from a directory that comes last in PATH.
mkdir -p usr/lib/busybox
for applet in $(./usr/bin/busybox --list); do
  [ -e "usr/bin/$applet" ] || [ -e "usr/sbin/$applet" ] || [ "$applet" = busybox ] || ln -s ../../bin/busybox "usr/lib/busybox/$applet"
done

mkdir -p proc sys dev tmp run root home/learner etc usr/local/bin var/tmp
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
ln -sf bash usr/bin/sh
ln -sf python3.11 usr/bin/python3 # what python3-minimal adds; its byte-compiling helpers are not needed here
ln -sf gawk usr/bin/awk # Debian's alternatives pick gawk for awk when it is installed; BusyBox's awk is not it

install -D -m 755 "$here/lab-handshake" usr/lib/bastion/lab-handshake
cat > init <<EOF
#!/usr/bin/busybox sh
# PID 1 of the lab guest. No network device exists; nothing here configures one.
export PATH=/usr/bin:/usr/sbin:/usr/lib/busybox
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
# What udev adds on a Debian host: bash's <(…) and /dev/stdin need them.
ln -s /proc/self/fd /dev/fd
ln -s /proc/self/fd/0 /dev/stdin
ln -s /proc/self/fd/1 /dev/stdout
ln -s /proc/self/fd/2 /dev/stderr
# The root filesystem is the kernel's tmpfs, capped at half the guest RAM: if the image did not fit, say so.
[ -x /usr/bin/bash ] || echo "init: the initramfs did not unpack completely (guest RAM too small?)" >&2
cat > /etc/passwd <<'P'
root:x:0:0:root:/root:/bin/bash
learner:x:1000:1000:Learner:/home/learner:/bin/bash
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
P
cat > /etc/group <<'G'
root:x:0:
learner:x:1000:
nogroup:x:65534:
G
chmod 644 /etc/passwd /etc/group
# The root tmpfs is nearly full with the image itself; the learner writes to tmpfs mounts of their own. They take
# guest RAM only as files are written.
mount -t tmpfs -o size=32m,mode=1777 tmpfs /tmp
mount -t tmpfs -o size=32m,mode=755 tmpfs /home
mkdir -p /home/learner
chown 1000:1000 /home/learner
chmod 755 /home/learner
hostname $hostname_in_guest
echo learner > /run/lab-user

# The handshake with the host (scripts/labs/lab-handshake) runs in a session of its own, as the learner's shell does.
setsid cttyhack /usr/lib/bastion/lab-handshake
user=\$(cat /run/lab-user)
while true; do
  setsid cttyhack su -l "\$user"
  sleep 1 # a shell that cannot start must not spin
done
EOF
chmod 755 init

# 4. Pack reproducibly.
find . -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$out"
find . -mindepth 1 -printf '%P\n' | sort | cpio --quiet -o -H newc -R 0:0 --reproducible | gzip -n -9 > "$work/initramfs.cpio.gz"
cd - >/dev/null

cp "$kernel_deb"/boot/vmlinuz-* "$work/vmlinuz"
cp "$bios_deb/usr/share/seabios/bios.bin" "$work/seabios.bin"
for f in vmlinuz initramfs.cpio.gz seabios.bin; do install -m 644 "$work/$f" "$out/$f"; done

# 5. Manifest and SOURCES.
pkgs_json=$(for i in "${!names[@]}"; do
  jq -n --arg name "${names[$i]}" --arg arch "${archs[$i]}" --arg version "${versions[$i]}" \
    --arg sha256 "${sums[$i]}" --arg licence "${licences[$i]}" --arg source "${sources[$i]}" \
    '{name: $name, arch: $arch, version: $version, sha256: $sha256, licence: $licence, source: $source}'
done | jq -s 'sort_by(.name)')
files_json=$(for f in vmlinuz initramfs.cpio.gz seabios.bin; do
  jq -n --arg file "$f" --arg sha256 "$(sha256sum < "$out/$f" | cut -d' ' -f1)" --argjson size "$(stat -c %s "$out/$f")" \
    '{file: $file, sha256: $sha256, size: $size}'
done | jq -s '.')
jq -n --argjson packages "$pkgs_json" --argjson files "$files_json" --argjson epoch "$SOURCE_DATE_EPOCH" \
  --arg cmdline 'console=ttyS0 quiet loglevel=3 tsc=reliable mitigations=off nowatchdog' \
  '{distribution: "Debian 12 (bookworm)", built_by: "scripts/labs/build-image.sh", source_date_epoch: $epoch,
    kernel_cmdline: $cmdline, files: $files, packages: $packages}' > "$out/manifest.json"

{
  cat <<'EOF'
# Corresponding source for the lab image

`labs/image/` holds binaries built by Debian and repackaged, unmodified, by `scripts/labs/build-image.sh`:
`vmlinuz` is Debian's kernel, `seabios.bin` Debian's SeaBIOS, and `initramfs.cpio.gz` holds files taken unchanged
from the packages below plus a generated `/init`, `/etc/profile` and a few configuration files. Several of these
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
(cd "$out" && sha256sum vmlinuz initramfs.cpio.gz seabios.bin && ls -l vmlinuz initramfs.cpio.gz seabios.bin)
