const TRAILING_NUMBER = /(\d+)\s*$/;

/**
 * R3/R4: a step's order may arrive as a number or as text of the form 'Step N'; only N goes in the
 * request path (`/api/challenges/{id}/step/{n}/`). Throws for an order that carries no number, so a bad
 * value fails the call instead of reaching a wrong address.
 */
export function stepNumber(order: number | string): number {
  if (typeof order === 'number') {
    if (Number.isInteger(order) && order >= 1) return order;
  } else {
    const match = TRAILING_NUMBER.exec(order.trim());
    const value = match ? Number(match[1]) : NaN;
    if (Number.isInteger(value) && value >= 1) return value;
  }
  throw new Error(`Not a step order: ${String(order)}`);
}

/** As stepNumber, but null instead of throwing (for display and cache matching). */
export function stepNumberOrNull(order: number | string): number | null {
  try {
    return stepNumber(order);
  } catch {
    return null;
  }
}
