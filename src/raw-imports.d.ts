/** Text files imported with Vite's `?raw` suffix (tool descriptions, prompts). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
