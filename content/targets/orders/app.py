"""The supplier's order import API (orders.lab.internal): customers post their orders as XML documents.

Vulnerable on purpose:
- POST /import parses the document with xml.sax and the feature `feature_external_ges` turned on, so an external
  entity declared in the document's DOCTYPE is fetched (a file:// URI or a path reads a local file, with the
  service's permissions) and its text stands in the document; the reply repeats the order's customer (XXE with the
  file's contents reflected).

The XML modules are imported by the first import, not at start-up: xml.sax brings urllib.request with it, slow to
load in the lab.
"""
import weblab

app = weblab.App(['orders.lab.internal', 'orders'], server='order-import/2.4')
USAGE = '''Order import API

POST /import with an order document (XML) as the request body:

  <order>
    <customer>Your company</customer>
    <item sku="ABC-123" qty="2">Description</item>
  </order>
'''


def parse_order(body):
    """The order's customer and its items [(sku, qty, description)], with the parser set up to resolve external
    entities: the flaw."""
    import io
    import xml.sax
    import xml.sax.handler
    import xml.sax.xmlreader

    class OrderHandler(xml.sax.handler.ContentHandler):
        def __init__(self):
            super().__init__()
            self.customer, self.items, self.field, self.text = '', [], None, ''

        def startElement(self, name, attrs):
            if name in ('customer', 'item'):
                self.field, self.text = name, ''
                self.attrs = dict(attrs)

        def characters(self, content):
            if self.field:
                self.text += content

        def endElement(self, name):
            if name == self.field == 'customer':
                self.customer = self.text.strip()
            elif name == self.field == 'item':
                self.items.append((self.attrs.get('sku', ''), self.attrs.get('qty', '1'), self.text.strip()))
            if name == self.field:
                self.field = None

    handler = OrderHandler()
    parser = xml.sax.make_parser()
    parser.setFeature(xml.sax.handler.feature_external_ges, True)  # "our customers' DTDs must load": the flaw
    parser.setContentHandler(handler)
    source = xml.sax.xmlreader.InputSource()
    source.setByteStream(io.BytesIO(body))
    parser.parse(source)
    return handler.customer, handler.items


@app.route('/')
def index(request):
    return weblab.text(USAGE)


@app.route('/import', methods=('POST',))
def import_order(request):
    import xml.sax

    if not request.body.strip():
        return weblab.text('Empty request: post an order document (XML) as the body\n', 400)
    try:
        customer, items = parse_order(request.body)
    except xml.sax.SAXParseException as error:
        return weblab.text(f'Not a well-formed order: {error}\n', 400)
    if not customer:
        return weblab.text('Rejected: the order has no <customer>\n', 400)
    if not items:
        return weblab.text(f'Rejected: the order for {customer} has no <item>\n', 400)
    try:
        units = sum(int(qty) for _, qty, _ in items)
    except ValueError:
        return weblab.text(f'Rejected: the order for {customer} has a quantity that is not a number\n', 400)
    reference = 'PO-' + weblab.token('order-import', customer, *items, length=8).upper()
    lines, units = plural(len(items), 'line'), plural(units, 'unit')
    return weblab.text(f'Imported order {reference} for {customer} ({lines}, {units})\n', 201)


def plural(count, noun):
    return f'{count} {noun}' + ('' if count == 1 else 's')
