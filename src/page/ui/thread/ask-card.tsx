import { createEffect, createSignal, Match, on, onCleanup, Show, Switch } from 'solid-js';
import { readFields } from '@/shared/protocol/tool-meta/index.ts';
import { AskMeta, type SuggestedAction } from '@/shared/protocol/tool-meta/message-meta.ts';
import { CANCEL_REPLY, CONFIRM_REPLY, RETRY_REPLY } from '@/shared/protocol/worker-api.ts';
import { takeOverPageUrl } from '../../state/computer/page-report.ts';
import { settingsSectionOfAsk } from '../../state/settings/settings-links.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { actionItems, openAskUuid } from '../../state/thread/thread-reducer.ts';
import type { AttachmentsStore, ReadUpload } from '../../state/uploads/attachments-store.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { IgnoredCalls } from './action-row.tsx';
import { AskReplyForm } from './ask-reply-form.tsx';
import '../computer/views/web-views.css';

/** The reply sent by the take-over prompt's button. */
export const TAKE_OVER_REPLY = 'I took over and finished the step.';
/** The reply sent by the upgrade card's alternative path. */
export const CONTINUE_WITHOUT_REPLY = 'Continue without it';

function suggestedAction(item: ActionItem): SuggestedAction {
  return readFields(AskMeta, item.meta).suggested_action ?? 'none';
}

function heading(item: ActionItem): string {
  const reason = readFields(AskMeta, item.meta).runtime_reason;
  if (reason === 'step_budget') return 'Step budget reached';
  if (reason === 'token_budget') return 'Token budget reached';
  if (reason === 'time_limit') return 'Time limit reached';
  if (reason === 'interrupted') return 'The run was interrupted';
  if (reason === 'failures') return 'The agent is stuck';
  if (reason === 'repetition') return 'The agent seems to be repeating itself';
  if (reason === 'spend_cap') return 'Spend cap reached';
  if (reason === 'provider_unavailable') return 'The model server is not answering';
  switch (suggestedAction(item)) {
    case 'confirm_browser_operation':
      return 'Confirm a browser action';
    case 'confirm':
      return 'Confirmation needed';
    case 'take_over_browser':
      return 'Your turn in the browser';
    case 'upgrade_to_unlock_feature':
      return 'A feature needs setting up';
    default:
      return 'Question';
  }
}

/** The runtime asking whether a run goes on (a budget, the time limit, an interruption): Continue or Stop. */
function isRunContinuation(item: ActionItem): boolean {
  const reason = readFields(AskMeta, item.meta).runtime_reason;
  return reason !== undefined && reason !== 'failures';
}

/** The Settings section that sets up what a question asks for (from its reason, or its words), or null. */
function settingsSectionOf(item: ActionItem) {
  return settingsSectionOfAsk({
    runtimeReason: readFields(AskMeta, item.meta).runtime_reason,
    text: item.question ?? item.content,
  });
}

/** The runtime pausing a run whose model server kept failing: Retry (the same step again) or Stop. */
function isProviderPause(item: ActionItem): boolean {
  return readFields(AskMeta, item.meta).runtime_reason === 'provider_unavailable';
}

/**
 * A question (role `ask`, Manus' `message.ask`): the question (markdown), and while it is the open question, the
 * controls its `suggested_action` calls for plus a free reply box that takes focus.
 */
export function AskCard(props: { item: ActionItem }) {
  const { thread, ui, attempt, toasts } = useApp();
  const [isSending, setSending] = createSignal(false);
  let replyBox: HTMLTextAreaElement | undefined;

  const isOpen = () => props.item.askState === 'open' && openAskUuid(thread.state.thread) === props.item.uuid;
  const action = () => suggestedAction(props.item);
  const pageUrl = () =>
    action() === 'take_over_browser' ? takeOverPageUrl(actionItems(thread.state.thread), props.item) : null;

  createEffect(
    on(isOpen, (open) => {
      if (open) requestAnimationFrame(() => replyBox?.focus({ preventScroll: false }));
    }),
  );
  // While open, this card's box is the one reply box: the composer gives way and points here.
  createEffect(() => {
    if (!isOpen()) return;
    const box = replyBox;
    ui.registerReplyBox(box);
    onCleanup(() => ui.registerReplyBox(undefined, box));
  });

  /** Sends a reply, with the reply box's files when it has them; true when it went. */
  async function send(reply: string, attached?: AttachmentsStore): Promise<boolean> {
    const trimmed = reply.trim();
    const hasFiles = attached !== undefined && attached.items().length > 0;
    if ((trimmed === '' && !hasFiles) || isSending()) return false;
    setSending(true);
    const files = attached && hasFiles ? await readFiles(attached) : undefined;
    const isSent =
      files !== null &&
      (await attempt(() => thread.reply(props.item.uuid, trimmed, files), 'Reply not sent'));
    attached?.setProgress(null);
    setSending(false);
    if (isSent) ui.focusComposer();
    else if (files !== null) thread.reload();
    return isSent;
  }

  /** The reply's files read and ready, or null after telling why they cannot go. */
  async function readFiles(attached: AttachmentsStore): Promise<ReadUpload | null> {
    try {
      return await attached.read();
    } catch (error) {
      toasts.show(`Could not read the files: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /**
   * Stop at a runtime question that offers it: the run stops there, as the composer's Stop
   * does, and the thread says so (no reply is sent in the person's name).
   */
  async function stop(): Promise<void> {
    if (isSending()) return;
    setSending(true);
    const isStopped = await attempt(() => thread.stop(), 'Could not stop');
    setSending(false);
    if (isStopped) ui.focusComposer();
  }

  /** The question's two buttons: `primary` sends its reply; the other replies Cancel, or (`stop`) stops the run. */
  function choiceButtons(primary: string, primaryReply: string, secondary: 'cancel' | 'stop' = 'cancel') {
    return (
      <div class="ask-choices">
        <button
          type="button"
          class="button primary"
          disabled={isSending()}
          onClick={() => void send(primaryReply)}
        >
          {primary}
        </button>
        <button
          type="button"
          class="button"
          disabled={isSending()}
          onClick={() => void (secondary === 'stop' ? stop() : send(CANCEL_REPLY))}
        >
          {secondary === 'stop' ? 'Stop' : 'Cancel'}
        </button>
      </div>
    );
  }

  return (
    <li class="thread-item">
      <article
        class="ask-card"
        classList={{ 'is-open': isOpen() }}
        data-action-type={props.item.actionType}
        data-status={props.item.status}
        data-ask-state={props.item.askState ?? 'pending'}
        data-suggested-action={action()}
        aria-label={heading(props.item)}
      >
        <header class="card-header">
          <Icon class="card-icon" name={action() === 'take_over_browser' ? 'hand' : 'question'} />
          <span class="card-title">{heading(props.item)}</span>
          <Switch>
            <Match when={isOpen()}>
              <span class="card-state is-asking">Waiting for you</span>
            </Match>
            <Match when={props.item.askState === 'answered'}>
              <span class="card-state is-success">Answered</span>
            </Match>
            <Match when={props.item.askState === 'cancelled'}>
              {/* Closed unanswered: the person stopped the run, a closed page interrupted it, or it failed. */}
              <Switch fallback={<span class="card-state is-error">Not answered</span>}>
                <Match when={props.item.meta.error?.kind === 'cancelled'}>
                  <span class="card-state">Stopped</span>
                </Match>
                <Match when={props.item.meta.error?.kind === 'interrupted'}>
                  <span class="card-state">Interrupted</span>
                </Match>
              </Switch>
            </Match>
          </Switch>
        </header>
        <div
          class="markdown ask-question"
          innerHTML={renderMarkdown(props.item.question ?? props.item.content)}
        />
        <IgnoredCalls names={props.item.ignoredToolCalls} />
        <Show when={isOpen()}>
          <Switch>
            <Match when={action() === 'confirm' && isProviderPause(props.item)}>
              {choiceButtons('Retry', RETRY_REPLY, 'stop')}
            </Match>
            <Match when={action() === 'confirm' && isRunContinuation(props.item)}>
              {choiceButtons('Continue', CONFIRM_REPLY, 'stop')}
            </Match>
            <Match when={action() === 'confirm_browser_operation' || action() === 'confirm'}>
              {choiceButtons('Confirm', CONFIRM_REPLY)}
            </Match>
            <Match when={action() === 'retry'}>{choiceButtons('Retry', RETRY_REPLY)}</Match>
            <Match when={action() === 'take_over_browser'}>
              <div class="ask-panel">
                <p>
                  The agent needs you to do this step yourself, such as a login or a CAPTCHA. Open the page in
                  a new tab and do it there, then press Take over (or reply below) to tell the agent.
                </p>
                <Show when={pageUrl()}>
                  {(url) => (
                    <p class="ask-page-url" id={`take-over-url-${props.item.uuid}`}>
                      {url()}
                    </p>
                  )}
                </Show>
                <div class="ask-choices">
                  <Show when={pageUrl()}>
                    {(url) => (
                      <a
                        class="button"
                        href={url()}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={url()}
                        aria-describedby={`take-over-url-${props.item.uuid}`}
                      >
                        <Icon name="link" />
                        Open the page
                      </a>
                    )}
                  </Show>
                  <button
                    type="button"
                    class="button primary"
                    disabled={isSending()}
                    onClick={() => void send(TAKE_OVER_REPLY)}
                  >
                    <Icon name="hand" />
                    Take over
                  </button>
                </div>
              </div>
            </Match>
            <Match when={action() === 'upgrade_to_unlock_feature'}>
              <div class="ask-panel is-upgrade">
                <p>
                  This needs something that is not set up yet. You can set it up, or let the agent carry on
                  without it.
                </p>
                <div class="ask-choices">
                  <button
                    type="button"
                    class="button primary"
                    onClick={() => ui.openSettings(settingsSectionOf(props.item) ?? undefined)}
                  >
                    Open settings
                  </button>
                  <button
                    type="button"
                    class="button"
                    disabled={isSending()}
                    onClick={() => void send(CONTINUE_WITHOUT_REPLY)}
                  >
                    Continue without it
                  </button>
                </div>
              </div>
            </Match>
          </Switch>
          <AskReplyForm
            questionUuid={props.item.uuid}
            isSending={isSending()}
            onSend={send}
            ref={(element) => {
              replyBox = element;
            }}
          />
        </Show>
        <Show when={props.item.askState === 'cancelled' && props.item.errorMessage}>
          {(message) => (
            <Show
              when={props.item.meta.error?.kind === 'cancelled'}
              fallback={<p class="ask-outcome is-error">{message()}</p>}
            >
              {/* The model reads "The user stopped…"; the person is told in their own words. */}
              <p class="ask-outcome">You stopped the task here.</p>
            </Show>
          )}
        </Show>
      </article>
    </li>
  );
}
