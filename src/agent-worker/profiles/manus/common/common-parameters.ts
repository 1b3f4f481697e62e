import { z } from 'zod';

/** The `brief` parameter every seed 000 tool but `plan` and `message` declares. */
export function briefParameter(
  description = 'A one-sentence preamble describing the purpose of this operation',
) {
  return z.string().optional().describe(description);
}
