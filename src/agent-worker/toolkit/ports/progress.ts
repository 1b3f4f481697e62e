import type { ProgressPort, ToolProgress } from '@/shared/protocol/ports/progress-port.ts';

/** The progress port of one action: each report is handed to `announce` (redacted, then broadcast). */
export function createProgress(announce: (progress: ToolProgress) => void): ProgressPort {
  return {
    output: (chunk) => announce({ kind: 'output', ...chunk }),
    status: (update) => announce({ kind: 'status', ...update }),
  };
}
