import { z } from 'zod';

/**
 * Seed 001 `shell` meta (session, exit code, stdout, stderr) plus ours: whether the command
 * still runs at its timeout, the command of an `exec`, and where over-long output was saved whole.
 */
export const ShellMeta = z.looseObject({
  session: z.string(),
  /** Null while the command is still running, or when the session has no finished command. */
  exit_code: z.number().int().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  is_running: z.boolean(),
  command: z.string().optional(),
  full_output_paths: z.array(z.string()).optional(),
});
export type ShellMeta = z.infer<typeof ShellMeta>;

/** The meta kind `shell`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'shell', schema: ShellMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    shell: typeof ShellMeta;
  }
}
