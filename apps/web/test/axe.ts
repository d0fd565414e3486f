import axe from 'axe-core';

/**
 * Runs axe on the rendered document and returns the violations. jsdom has no layout, so the rules that
 * need one (colour contrast) are left to the end-to-end suite, as is `region` for a page rendered alone.
 */
export async function axeViolations(root: Element = document.body) {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    // Only violations are read: axe then describes no passing node (a selector for each took much of its time).
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
