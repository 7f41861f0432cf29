/**
 * While `npm start` runs, it writes the local endpoints to .postbox/local.json so that
 * `npm run admin` can reach the running local stack without extra flags.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalState {
  pid: number;
  apiUrl: string;
  sesUrl: string;
  env: Record<string, string>;
}

export function localStatePath(root: string): string {
  return join(root, '.postbox', 'local.json');
}

export function writeLocalState(root: string, state: LocalState): void {
  mkdirSync(join(root, '.postbox'), { recursive: true });
  writeFileSync(localStatePath(root), `${JSON.stringify(state, null, 2)}\n`);
}

export function readLocalState(root: string): LocalState | undefined {
  const path = localStatePath(root);
  if (!existsSync(path)) return undefined;
  const state = JSON.parse(readFileSync(path, 'utf8')) as LocalState;
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return undefined; // the runner that wrote it is gone
  }
}

export function removeLocalState(root: string): void {
  rmSync(localStatePath(root), { force: true });
}
