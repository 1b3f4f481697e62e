/** Each alias (`@`: src/, `~`: the repository) and the folder it stands for. */
export declare const ALIAS_FOLDERS: Record<'@' | '~', string>;
/** Vite `resolve.alias` entries for `@/` (src/) and `~/` (the repository). */
export declare const PATH_ALIASES: { find: RegExp; replacement: string }[];
