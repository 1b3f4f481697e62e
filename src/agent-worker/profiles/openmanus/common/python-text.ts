/**
 * Python's way of writing the values OpenManus puts into its texts, so those texts read
 * exactly as OpenManus writes them.
 */

/** `str(number)`: an integer, or a float as Python prints it (`120.0`, `2.5`). */
export function pythonNumber(value: number, isFloat = false): string {
  return isFloat && Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** `repr` of a list of numbers: `[1, 5]`. */
export function pythonList(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}

/** `str.expandtabs()`: each tab becomes the spaces up to the next multiple of 8 columns. */
export function expandTabs(text: string, tabSize = 8): string {
  if (!text.includes('\t')) return text;
  let result = '';
  let column = 0;
  for (const character of text) {
    if (character === '\t') {
      const spaces = tabSize - (column % tabSize);
      result += ' '.repeat(spaces);
      column += spaces;
    } else if (character === '\n' || character === '\r') {
      result += character;
      column = 0;
    } else {
      result += character;
      column += 1;
    }
  }
  return result;
}

/** The number of times `part` occurs in `text` without overlapping (`str.count`). */
export function countOccurrences(text: string, part: string): number {
  if (part === '') return [...text].length + 1;
  let count = 0;
  let from = text.indexOf(part);
  while (from >= 0) {
    count += 1;
    from = text.indexOf(part, from + part.length);
  }
  return count;
}
