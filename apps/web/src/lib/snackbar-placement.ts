/**
 * Where a bottom-centre message may sit without covering a control: R9 puts it bottom-centre, and there it
 * used to land on "Submit answer" or the field just used. It starts `BASE_PX` above the viewport's bottom and
 * moves up past every control it would cover; when no clear place is left in the lower part of the viewport it
 * goes to the top, over the top bar (which holds no page control; its own come back after 4 s or on Close).
 */

export const BASE_PX = 24;
const GAP_PX = 8;
/** The message never climbs above this share of the viewport: further up, the top bar is the better place. */
const HIGHEST_SHARE = 0.45;

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

// Decision 0096: snackbars bottom-centre, lifted above any control they would cover (a reserved strip was rejected).
/** `bottom` to set (px from the viewport's bottom), or null: no clear place at the bottom, use the top. */
export function clearBottom(
  message: { left: number; right: number; height: number },
  viewportHeight: number,
  controls: Box[],
): number | null {
  const inLane = controls.filter((box) => box.left < message.right && message.left < box.right && box.bottom > 0);
  let bottom = BASE_PX;
  // Each pass moves the message above the highest control it covers; at most once per control.
  for (let pass = 0; pass <= inLane.length; pass += 1) {
    const lowEdge = viewportHeight - bottom;
    const highEdge = lowEdge - message.height;
    if (highEdge < viewportHeight * (1 - HIGHEST_SHARE) - message.height) return null;
    const covered = inLane.filter((box) => box.top < lowEdge && highEdge < box.bottom);
    if (covered.length === 0) return bottom;
    bottom = viewportHeight - Math.min(...covered.map((box) => box.top)) + GAP_PX;
  }
  return null;
}

/** What counts as a control: anything the learner can act on, visible on screen. */
const CONTROLS =
  'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="textbox"], [tabindex="0"]';

/** The boxes of the page's visible controls, leaving out the message's own. */
export function controlBoxes(message: Element): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll(CONTROLS)) {
    if (message.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    boxes.push({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
  }
  return boxes;
}
