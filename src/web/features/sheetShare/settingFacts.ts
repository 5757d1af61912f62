import type { SettingView } from '../../../contracts/library/libraryRoutes.ts';

const LICENCE_NAMES: Record<SettingView['licence'], string> = {
  'public-domain': 'Public domain',
  cc0: 'CC0',
  'cc-by': 'CC BY 4.0',
  'private-use': 'Private use only',
};

/** The licence as a piper reads it, with the credit CC BY asks for. */
export function licenceText(setting: SettingView): string {
  const name = LICENCE_NAMES[setting.licence];
  return setting.licence === 'cc-by' && setting.attribution
    ? `${name} — credit ${setting.attribution}`
    : name;
}

/** What only the uploader sees: where their setting stands (issue 15 item 3). */
export function visibilityText(setting: SettingView): string | null {
  switch (setting.visibility) {
    case 'private':
      return 'Private: only you can see it.';
    case 'pending':
      return 'Waiting for a curator before it is public.';
    case 'rejected':
      return `Not accepted${setting.rejectReason ? `: ${setting.rejectReason}` : '.'}`;
    case 'hidden':
      return 'Hidden while a copyright report is reviewed.';
    default:
      return null;
  }
}

/** 'Setting 2 — arranged by …' as a picker names it. */
export function settingName(setting: SettingView, index: number): string {
  if (setting.builtin) return `Setting ${index + 1} — Chanterlab library`;
  const by = setting.arranger ?? setting.uploaderName;
  return by ? `Setting ${index + 1} — ${by}` : `Setting ${index + 1}`;
}
