/**
 * A prerendered page's form controls wait for the app: typed into before hydration, a field's text would be
 * replaced by the app's empty state. The build marks them disabled (`disableUntilHydrated`), and the hydrated
 * app enables them (`enableHydratedControls`). React leaves attributes the server set alone when it hydrates.
 */
export const UNTIL_HYDRATED = 'data-until-hydrated';

const CONTROL = /<(input|textarea|select|button)\b(?![^>]*\sdisabled[\s=>])/g;

export function disableUntilHydrated(html: string): string {
  return html.replace(CONTROL, `<$1 disabled ${UNTIL_HYDRATED}`);
}

export function enableHydratedControls(root: ParentNode): void {
  for (const control of root.querySelectorAll(`[${UNTIL_HYDRATED}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(UNTIL_HYDRATED);
  }
}
