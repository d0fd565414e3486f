/** The simulated learners' HTTPS client, and what it counts: each request's kind, latency and failure. */
import { Agent, request } from 'node:https';
import { performance } from 'node:perf_hooks';

/** Reads change nothing (GET); writes may (POST). Only reads must never fail. */
export type Kind = 'read' | 'write';

export interface Failure {
  kind: Kind;
  /** The route, ids left out. */
  route: string;
  /** The HTTP status, or the transport error. */
  what: string;
  /** Seconds since the stats started. */
  at: number;
}

export class Stats {
  readonly started = performance.now();
  readonly latencies: Record<Kind, number[]> = { read: [], write: [] };
  readonly failures: Failure[] = [];
  /** Requests sent again after their kept-alive connection was closed under them (as browsers do). */
  resent = 0;

  seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  record(kind: Kind, ms: number, failure?: Omit<Failure, 'kind' | 'at'>): void {
    this.latencies[kind].push(ms);
    if (failure) this.failures.push({ kind, at: this.seconds(), ...failure });
  }

  summary(kind: Kind): { count: number; failed: number; p50: number; p99: number } {
    const sorted = [...this.latencies[kind]].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const failed = this.failures.filter((failure) => failure.kind === kind).length;
    return { count: sorted.length, failed, p50: at(0.5), p99: at(0.99) };
  }
}

export interface Endpoint {
  port: number;
  /** The certificate nginx presents (self-signed), trusted by this client only. */
  ca: string;
}

export interface Reply<T> {
  status: number;
  /** The JSON body, of the shape the caller names (the contract's). */
  body: T;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * One browser: keep-alive connections to nginx from its own loopback address (so the API sees one client IP per
 * learner, through X-Forwarded-For).
 */
export class Client {
  private readonly agent: Agent;
  /** For a request sent again: a new connection, never another kept-alive one to the same closing worker. */
  private readonly fresh: Agent;

  constructor(
    private readonly endpoint: Endpoint,
    readonly address: string,
    private readonly stats: Stats,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 4, ca: endpoint.ca, localAddress: address });
    this.fresh = new Agent({ keepAlive: false, ca: endpoint.ca, localAddress: address });
  }

  /**
   * Sends one request. Resolves to the reply when its status is one of `expect` (default: any 2xx), else to null,
   * and the stats count a failure (no reply, or an unexpected status).
   */
  send<T = unknown>(
    kind: Kind,
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
  ): Promise<Reply<T> | null> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const route = `${method} ${path.replace(UUID, ':id')}`;
    const started = performance.now();
    const attempt = (resend: boolean): Promise<Reply<T> | null> =>
      new Promise((resolve) => {
        let answered = false;
        const fail = (what: string) => {
          this.stats.record(kind, performance.now() - started, { route, what });
          resolve(null);
        };
        const req = request(
          {
            host: '127.0.0.1',
            port: this.endpoint.port,
            servername: 'localhost',
            method,
            path,
            headers,
            agent: resend ? this.agent : this.fresh,
          },
          (res) => {
            answered = true;
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', (error) => fail(error.message));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              const ok = options.expect ? options.expect.includes(status) : status >= 200 && status < 300;
              if (!ok) return fail(String(status));
              this.stats.record(kind, performance.now() - started);
              const text = Buffer.concat(chunks).toString();
              resolve({ status, body: (text ? JSON.parse(text) : null) as T });
            });
          },
        );
        req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
        req.on('error', (error) => {
          const code = (error as NodeJS.ErrnoException).code ?? error.message;
          // A kept-alive connection the server closed as the request went out (nginx's old workers do on a
          // reload): browsers send the request again on a new connection, and so does this client, once.
          if (resend && req.reusedSocket && !answered && code === 'ECONNRESET') {
            this.stats.resent += 1;
            resolve(attempt(false));
          } else fail(code);
        });
        req.end(payload);
      });
    return attempt(true);
  }

  close(): void {
    this.agent.destroy();
    this.fresh.destroy();
  }
}
