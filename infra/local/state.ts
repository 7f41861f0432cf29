/**
 * What a local run keeps on disk: while `npm start` runs, the endpoints in .postbox/local.json (so
 * `npm run admin` reaches the running stack without flags); with a kept data folder, the key standing
 * in for KMS (the domains' DKIM keys are sealed with it, so it must outlive restarts too).
 */
import { randomBytes } from 'node:crypto';
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

/** The local stand-in for KMS's key, kept in `dataDir` (created on first use). */
export function keptEncryptionKey(dataDir: string): string {
  const file = join(dataDir, 'local-encryption.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
