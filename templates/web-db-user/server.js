import { serve } from '@hono/node-server';
import { createApp } from './src/app.js';
import { openDatabase } from './src/database.js';

const database = await openDatabase(process.env.DATA_FILE ?? 'data/db.json');
const app = createApp(database);
const port = Number(process.env.PORT ?? 3000);

serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Listening on http://localhost:${info.port}`);
});
