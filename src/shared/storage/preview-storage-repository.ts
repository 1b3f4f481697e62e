import Dexie from 'dexie';
import { PREVIEW_AREA_LIMITS, type PreviewStorageArea } from '../protocol/preview-messages.ts';
import { PreviewStorageRow } from '../protocol/preview-storage.ts';
import type { SandpiperDatabase } from './db.ts';

/**
 * What preview pages keep (`previewStorage` table): each site's `localStorage`,
 * `sessionStorage`, cookies and IndexedDB, one row per area, replaced whole on each save
 * (a failed write leaves the last one). Deleted with the conversation; carried by bundles
 * (session storage aside: it ends with the browsing session).
 */
export class PreviewStorageRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /**
   * Saves an area's text; text over the area's limit is refused (the runtime keeps within
   * it). A conversation that is gone (deleted while its page still ran) keeps nothing.
   */
  async save(
    conversationId: string,
    site: string,
    area: PreviewStorageArea,
    data: string,
    now: number,
  ): Promise<void> {
    if (data.length > PREVIEW_AREA_LIMITS[area])
      throw new Error(
        `The preview's ${area} storage is over its limit of ${PREVIEW_AREA_LIMITS[area]} characters.`,
      );
    const row = PreviewStorageRow.parse({ conversationId, site, area, data, updatedAt: now });
    const database = this.database;
    await database.transaction('rw', [database.conversations, database.previewStorage], async () => {
      if (!(await database.conversations.get(conversationId))) return;
      await database.previewStorage.put(row);
    });
  }

  /** Every area a site keeps. */
  async site(conversationId: string, site: string): Promise<PreviewStorageRow[]> {
    const rows = await this.database.previewStorage
      .where('[conversationId+site+area]')
      .between([conversationId, site, Dexie.minKey], [conversationId, site, Dexie.maxKey])
      .toArray();
    return rows.flatMap((row) => {
      const parsed = PreviewStorageRow.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Every area of every site of a conversation, session storage left out (for bundles). */
  async lasting(conversationId: string): Promise<PreviewStorageRow[]> {
    const rows = await this.database.previewStorage.where('conversationId').equals(conversationId).toArray();
    return rows.flatMap((row) => {
      const parsed = PreviewStorageRow.safeParse(row);
      return parsed.success && parsed.data.area !== 'session' ? [parsed.data] : [];
    });
  }

  /** Forgets what one site keeps (the preview's "Clear storage"). */
  async clearSite(conversationId: string, site: string): Promise<void> {
    await this.database.previewStorage
      .where('[conversationId+site+area]')
      .between([conversationId, site, Dexie.minKey], [conversationId, site, Dexie.maxKey])
      .delete();
  }

  /** Ends every page's session storage: called when the app starts (a new browsing session). */
  async endSessions(): Promise<void> {
    // By key alone: the rows' text (IndexedDB saves of megabytes) is never read for this.
    const keys = await this.database.previewStorage.toCollection().primaryKeys();
    await this.database.previewStorage.bulkDelete(keys.filter((key) => key[2] === 'session'));
  }
}
