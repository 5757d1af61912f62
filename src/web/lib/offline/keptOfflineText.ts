import { OFFLINE_TEXT } from './onlineStatus.ts';

/** What a form says when it was kept offline (issue 18 item 1), e.g. 'message'. */
export function keptOfflineText(what: string): string {
  return `${OFFLINE_TEXT}. Your ${what} is kept on this device and will be sent when you're back online.`;
}
