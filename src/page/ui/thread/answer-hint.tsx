import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * In place of the message box while a question is open: one reply box is enough, and it
 * is the question's own. Says so, takes the person to it, and keeps Stop (which cancels
 * the question).
 */
export function AnswerHint(props: { onStop: () => void }) {
  const { ui } = useApp();
  function goToQuestion(): void {
    if (ui.focusReply()) return;
    // A long thread renders only the rows near the view: the question is the last one.
    const scroller = document.querySelector('.thread-scroller');
    scroller?.scrollTo({ top: scroller.scrollHeight });
    requestAnimationFrame(() => requestAnimationFrame(() => ui.focusReply()));
  }
  return (
    <div class="composer-answer">
      <Icon name="question" size={16} />
      <p class="composer-answer-text">
        The agent is waiting for your answer. Reply in the question’s box above.
      </p>
      <div class="composer-actions">
        <button type="button" class="button stop-button" onClick={() => props.onStop()}>
          <Icon name="stop" size={14} />
          Stop
        </button>
        <button type="button" class="button primary" onClick={goToQuestion}>
          Answer the question
        </button>
      </div>
    </div>
  );
}
