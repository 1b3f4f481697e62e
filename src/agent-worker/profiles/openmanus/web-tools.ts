/** OpenManus' web and data tools (seed 002), in its catalogue's order. */
export { browserUseTool } from './tools/browser-use/browser-use.ts';
export { crawl4aiTool } from './tools/crawl4ai/crawl4ai.ts';
export { createChatCompletionTool } from './tools/create-chat-completion/create-chat-completion.ts';
export { dataVisualizationTool } from './tools/data-visualization/data-visualization.ts';
export { webSearchTool } from './tools/web-search/web-search.ts';
