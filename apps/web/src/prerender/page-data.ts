import type { PublicPageData } from '@bastion/contract';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { plansQueryOptions } from '../features/marketing/api/get-plans.ts';
import { publicConfigQueryOptions } from '../lib/public-config.ts';

/** The element of a server-rendered page that carries its queries to the app. */
export const PAGE_DATA_ID = 'page-data';

/** The server's answers, as the app's queries would have them after asking. */
export function seedPublicPageData(client: QueryClient, data: PublicPageData): void {
  client.setQueryData(publicConfigQueryOptions().queryKey, data.config);
  client.setQueryData(plansQueryOptions().queryKey, data.plans);
}

/** The client's queries as a JSON script element, `<` escaped so that no value can end the element. */
export function pageDataScript(client: QueryClient): string {
  const json = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/**
 * In the browser, before the app renders a server-rendered page: the queries the page was rendered with go into
 * the app's cache, so it renders the same markup at once and does not ask for them again.
 */
export function adoptPageData(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (text) hydrate(client, JSON.parse(text) as DehydratedState);
}
