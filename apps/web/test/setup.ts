import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { insertStylesAsBuilt } from './emotion-speedy.ts';
import { server } from './server.ts';

insertStylesAsBuilt();
// Testing Library's waits give up after 1 s by default: a page that answers after an interaction took longer while CI
// kept both cores busy. A wait that succeeds ends as soon as it does; only a failing one waits the 15 s.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());
