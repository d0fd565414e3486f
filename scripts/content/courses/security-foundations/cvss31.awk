#!/usr/bin/gawk -f
# cvss31: CVSS v3.1 base scores, computed with the formulas of the FIRST specification (section 7.1).
# Usage: cvss31 VECTOR...        or one vector per line on standard input
# A vector looks like CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H (the CVSS:3.1/ prefix is optional).
# Prints: score, severity, vector.

BEGIN {
    weight["AV", "N"] = 0.85; weight["AV", "A"] = 0.62; weight["AV", "L"] = 0.55; weight["AV", "P"] = 0.2
    weight["AC", "L"] = 0.77; weight["AC", "H"] = 0.44
    weight["UI", "N"] = 0.85; weight["UI", "R"] = 0.62
    weight["CIA", "H"] = 0.56; weight["CIA", "L"] = 0.22; weight["CIA", "N"] = 0
    # Privileges Required weighs more when the scope changes.
    weight["PR", "U", "N"] = 0.85; weight["PR", "U", "L"] = 0.62; weight["PR", "U", "H"] = 0.27
    weight["PR", "C", "N"] = 0.85; weight["PR", "C", "L"] = 0.68; weight["PR", "C", "H"] = 0.5
    if (ARGC > 1) {
        for (i = 1; i < ARGC; i++) report(ARGV[i])
        exit status
    }
}

NF > 0 { report($1) }

END { exit status }

# The specification's Roundup: the smallest number with one decimal that is >= x,
# computed on integers so that 4.000000001 does not become 4.1.
function roundup(x,    n) {
    n = int(x * 100000 + 0.5)
    if (n % 10000 == 0) return n / 100000
    return (int(n / 10000) + 1) / 10
}

function severity(score) {
    if (score == 0) return "None"
    if (score < 4) return "Low"
    if (score < 7) return "Medium"
    if (score < 9) return "High"
    return "Critical"
}

function report(vector,    parts, n, i, kv, m, key, iss, impact, exploitability, score) {
    delete m
    n = split(vector, parts, "/")
    for (i = 1; i <= n; i++) {
        if (split(parts[i], kv, ":") == 2 && kv[1] != "CVSS") m[kv[1]] = kv[2]
    }
    split("AV AC PR UI S C I A", needed, " ")
    for (i = 1; i <= 8; i++) {
        key = needed[i]
        if (!(key in m)) { print "cvss31: " vector ": missing " key > "/dev/stderr"; status = 1; return }
    }
    if (!((("AV", m["AV"]) in weight) && (("AC", m["AC"]) in weight) && (("UI", m["UI"]) in weight) && \
          (m["S"] == "U" || m["S"] == "C") && (("PR", m["S"], m["PR"]) in weight) && \
          (("CIA", m["C"]) in weight) && (("CIA", m["I"]) in weight) && (("CIA", m["A"]) in weight))) {
        print "cvss31: " vector ": unknown metric value" > "/dev/stderr"; status = 1; return
    }
    iss = 1 - (1 - weight["CIA", m["C"]]) * (1 - weight["CIA", m["I"]]) * (1 - weight["CIA", m["A"]])
    if (m["S"] == "U") impact = 6.42 * iss
    else impact = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ^ 15
    exploitability = 8.22 * weight["AV", m["AV"]] * weight["AC", m["AC"]] * weight["PR", m["S"], m["PR"]] * weight["UI", m["UI"]]
    if (impact <= 0) score = 0
    else if (m["S"] == "U") score = roundup(impact + exploitability < 10 ? impact + exploitability : 10)
    else score = roundup(1.08 * (impact + exploitability) < 10 ? 1.08 * (impact + exploitability) : 10)
    printf "%.1f %s %s\n", score, severity(score), vector
}
