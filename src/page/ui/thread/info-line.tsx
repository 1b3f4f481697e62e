import { Match, Show, Switch } from 'solid-js';
import { MESSAGE_TOO_LONG_OPENING } from '@/shared/protocol/long-text.ts';
import { settingsSectionOfNotice } from '../../state/settings/settings-links.ts';
import { type ActionItem, isLastItem, type NoticeItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';
import { renderMarkdown } from '../shared/markdown.ts';
import { IgnoredCalls } from './action-row.tsx';
import { OfflineLine } from './offline-line.tsx';
import { RetryLine } from './retry-line.tsx';

/** An update that informs (role `inform`, Manus' `message.info`): one quiet line (plain text), flipping from sending to sent. */
export function InfoLine(props: { item: ActionItem }) {
  const { ui } = useApp();
  return (
    <li
      class="thread-item info-line"
      data-action-type={props.item.actionType}
      data-status={props.item.status}
      classList={{ 'is-error': props.item.status === 'error' }}
    >
      <span class="info-marker">
        <Switch fallback={<span class="info-dot" aria-hidden="true" />}>
          <Match when={props.item.status === 'running'}>
            <Spinner />
          </Match>
          <Match when={props.item.status === 'error'}>
            <Icon name="alert" size={14} />
          </Match>
        </Switch>
      </span>
      <span class="info-text">
        <Switch fallback={props.item.content}>
          <Match when={props.item.status === 'running'}>{props.item.description}</Match>
          <Match when={props.item.status === 'error'}>Update not sent: {props.item.errorMessage}</Match>
        </Switch>
        <IgnoredCalls names={props.item.ignoredToolCalls} />
      </span>
      <button
        type="button"
        class="icon-button info-inspect"
        aria-label="Show this update in the computer panel"
        title="Details"
        onClick={() => ui.selectAction(props.item.uuid, { openSheet: true })}
      >
        <Icon name="chevron-right" size={14} />
      </button>
    </li>
  );
}

const NOTICE_TITLE: Record<NoticeItem['noticeKind'], string> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  provider_error: 'The model provider returned an error',
  no_tool_call: 'The model answered without calling a tool; the agent reminded it to use one.',
  internal_error: 'The agent stopped on an internal error',
  workspace_cleared: 'Workspace cleared',
  provider_adapted: 'The model server is now called another way',
  scheduled_run: 'Started by a schedule',
  reply: 'The answer',
  repetition: 'The agent was told it is repeating itself',
  retrying: 'Retrying the model request',
  offline: 'Offline: the run waited for the network',
  spend_cap: 'The spend cap cannot apply to this run',
  mcp_unavailable: 'An MCP server could not be reached',
};

/**
 * A runtime notice: a status line (its technical details, when it has them, behind a
 * disclosure), or for provider errors a clear error block with the full text.
 */
export function NoticeLine(props: { item: NoticeItem }) {
  const { thread, client, attempt, ui } = useApp();
  /** The Settings section the notice is about (an MCP server, the provider), if any. */
  const section = () => settingsSectionOfNotice(props.item.noticeKind);
  const settingsButton = (classes: string) => (
    <Show when={section()}>
      {(id) => (
        <button type="button" class={classes} onClick={() => ui.openSettings(id())}>
          <Icon name="gear" size={14} />
          Open settings
        </button>
      )}
    </Show>
  );
  /** The worker refused before sending (no provider was asked); the text says what to do. */
  const isMessageTooLong = () => props.item.text.startsWith(MESSAGE_TOO_LONG_OPENING);
  /** The error that ended the conversation: the last row, while it stays ended on it. */
  const isRetryable = () =>
    props.item.noticeKind === 'provider_error' &&
    !isMessageTooLong() &&
    thread.state.conversation?.status === 'error' &&
    isLastItem(thread.state.thread, props.item.key);
  function retry(): void {
    const id = thread.state.conversation?.id;
    if (id) void attempt(() => client.api.retryRun(id), 'Could not retry');
  }
  return (
    <Switch>
      <Match when={props.item.noticeKind === 'retrying'}>
        <RetryLine item={props.item} />
      </Match>
      <Match when={props.item.noticeKind === 'offline'}>
        <OfflineLine item={props.item} />
      </Match>
      <Match when={props.item.noticeKind === 'provider_error' || props.item.noticeKind === 'internal_error'}>
        <li class="thread-item notice-block is-error" data-notice-kind={props.item.noticeKind}>
          <div class="notice-heading">
            <Icon name="alert" />
            <strong>
              {isMessageTooLong() ? 'Not sent: a message is too long' : NOTICE_TITLE[props.item.noticeKind]}
            </strong>
          </div>
          <p class="notice-text">{props.item.text}</p>
          <Show when={!isMessageTooLong()}>
            <p class="notice-hint">
              {props.item.noticeKind === 'provider_error'
                ? 'Check the Base URL, API key and Model in Settings, then Retry (the same step again), or send a message.'
                : 'Nothing that was shown is lost. Send a message to continue.'}
            </p>
          </Show>
          <Show when={isRetryable() || (section() && !isMessageTooLong())}>
            <div class="notice-actions">
              <Show when={isRetryable()}>
                <button type="button" class="button small primary" onClick={retry}>
                  <Icon name="refresh" size={14} />
                  Retry
                </button>
              </Show>
              <Show when={!isMessageTooLong()}>{settingsButton('button small')}</Show>
            </div>
          </Show>
        </li>
      </Match>
      <Match when={props.item.noticeKind === 'reply'}>
        <li class="thread-item notice-block is-reply" data-notice-kind="reply">
          <div class="markdown" innerHTML={renderMarkdown(props.item.text)} />
        </li>
      </Match>
      <Match when={props.item.noticeKind === 'no_tool_call'}>
        <li class="thread-item notice-line" data-notice-kind="no_tool_call">
          <Icon name="info" size={14} />
          <span class="notice-text">
            {NOTICE_TITLE.no_tool_call}
            <Show when={props.item.modelText}>
              {(text) => <span class="notice-model-text">{text()}</span>}
            </Show>
          </span>
        </li>
      </Match>
      <Match when={props.item.noticeKind === 'repetition'}>
        <li class="thread-item notice-line is-told" data-notice-kind="repetition">
          <Icon name="info" size={14} />
          <div class="notice-text">
            {NOTICE_TITLE.repetition}
            {/* What the model read (its call quoted in code spans), sanitised like all markdown. */}
            <div class="notice-told-text markdown" innerHTML={renderMarkdown(props.item.text)} />
          </div>
        </li>
      </Match>
      <Match when={props.item.details}>
        {(details) => (
          <li class="thread-item notice-line has-details" data-notice-kind={props.item.noticeKind}>
            <Icon name="info" size={14} />
            <div class="notice-text">
              {props.item.text}
              {/* The technical words (server replies, modes) only for whoever opens them. */}
              <details class="notice-details">
                <summary>Technical details</summary>
                <p>{details()}</p>
              </details>
            </div>
            {settingsButton('link-button notice-settings')}
          </li>
        )}
      </Match>
      <Match when={true}>
        <li class="thread-item notice-line" data-notice-kind={props.item.noticeKind}>
          <Icon
            name={
              props.item.noticeKind === 'stopped' || props.item.noticeKind === 'interrupted' ? 'stop' : 'info'
            }
            size={14}
          />
          <span class="notice-text">{props.item.text}</span>
          {settingsButton('link-button notice-settings')}
        </li>
      </Match>
    </Switch>
  );
}
