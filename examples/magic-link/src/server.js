/** Runs the example: POSTBOX_URL, POSTBOX_API_KEY, FROM_EMAIL and POSTBOX_WEBHOOK_SECRET from the environment. */
import { Postbox } from '@postbox/sdk';
import { createApp } from './app.js';

const postbox = new Postbox({ apiKey: process.env.POSTBOX_API_KEY, baseUrl: process.env.POSTBOX_URL });
const app = createApp({
  postbox,
  from: process.env.FROM_EMAIL ?? 'signin@postbox.test',
  webhookSecret: process.env.POSTBOX_WEBHOOK_SECRET,
});
console.log(`listening on ${await app.listen(Number(process.env.PORT ?? 4000))}`);
