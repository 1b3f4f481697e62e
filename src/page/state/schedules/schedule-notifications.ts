import { createSignal } from 'solid-js';
import type { Conversation, ConversationStatus } from '@/shared/protocol/conversation.ts';
import type { AgentClient } from '../app/agent-client.ts';

/** Notification permission, or 'unsupported' where the browser has no Notification API. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

/** What one notification says; `tag` keeps several open tabs from stacking the same one. */
export type RunNotice = { title: string; body: string; tag: string };

const NOTICE_BODY: Partial<Record<ConversationStatus, string>> = {
  done: 'The scheduled run finished.',
  error: 'The scheduled run failed.',
  asking: 'The scheduled run is asking you a question.',
};

/**
 * The notice for a scheduled run whose status went from `previous` to the conversation's
 * (done, error or asking), or null: not a scheduled run, no change, or the previous
 * status unknown (a tab that did not see the run start does not guess).
 */
export function scheduledRunNotice(
  previous: ConversationStatus | undefined,
  conversation: Conversation,
  scheduleName?: string,
): RunNotice | null {
  if (!conversation.scheduled || previous === undefined || previous === conversation.status) return null;
  const body = NOTICE_BODY[conversation.status];
  if (!body) return null;
  const title = conversation.title || scheduleName || 'Scheduled run';
  return { title, body, tag: `${conversation.id}:${conversation.status}` };
}

function currentPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Notifies (when permission is granted) as scheduled runs finish, fail or ask, from the
 * `conversation` broadcasts every tab receives; a click focuses this window and opens the
 * conversation. Permission is only ever asked by `requestPermission` (a button), never on load.
 */
export function createScheduleNotifications(options: {
  client: AgentClient;
  scheduleName: (scheduleId: string) => string | undefined;
  open: (conversationId: string) => void;
}) {
  const [permission, setPermission] = createSignal<NotificationPermissionState>(currentPermission());
  const known = new Map<string, ConversationStatus>();

  void options.client.api.listConversations().then(
    (conversations) => {
      for (const conversation of conversations)
        if (!known.has(conversation.id)) known.set(conversation.id, conversation.status);
    },
    () => undefined,
  );

  function show(notice: RunNotice, conversationId: string): void {
    if (currentPermission() !== 'granted') return;
    try {
      const notification = new Notification(notice.title, { body: notice.body, tag: notice.tag });
      notification.onclick = () => {
        window.focus();
        options.open(conversationId);
        notification.close();
      };
    } catch {
      // Some browsers (Android Chrome) allow notifications only from a service worker,
      // whose click handler opens the conversation (src/service-worker/sw.ts).
      void navigator.serviceWorker?.ready
        .then((registration) =>
          registration.showNotification(notice.title, {
            body: notice.body,
            tag: notice.tag,
            data: { conversationId },
          }),
        )
        .catch(() => undefined);
    }
  }

  const unsubscribe = options.client.subscribe((message) => {
    if (message.type === 'conversation_deleted') known.delete(message.conversationId);
    if (message.type !== 'conversation') return;
    const { conversation } = message;
    const previous = known.get(conversation.id);
    known.set(conversation.id, conversation.status);
    const scheduleId = conversation.scheduled?.scheduleId;
    const notice = scheduledRunNotice(
      previous,
      conversation,
      scheduleId === undefined ? undefined : options.scheduleName(scheduleId),
    );
    if (notice) show(notice, conversation.id);
  });

  function onVisible(): void {
    setPermission(currentPermission());
  }
  document.addEventListener('visibilitychange', onVisible);

  return {
    permission,
    /** Asks the browser for permission (from a click) and records the answer. */
    async requestPermission(): Promise<void> {
      if (typeof Notification === 'undefined') return;
      setPermission(await Notification.requestPermission());
    },
    dispose() {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}

export type ScheduleNotifications = ReturnType<typeof createScheduleNotifications>;
