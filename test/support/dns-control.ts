/**
 * Client for the test DNS server's HTTP control API (see dns-server.ts), for tests that run
 * in another process than the server, e.g. integration tests against the local stack.
 */
import type { DnsBehaviour, MxRecord } from './dns-server.ts';

export interface DnsControl {
  setTxt(name: string, records: string[][]): Promise<void>;
  /** Mail routing records of a name: each type given replaces that type only. */
  setMail(name: string, records: { mx?: MxRecord[]; a?: string[]; aaaa?: string[] }): Promise<void>;
  remove(name: string): Promise<void>;
  setBehaviour(name: string, behaviour: DnsBehaviour): Promise<void>;
  /** Removes every record and behaviour. */
  clear(): Promise<void>;
}

export function dnsControl(controlUrl: string): DnsControl {
  const base = controlUrl.replace(/\/+$/, '');

  async function call(method: 'PUT' | 'DELETE', path: string, body?: unknown): Promise<void> {
    const response = await fetch(`${base}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`DNS control ${method} ${path} failed: ${response.status} ${text}`);
    }
    await response.body?.cancel();
  }

  return {
    setTxt: (name, records) => call('PUT', `/records/${encodeURIComponent(name)}`, { txt: records }),
    setMail: (name, records) => call('PUT', `/records/${encodeURIComponent(name)}`, records),
    remove: (name) => call('DELETE', `/records/${encodeURIComponent(name)}`),
    setBehaviour: (name, behaviour) => call('PUT', `/behaviour/${encodeURIComponent(name)}`, { behaviour }),
    clear: () => call('DELETE', '/records'),
  };
}
