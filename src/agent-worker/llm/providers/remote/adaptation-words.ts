/**
 * What the thread says, in plain words, when Sandpiper changes how it asks a model server
 * (the finding itself, technical, goes with it as the notice's details): what happened, and
 * what the person can do.
 */
export const ADAPTATION_WORDS = {
  /** The server's chat template refused the conversation as sent; it is now sent as text. */
  layout:
    'The model server could not read the conversation in the form Sandpiper sent it, so Sandpiper now sends it in a form this server takes, and asked again. Nothing is needed from you.',
  /** The model called something else where a step was forced; forced steps now go by grammar. */
  stepNotTaken:
    'The model did not take the step it was asked to take, so Sandpiper now asks this model server in a stricter way that holds the model to the step, and asked again. Nothing is needed from you.',
  /** The model wrote text where a call was forced: the server has no tool calling of its own. */
  wordsInsteadOfStep:
    'The model answered in words where it had to take a step: its server seems unable to call tools by itself. Sandpiper now asks it in a stricter way that holds the model to a step, and asked again. Nothing is needed from you.',
  /** The server refused the grammar: back to native calls, steps no longer forced. */
  stricterRefused:
    'The model server refused the stricter way of asking, so Sandpiper asks it the usual way again. The model may now skip a step it is asked to take; if the agent goes astray, try another model in Settings → Providers.',
} as const;
