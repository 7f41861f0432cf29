/** Starts one Postbox (@postbox/local) for the test run and gives the tests its URL and test key. */
import { startPostbox } from '@postbox/local';

/** @param {import('vitest/node').TestProject} project */
export default async function setup(project) {
  const postbox = await startPostbox();
  project.provide('postboxUrl', postbox.url);
  project.provide('postboxApiKey', postbox.apiKey);
  return () => postbox.stop();
}
