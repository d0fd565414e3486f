import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_INTERVAL_SECONDS } from '@bastion/contract';
import { notifications, twoFactor } from '@bastion/db';
import { DEFAULT_THROTTLES } from '../src/lib/throttle.ts';
import { createTestApp } from './harness.ts';
import { authHeader, createUser, type TestUser } from './fixtures.ts';
import { solveCaptcha } from './captcha.ts';
import { createFreeCourse, enrollCourse } from './learning-fixtures.ts';
import { createChallenge } from './challenge-fixtures.ts';
import { createFakeStripe, STRIPE_TEST_ENV } from './fake-stripe.ts';
import { routeInventory, urlOf, type InventoryRoute, type JsonSchema, type RouteField } from './route-inventory.ts';
import { BODY_VALUES, urlValues, WHOLE_BODIES, WRONG_CONTENT_TYPES, type HostileValue } from './hostile-values.ts';

/**
 * Every route the app registers, every body field, query parameter and path parameter, each with every
 * hostile value: never a 5xx, and text with control characters or lone surrogates is a field error.
 * Each hostile value goes into an otherwise valid request, so that it reaches as deep as a real one would.
 */
const unthrottled = Object.fromEntries(
  Object.keys(DEFAULT_THROTTLES).map((name) => [`RATE_LIMIT_${name}`, '1000000/1s']),
);
// With payments on, checkout goes as far as Stripe (faked) instead of answering its deliberate 503.
const ctx = await createTestApp({ env: { ...unthrottled, ...STRIPE_TEST_ENV }, stripe: createFakeStripe().client });
afterAll(() => ctx.close());

const course = await createFreeCourse(ctx.db);
const challenge = await createChallenge(ctx.db);
// A challenge with a lab, whose starts a learner's browser may report.
const labChallenge = await createChallenge(ctx.db, { lab: { files: {} } });
const someone = await createUser(ctx.db);
const [notification] = await ctx.db
  .insert(notifications)
  .values({ userId: someone.id, title: 'Hi', message: 'Hello' })
  .returning({ id: notifications.id });
const [firstModule] = course.modules;

/** What each path parameter may name; the first that the route finds is used while another part is attacked. */
const PATH_CANDIDATES: Record<string, string[]> = {
  id: [
    course.id,
    firstModule!.id,
    firstModule!.lessons[0]!.id,
    firstModule!.quizzes[0]!.id,
    challenge.id,
    notification!.id,
  ],
  uuid: [notification!.id],
  n: ['1'],
  username: [someone.username],
  '*': ['json'],
  file: [`${randomUUID()}.webp`],
};

const PLACEHOLDER = '__hostile_value__';
let unique = 0;

/** A valid value for a body field, by name where the name says what it is, else from its schema. */
async function sampleFor(route: InventoryRoute, field: RouteField, user: TestUser): Promise<unknown> {
  unique += 1;
  const fresh = `hostile${unique}`;
  const signup = route.path.endsWith('/signup');
  switch (field.name) {
    case 'username':
      return signup ? fresh : user.username;
    case 'email':
      return signup || route.path.endsWith('/contactus') ? `${fresh}@example.test` : user.email;
    case 'username_or_email':
      return user.email;
    case 'password':
    case 'old_password':
      return user.password;
    case 'password1':
    case 'password2':
    case 'new_password1':
    case 'new_password2':
      return 'Tangerine-Orbit-42';
    case 'recaptchaToken':
      return solveCaptcha(ctx.app);
    case 'country':
      return 'US';
    case 'timezone':
      return 'Europe/Paris';
    case 'uuid':
      return notification!.id;
    case 'code':
      // A reward code is new each time, so that the console creates it and its other fields reach the database.
      return route.path.startsWith('/api/admin/coupons') ? `HOSTILE-${unique}` : '123456';
    case 'expires':
      return '2999-12-31';
    case 'until':
      return '2999-12-31T00:00:00Z';
    case 'prefix':
      return 'HOSTILE';
    // A lab start's report: a failed start of a lab the content has, which names its stage and reason.
    case 'item_type':
      return route.path.startsWith('/api/labs/starts') ? 'challenge' : fromSchema(field.schema);
    case 'item_id':
      return route.path.startsWith('/api/labs/starts') ? labChallenge.id : fromSchema(field.schema);
    case 'outcome':
      return route.path.startsWith('/api/labs/starts') ? 'failed' : fromSchema(field.schema);
    // An item's override: its path names a challenge, which has no points of its own to change (only its steps do).
    case 'points':
      return route.path.startsWith('/api/admin/content/items') ? null : fromSchema(field.schema);
  }
  return fromSchema(field.schema);
}

function fromSchema(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  // At least 1: a count or an amount of 0 is often refused by the service before anything reaches the database.
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (schema.format === 'email') return `sample${unique}@example.test`;
  if (schema.format === 'uuid') return randomUUID();
  return 'Hello there';
}

async function validBody(route: InventoryRoute, user: TestUser): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of route.body ?? []) body[field.name] = await sampleFor(route, field, user);
  return body;
}

const routes = routeInventory(ctx.app);

describe('hostile input on every route', () => {
  it('finds the routes of every domain', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => route.body?.length).length).toBeGreaterThan(12);
    expect(routes.filter((route) => route.query.length).length).toBeGreaterThan(8);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    const { user, bearer } = await learnerInEverything(route.path.startsWith('/api/admin/'));
    const problems: string[] = [];

    async function send(
      what: string,
      request: { url: string; payload?: string; contentType?: string },
      fieldError?: string,
    ): Promise<void> {
      const headers: Record<string, string> = { authorization: await bearer() };
      if (request.payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
      const response: LightMyRequestResponse = await ctx.app.inject({
        method: route.method as 'GET',
        url: request.url,
        headers,
        payload: request.payload,
      });
      if (response.statusCode >= 500) {
        problems.push(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      } else if (fieldError && !(response.statusCode === 400 && fieldError in safeJson(response))) {
        problems.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}, not a field error`);
      }
    }

    const body = async () => (route.takesBody ? JSON.stringify(await validBody(route, user)) : undefined);
    const params = await resolvePathParams(route, bearer, body);
    const withField = async (field: string, value: HostileValue) =>
      JSON.stringify({ ...(await validBody(route, user)), [field]: PLACEHOLDER }).replace(
        JSON.stringify(PLACEHOLDER),
        value.wire,
      );

    if (route.body?.length) {
      // The attacks below go into this body: it must pass validation, or they would never reach the service.
      const valid = await ctx.app.inject({
        method: route.method as 'POST',
        url: urlOf(route, params),
        headers: { authorization: await bearer(), 'content-type': 'application/json' },
        payload: await body(),
      });
      const refused = valid.statusCode === 400 ? safeJson(valid) : {};
      const refusedFields = route.body.map((field) => field.name).filter((name) => name in refused);
      expect(refusedFields, `${valid.statusCode} ${valid.body}`).toEqual([]);
    }
    for (const field of route.body ?? []) {
      for (const value of BODY_VALUES) {
        await send(
          `body ${field.name} = ${value.label}`,
          { url: urlOf(route, params), payload: await withField(field.name, value) },
          value.refused ? field.name : undefined,
        );
      }
    }
    for (const field of route.query) {
      for (const value of urlValues('query')) {
        const query = `${encodeURIComponent(field.name)}=${value.wire}`;
        await send(
          `query ${field.name} = ${value.label}`,
          { url: urlOf(route, params, query), payload: await body() },
          value.refused ? field.name : undefined,
        );
      }
      const twice = `${field.name}=1&${field.name}=2`;
      await send(`query ${field.name} given twice`, { url: urlOf(route, params, twice), payload: await body() });
    }
    for (const name of route.pathParams) {
      for (const value of urlValues('path')) {
        const authorization = await bearer();
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: urlOf(route, { ...params, [name]: value.wire }),
          headers: route.takesBody ? { authorization, 'content-type': 'application/json' } : { authorization },
          payload: await body(),
        });
        if (response.statusCode >= 500 || (value.refused && ![400, 404].includes(response.statusCode))) {
          problems.push(`path ${name} = ${value.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    if (route.takesBody) {
      for (const payload of WHOLE_BODIES) await send(`body ${payload}`, { url: urlOf(route, params), payload });
      for (const contentType of WRONG_CONTENT_TYPES) {
        await send(`content type ${contentType}`, { url: urlOf(route, params), payload: await body(), contentType });
      }
    }
    expect(problems).toEqual([]);
  });
});

/**
 * A learner (staff, for the console's routes) enrolled in the course and into the challenge, and a fresh access token for each request: the
 * clock moves on before each one, past the feedback interval, so no rule of time stops a value early.
 */
async function learnerInEverything(staff: boolean) {
  const user = await createUser(ctx.db, { isStaff: staff, isOwner: staff });
  // The operator console admits staff with two-factor sign-in on, signed in with a code (an owner may do every
  // action): its routes are reached as deep as the rest.
  if (staff) await ctx.db.insert(twoFactor).values({ userId: user.id, secret: 'sealed', enabledAt: ctx.clock.now() });
  await enrollCourse(ctx.db, user.id, course);
  const { authorization, sessionId } = await authHeader(ctx.app, user.id, { secondFactor: staff ? 'totp' : null });
  await ctx.app.inject({ method: 'POST', url: `/api/challenges/${challenge.id}/start/`, headers: { authorization } });
  const bearer = async () => {
    ctx.clock.advance((FEEDBACK_INTERVAL_SECONDS + 1) * 1000);
    const { token } = await ctx.app.tokens.sign({ userId: user.id, sessionId, type: 'access', now: ctx.clock.now() });
    return `Bearer ${token}`;
  };
  return { user, bearer };
}

function safeJson(response: LightMyRequestResponse): Record<string, unknown> {
  try {
    const body: unknown = response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The first candidate values the route finds (not a 404), so that an attack on one part meets a real resource. */
async function resolvePathParams(
  route: InventoryRoute,
  bearer: () => Promise<string>,
  body: () => Promise<string | undefined>,
): Promise<Record<string, string>> {
  const candidatesOf = (name: string) => PATH_CANDIDATES[name] ?? ['sample'];
  const params = Object.fromEntries(route.pathParams.map((name) => [name, candidatesOf(name)[0]!]));
  for (const name of route.pathParams) {
    for (const candidate of candidatesOf(name)) {
      const payload = await body();
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: urlOf(route, { ...params, [name]: candidate }),
        headers:
          payload === undefined
            ? { authorization: await bearer() }
            : { authorization: await bearer(), 'content-type': 'application/json' },
        payload,
      });
      if (response.statusCode !== 404) {
        params[name] = candidate;
        break;
      }
    }
  }
  return params;
}
