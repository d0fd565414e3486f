#!/usr/bin/env python3
"""The encrypted implant configuration of the quiz 02-python-for-security-work/02-undo-the-xor: base64 of the JSON
XORed with a repeating 8-byte key (printed as the lab file config.b64, wrapped at 76 columns like base64(1))."""
import base64, json, textwrap

key = bytes.fromhex("5a139c07e1b42f68")
config = {
    "id": "ws-0419",
    "c2": ["https://cdn-update.example.net/api/v2/beacon", "https://203.0.113.200:8443/b"],
    "sleep": 300,
    "jitter": 0.2,
    "exfil_dir": "/var/tmp/.cache/.fonts",
    "targets": ["*.kdbx", "id_*", "*.ovpn", "wallet.dat"],
    "kill_date": "2026-06-30",
}
plain = json.dumps(config).encode()
blob = bytes(c ^ key[i % len(key)] for i, c in enumerate(plain))
config_b64 = "\n".join(textwrap.wrap(base64.b64encode(blob).decode(), 76)) + "\n"
