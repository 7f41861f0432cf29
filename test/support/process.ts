/** Runs a Node script in its own process, as a user or an operator would, and collects what it prints. */
import { spawn } from 'node:child_process';

export interface NodeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx <script> ...args`, with `stdin` written to its standard input (closed either way). */
export async function runTsScript(
  script: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; stdin?: string } = {},
): Promise<NodeRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: options.cwd, env: options.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(options.stdin ?? '');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
