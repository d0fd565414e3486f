#!/usr/bin/env python3
"""Regenerate the attachments of content/challenges/crumbs-in-the-source (deterministic)."""
import base64

from shared.output import challenge_files, write_text

OUT = challenge_files("crumbs-in-the-source")

FLAG = "BASTION{v13w_s0urc3_f1rst}"

INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Brightline Bakery | Fresh every morning</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/static/css/site.css">
  <!-- build 2026.03.02-rc1 -->
</head>
<body>
  <header>
    <a class="logo" href="/">Brightline Bakery</a>
    <nav>
      <a href="/menu">Menu</a>
      <a href="/order">Order online</a>
      <a href="/about">Our story</a>
    </nav>
  </header>

  <main>
    <section class="hero">
      <h1>Sourdough, croissants and cinnamon knots</h1>
      <p>Baked before sunrise at 14 Mill Lane. Order by 9 pm for next-morning pickup.</p>
    </section>

    <!--
      TODO(ravi): remove before go-live!
      The discount editor still talks to the staging box at staging-7f3a.bakery.example.com
      (basic auth is the same as last year). Marketing wants to test it from home.
    -->

    <section class="order">
      <h2>Quick order</h2>
      <form id="quick-order" action="/api/order" method="post">
        <input type="hidden" name="customer_id" value="guest">
        <input type="hidden" name="role" value="customer">
        <label>Item
          <select name="item">
            <option value="sourdough">Country sourdough (EUR 6.50)</option>
            <option value="croissant">Butter croissant (EUR 2.20)</option>
            <option value="knot">Cinnamon knot (EUR 3.10)</option>
          </select>
        </label>
        <label>Quantity <input type="number" name="qty" min="1" max="24" value="1"></label>
        <button type="submit">Add to basket</button>
      </form>
      <div id="discount-editor" hidden></div>
    </section>
  </main>

  <footer>
    <p>&copy; 2026 Brightline Bakery (a fictional company). Contact: hello@bakery.example.com</p>
  </footer>
  <script src="/static/js/app.js"></script>
</body>
</html>
"""

ROBOTS = """# robots.txt for bakery.example.com
User-agent: *
Disallow: /cart/
Disallow: /checkout/
Disallow: /db-exports-q1/
Disallow: /static/drafts/

Sitemap: https://bakery.example.com/sitemap.xml
"""


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
    write_text(OUT / "index.html", INDEX)
    write_text(OUT / "robots.txt", ROBOTS)
    write_text(OUT / "app.js", app_js())
    print("wrote", OUT)


if __name__ == "__main__":
    main()
