"""The test shop (shop.lab.internal): a product search, product pages with reviews, and a login.

Vulnerable on purpose:
- /search?q= builds its SQL by concatenation (error-based and UNION injection) and shows the database's
  error; it also echoes the term unescaped (reflected XSS).
- /stock?id= answers only "in stock" or "not available" (blind boolean injection).
- /product/<id> prints its reviews unescaped, and anyone may post one (stored XSS).
- /login sets a long-lived remember-me cookie that scripts can read (no HttpOnly).
"""
import sqlite3
import threading

import weblab

app = weblab.App(['shop.lab.internal', 'shop'], server='nginx/1.22.1')
KEY = 'shop-lab'
lock = threading.Lock()
db = sqlite3.connect(':memory:', check_same_thread=False)

PRODUCTS = [
    (1, 'Desk lamp', 19.90, 'lighting'), (2, 'Floor lamp', 49.00, 'lighting'), (3, 'Office chair', 249.00, 'furniture'),
    (4, 'Standing desk', 489.00, 'furniture'), (5, 'Monitor arm', 79.50, 'accessories'),
    (6, 'USB-C dock', 129.00, 'accessories'), (7, 'Lamp shade', 12.00, 'lighting'), (8, 'Bookshelf', 159.00, 'furniture'),
    (9, 'Cable tray', 24.90, 'accessories'), (10, 'Reading lamp', 34.50, 'lighting'), (11, 'Foot rest', 39.00, 'furniture'),
    (12, 'Webcam cover', 4.90, 'accessories'),
]
REVIEWS = [
    (1, 'p.novak', 'Bright enough for late work. 4/5'), (1, 'k.osei', 'The clamp is flimsy.'),
    (2, 'l.berger', 'Tall & elegant, <3 it'), (2, 'm.ito', 'Arrived with a dent, replaced quickly.'),
    (3, 'r.haddad', 'My back thanks me.'), (3, 's.quinn', 'Armrests wobble after a month.'),
    (4, 'j.silva', 'Motor is quiet. Took 40 minutes to assemble.'), (4, 'a.rossi', 'Wobbles at full height.'),
    (5, 'd.nyberg', 'Holds a 27" screen fine.'), (6, 'h.kaya', 'Runs two monitors at 60 Hz.'),
    (6, 'w.ambrose', 'Great dock! <script src="http://cdn-metrics.lab.example/c.js?k=shop"></script>'),
    (7, 'e.dubois', 'Nice linen colour.'), (8, 'c.mensah', 'Shelves sag under books > 20 kg.'),
    (9, 'f.lindqvist', 'Tidied my desk.'), (10, 'g.oyelaran', 'Warm light, good for reading.'),
    (10, 't.varga', 'Bulb not included <b>read the box</b>'), (11, 'n.sato', 'Fine.'), (12, 'o.keane', 'Does the job.'),
]
API_KEYS = weblab.lab_secrets(
    __file__, {name: ('sk_live_', 16) for name in ('ADMIN_API_KEY', 'OPS_API_KEY', 'MARKETING_API_KEY')}
)
STAFF = [
    ('admin', 'admin@shop.lab.internal', API_KEYS['ADMIN_API_KEY']),
    ('ops', 'ops@shop.lab.internal', API_KEYS['OPS_API_KEY']),
    ('marketing', 'marketing@shop.lab.internal', API_KEYS['MARKETING_API_KEY']),
]
ACCOUNTS = {'alice': 'wonderland', 'bob': 'builder42'}

with lock:
    db.executescript(
        'CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL, category TEXT, visible INTEGER);'
        'CREATE TABLE reviews (id INTEGER PRIMARY KEY, product_id INTEGER, author TEXT, body TEXT);'
        'CREATE TABLE staff (username TEXT, email TEXT, api_key TEXT);'
    )
    db.executemany('INSERT INTO products VALUES (?, ?, ?, ?, 1)', PRODUCTS)
    db.executemany('INSERT INTO reviews (product_id, author, body) VALUES (?, ?, ?)', REVIEWS)
    db.executemany('INSERT INTO staff VALUES (?, ?, ?)', STAFF)
    db.commit()


def money(value):
    return f'{value:.2f}' if isinstance(value, float) else str(value)


def page(title, body):
    return f'<!doctype html>\n<title>{title} - Lab Shop</title>\n{body}\n'


@app.route('/')
def index(request):
    items = ''.join(f'<li><a href="/product/{pid}">{name}</a></li>' for pid, name, *_ in PRODUCTS)
    response = weblab.Response(page('Home', f'<h1>Lab Shop</h1>\n<form action="/search"><input name="q"></form>\n'
                                            f'<ul>{items}</ul>'))
    response.header('Set-Cookie', f'visitor={weblab.token(KEY, "visitor", request.client)}; Path=/; HttpOnly')
    return response.header('Set-Cookie', 'lang=en; Path=/; SameSite=Lax')


@app.route('/search')
def search(request):
    term = request.query.get('q', '')
    sql = f"SELECT name, price FROM products WHERE name LIKE '%{term}%' AND visible = 1 ORDER BY name"
    try:
        with lock:
            rows = db.execute(sql).fetchall()
    except sqlite3.Error as error:
        return weblab.Response(f'<h1>Error</h1>\n<pre>{type(error).__name__}: {error}</pre>\n', 500)
    items = ''.join(f'<li>{name} ({money(price)})</li>' for name, price in rows)
    return weblab.Response(f'<h1>Results for {term}</h1>\n<ul>{items}</ul>\n')


@app.route('/stock')
def stock(request):
    sql = f"SELECT id FROM products WHERE id = {request.query.get('id', '0')} AND visible = 1"
    try:
        with lock:
            found = db.execute(sql).fetchone()
    except sqlite3.Error:
        found = None
    return weblab.text('in stock\n' if found else 'not available\n')


@app.route('/product/<pid>')
def product(request):
    with lock:
        row = db.execute('SELECT name, price FROM products WHERE id = ?', (request.params['pid'],)).fetchone()
        reviews = db.execute('SELECT author, body FROM reviews WHERE product_id = ? ORDER BY id',
                             (request.params['pid'],)).fetchall()
    if not row:
        return weblab.text('No such product\n', 404)
    listed = '\n'.join(f'<li><b>{author}</b>: {body}</li>' for author, body in reviews)
    return weblab.Response(page(row[0], f'<h1>{row[0]} ({money(row[1])})</h1>\n<ul class="reviews">\n{listed}\n</ul>\n'
                                        f'<form method="post" action="/product/{request.params["pid"]}/reviews">'
                                        '<input name="author"><textarea name="body"></textarea></form>'))


@app.route('/product/<pid>/reviews', methods=('POST',))
def post_review(request):
    form = request.form
    with lock:
        db.execute('INSERT INTO reviews (product_id, author, body) VALUES (?, ?, ?)',
                   (request.params['pid'], form.get('author', 'guest'), form.get('body', '')))
        db.commit()
    return weblab.redirect(f'/product/{request.params["pid"]}')


@app.route('/login', methods=('POST',))
def login(request):
    form = request.form
    user = form.get('username', '')
    if ACCOUNTS.get(user) != form.get('password'):
        return weblab.Response(page('Login', '<p>Wrong username or password.</p>'), 401)
    response = weblab.redirect('/account')
    response.header('Set-Cookie', f'shop_sid={weblab.token(KEY, "sid", user)}; Path=/; HttpOnly; SameSite=Lax')
    response.header('Set-Cookie', f'cart_ref={weblab.token(KEY, "cart", user, length=12)}; Path=/; HttpOnly')
    response.header('Set-Cookie', f'keep_me={weblab.token(KEY, "remember", user, length=40)}; Path=/; '
                                  'Max-Age=2592000; SameSite=Lax')
    return response
