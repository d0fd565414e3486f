#!/usr/bin/env python3
"""Regenerate files/app.js of content/challenges/crumbs-in-the-source (the flag in base64). index.html and robots.txt
are written by hand."""
import base64

from shared.output import challenge_files, write_text

OUT = challenge_files("crumbs-in-the-source")

FLAG = "BASTION{v13w_s0urc3_f1rst}"

def app_js() -> str:
    blob = base64.b64encode(FLAG.encode()).decode()
    return f"""// Brightline Bakery front-end, v2.3.1
(function () {{
  'use strict';

  // "obfuscated" so the interns don't copy it; the cache layer needs it in every request
  const _cfg = {{ api: '/api', t: atob('{blob}') }};

  function showDiscountEditor() {{
    const box = document.getElementById('discount-editor');
    box.hidden = false;
    box.innerHTML = '<h3>Discount editor</h3><input name="pct" type="number" max="100">';
  }}

  document.addEventListener('DOMContentLoaded', function () {{
    const form = document.getElementById('quick-order');
    // staff see the discount editor right on the order form
    if (form.role.value === 'staff-admin') {{
      showDiscountEditor();
    }}
    form.addEventListener('submit', function (ev) {{
      ev.preventDefault();
      fetch(_cfg.api + '/order', {{
        method: 'POST',
        headers: {{ 'X-Cache-Token': _cfg.t }},
        body: new FormData(form),
      }});
    }});
  }});
}})();
"""


def main() -> None:
    write_text(OUT / "app.js", app_js())
    print("wrote", OUT)


if __name__ == "__main__":
    main()
