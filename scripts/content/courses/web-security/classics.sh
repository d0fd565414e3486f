#!/bin/bash
# Writes the generated lab files of web security module 5 into the folder given as $1:
# responses/ (the clickjacking quiz: eight pages' recorded responses).
set -euo pipefail
out=${1:?usage: classics.sh FOLDER}
mkdir -p "$out/responses"

# page FILE BODY HEADER...: a 200 response with the common headers, the page's own headers, an empty line, the body
page() {
  local file=$1 body=$2
  shift 2
  {
    printf '%s\n' 'HTTP/1.1 200 OK' 'Server: nginx' 'Content-Type: text/html; charset=utf-8' "$@" ''
    printf '%s\n' "$body"
  } > "$out/responses/$file"
}
page A-account-settings.http '<h1>Account settings</h1>' 'X-Frame-Options: DENY' 'Cache-Control: no-store'
page B-transfer.http '<form method="post" action="/transfer">...</form>' \
  "Content-Security-Policy: default-src 'self'; frame-ancestors 'self'"
page C-delete-profile.http '<button form="delete">Delete my profile</button>' \
  'X-Frame-Options: ALLOW-FROM https://partner.example'
page D-change-email.http "$(printf '%s\n' '<head>' \
  "  <meta http-equiv=\"Content-Security-Policy\" content=\"frame-ancestors 'none'\">" '</head>' \
  '<form method="post" action="/email">...</form>')" 'Cache-Control: no-store'
page E-disable-2fa.http '<button>Turn off two-factor authentication</button>' \
  'X-Frame-Options: SAMEORIGIN' 'Content-Security-Policy: frame-ancestors https://*.partner.example'
page F-api-keys.http '<button>Create API key</button>' \
  "Content-Security-Policy-Report-Only: frame-ancestors 'none'; report-uri /csp-reports"
page G-logout.http '<button>Log out everywhere</button>' 'X-Frame-Options: SAMEORIGIN'
page H-dashboard.http '<button>Approve pending payments</button>' \
  'X-Frame-Options: DENY' 'Content-Security-Policy: frame-ancestors *'
