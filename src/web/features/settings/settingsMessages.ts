/** Spec §8 'Settings messages' and §9 'Delete-all-settings asks for confirmation'. */
export const settingsMessages = {
  exported: 'Settings exported successfully.',
  exportFailed: 'Failed to export settings.',
  imported: 'Settings imported successfully.',
  readError: 'Error reading file.',
  deleted: 'All settings have been deleted.',
  deleteFailed: 'Failed to delete settings.',
  alreadyLatest: 'Settings are already at the latest version.',
  migrationFailed: (error: string) => `Migration failed: ${error}`,
  upgradeFailed: (message: string) => `Upgrade failed: ${message}`,
  upgraded: (n: number) => `Successfully upgraded settings (${n} migration(s) applied).`,
  healthy: 'Storage is already healthy, no repairs needed.',
  repaired: (n: number) => `Successfully repaired ${n} corrupted storage items.`,
  partial: (n: number) => `Repair partially successful. ${n} items still corrupted.`,
  repairFailed: (message: string) => `Failed to repair storage: ${message}`,
  confirmDelete: 'Are you sure you want to delete all settings? This action cannot be undone.',
} as const;

/** Spec §9 'Status messages: 3 s or 5 s': successes clear after 3 s, errors after 5 s. */
export const SUCCESS_MS = 3000;
export const ERROR_MS = 5000;

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
