/** A command that only changes directory: `cd`, `cd dir`, `cd "a dir"`, `cd ~/dir`. */
const CD_ONLY = /^\s*cd(?:\s+("[^"]*"|'[^']*'|[^\s;&|<>()$`"'\\*?]+))?\s*;?\s*$/;

/**
 * The target of a command that does nothing but `cd` (null for any other command).
 * `~` is the workspace root; the result is the raw path (absolute or relative).
 */
export function parseCdOnly(command: string): { target: string } | null {
  const match = CD_ONLY.exec(command);
  if (!match) return null;
  const raw = match[1];
  if (raw === undefined || raw === '~') return { target: '~' };
  // `cd -` needs the shell's previous directory: leave it to the shell.
  if (raw === '-') return null;
  const unquoted = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  return { target: unquoted };
}
