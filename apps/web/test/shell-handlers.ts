import type { NavbarData } from '@bastion/contract';
import { http, HttpResponse } from 'msw';

const NAVBAR: NavbarData = { user_photo: null, is_premium: false, user_points: 40, user_strike: 2, is_staff: false };

/** What the signed-in shell asks for on every page: navbar, the notification menu, unseen badges. */
export function shellHandlers(navbar: Partial<NavbarData> = {}) {
  return [
    http.get('*/api/navbar/', () => HttpResponse.json({ ...NAVBAR, ...navbar })),
    http.get('*/api/notifications/list/', () =>
      HttpResponse.json({ notifications: [], unread_count: 0, unreadCount: 0 }),
    ),
    http.get('*/api/badges/unseen/', () => HttpResponse.json([])),
  ];
}
