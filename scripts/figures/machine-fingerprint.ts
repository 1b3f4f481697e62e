/**
 * The machine a figure was measured on, as docs/figures.json records it: the processor,
 * its cores, the memory, the Chromium the browser benches drive and the disk under the
 * repository. Small and deterministic (no load, no free space), so the same machine gives
 * the same fingerprint run after run, and a figure measured elsewhere is told apart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { z } from 'zod';

export const MachineFingerprint = z.object({
  /** `os.cpus()[0].model`. */
  cpu: z.string(),
  /** `os.availableParallelism()`. */
  cores: z.number().int().positive(),
  /** `os.totalmem()` in GiB, to a tenth. */
  memoryGiB: z.number().positive(),
  /** The version `chromium --version` prints (CHROMIUM_PATH, else /usr/bin/chromium); null without one. */
  chromium: z.string().nullable(),
  /** The device and filesystem type holding the repository (`df --output=source,fstype`); null where df cannot say. */
  disk: z.object({ device: z.string(), filesystem: z.string() }).nullable(),
});
export type MachineFingerprint = z.infer<typeof MachineFingerprint>;

/** This machine's fingerprint, the disk being the one `repository` is on. */
export function machineFingerprint(repository: string): MachineFingerprint {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    chromium: chromiumVersion(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    disk: diskOf(repository),
  };
}

/** `156.0.8078.129` from `Chromium 156.0.8078.129 built on Debian…`; null when there is no such program. */
function chromiumVersion(path: string): string | null {
  if (!existsSync(path)) return null;
  try {
    const printed = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return printed.match(/\d+(?:\.\d+)+/)?.[0] ?? printed.trim();
  } catch {
    return null;
  }
}

function diskOf(folder: string): MachineFingerprint['disk'] {
  try {
    const printed = execFileSync('df', ['--output=source,fstype', folder], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [device, filesystem] = (printed.trim().split('\n')[1] ?? '').trim().split(/\s+/);
    return device && filesystem ? { device, filesystem } : null;
  } catch {
    return null;
  }
}

/** How `measured` differs from `current`, one phrase per field (`cpu: A → B`); empty when the same machine. */
export function fingerprintDifferences(measured: MachineFingerprint, current: MachineFingerprint): string[] {
  const shown = (value: unknown) =>
    value === null
      ? 'none'
      : typeof value === 'object'
        ? Object.values(value as Record<string, string>).join(' ')
        : String(value);
  return (Object.keys(current) as (keyof MachineFingerprint)[])
    .filter((key) => shown(measured[key]) !== shown(current[key]))
    .map((key) => `${key}: ${shown(measured[key])} → ${shown(current[key])}`);
}
