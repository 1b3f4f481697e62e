import { z } from 'zod';

/** The sections Settings is divided into, in the order its index lists them. */
export const SETTINGS_SECTION_IDS = [
  'providers',
  'models',
  'runs',
  'sandbox',
  'search',
  'media',
  'mcp',
  'x',
  'skills',
  'memory',
  'storage',
] as const;

/** One section of Settings (what a link into Settings names). */
export const SettingsSectionId = z.enum(SETTINGS_SECTION_IDS);
export type SettingsSectionId = z.infer<typeof SettingsSectionId>;

/** A section as the index shows it: its name, and a line on what it holds. */
export type SettingsSection = { id: SettingsSectionId; label: string; summary: string };

/** Every section, in order: the first is where Settings opens when nothing else is asked for. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'providers', label: 'Providers', summary: 'Servers, keys, prices' },
  { id: 'models', label: 'In-browser models', summary: 'Models that run in this tab' },
  { id: 'runs', label: 'Runs', summary: 'Budgets, limits and spend caps' },
  { id: 'sandbox', label: 'Sandbox', summary: 'Node, network, disk use' },
  { id: 'search', label: 'Web & search', summary: 'Search, page readers, sites' },
  { id: 'media', label: 'Media', summary: 'Image and speech endpoints' },
  { id: 'mcp', label: 'MCP servers', summary: 'Remote tools' },
  { id: 'x', label: 'X', summary: 'The X proxy and token' },
  { id: 'skills', label: 'Skills', summary: 'Know-how the agent can use' },
  { id: 'memory', label: 'Memory', summary: 'What the agent remembers' },
  { id: 'storage', label: 'Storage', summary: 'What this browser keeps' },
];

/** The section Settings opens at by default. */
export const DEFAULT_SETTINGS_SECTION: SettingsSectionId = 'providers';

/** The section with `id`. */
export function settingsSection(id: SettingsSectionId): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => section.id === id) ?? (SETTINGS_SECTIONS[0] as SettingsSection);
}

/** The keys that move between sections in the index, and where each goes from `index` of `count`. */
const SECTION_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The section a key press in the index moves to from `current` (arrows wrap around, Home
 * and End go to the ends), or null for a key the index does not handle. Both arrow pairs
 * work whichever way the index is laid out (a column, or a row on a phone).
 */
export function sectionAfterKey(current: SettingsSectionId, key: string): SettingsSectionId | null {
  const move = SECTION_MOVES[key];
  if (!move) return null;
  const index = SETTINGS_SECTION_IDS.indexOf(current);
  return SETTINGS_SECTION_IDS[move(index, SETTINGS_SECTION_IDS.length)] ?? null;
}

/** The address form of a link into Settings: `#settings/<section>`. */
const HASH_PREFIX = '#settings/';

/** The section a `#settings/<section>` address names (`#settings` alone: the default), or null. */
export function settingsSectionFromHash(hash: string): SettingsSectionId | null {
  if (hash === '#settings' || hash === HASH_PREFIX) return DEFAULT_SETTINGS_SECTION;
  if (!hash.startsWith(HASH_PREFIX)) return null;
  let name: string;
  try {
    name = decodeURIComponent(hash.slice(HASH_PREFIX.length));
  } catch {
    return null; // A malformed escape (`#settings/%`) names no section.
  }
  const parsed = SettingsSectionId.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/** The address that opens Settings at `section`. */
export function settingsHash(section: SettingsSectionId): string {
  return `${HASH_PREFIX}${section}`;
}
