/** OpenManus' web and data tools (seed 002), in its catalogue's order. */
export { browserUseTool } from './browser-use.ts';
export { crawl4aiTool } from './crawl4ai.ts';
export { createChatCompletionTool } from './create-chat-completion.ts';
export { dataVisualizationTool } from './data-visualization.ts';
export { webSearchTool } from './web-search.ts';
