import { isDatabaseUnopenable } from '../../shared/protocol/storage-full.ts';

/** Least time between two attempts while the database cannot be opened (reads meanwhile answer from the copies at once). */
export const RECOVERY_RETRY_MS = 10_000;

/**
 * The recovery of the runs a closed page left `running`, which every command waits for.
 * It is tried when the worker starts; when that failed because the database could not be
 * opened (the browser started on a full disk), it is tried again before a later command,
 * at most every `RECOVERY_RETRY_MS`, until it ran: runs are not left shown as working until
 * a reload once space is freed. Any other failure (a write that failed on a database that
 * opens, a bug) is reported and not tried again. Callers at the same moment share one attempt.
 */
export class RecoveryAttempts {
  private attempt: Promise<void>;
  private failedAt: number | null = null;

  constructor(
    private readonly recover: () => Promise<void>,
    private readonly onFailure: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.attempt = this.run();
  }

  /** The latest attempt (it never rejects), after starting one more if one is due: what a command waits for. */
  done(): Promise<void> {
    if (this.failedAt !== null && this.now() - this.failedAt >= RECOVERY_RETRY_MS) {
      this.failedAt = null;
      this.attempt = this.run();
    }
    return this.attempt;
  }

  /** The latest attempt, never starting one (for what follows another tab's runs, step by step). */
  current(): Promise<void> {
    return this.attempt;
  }

  private run(): Promise<void> {
    return this.recover().then(
      () => undefined,
      (error: unknown) => {
        if (isDatabaseUnopenable(error)) this.failedAt = this.now();
        this.onFailure(error);
      },
    );
  }
}
