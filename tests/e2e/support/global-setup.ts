import { rm } from 'node:fs/promises';
import { prepareTemplate, TEMPLATE_ENV } from './server';

/**
 * Migrates and seeds one data folder that every worker's server copies (see `serverURL` in fixtures.ts). Its path
 * reaches the workers through the environment, which they inherit. `npm test` makes it beforehand, beside its other
 * layers, and passes it in the same variable: then it is used as it is and left to its maker.
 */
export default async function globalSetup() {
  if (process.env[TEMPLATE_ENV]) return undefined;
  const template = await prepareTemplate();
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    await rm(template, { recursive: true, force: true });
  };
}
