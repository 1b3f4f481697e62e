import { Plan } from '../protocol/phase-plan.ts';
import type { SandpiperDatabase } from './db.ts';

/** Reads the per-conversation plan; writes happen in the journal's transactions. */
export class PlanRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  async get(conversationId: string): Promise<Plan | null> {
    const row = await this.database.plans.get(conversationId);
    return row ? Plan.parse(row) : null;
  }
}
