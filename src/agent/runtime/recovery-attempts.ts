import { isDatabaseUnavailable } from '../../protocol/storage-full.ts';

/**
 * The recovery of the runs a closed page left `running`, which every command waits for.
 * It is tried when the worker starts; when that failed because the database could not be
 * opened (the browser started on a full disk), it is tried again before the next command
 * once more, and so on until it ran, so runs are not left shown as working until a reload
 * once space is freed. Any other failure is reported and not tried again (it would fail
 * the same way). Callers at the same moment share one attempt.
 */
export class RecoveryAttempts {
  private attempt: Promise<void>;
  private isRetryDue = false;

  constructor(
    private readonly recover: () => Promise<void>,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.attempt = this.run();
  }

  /** Resolves once the latest attempt has ended (it never rejects); starts one more if one is due. */
  done(): Promise<void> {
    if (this.isRetryDue) {
      this.isRetryDue = false;
      this.attempt = this.run();
    }
    return this.attempt;
  }

  private run(): Promise<void> {
    return this.recover().then(
      () => undefined,
      (error: unknown) => {
        this.isRetryDue = isDatabaseUnavailable(error);
        this.onFailure(error);
      },
    );
  }
}
