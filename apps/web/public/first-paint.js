// Runs before the first paint. A learner who chose the light theme gets a light page from the start.
// A prerendered page is the dark theme, signed out: for a light theme or a stored session it is marked stale,
// hidden by index.html's style until the app renders the page itself (src/main.tsx).
try {
  const light = localStorage.getItem('bastion.theme') === 'light';
  const session = ['bastion.tokens', 'access_token'].some((key) => localStorage.getItem(key) !== null);
  if (light) document.documentElement.dataset.theme = 'light';
  if (light || session) document.documentElement.dataset.prerender = 'stale';
} catch {
  // Storage unavailable: the default dark theme stands, and no session is stored.
}
