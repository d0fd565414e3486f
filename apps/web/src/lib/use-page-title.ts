import { APP_NAME } from '@bastion/contract';
import { useEffect } from 'react';

/** Names the browser tab after the page, so history entries and screen-reader tab lists are meaningful. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
