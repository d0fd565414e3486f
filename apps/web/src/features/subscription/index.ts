/** What other parts of the app may use: the premium status query (`GET /api/subscription/`) and the route. */
export { getSubscription, subscriptionQueryOptions, useSubscription } from './api/get-subscription.ts';
export { subscriptionKeys } from './api/query-keys.ts';
export { subscriptionRoutes } from './routes.ts';
