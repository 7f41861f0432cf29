/** What the attachments bench's scenarios share: sizes, rounding, API calls, and their child processes. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ONE_MB = 1_000_000;
export const TEN_MB = 10_000_000;
/** Emails per single-send scenario of the cost phase, and recipients of its batch. */
export const COST_EMAILS = 20;
export const BATCH_RECIPIENTS = 100;
export const PARALLEL_DELIVERIES = 5;
export const INPUT_ENV = 'POSTBOX_ATTACHMENTS_BENCH_INPUT';

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
export const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** A copy of `base`, distinct per `seed` (their SHA-256 differs), so that no two emails share a blob. */
export function distinctBytes(base: Buffer, seed: string): Buffer {
  const bytes = Buffer.from(base);
  bytes.write(seed.padEnd(40, '.'), 0, 'latin1');
  return bytes;
}

/**
 * Runs a scenario in `mode` as a child process (bench/attachments/child.ts); resolves with the JSON of
 * its last stdout line.
 */
export function runChild<T>(mode: string, input: unknown, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<T> {
  const child = fileURLToPath(new URL('./child.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const spawned = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', child, mode], {
      env: { ...env, [INPUT_ENV]: JSON.stringify(input) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    spawned.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    spawned.on('error', reject);
    spawned.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`${mode} exited with ${code}: ${output.slice(-2000)}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

export async function api(apiUrl: string, secret: string, path: string, body: unknown): Promise<{ data: never }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${path} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: never };
}

/** POST /attachments and the PUT it presigned; the upload's id. */
export async function upload(apiUrl: string, secret: string, filename: string, bytes: Buffer): Promise<string> {
  const created = (await api(apiUrl, secret, '/api/v1/attachments', { filename, size: bytes.length })) as {
    data: { id: string; upload_url: string; upload_headers: Record<string, string> };
  };
  const put = await fetch(created.data.upload_url, {
    method: 'PUT',
    headers: created.data.upload_headers,
    body: bytes,
  });
  const text = await put.text();
  if (put.status !== 200) throw new Error(`upload PUT failed: ${put.status} ${text.slice(0, 300)}`);
  return created.data.id;
}

/** Empties the SES emulator, which keeps every message (and its attachments) in memory. */
export const clearSesStore = async () => {
  await (await fetch(`${process.env.SES_ENDPOINT}/clear-store`, { method: 'POST' })).text();
};
