import { type Accessor, createEffect, createSignal, on } from 'solid-js';
import { KNOW_HOW_LIMITS } from '@/shared/protocol/know-how.ts';
import type { PendingAttachment } from '../uploads/attachments-store.ts';
import type { SkillSniff } from './skill-files.ts';
import { looksLikeZip } from './skill-rows.ts';

/** An attached file that is a zip holding a SKILL.md: the skill in it, or why it is refused. */
export type AttachedSkill = { attachment: PendingAttachment; found: NonNullable<SkillSniff> };

/** Largest attachment read to see whether it is a skill (a skill zip is at most twice the unpacked limit). */
const MAX_SNIFFED_BYTES = KNOW_HOW_LIMITS.maxBytes * 2;

/**
 * Which of the composer's attachments are Agent Skills, decided from their bytes (a zip
 * whose entries hold a SKILL.md), never from their names: each attachment is read once,
 * the first four bytes first so that other files are not read whole.
 */
export function createAttachedSkills(items: Accessor<readonly PendingAttachment[]>) {
  const [found, setFound] = createSignal<AttachedSkill[]>([]);
  const verdicts = new Map<string, SkillSniff>();

  async function sniff(attachment: PendingAttachment): Promise<SkillSniff> {
    const { file } = attachment;
    if (file.size < 4 || file.size > MAX_SNIFFED_BYTES) return null;
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    if (!looksLikeZip(head)) return null;
    // Reading a skill (YAML, zips) is loaded the first time a zip is attached.
    const { sniffSkill } = await import('./skill-files.ts');
    return sniffSkill(new Uint8Array(await file.arrayBuffer()));
  }

  createEffect(
    on(items, async (current) => {
      for (const attachment of current) {
        if (verdicts.has(attachment.id)) continue;
        verdicts.set(attachment.id, null);
        try {
          verdicts.set(attachment.id, await sniff(attachment));
        } catch {
          // Unreadable here: it stays an ordinary attachment (sending reads it and says why).
        }
      }
      const live = items();
      setFound(
        live.flatMap((attachment) => {
          const verdict = verdicts.get(attachment.id);
          return verdict ? [{ attachment, found: verdict }] : [];
        }),
      );
    }),
  );

  return found;
}
