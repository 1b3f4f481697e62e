import { type ActionSummary, type ActionVerb, actionSummary, type Phrase, phrase } from './action-summary.ts';

/**
 * The words of every shared verb. Logs record the verb, so these words are what every
 * step labelled with one says, on every thread (the agent's running text, the thread,
 * the Computer panel, replay, a bundle opened elsewhere). A tool whose action none of
 * them fits gives its own words instead (`ActionSummary.words`).
 */
export const VERB_PHRASES: Readonly<Record<ActionVerb, Phrase>> = {
  plan: phrase(null, 'Updating the plan', 'Updated the plan'),
  advance_plan: phrase('quote', 'Moving on to {}', 'Moved on to {}', [
    'Moving to the next phase',
    'Moved to the next phase',
  ]),
  read_plan: phrase(null, 'Reading the plan', 'Read the plan'),
  inform: phrase(null, 'Sending an update', 'Sent an update'),
  ask: phrase(null, 'Asking a question', 'Asked a question'),
  deliver: phrase(null, 'Delivering the result', 'Delivered the result'),
  run: phrase('code', 'Running {}', 'Ran {}', ['Running a command', 'Ran a command']),
  run_code: phrase('text', 'Running {} code', 'Ran {} code', ['Running code', 'Ran code']),
  view_terminal: phrase(null, 'Checking the terminal', 'Checked the terminal'),
  wait: phrase(null, 'Waiting for the command', 'Waited for the command'),
  send_input: phrase('code', 'Typing {} into the terminal', 'Typed {} into the terminal', [
    'Typing into the terminal',
    'Typed into the terminal',
  ]),
  stop_process: phrase('text', 'Stopping {}', 'Stopped {}', ['Stopping the command', 'Stopped the command']),
  read: phrase('path', 'Reading {}', 'Read {}', ['Reading a file', 'Read a file']),
  write: phrase('path', 'Writing {}', 'Wrote {}', ['Writing a file', 'Wrote a file']),
  append: phrase('path', 'Appending to {}', 'Appended to {}', ['Appending to a file', 'Appended to a file']),
  edit: phrase('path', 'Editing {}', 'Edited {}', ['Editing a file', 'Edited a file']),
  undo_edit: phrase('path', 'Undoing the last edit to {}', 'Undid the last edit to {}', [
    'Undoing the last edit',
    'Undid the last edit',
  ]),
  apply_patch: phrase(null, 'Applying a patch', 'Applied a patch'),
  list_files: phrase('path', 'Listing {}', 'Listed {}', ['Listing files', 'Listed files']),
  find_files: phrase('code', 'Finding files matching {}', 'Found files matching {}', [
    'Finding files',
    'Found files',
  ]),
  search_files: phrase('code', 'Searching files for {}', 'Searched files for {}', [
    'Searching files',
    'Searched files',
  ]),
  search_web: phrase('quote', 'Searching the web for {}', 'Searched the web for {}', [
    'Searching the web',
    'Searched the web',
  ]),
  search_images: phrase('quote', 'Searching for images of {}', 'Searched for images of {}', [
    'Searching for images',
    'Searched for images',
  ]),
  open_page: phrase('url', 'Opening {}', 'Opened {}', ['Opening a page', 'Opened a page']),
  use_browser: phrase('text', 'Browser: {}', 'Browser: {}', ['Using the browser', 'Used the browser']),
  read_page: phrase('quote', 'Reading the page for {}', 'Read the page for {}', [
    'Reading the page',
    'Read the page',
  ]),
  schedule: phrase('text', 'Scheduling {}', 'Scheduled {}', ['Scheduling a task', 'Scheduled a task']),
  expose_port: phrase('text', 'Exposing port {}', 'Exposed port {}', ['Exposing a port', 'Exposed a port']),
  preview_site: phrase('path', 'Serving {} as a preview', 'Previewed {}', [
    'Serving a preview',
    'Previewed the site',
  ]),
  enter_mode: phrase('text', 'Switching to {}', 'Switched to {}', ['Switching mode', 'Switched mode']),
  leave_mode: phrase('text', 'Leaving {}', 'Left {}', ['Leaving the mode', 'Left the mode']),
  generate_image: phrase('quote', 'Generating an image: {}', 'Generated an image: {}', [
    'Generating an image',
    'Generated an image',
  ]),
  edit_image: phrase('path', 'Editing the image {}', 'Edited the image {}', [
    'Editing an image',
    'Edited an image',
  ]),
  generate_speech: phrase('quote', 'Generating speech: {}', 'Generated speech: {}', [
    'Generating speech',
    'Generated speech',
  ]),
  make_slides: phrase('text', 'Building {}', 'Built {}', ['Building the slides', 'Built the slides']),
  create_project: phrase('text', 'Creating the project {}', 'Created the project {}', [
    'Creating a project',
    'Created a project',
  ]),
  chart: phrase('path', 'Charting {}', 'Charted {}', ['Charting data', 'Charted data']),
  compose: phrase(null, 'Writing a completion', 'Wrote a completion'),
  delegate: phrase('text', 'Delegating: {}', 'Delegated: {}', [
    'Delegating to a sub-agent',
    'Delegated to a sub-agent',
  ]),
  post: phrase('quote', 'Posting {}', 'Posted {}', ['Posting', 'Posted']),
  search_posts: phrase('quote', 'Searching posts for {}', 'Searched posts for {}', [
    'Searching posts',
    'Searched posts',
  ]),
  check: phrase('text', 'Checking {}', 'Checked {}', ['Checking', 'Checked']),
  cancel: phrase('text', 'Cancelling {}', 'Cancelled {}', ['Cancelling', 'Cancelled']),
  use_tool: phrase('text', 'Using {}', 'Used {}', ['Using a tool', 'Used a tool']),
};

/** The words a summary is said in: its own, else its verb's. */
export function wordsOf(summary: ActionSummary): Phrase {
  return summary.words ?? VERB_PHRASES[summary.verb];
}

/**
 * A summary as one line of plain text, as under way (`isDone` false) or done: the target
 * as the model gave it (a command in backticks, a query in quotes). The agent's running
 * envelope says this; the page draws the same words with paths shortened (step-label.ts).
 */
export function summaryText(summary: ActionSummary, isDone: boolean): string {
  const words = wordsOf(summary);
  const target = words.target ? summary.target : undefined;
  if (!target) return isDone ? words.doneBare : words.runningBare;
  const shown = words.target === 'code' ? `\`${target}\`` : words.target === 'quote' ? `“${target}”` : target;
  return (isDone ? words.done : words.running).replace('{}', shown);
}

/** A summary with its own words (an action no shared verb fits): recorded as `use_tool`, said in `words`. */
export function ownWords(words: Phrase, target?: unknown): ActionSummary {
  return { ...actionSummary('use_tool', target), words };
}
