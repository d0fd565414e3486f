'use strict';
// autocannon setupRequest (runs in its worker thread): one bearer token per request, round-robin.
// The tokens arrive through the worker's copy of the environment (support.ts sets BENCH_TOKENS).
const tokens = JSON.parse(process.env.BENCH_TOKENS);
let next = 0;

module.exports = function setToken(request) {
  const token = tokens[next % tokens.length];
  next += 1;
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
};
