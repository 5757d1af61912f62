/**
 * The part of the Battle lobby every instance shares (issue 17 item 5;
 * docs/decisions/028-battle-across-instances.md): which instance holds a private room's code,
 * and who is waiting for a quick match. On PostgreSQL it is the battle_lobby table
 * (databaseLobbyDirectory.ts); in one process this in-memory map with the same rules.
 */

export interface QuickEntry {
  readonly id: string;
  readonly instance: string;
  readonly level: number;
  /** 'user:<id>' or 'local:<id>'. */
  readonly identity: string;
  /** Shown rating; 0 for anonymous and new players. */
  readonly rating: number;
}

export interface LobbyDirectory {
  /** Publishes a room's code for an instance; false when another room has the code. */
  addRoom(code: string, instance: string): Promise<boolean>;
  /** The instance holding the room with that code, or null. */
  findRoom(code: string): Promise<string | null>;
  removeRoom(code: string): Promise<void>;
  addQuick(entry: QuickEntry): Promise<void>;
  /** Removes an entry; false when it was gone already (another instance claimed it). */
  removeQuick(id: string): Promise<boolean>;
  /**
   * Takes `mine` and the longest-waiting entry that fits it (same level, another person,
   * rating within `band`) out of the queue together, so no other instance can claim either:
   * the partner, null when none fits (nothing removed), 'gone' when `mine` was claimed already.
   */
  claim(mine: QuickEntry, band: number): Promise<QuickEntry | null | 'gone'>;
  /** Forgets everything an instance published (it is stopping). */
  clearInstance(instance: string): Promise<void>;
}

export function fits(mine: QuickEntry, other: QuickEntry, band: number): boolean {
  return (
    other.id !== mine.id &&
    other.level === mine.level &&
    other.identity !== mine.identity &&
    Math.abs(other.rating - mine.rating) <= band
  );
}

export function memoryLobbyDirectory(): LobbyDirectory {
  const rooms = new Map<string, string>();
  // Insertion order is waiting order.
  const quick = new Map<string, QuickEntry>();
  return {
    async addRoom(code, instance) {
      if (rooms.has(code)) return false;
      rooms.set(code, instance);
      return true;
    },
    async findRoom(code) {
      return rooms.get(code) ?? null;
    },
    async removeRoom(code) {
      rooms.delete(code);
    },
    async addQuick(entry) {
      quick.set(entry.id, entry);
    },
    async removeQuick(id) {
      return quick.delete(id);
    },
    async claim(mine, band) {
      if (!quick.has(mine.id)) return 'gone';
      const partner = [...quick.values()].find((e) => fits(mine, e, band)) ?? null;
      if (partner) {
        quick.delete(mine.id);
        quick.delete(partner.id);
      }
      return partner;
    },
    async clearInstance(instance) {
      for (const [code, owner] of rooms) if (owner === instance) rooms.delete(code);
      for (const [id, e] of quick) if (e.instance === instance) quick.delete(id);
    },
  };
}
