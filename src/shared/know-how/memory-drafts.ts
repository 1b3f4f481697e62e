import { MAX_MEMORY_LENGTH } from '../protocol/know-how.ts';

/** A line of the drafts file that proposes a memory: `- <fact>` (a `*` bullet too). */
const FACT_LINE = /^\s*[-*]\s+(.*)$/;

/** A memory's text as compared with another: spaces collapsed, case folded. */
export function memoryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * The facts a memory drafts file holds, in order: one per `- ` line, trimmed (spaces
 * inside collapsed), cut to the longest a memory may be; other lines, empty facts and a
 * fact repeated are left out.
 */
export function draftFacts(text: string): string[] {
  const facts: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const fact = FACT_LINE.exec(line)?.[1]?.trim().replace(/\s+/g, ' ').slice(0, MAX_MEMORY_LENGTH).trim();
    if (!fact) continue;
    const key = memoryKey(fact);
    if (seen.has(key)) continue;
    seen.add(key);
    facts.push(fact);
  }
  return facts;
}

/**
 * What a change of the drafts file proposes: the facts in `after` that were not in
 * `before` (null: the file did not exist), leaving out those already known (`known`: the
 * texts of the memories proposed or saved), so no fact is proposed twice.
 */
export function newProposals(before: string | null, after: string, known: readonly string[]): string[] {
  const old = new Set([...draftFacts(before ?? ''), ...known].map(memoryKey));
  return draftFacts(after).filter((fact) => !old.has(memoryKey(fact)));
}
