import type { App } from '../src/app.ts';

/** A JSON Schema as the OpenAPI document gives it (only what the tests read). */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

export interface RouteField {
  name: string;
  schema: JsonSchema;
}

export interface InventoryRoute {
  method: string;
  /** As registered: `:name` path parameters, `*` for a wildcard, no trailing slash. */
  path: string;
  pathParams: string[];
  query: RouteField[];
  /** The fields of a JSON object body (empty for `{}`), or null when the route documents no JSON body. */
  body: RouteField[] | null;
  /** The route reads a request body (JSON, multipart or raw): wrong content types are worth sending. */
  takesBody: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every route the app registers (HEAD, which Fastify adds beside each GET, aside), read from the app
 * itself: the router's own listing for the routes, the OpenAPI document for their query and body fields.
 */
export function routeInventory(app: App): InventoryRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return registeredRoutes(app)
    .filter((route) => route.method !== 'HEAD')
    .map(({ method, path }) => {
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = (document.paths[`${openApiPath}/`] ?? document.paths[openApiPath])?.[method.toLowerCase()];
      const body = jsonBodyOf(operation);
      return {
        method,
        path,
        pathParams: [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*'),
        query: (operation?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema }) => ({ name, schema })),
        body,
        takesBody:
          body !== null || Boolean(operation?.requestBody) || (!operation && !['GET', 'OPTIONS'].includes(method)),
      };
    });
}

/** Parses `printRoutes({ commonPrefix: false })`: one tree line per path segment, four columns per level. */
function registeredRoutes(app: App): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    const parent = pathAt[depth - 1] ?? '';
    pathAt.length = depth;
    pathAt[depth] = segment.startsWith('/') ? parent + segment : `${parent}/${segment}`;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path: pathAt[depth]! });
  }
  return routes;
}

function jsonBodyOf(operation: OpenApiOperation | undefined): RouteField[] | null {
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  const object = schema?.properties ? schema : schema?.anyOf?.find((option) => option.type === 'object');
  if (!object) return null;
  return Object.entries(object.properties ?? {}).map(([name, field]) => ({ name, schema: field }));
}

/** The URL of a route with its path parameters filled in (encoded as given), ending in the contract's slash. */
export function urlOf(route: InventoryRoute, params: Record<string, string>, query = ''): string {
  const path = route.path.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => params[name ?? '*'] ?? '');
  const withSlash = path.endsWith('/') || route.path.endsWith('*') ? path : `${path}/`;
  return query ? `${withSlash}?${query}` : withSlash;
}
