/** reveal.js's stylesheets and classic scripts, imported as text (`reveal-assets.ts`). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}

declare module '*.js?raw' {
  const text: string;
  export default text;
}
