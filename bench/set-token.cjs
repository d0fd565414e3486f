'use strict';
// autocannon setupClient (runs in its worker thread, once per connection): one bearer token per request,
// round-robin over every connection. The tokens arrive through the worker's copy of the environment
// (support.ts sets BENCH_TOKENS).
//
// Each learner's request is built once, from the request autocannon built for the URL with the token's
// header added, and handed out as it is. A setupRequest, autocannon's way to change a request each time,
// has autocannon build every request anew (header objects, an id, the text and its buffer): on the 2 shared
// cores that cost the load generator about a quarter of the bare route's rate, which the routes then seemed
// to lose (see bench/README.md).
const tokens = JSON.parse(process.env.BENCH_TOKENS);
const built = new Map();
let next = 0;

module.exports = function setupClient(client) {
  const template = client.getRequestBuffer().toString('latin1');
  let requests = built.get(template);
  if (!requests) {
    // The template ends with the blank line that closes the head: the header goes before it.
    const head = template.slice(0, -2);
    requests = tokens.map((token) => Buffer.from(`${head}authorization: Bearer ${token}\r\n\r\n`, 'latin1'));
    built.set(template, requests);
  }
  client.getRequestBuffer = () => {
    const request = requests[next % requests.length];
    next += 1;
    return request;
  };
};
