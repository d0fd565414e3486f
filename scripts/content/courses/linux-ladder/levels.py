"""The eighteen levels of the Linux Ladder: story, lab files, solution and explanation of each."""
import hashlib
import random
import re
import shlex
import string

from binaries import ARCHIVE_MTIME, b64, noise, setuid_launcher

# PASSWORDS[n] is the password of account ladder<n>: level n's quiz answers with PASSWORDS[n + 1]. Each learner has
# their own (decision 0197): the content names them, and the server derives each learner's value, shared by every
# level of the course (`shared`), so the password found in one level logs in to the next.
PASSWORDS = {n: f"{{{{secret.ladder{n}_password}}}}" for n in range(1, 19)}
PASSWORD_FORM = {"length": 32, "alphabet": "alnum", "shared": "linux-ladder"}
# What a learner's password looks like, for the checks below that need real bytes (a password's length is fixed).
SAMPLE_PASSWORD = "z4viEqhaQs3S4tuMfxFcLId2kGyBLikb"

CLOCK = "2026-03-02T09:00:00Z"
PLACED = "2026-02-27T10:12:00Z"  # when the level's files were laid out
MODULES = {1: "01-first-steps", 2: "02-finding-things", 3: "03-layers-and-privileges"}
ALPHABET = string.ascii_letters + string.digits

WORDS = """
abacus acorn almond amber anchor anvil apricot arbor arrow aspen atlas badger bamboo banner barley basalt beacon
bellows birch bison blossom bobbin bramble breeze bridle bronze bucket buffalo bugle cabin cactus canopy canyon
carbon cargo cedar cellar chalk chapel cherry chisel cinder citadel clover cobalt comet compass copper coral
cotton cradle crater cricket crystal cypress dagger daisy delta denim desert dingo dolphin domino dragon drum
dune eagle ebony echo ember emerald falcon fathom fennel fern fiddle fjord flint forge fossil fountain fox
galaxy garnet geyser ginger glacier goblet granite gravel guitar hammer harbor harvest hazel heron hickory
hollow honey horizon iceberg igloo indigo iris ivory jackal jasmine jasper juniper kayak kernel kettle kiln
lagoon lantern larch lattice lava lemon lichen lilac linen lizard lobster locket lotus magnet mango maple marble
meadow mercury mesa meteor mint mirror monsoon mortar mosaic moss nectar nickel nutmeg oasis obsidian ocean
olive onyx orchid otter oyster paddle pebble pepper pewter pigeon pillar pine plume pollen poppy prairie quarry
quartz quill quiver radish raven reef ribbon river robin saddle saffron salmon sandal sapphire scarlet shale
shovel sierra silver slate sorrel sparrow spruce squall summit sundial swallow talon tangerine thistle thunder
timber topaz tundra tulip turret umber valley velvet violet walnut willow wizard yarrow zephyr zinc
""".split()


def random_password(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(32))


def text(content: str, **attributes) -> dict:
    return {"content": content, "mtime": PLACED, **attributes}


def binary(data: bytes, **attributes) -> dict:
    return {"base64": b64(data), "mtime": PLACED, **attributes}


def own_password(n: int) -> dict:
    """Bandit's convention: every account's own password, readable by that account alone."""
    if n == 0:
        return {}
    return {f"/etc/ladder_pass/ladder{n}": text(PASSWORDS[n] + "\n", owner=f"ladder{n}", mode="0400")}


# The levels whose accounts have login passwords (decision 0166): the lab starts where the level before left the
# learner, as ladder<n-1>, and the learner logs in to ladder<n> with `su` and the password found there, as Bandit's
# levels start with `ssh` and the last password; the next account, ladder<n+1>, takes the password this level hides.
SU_LEVELS = range(0, 6)


def su_solution(n: int, find: str) -> str:
    """The level's solution in a lab that starts as ladder<n-1>: log in to ladder<n> with `su` and level n-1's answer,
    find the next password as ladder<n>, then log in to ladder<n+1> with it and read what only that account can read.
    `su` reads the password from its standard input when that is not a terminal; it asks on standard error."""
    lines = []
    if n == 0:
        lines.append(f"found=$({find})")
    else:
        lines += [
            f"# log in as ladder{n} with level {n - 1}'s answer; su asks for it on stderr and reads it from stdin",
            f"found=$(su - ladder{n} -c {shlex.quote(find)} 2>/dev/null <<< {shlex.quote(PASSWORDS[n])})",
        ]
    lines += [
        f"# the find is ladder{n + 1}'s password if su accepts it: read the file only ladder{n + 1} can read",
        f'su ladder{n + 1} -c "cat /etc/ladder_pass/ladder{n + 1}" 2>/dev/null <<< "$found"',
    ]
    return "\n".join(lines) + "\n"


def su_question(n: int, question: str) -> str:
    if n == 0:
        login = ""
    else:
        login = (
            f"You are `ladder{n - 1}`, where level {n - 1} left you. Log in as `ladder{n}` with `su - ladder{n}` and\n"
            f"the password you found in level {n - 1}: this level's files are readable by `ladder{n}` alone.\n\n"
        )
    check = (
        f"\n\nBefore you enter it, try it: `su - ladder{n + 1}` accepts the right password, and\n"
        f"`/etc/ladder_pass/ladder{n + 1}`, readable by `ladder{n + 1}` alone, holds it.\n"
    )
    return login + question.rstrip("\n") + check


def su_explanation(n: int, explanation: str) -> str:
    login = (
        ""
        if n == 0
        else f"""\
First log in to this level's account with the password from level {n - 1}. `su` asks for it
and shows nothing while you type:

```console
ladder{n - 1}@ladder:~$ su - ladder{n}
Password:
ladder{n}@ladder:~$
```

"""
    )
    check = f"""

Then check your find the same way: `su - ladder{n + 1}` with it gives you a `ladder{n + 1}` shell,
where `cat /etc/ladder_pass/ladder{n + 1}` prints it back. `exit` leaves each shell that `su` started.
"""
    return login + explanation.rstrip("\n") + check


# The levels whose skill is finding the one file that holds the next password, as Bandit's are: once found, the
# learner's own account reads it, and the shortcut probe of `content validate` is told so.
# The file each "find the file" level leads to: the replay's probe lets the next password lie there and nowhere else
# the level's account can read (the su levels' files are their own account's, out of the previous level's reach).
ANSWER_FILES = {
    0: "/home/ladder0/readme",
    6: "/home/ladder6/inhere/maybehere04/.file2",
    7: "/var/lib/misc/ladder7.password",
    8: "/home/ladder8/data.txt",
    9: "/home/ladder9/data.txt",
    10: "/home/ladder10/data.bin",
    14: "/home/ladder14/passwords.new",
}


def level(n, slug, title, question, files, solution, explanation, hint, hint_cost=2, home=None, services=None):
    module = 1 + n // 6
    user = f"ladder{n}"
    terminal_files = {**(home or {}), **own_password(n), **files}
    login = user
    accounts = None
    if n in SU_LEVELS:
        # The level's account and the next one have passwords; the level's files are ladder<n>'s and private.
        login = f"ladder{n - 1}" if n > 0 else user
        accounts = [{"name": f"ladder{m}", "password": PASSWORDS[m]} for m in (n, n + 1) if m > 0]
        if n > 0:
            terminal_files = {
                f"/home/{user}": {"directory": True, "owner": user, "mode": "0700", "mtime": PLACED},
                **{
                    path: {"owner": user, **spec} if path.startswith(f"/home/{user}/") else spec
                    for path, spec in terminal_files.items()
                },
            }
        terminal_files[f"/etc/ladder_pass/ladder{n + 1}"] = text(
            PASSWORDS[n + 1] + "\n", owner=f"ladder{n + 1}", mode="0400"
        )
        question = su_question(n, question)
        explanation = su_explanation(n, explanation)
        solution = su_solution(n, solution)
    return {
        "file": f"{MODULES[module]}/{2 + n % 6:02d}-level-{n:02d}-{slug}.quiz.yaml",
        "title": f"Level {n}: {title}",
        "question": question,
        "answer": PASSWORDS[n + 1],
        "case_sensitive": True,
        **({"answer_at": ANSWER_FILES[n]} if n in ANSWER_FILES else {}),
        "explanation": explanation,
        "hint": hint,
        "hint_cost": hint_cost,
        "terminal": {
            "hostname": "ladder",
            "user": login,
            "secrets": {f"ladder{m}_password": PASSWORD_FORM for m in (n, n + 1) if m > 0},
            "cwd": f"/home/{login}",
            "clock": CLOCK,
            **({"accounts": accounts} if accounts else {}),
            **({"services": services} if services else {}),
            "files": terminal_files,
            "solution": solution,
        },
    }


def level_00():
    return level(
        0,
        "read-the-readme",
        "Read the Readme",
        """\
Welcome to the Linux Ladder. Every level is a small Linux machine of its own, with an
account `ladderN` for the level. Somewhere on that machine is the password of the next
account, `ladderN+1`: find it, enter it here, and the next level opens. In this module's
levels you start as the account you were, and log in to the next one yourself with `su`
and the password you found, as you would with `ssh` on a real server.

You are `ladder0`. The password for `ladder1` is in a file called `readme` in your home
directory. Read it and enter the password.
""",
        {
            "/home/ladder0/readme": text(
                "Congratulations on your first step up the ladder.\n"
                "\n"
                "Every level from here on hides the next password somewhere on its machine.\n"
                "Your own password is always in /etc/ladder_pass/, readable by you alone.\n"
                "\n"
                "The password for ladder1 is:\n"
                f"{PASSWORDS[1]}\n"
            )
        },
        "tail -n 1 readme",
        """\
`ls` lists what is in your home directory, and `cat readme` prints the file:

```console
ladder0@ladder:~$ ls
readme
ladder0@ladder:~$ cat readme
```

The password is its last line. Copy it exactly: from here on every answer is case-sensitive.

**Remember:** on a machine you do not know, start with three questions: where am I (`pwd`), who
am I (`id`), and what is here (`ls -la`). Every level that follows starts the same way.
""",
        "Type `ls` to see the files in your home directory, then `cat` and the file's name.",
        hint_cost=0,
    )


def level_01():
    return level(
        1,
        "a-file-named-dash",
        "A File Named Dash",
        "The password for `ladder2` is in a file called `-` in your home directory.",
        {"/home/ladder1/-": text(PASSWORDS[2] + "\n")},
        "cat ./-",
        """\
Many programs, `cat` among them, read a lone `-` as "standard input", not as a file name. So
`cat -` waits for you to type (Ctrl+C gets you out), and even `cat -- -` does the same, because
`--` only ends the options: `-` after it still means standard input.

Give the file a path that does not start with `-`, and `cat` opens the file:

```console
ladder1@ladder:~$ cat ./-
```

`cat /home/ladder1/-` works too, and so does `cat < -`: there the shell opens the file and hands
it to `cat` as its input.

**Remember:** `./` in front of an awkward name (`./-`, `./-rf`, `./--help`) turns it into a path
that no program mistakes for an option. Attackers name files `-rf` or `--checkpoint-action=…`
precisely because a careless `rm *` or `tar *` reads them as options.
""",
        "For `cat`, a lone `-` means standard input, not a file. Name the file by a path that does not start with `-`.",
    )


def level_02():
    return level(
        2,
        "spaces-in-the-name",
        "Spaces in the Name",
        "The password for `ladder3` is in a file in your home directory whose name has spaces in it.",
        {"/home/ladder2/spaces in this filename": text(PASSWORDS[3] + "\n")},
        'cat "spaces in this filename"',
        """\
`ls` shows one file, `spaces in this filename`. Typed as it is, `cat spaces in this filename`
asks for four files (`spaces`, `in`, `this` and `filename`), because the shell splits a command
line into words at every space. Keep the name in one piece:

```console
ladder2@ladder:~$ cat "spaces in this filename"
ladder2@ladder:~$ cat spaces\\ in\\ this\\ filename
```

Quotes keep everything between them together; a backslash protects the one character after it.
Tab completion writes the backslashes for you: type `cat sp` and press Tab.

**Remember:** quote every variable that holds a file name in a script (`"$file"`, not `$file`).
An unquoted name with a space, or a `*`, in it is a classic way to make a script delete or copy
the wrong files.
""",
        "The shell splits words at spaces. Put the whole name in quotes, or type its first letters and press Tab.",
    )


def level_03():
    return level(
        3,
        "hidden-in-plain-sight",
        "Hidden in Plain Sight",
        "The password for `ladder4` is in a hidden file in the `inhere` directory.",
        {
            "/home/ladder3/inhere": {"directory": True, "mtime": PLACED},
            "/home/ladder3/inhere/nothing-here.txt": text("Nothing to see here. Are you sure you looked at everything?\n"),
            "/home/ladder3/inhere/...psst": text(PASSWORDS[4] + "\n"),
        },
        "cat inhere/...psst",
        """\
`ls inhere` shows only `nothing-here.txt`. `ls` leaves out every name that starts with a dot;
`ls -a` shows them all, `ls -la` with their details:

```console
ladder3@ladder:~$ ls -a inhere
.  ..  ...psst  nothing-here.txt
ladder3@ladder:~$ cat inhere/...psst
```

`.` is the directory itself and `..` its parent; `...psst` is an ordinary file whose name
happens to start with dots, which is all "hidden" means on Linux. Nothing else protects it.

**Remember:** always list with `ls -la` on a machine you investigate. Dotfiles hold
configuration (`.bashrc`, `.ssh/`), shell history (`.bash_history`) and, on a compromised
machine, very often the intruder's tools: a directory called `...` or `.. ` (dot, dot, space)
is a long-standing hiding trick.
""",
        "`ls` skips names that start with a dot. `ls -a` shows them.",
    )


def level_04():
    rng = random.Random(4)
    files = {"/home/ladder4/inhere": {"directory": True, "mtime": PLACED}}
    for i in range(10):
        path = f"/home/ladder4/inhere/-file{i:02d}"
        files[path] = text(PASSWORDS[5] + "\n") if i == 7 else binary(noise(rng, rng.randrange(30, 48)))
    return level(
        4,
        "the-readable-one",
        "The Readable One",
        """\
The password for `ladder5` is in the only human-readable file in the `inhere` directory. The
others hold binary data that makes a mess of your terminal if you `cat` them.
""",
        files,
        "file ./inhere/* | grep text | cut -d: -f1 | xargs cat",
        """\
`file` looks at a file's first bytes and says what they are, whatever the file's name:

```console
ladder4@ladder:~$ file ./inhere/*
./inhere/-file00: data
…
./inhere/-file07: ASCII text
…
ladder4@ladder:~$ cat ./inhere/-file07
```

The names start with `-` again, so the `./` matters: `file *` inside `inhere` would read
`-file00` as options. Here the `./inhere/` prefix already makes every name a safe path.

If binary output has scrambled your terminal, `reset` puts it right.

**Remember:** a file's name and extension are only labels. `file` reads the content: on a
machine you investigate it tells a script from a program, an archive from an image, and a
`report.pdf` that is really an ELF program from a real PDF.
""",
        "`file` tells text from binary data. The names start with `-`: give them a `./` path.",
    )


def level_05():
    return level(
        5,
        "locked-away",
        "Locked Away",
        """\
The password for `ladder6` is in `vault/password` in your home directory. You own both the
directory and the file, but every permission on them has been taken away.
""",
        {
            "/home/ladder5/vault": {"directory": True, "mode": "0000", "mtime": PLACED},
            "/home/ladder5/vault/password": text(PASSWORDS[6] + "\n", mode="0000"),
        },
        "chmod u+rx vault && chmod u+r vault/password && cat vault/password",
        """\
`ls -l` shows why `ls vault` and `cat vault/password` are refused:

```console
ladder5@ladder:~$ ls -l
total 0
d--------- 2 ladder5 ladder5 60 Feb 27 10:12 vault
```

No one has any permission on `vault`, not even its owner. But the owner of a file may always
change its mode, so give yourself back what you need:

```console
ladder5@ladder:~$ chmod u+rx vault
ladder5@ladder:~$ chmod u+r vault/password
ladder5@ladder:~$ cat vault/password
```

On a directory, `r` lets you list its names and `x` lets you reach the files inside; you need
`x` on `vault` before you can even change the mode of `vault/password`.

**Remember:** `chmod u+r` (add read for the owner), `g-w` (take write from the group) and `o=`
(nothing for others) change one thing at a time; `chmod 600 file` sets all three at once. Only
the owner (and root) may change a mode. Private directories are `700`, private files `600`.
""",
        "`ls -l` shows the permissions. As the owner you may change them with `chmod u+…`: the directory first.",
    )


def level_06():
    rng = random.Random(6)
    names = ["-file1", ".file2", "spaces file3"]
    files = {}
    target = ("maybehere04", ".file2")
    executable_decoy = ("maybehere01", "-file1")
    binary_decoy = ("maybehere05", "spaces file3")
    for d in range(6):
        directory = f"maybehere{d:02d}"
        files[f"/home/ladder6/inhere/{directory}"] = {"directory": True, "mtime": PLACED}
        for name in names:
            path = f"/home/ladder6/inhere/{directory}/{name}"
            if (directory, name) == target:
                content = PASSWORDS[7] + "\n" + " " * (1033 - 34) + "\n"
                files[path] = text(content)
            elif (directory, name) == executable_decoy:
                head = f"#!/bin/sh\n# {random_password(rng)}\n"
                files[path] = text(head + "#" * (1033 - len(head) - 1) + "\n", mode="0755")
            elif (directory, name) == binary_decoy:
                files[path] = binary(noise(rng, 1033))
            elif rng.random() < 0.5:
                size = rng.randrange(100, 500)
                files[path] = binary(noise(rng, size), mode=rng.choice(["0644", "0755"]))
            else:
                line = random_password(rng) + "\n"
                size = rng.randrange(100, 600)
                files[path] = text(line + " " * (size - len(line) - 1) + "\n", mode=rng.choice(["0644", "0755"]))
    return level(
        6,
        "size-not-name",
        "Size, Not Name",
        """\
The password for `ladder7` is in a file somewhere under the `inhere` directory. It is the only
file there that is all of these:

- human-readable
- 1033 bytes in size
- not executable
""",
        files,
        "find inhere -type f -size 1033c ! -executable -exec file {} + | grep 'ASCII text' | cut -d: -f1 | xargs cat",
        """\
Eighteen files in six directories are too many to open one by one. `find` filters them by the
properties the question gives:

```console
ladder6@ladder:~$ find inhere -type f -size 1033c ! -executable
inhere/maybehere05/spaces file3
inhere/maybehere04/.file2
ladder6@ladder:~$ file inhere/maybehere04/.file2 "inhere/maybehere05/spaces file3"
inhere/maybehere04/.file2:       ASCII text, with very long lines (999)
inhere/maybehere05/spaces file3: data
ladder6@ladder:~$ cat inhere/maybehere04/.file2
```

`-size 1033c` means exactly 1033 bytes (`c` for bytes; without a unit, `find` counts 512-byte
blocks), and `! -executable` keeps the files you may not run. Two files pass; `file` shows
which one is text. `find … -exec file {} +` does both steps in one command. The password is
followed by a line of spaces that brings the file to its size.

**Remember:** `find` tests by what a file *is* (type, size, owner, permissions, time), not only
by name, and it finds hidden files and odd names without any special effort.
""",
        "`find inhere -type f -size 1033c` lists the files of exactly that size. `! -executable` and `file` narrow it down.",
    )


def level_07():
    rng = random.Random(7)
    return level(
        7,
        "somewhere-on-the-server",
        "Somewhere on the Server",
        """\
The password for `ladder8` is stored somewhere on the server, not in your home directory.
The file is:

- owned by user `ladder8`
- owned by group `ladder7`
- 33 bytes in size

A search of the whole file system also walks through `/proc`, the kernel's live view of every
process, which is slow in this lab: the lesson shows how to leave it out.
""",
        {
            "/var/lib/misc/ladder7.password": text(PASSWORDS[8] + "\n", owner="ladder8", group="ladder7", mode="0640"),
            "/etc/ladder_pass/ladder8": text(PASSWORDS[8] + "\n", owner="ladder8", mode="0400"),
            "/var/backups/ladder8.notes": text(
                "Moved the ladder7 password file somewhere safer. Not telling where.\n",
                owner="ladder8", group="ladder7", mode="0640",
            ),
            "/opt/ladder/cache/session": text(random_password(rng) + "\n", owner="ladder8", mode="0640"),
            "/var/tmp/ladder7.tmp": text(random_password(rng) + "\n", owner="ladder7", group="ladder7", mode="0644"),
        },
        'cat "$(find / -xdev -user ladder8 -group ladder7 -size 33c 2>/dev/null)"',
        """\
`find /` searches everything, and the three conditions together leave one file:

```console
ladder7@ladder:~$ find / -path /proc -prune -o -user ladder8 -group ladder7 -size 33c -print 2>/dev/null
/var/lib/misc/ladder7.password
ladder7@ladder:~$ cat /var/lib/misc/ladder7.password
```

`2>/dev/null` throws away the hundreds of "Permission denied" messages from directories you
may not read, so only results remain. `-path /proc -prune -o … -print` tells `find` not to go
into `/proc` at all; without it the same command works, it only takes much longer.

Two near misses show why every condition counts: `/etc/ladder_pass/ladder8` is 33 bytes and
owned by `ladder8` but its group is `ladder8` (and you may not read it), and
`/var/backups/ladder8.notes` has the right owner and group but the wrong size.

**Remember:** `find / -user <name> 2>/dev/null` is one of the first commands of any privilege
check on Linux: the files of an account, or of a group you belong to, lead to its scripts,
backups and secrets.
""",
        "`find / -user … -group … -size 33c 2>/dev/null`. `-path /proc -prune -o … -print` keeps it fast.",
    )


def level_08():
    rng = random.Random(8)
    words = [w for w in WORDS if "keystone" not in w]
    rng.shuffle(words)
    lines = [f"{word}\t{random_password(rng)}" for word in words[:159]]
    lines.insert(97, f"keystone\t{PASSWORDS[9]}")
    return level(
        8,
        "next-to-a-word",
        "Next to a Word",
        "The password for `ladder9` is in `data.txt`, next to the word `keystone`.",
        {"/home/ladder8/data.txt": text("\n".join(lines) + "\n")},
        "grep -w keystone data.txt | cut -f2",
        """\
`data.txt` has 160 lines, each a word and a password-like string. `grep` prints only the lines
that contain a pattern:

```console
ladder8@ladder:~$ grep keystone data.txt
keystone	…
```

The password is the second field of that line. `grep -w` matches whole words only (it would not
match `keystones`), and `cut -f2` keeps the second tab-separated field if you want the password
alone: `grep -w keystone data.txt | cut -f2`.

**Remember:** `grep` is how you read big files: `grep -n` adds line numbers, `grep -i` ignores
case, `grep -r` searches a whole directory tree, and `grep -A 2` / `-B 2` show the lines after
or before each match, which is often where the interesting part of a log entry is.
""",
        "`grep` prints the lines of a file that contain a word.",
    )


def level_09():
    rng = random.Random(9)
    lines = []
    for _ in range(40):
        lines += [random_password(rng)] * rng.randrange(2, 6)
    lines.append(PASSWORDS[10])
    rng.shuffle(lines)
    return level(
        9,
        "the-only-one",
        "The Only One",
        """\
The password for `ladder10` is in `data.txt`: it is the only line there that occurs exactly
once. Every other line appears two or more times.
""",
        {"/home/ladder9/data.txt": text("\n".join(lines) + "\n")},
        "sort data.txt | uniq -u",
        """\
`uniq` compares each line only with the line just before it, so it needs sorted input: `sort`
brings equal lines together, then `uniq -u` prints the lines that have no twin.

```console
ladder9@ladder:~$ sort data.txt | uniq -u
```

`uniq -u` alone, on the unsorted file, would print almost every line, because the copies of
each line are scattered through the file.

**Remember:** `sort | uniq -c | sort -rn` is the counting pipeline of log analysis: it ranks
anything (IP addresses, user names, URLs) by how often it occurs. `uniq -d` prints only the
duplicated lines, `uniq -u` only the unique ones.
""",
        "`uniq` only compares neighbouring lines. `sort` the file first, then look at `uniq`'s options.",
    )


def level_10():
    rng = random.Random(10)
    markers = ["the", "password", "is", PASSWORDS[11]]
    noises = [noise(rng, rng.randrange(300, 500)) for _ in markers] + [noise(rng, 300)]

    def assembled(words: list[str]) -> bytes:
        data = b"".join(part + b"\0========== " + word.encode() + b"\0" for part, word in zip(noises, words))
        return data + noises[-1]

    sample = markers[:-1] + [SAMPLE_PASSWORD]
    printable_runs = re.findall(rb"[\t\x20-\x7e]{4,}", assembled(sample))
    assert [run for run in printable_runs if b"==" in run] == [b"========== " + m.encode() for m in sample]
    # Made in the guest, with the learner's own password among the markers: the noise, then each marker.
    command = "\n".join(
        line
        for part, word in zip(noises, markers)
        for line in (f"printf '%s' {b64(part)} | base64 -d", f"printf '\\000========== %s\\000' {shlex.quote(word)}")
    )
    command += f"\nprintf '%s' {b64(noises[-1])} | base64 -d"
    return level(
        10,
        "strings-in-the-noise",
        "Strings in the Noise",
        """\
The password for `ladder11` is in `data.bin`, one of the few human-readable strings in it,
preceded by several `=` characters.
""",
        {"/home/ladder10/data.bin": {"generate": command, "mtime": PLACED}},
        "strings data.bin | grep '==' | tail -n 1 | cut -d' ' -f2",
        """\
`data.bin` is binary data: `cat` prints garbage. `strings` prints only the runs of printable
characters (four or more by default), one per line, and `grep` keeps those with `=` signs:

```console
ladder10@ladder:~$ strings data.bin | grep ==
========== the
========== password
========== is
========== …
```

Read together, the four lines say "the password is …".

**Remember:** `strings` is the first look inside any binary: a program's strings show the
files, commands and messages it uses (often a hard-coded password or URL), and the strings of a
disk image or a memory dump show text that was never meant to be seen. The lab's `strings` is
BusyBox's: `strings -n 8` raises the minimum length.
""",
        "`strings data.bin` prints the readable parts of a binary file; `grep` finds the `=` signs.",
    )


def level_11():
    encoded = f"printf 'The password is %s\\n' {shlex.quote(PASSWORDS[12])} | base64"
    return level(
        11,
        "base64",
        "Base64",
        "The password for `ladder12` is in `data.txt`, which holds base64-encoded data.",
        {"/home/ladder11/data.txt": {"generate": encoded, "mtime": PLACED}},
        "base64 -d data.txt | cut -d' ' -f4",
        """\
Base64 writes any bytes with 64 printable characters (`A`-`Z`, `a`-`z`, `0`-`9`, `+`, `/`), with
`=` signs to pad the end. `base64 -d` turns it back:

```console
ladder11@ladder:~$ base64 -d data.txt
The password is …
```

**Remember:** base64 is an encoding, not encryption: anyone can reverse it without a key. You
meet it in HTTP Basic authentication headers, JSON Web Tokens, e-mail attachments, Kubernetes
secrets and obfuscated malware; a long run of `A-Za-z0-9+/` ending in `=` is almost always
worth decoding.
""",
        "`base64 -d` decodes.",
    )


def level_12():
    return level(
        12,
        "thirteen-places",
        "Thirteen Places",
        """\
The password for `ladder13` is in `data.txt`, where every letter has been rotated by 13
positions in the alphabet (ROT13).
""",
        {
            "/home/ladder12/data.txt": {
                "generate": f"printf 'The password is %s\\n' {shlex.quote(PASSWORDS[13])} | tr 'A-Za-z' 'N-ZA-Mn-za-m'",
                "mtime": PLACED,
            }
        },
        "tr 'A-Za-z' 'N-ZA-Mn-za-m' < data.txt | cut -d' ' -f4",
        """\
ROT13 moves every letter 13 places along the alphabet (`A` becomes `N`, `N` becomes `A`) and
leaves digits alone. Since the alphabet has 26 letters, doing it twice gives back the original,
so the same `tr` command encodes and decodes:

```console
ladder12@ladder:~$ cat data.txt
Gur cnffjbeq vf …
ladder12@ladder:~$ tr 'A-Za-z' 'N-ZA-Mn-za-m' < data.txt
The password is …
```

`tr` maps each character of its first set to the character at the same position in the second:
`A`-`Z` to `N`-`Z` then `A`-`M`, and the same for lower case. `tr` only reads standard input,
hence the `<`.

**Remember:** ROT13 and every other fixed substitution hide text from a glance, not from anyone
who tries. `tr` does the other everyday jobs too: `tr -d '\\r'` removes Windows line endings,
`tr 'a-z' 'A-Z'` changes case.
""",
        "`tr` maps one set of characters to another. Map `A-Z` onto `N-Z` followed by `A-M`, and the same in lower case.",
    )


def level_13_layers() -> str:
    """The layers, made in the guest around the learner's own password: a tar of the text, bzip2, a tar of that,
    gzip, bzip2, gzip, and a hex dump of the whole."""
    # The setup's shell prefers BusyBox's applets: the Debian tools the learner undoes the layers with are named.
    tar = f"/usr/bin/tar --format=gnu --owner=root:0 --group=root:0 --mode=0644 --mtime=@{ARCHIVE_MTIME}"
    return f"""\
layers=$(mktemp -d)
printf 'The password is %s\\n' {shlex.quote(PASSWORDS[14])} > "$layers/rung6.txt"
{tar} -C "$layers" -cf "$layers/inner.tar" rung6.txt
/usr/bin/bzip2 -9c "$layers/inner.tar" > "$layers/rung4.bin"
{tar} -C "$layers" -cf - rung4.bin | /usr/bin/gzip -9n | /usr/bin/bzip2 -9 | /usr/bin/gzip -9n | /usr/bin/xxd
rm -r "$layers"
"""


def level_13():
    return level(
        13,
        "layers",
        "Layers",
        """\
The password for `ladder14` is in `data.txt`, a hex dump of a file that was compressed several
times over. Your home directory is not writable: make a directory of your own to work in with
`mktemp -d`.
""",
        {"/home/ladder13/data.txt": {"generate": level_13_layers(), "mtime": PLACED}},
        """\
cd "$(mktemp -d)"
xxd -r ~/data.txt > step1
gzip -dc < step1 > step2
bzip2 -dc < step2 > step3
gzip -dc < step3 > step4
tar -xOf step4 > step5
bzip2 -dc < step5 > step6
tar -xOf step6 | cut -d' ' -f4
""",
        """\
Work in a fresh directory, turn the hex dump back into bytes, then ask `file` what each layer
is and undo it:

```console
ladder13@ladder:~$ cd "$(mktemp -d)"
ladder13@ladder:/tmp/tmp.…$ xxd -r ~/data.txt > data
ladder13@ladder:/tmp/tmp.…$ file data
data: gzip compressed data, max compression, from Unix, original size modulo 2^32 …
ladder13@ladder:/tmp/tmp.…$ mv data data.gz && gunzip data.gz && file data
data: bzip2 compressed data, block size = 900k
```

and so on. From the outside in, the layers are gzip, bzip2, gzip, a tar archive (`tar xf`
unpacks `rung4.bin`), bzip2, and a last tar archive holding `rung6.txt`, which says "The
password is …".

`gunzip` refuses a name without `.gz` (and `bunzip2` names its output `….out` when the input
lacks `.bz2`), hence the `mv`; `gzip -dc < file > out` and `bzip2 -dc` need no renaming. `tar tf`
lists an archive before you unpack it.

**Remember:** `file` after every step. Malware, exfiltrated data and CTF puzzles alike come
wrapped in layers; the loop is always the same: identify, unwrap, identify again. And scratch
work goes in a `mktemp -d` directory, never in someone else's files.
""",
        "`xxd -r` turns the dump back into bytes. Then `file`, unpack with the matching tool, and `file` again.",
        hint_cost=3,
        home={"/home/ladder13": {"directory": True, "owner": "root", "mtime": PLACED}},
    )


def level_14():
    rng = random.Random(14)
    old = [random_password(rng) for _ in range(60)]
    new = list(old)
    new[41] = PASSWORDS[15]
    return level(
        14,
        "what-changed",
        "What Changed",
        """\
Your home directory holds `passwords.old` and `passwords.new`. The password for `ladder15` is
the one line of `passwords.new` that is not in `passwords.old`.
""",
        {
            "/home/ladder14/passwords.old": text("\n".join(old) + "\n", mtime="2026-02-20T08:00:00Z"),
            "/home/ladder14/passwords.new": text("\n".join(new) + "\n"),
        },
        "diff -u passwords.old passwords.new | grep '^+[^+]' | cut -c2-",
        """\
`diff` compares two files line by line. With `-u` it prints the unified format, the one patches
and code reviews use: lines starting with `-` are only in the first file, lines starting with `+`
only in the second, and lines starting with a space give context:

```console
ladder14@ladder:~$ diff -u passwords.old passwords.new
--- passwords.old	2026-02-20 08:00:00.000000000 +0000
+++ passwords.new	2026-02-27 10:12:00.000000000 +0000
@@ -39,7 +39,7 @@
…
-…
+…
…
```

The `+` line (not the `+++` header) is the password. `diff` exits with status 1 when the files
differ and 0 when they are the same, which scripts use to test for changes.

**Remember:** `diff` is how you see what changed: a configuration file against its backup,
`/etc/passwd` against yesterday's copy, a web root against the release it came from. File
integrity monitors such as AIDE are this idea, run on schedule with hashes.
""",
        "`diff -u passwords.old passwords.new` shows the lines that differ.",
    )


def level_15():
    return level(
        15,
        "borrowed-rights",
        "Borrowed Rights",
        """\
The password for `ladder16` is in `/etc/ladder_pass/ladder16`, which only `ladder16` may read.
Your home directory holds a program that belongs to `ladder16`. Use it to read the file.
""",
        {
            "/home/ladder15/ladder16-cat": {
                "copy_of": "/usr/bin/cat", "owner": "ladder16", "group": "ladder15", "mode": "4750", "mtime": PLACED,
            },
            "/etc/ladder_pass/ladder16": text(PASSWORDS[16] + "\n", owner="ladder16", mode="0400"),
        },
        "./ladder16-cat /etc/ladder_pass/ladder16",
        """\
`ls -l` shows an `s` where the owner's `x` would be:

```console
ladder15@ladder:~$ ls -l
total 44
-rwsr-x--- 1 ladder16 ladder15 42920 Feb 27 10:12 ladder16-cat
ladder15@ladder:~$ ./ladder16-cat /etc/ladder_pass/ladder16
```

That is the setuid bit. A setuid program runs with the rights of its *owner*, whoever starts it:
`ladder16-cat` is a copy of `cat`, so anyone in group `ladder15` can read any file that
`ladder16` can read. `cat /etc/ladder_pass/ladder16` on its own is refused; the same request made
through the setuid copy succeeds.

**Remember:** `find / -perm -4000 -type f 2>/dev/null` lists every setuid program. `passwd`,
`su` and `sudo` belong on that list; a general-purpose tool (`cat`, `find`, `vim`, `python3`,
`bash`) with the setuid bit is a way for anyone to act as its owner, and when the owner is root,
to take the machine.
""",
        "`ls -l` in your home: look at the owner of the program and the letter where its `x` would be.",
    )


def level_16():
    job = """\
#!/bin/bash
# Leaves a copy of the account's password in the spool for the night shift.
myname=$(whoami)
target=$(echo "I am user $myname" | md5sum | cut -d ' ' -f 1)

echo "Copying the password of $myname to /var/spool/ladder/$target"
cat /etc/ladder_pass/$myname > /var/spool/ladder/$target
chmod 644 /var/spool/ladder/$target
"""
    return level(
        16,
        "the-night-shift",
        "The Night Shift",
        """\
A cron job runs every minute as `ladder17`. Its entry is in `/etc/cron.d/`; read it and the
script it runs to find where that job leaves the password for `ladder17`.

In this lab a loop stands in for the cron daemon: it runs the job as `ladder17` every few seconds.
""",
        {
            "/etc/cron.d/ladder17": text(
                "# Every minute, as ladder17\n* * * * * ladder17 /usr/local/bin/cronjob_ladder17.sh > /dev/null 2>&1\n",
                owner="root",
            ),
            "/etc/cron.d/ladder16": text(
                "# At 04:30 every day, as ladder16\n30 4 * * * ladder16 /usr/local/bin/cronjob_ladder16.sh > /dev/null 2>&1\n",
                owner="root",
            ),
            "/usr/local/bin/cronjob_ladder17.sh": text(job, owner="root", mode="0755"),
            "/usr/local/bin/cronjob_ladder16.sh": text(
                "#!/bin/bash\n# Clears scratch files older than a day.\nfind /tmp -type f -mtime +1 -delete 2>/dev/null\n",
                owner="root", mode="0755",
            ),
            "/etc/ladder_pass/ladder17": text(PASSWORDS[17] + "\n", owner="ladder17", mode="0400"),
            "/var/spool/ladder": {"directory": True, "owner": "root", "mode": "0733", "mtime": "2026-03-02T08:59:00Z"},
        },
        f"""\
spool=/var/spool/ladder/$(echo "I am user ladder17" | md5sum | cut -d " " -f 1)
for _ in $(seq 30); do [ -s "$spool" ] && break; sleep 1; done  # the job's next run
cat "$spool"
""",
        """\
A file in `/etc/cron.d/` has one job per line: minute, hour, day of month, month, day of week,
*the account it runs as*, and the command. `* * * * * ladder17 …` runs every minute as `ladder17`:

```console
ladder16@ladder:~$ cat /etc/cron.d/ladder17
ladder16@ladder:~$ cat /usr/local/bin/cronjob_ladder17.sh
```

The script names its output after the MD5 hash of a sentence containing the account's name,
and `/var/spool/ladder` lets you reach files but not list them (mode `733`: `-wx` for others),
so you must work the name out. Run the script's own logic with `myname=ladder17`:

```console
ladder16@ladder:~$ echo "I am user ladder17" | md5sum | cut -d ' ' -f 1
ladder16@ladder:~$ cat /var/spool/ladder/<that hash>
```

Running the whole script yourself would only copy *your* password, since `whoami` says
`ladder16`.

**Remember:** scheduled jobs run without anyone watching, often as a privileged account. Read
`/etc/crontab`, `/etc/cron.d/`, `/etc/cron.*/` and `crontab -l` on any machine you assess, then
read every script they start: what it writes, where, and with what permissions.
""",
        "`cat` the entry in `/etc/cron.d/` for ladder17, then the script it names. The output's name is computed: compute it for ladder17.",
        hint_cost=3,
        # Stands in for cron: the job of /etc/cron.d/ladder17, as ladder17, every 3 seconds.
        services=[{
            "name": "cron",
            "user": "ladder17",
            "cwd": "/",
            "command": "while :; do /usr/local/bin/cronjob_ladder17.sh > /dev/null 2>&1; sleep 3; done",
        }],
    )


def level_17():
    report = """\
#!/bin/bash
# The nightly report. nightly-report runs this as ladder18.
PATH=/opt/ladder/tools:/usr/bin:/bin

echo "Nightly report, $(date -u '+%F %R') UTC"
echo "Ladder accounts: $(grep -c '^ladder' /etc/passwd)"
echo "Load average: $(cut -d ' ' -f 1-3 /proc/loadavg)"
"""
    return level(
        17,
        "the-path-trap",
        "The PATH Trap",
        """\
The password for `ladder18` is in `/etc/ladder_pass/ladder18`, which only `ladder18` may read.
In `/opt/ladder`, `nightly-report` is a small setuid program of `ladder18` that you may run: it
does nothing but run the script `nightly-report.sh` as `ladder18`. Read the script, then make it
work for you.
""",
        {
            "/opt/ladder/README": text(
                "nightly-report is a setuid launcher owned by ladder18. It runs /opt/ladder/nightly-report.sh\n"
                "as ladder18 and does nothing else (see `strings nightly-report`). Group ladder17 may run it.\n",
                owner="root",
            ),
            "/opt/ladder/nightly-report": binary(
                setuid_launcher("/opt/ladder/nightly-report.sh"), owner="ladder18", group="ladder17", mode="4750"
            ),
            "/opt/ladder/nightly-report.sh": text(report, owner="root", mode="0755"),
            "/opt/ladder/tools": {"directory": True, "owner": "root", "group": "ladder17", "mode": "0775", "mtime": PLACED},
            "/opt/ladder/tools/README": text(
                "Shared helpers for the admins' scripts. Anyone in group ladder17 may add one.\n", owner="root"
            ),
            "/etc/ladder_pass/ladder18": text(PASSWORDS[18] + "\n", owner="ladder18", mode="0400"),
        },
        """\
printf '#!/bin/bash\\ncat /etc/ladder_pass/ladder18\\n' > /opt/ladder/tools/date
chmod 755 /opt/ladder/tools/date
/opt/ladder/nightly-report | head -n 1 | cut -d' ' -f3
""",
        """\
The script calls `date`, `grep` and `cut` by name, so the shell looks for each in the
directories of `PATH`, in order, and runs the first match. The script's `PATH` starts with
`/opt/ladder/tools`, and that directory is writable by group `ladder17`: yours.

```console
ladder17@ladder:~$ ls -ld /opt/ladder/tools
drwxrwxr-x 2 root ladder17 60 Feb 27 10:12 /opt/ladder/tools
ladder17@ladder:~$ printf '#!/bin/bash\\ncat /etc/ladder_pass/ladder18\\n' > /opt/ladder/tools/date
ladder17@ladder:~$ chmod +x /opt/ladder/tools/date
ladder17@ladder:~$ /opt/ladder/nightly-report
Nightly report, … UTC
```

Your `date` runs as `ladder18`, inside the report, and its output (the password) lands where
the date should be. Remove `/opt/ladder/tools/date` afterwards, as a tidy tester does.

**Remember:** a privileged script is only as safe as every directory in its `PATH` and every
file it runs. Call programs by full path (`/usr/bin/date`) in anything that runs with more
rights than its caller, keep the directories of `PATH` writable by root alone, and never put
`.` or a shared directory early in it. `type -a date` shows every `date` the shell can find, in
the order it would choose.
""",
        "Which programs does `nightly-report.sh` call by name, and which directory comes first in its `PATH`? `ls -ld` that directory.",
        hint_cost=3,
    )


LEVELS = [
    level_00(), level_01(), level_02(), level_03(), level_04(), level_05(),
    level_06(), level_07(), level_08(), level_09(), level_10(), level_11(),
    level_12(), level_13(), level_14(), level_15(), level_16(), level_17(),
]
