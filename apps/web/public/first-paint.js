// Runs before the first paint: a learner who chose the light theme gets a light page from the start.
try {
  if (localStorage.getItem('bastion.theme') === 'light') document.documentElement.dataset.theme = 'light';
} catch {
  // Storage unavailable: the default dark theme stands.
}
