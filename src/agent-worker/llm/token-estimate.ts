/** Characters per token assumed when the API has not told us (conservative for English and JSON). */
export const CHARS_PER_TOKEN = 3.5;
