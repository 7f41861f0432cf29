/**
 * A programmable authoritative-style DNS server for tests, on dns2's UDP and TCP servers
 * (same port; TCP matters because a 2048-bit DKIM record plus headers can pass the 512-byte
 * UDP limit, and then the client retries over TCP). TXT, MX, A and AAAA data is served:
 * - a name with TXT records answers them (each record keeps its character-strings);
 * - a name with MX, A or AAAA records answers a query of that type with them (an MX with
 *   exchange `''` or `'.'` is a null MX, RFC 7505);
 * - a name that exists without records of the type asked (set to `[]`, another record type
 *   asked, or an empty non-terminal such as `_domainkey.example.com`) answers NOERROR with
 *   no answers;
 * - any other name answers NXDOMAIN;
 * - a name given a behaviour answers SERVFAIL, or never answers ('timeout').
 * Names are case-insensitive and a trailing dot is ignored. Answers carry TTL 0 so no
 * resolver cache keeps a value a test has since changed. Every question received is logged
 * (`queryLog()`, emptied by `clear()`), so tests can count the queries a client made.
 *
 * With `controlPort`, an HTTP API lets another process change the zone:
 *   PUT    /records/<name>    {"txt": [["part1", "part2"], ["other"]]}
 *                             (or any of "mx": [{"exchange", "priority"}], "a": [ipv4…],
 *                             "aaaa": [ipv6…]; each type given replaces that type only)
 *   DELETE /records/<name>    (also clears the name's behaviour)
 *   DELETE /records           (clears everything)
 *   PUT    /behaviour/<name>  {"behaviour": "servfail" | "timeout"}
 * Success is 204; a malformed request is 400 with a JSON `error`.
 */

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, isIP, type Socket } from 'node:net';
import { Packet, type Resource, TCPServer, UDPServer } from 'dns2';

export type DnsBehaviour = 'servfail' | 'timeout';

export interface MxRecord {
  exchange: string;
  priority: number;
}

/** One question the server received: the name as asked and the type's mnemonic (e.g. `MX`). */
export interface DnsQuery {
  name: string;
  type: string;
}

export interface TestDnsServer {
  port: number;
  /** `127.0.0.1:<port>`, ready for `DNS_SERVERS`. */
  address: string;
  /** `http://127.0.0.1:<port>` when started with `controlPort`. */
  controlUrl?: string;
  setTxt(name: string, records: string[][]): void;
  /** `[]` makes the name exist without MX records. */
  setMx(name: string, records: MxRecord[]): void;
  setA(name: string, addresses: string[]): void;
  setAaaa(name: string, addresses: string[]): void;
  /** The questions received since the start or the last `clear()`, oldest first. */
  queryLog(): DnsQuery[];
  remove(name: string): void;
  setBehaviour(name: string, behaviour: DnsBehaviour): void;
  clear(): void;
  close(): Promise<void>;
}

export interface TestDnsServerOptions {
  /** 0 = a free port (UDP and TCP share it). */
  port: number;
  /** Serve the HTTP control API on this port (0 = free); omitted = no control API. */
  controlPort?: number;
}

const HOST = '127.0.0.1';
/** RFC 1035 §3.3: a <character-string> holds at most 255 octets. */
const MAX_CHARACTER_STRING = 255;
const BEHAVIOURS: readonly DnsBehaviour[] = ['servfail', 'timeout'];
/** dns2 has `Packet.RCODE` at run time but not in its type definitions. */
const RCODE = { FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3 } as const;

function canonical(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * A string longer than one <character-string> is split into 255-octet pieces, as DNS hosting
 * panels do; readers concatenate the pieces, so the meaning is unchanged. dns2 would
 * otherwise write a wrong length byte.
 */
function toCharacterStrings(strings: readonly string[]): Buffer[] {
  const out: Buffer[] = [];
  for (const text of strings) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length <= MAX_CHARACTER_STRING) {
      out.push(bytes);
      continue;
    }
    for (let start = 0; start < bytes.length; start += MAX_CHARACTER_STRING) {
      out.push(bytes.subarray(start, start + MAX_CHARACTER_STRING));
    }
  }
  return out;
}

function isTxtRecords(value: unknown): value is string[][] {
  return (
    Array.isArray(value) &&
    value.every((record) => Array.isArray(record) && record.every((part) => typeof part === 'string'))
  );
}

function isMxRecords(value: unknown): value is MxRecord[] {
  return (
    Array.isArray(value) &&
    value.every(
      (record) =>
        typeof record === 'object' &&
        record !== null &&
        typeof (record as MxRecord).exchange === 'string' &&
        Number.isInteger((record as MxRecord).priority) &&
        (record as MxRecord).priority >= 0 &&
        (record as MxRecord).priority <= 0xffff,
    )
  );
}

function isAddresses(value: unknown, family: 4 | 6): value is string[] {
  return Array.isArray(value) && value.every((address) => isIP(String(address)) === family);
}

function isBehaviour(value: unknown): value is DnsBehaviour {
  return typeof value === 'string' && (BEHAVIOURS as readonly string[]).includes(value);
}

class Zone {
  private readonly records = new Map<string, Buffer[][]>();
  private readonly behaviours = new Map<string, DnsBehaviour>();
  private readonly mxRecords = new Map<string, MxRecord[]>();
  private readonly aRecords = new Map<string, string[]>();
  private readonly aaaaRecords = new Map<string, string[]>();
  readonly queries: DnsQuery[] = [];

  setTxt(name: string, records: string[][]): void {
    if (!isTxtRecords(records)) throw new TypeError('TXT records must be an array of arrays of strings');
    this.records.set(
      canonical(name),
      records.map((record) => toCharacterStrings(record)),
    );
  }

  setMx(name: string, records: MxRecord[]): void {
    if (!isMxRecords(records)) throw new TypeError('MX records must be an array of {exchange, priority}');
    this.mxRecords.set(
      canonical(name),
      records.map(({ exchange, priority }) => ({ exchange, priority })),
    );
  }

  setAddresses(name: string, addresses: string[], family: 4 | 6): void {
    if (!isAddresses(addresses, family)) throw new TypeError(`Addresses must be an array of IPv${family} addresses`);
    (family === 4 ? this.aRecords : this.aaaaRecords).set(canonical(name), [...addresses]);
  }

  remove(name: string): void {
    this.records.delete(canonical(name));
    this.behaviours.delete(canonical(name));
    this.mxRecords.delete(canonical(name));
    this.aRecords.delete(canonical(name));
    this.aaaaRecords.delete(canonical(name));
  }

  setBehaviour(name: string, behaviour: DnsBehaviour): void {
    if (!isBehaviour(behaviour)) throw new TypeError(`Unknown behaviour ${String(behaviour)}`);
    this.behaviours.set(canonical(name), behaviour);
  }

  clear(): void {
    this.records.clear();
    this.behaviours.clear();
    this.mxRecords.clear();
    this.aRecords.clear();
    this.aaaaRecords.clear();
    this.queries.length = 0;
  }

  mx(name: string): MxRecord[] | undefined {
    return this.mxRecords.get(canonical(name));
  }

  addresses(name: string, family: 4 | 6): string[] | undefined {
    return (family === 4 ? this.aRecords : this.aaaaRecords).get(canonical(name));
  }

  behaviour(name: string): DnsBehaviour | undefined {
    return this.behaviours.get(canonical(name));
  }

  txt(name: string): Buffer[][] | undefined {
    return this.records.get(canonical(name));
  }

  /** The name holds records, or is an empty non-terminal above a name that does. */
  exists(name: string): boolean {
    const key = canonical(name);
    const maps = [this.records, this.mxRecords, this.aRecords, this.aaaaRecords];
    if (maps.some((map) => map.has(key))) return true;
    const suffix = `.${key}`;
    for (const map of maps) for (const stored of map.keys()) if (stored.endsWith(suffix)) return true;
    return false;
  }
}

type Send = (response: Packet) => Promise<Buffer>;

function answer(zone: Zone, request: Packet, send: Send): void {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  response.header.ra = 1;
  const [question] = request.questions;
  if (!question) {
    response.header.rcode = RCODE.FORMERR;
    void send(response).catch(() => {});
    return;
  }
  const typeName = Object.entries(Packet.TYPE).find(([, value]) => value === question.type)?.[0];
  zone.queries.push({ name: question.name, type: typeName ?? String(question.type) });
  const behaviour = zone.behaviour(question.name);
  if (behaviour === 'timeout') return;
  if (behaviour === 'servfail') {
    response.header.rcode = RCODE.SERVFAIL;
  } else if (!zone.exists(question.name)) {
    response.header.rcode = RCODE.NXDOMAIN;
  } else if (question.type === Packet.TYPE.TXT || question.type === Packet.TYPE.ANY) {
    for (const strings of zone.txt(question.name) ?? []) {
      response.answers.push({
        name: question.name,
        type: Packet.TYPE.TXT,
        class: Packet.CLASS.IN,
        ttl: 0,
        // dns2 writes each array element as its own <character-string>; Buffers pass through.
        data: strings as unknown as string[],
      } as Resource);
    }
  } else if (question.type === Packet.TYPE.MX) {
    for (const { exchange, priority } of zone.mx(question.name) ?? []) {
      response.answers.push({
        name: question.name,
        type: Packet.TYPE.MX,
        class: Packet.CLASS.IN,
        ttl: 0,
        exchange,
        priority,
      } as Resource);
    }
  } else if (question.type === Packet.TYPE.A || question.type === Packet.TYPE.AAAA) {
    const family = question.type === Packet.TYPE.A ? 4 : 6;
    for (const address of zone.addresses(question.name, family) ?? []) {
      response.answers.push({
        name: question.name,
        type: question.type,
        class: Packet.CLASS.IN,
        ttl: 0,
        address,
      } as Resource);
    }
  }
  // A send error (client gone) is of no interest to the test.
  void send(response).catch(() => {});
}

function listenUdp(server: UDPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.bind(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function listenTcp(server: TCPServer | Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeUdp(server: UDPServer): Promise<void> {
  return new Promise((resolve) => {
    try {
      server.close(() => resolve());
    } catch {
      resolve(); // already closed
    }
  });
}

function closeNet(server: TCPServer | Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** UDP and TCP on one port; with port 0, retried when TCP finds the UDP port taken. */
async function bindDns(zone: Zone, port: number): Promise<{ udp: UDPServer; tcp: TCPServer; sockets: Set<Socket> }> {
  const attempts = port === 0 ? 5 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const udp = new UDPServer({ type: 'udp4' });
    const tcp = new TCPServer();
    const sockets = new Set<Socket>();
    for (const server of [udp, tcp]) {
      server.on('request', (request: Packet, send: Send) => answer(zone, request, send));
      server.on('requestError', () => {}); // a malformed query is dropped, as a real server would
    }
    tcp.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    try {
      await listenUdp(udp, port);
      const udpPort = (udp.address() as AddressInfo).port;
      try {
        await listenTcp(tcp, udpPort);
      } catch (error) {
        await closeUdp(udp);
        throw error;
      }
      udp.on('error', () => {});
      tcp.on('error', () => {});
      return { udp, tcp, sockets };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function reply(res: ServerResponse, status: number, error?: string): void {
  if (error === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

async function control(zone: Zone, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const match = /^\/(records|behaviour)(?:\/([^/]+))?$/.exec(path);
  if (!match) return reply(res, 404, `No route ${req.method} ${path}`);
  const [, kind, encodedName] = match;
  const name = encodedName === undefined ? undefined : decodeURIComponent(encodedName);

  let body: unknown;
  try {
    body = await readJson(req);
  } catch {
    return reply(res, 400, 'The body is not valid JSON');
  }
  const field = (key: string): unknown =>
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;

  if (kind === 'records' && name === undefined) {
    if (req.method !== 'DELETE') return reply(res, 405, 'Use DELETE /records to clear the zone');
    zone.clear();
    return reply(res, 204);
  }
  if (name === undefined || canonical(name) === '') return reply(res, 400, 'A name is required');
  if (kind === 'records') {
    if (req.method === 'DELETE') {
      zone.remove(name);
      return reply(res, 204);
    }
    if (req.method !== 'PUT') return reply(res, 405, 'Use PUT or DELETE');
    const txt = field('txt');
    const mx = field('mx');
    const a = field('a');
    const aaaa = field('aaaa');
    const onlyOtherTypes = txt === undefined && (mx !== undefined || a !== undefined || aaaa !== undefined);
    if (!onlyOtherTypes && !isTxtRecords(txt)) return reply(res, 400, '"txt" must be an array of arrays of strings');
    if (mx !== undefined && !isMxRecords(mx)) return reply(res, 400, '"mx" must be an array of {exchange, priority}');
    if (a !== undefined && !isAddresses(a, 4)) return reply(res, 400, '"a" must be an array of IPv4 addresses');
    if (aaaa !== undefined && !isAddresses(aaaa, 6))
      return reply(res, 400, '"aaaa" must be an array of IPv6 addresses');
    if (isTxtRecords(txt)) zone.setTxt(name, txt);
    if (isMxRecords(mx)) zone.setMx(name, mx);
    if (isAddresses(a, 4)) zone.setAddresses(name, a, 4);
    if (isAddresses(aaaa, 6)) zone.setAddresses(name, aaaa, 6);
    return reply(res, 204);
  }
  if (req.method !== 'PUT') return reply(res, 405, 'Use PUT');
  const behaviour = field('behaviour');
  if (!isBehaviour(behaviour)) return reply(res, 400, `"behaviour" must be one of ${BEHAVIOURS.join(', ')}`);
  zone.setBehaviour(name, behaviour);
  return reply(res, 204);
}

export async function startTestDnsServer(options: TestDnsServerOptions): Promise<TestDnsServer> {
  const zone = new Zone();
  const { udp, tcp, sockets } = await bindDns(zone, options.port);
  const port = (udp.address() as AddressInfo).port;

  let http: Server | undefined;
  let controlUrl: string | undefined;
  if (options.controlPort !== undefined) {
    http = createHttpServer((req, res) => {
      control(zone, req, res).catch((error: unknown) => {
        if (!res.headersSent) reply(res, 500, error instanceof Error ? error.message : String(error));
      });
    });
    try {
      await listenTcp(http, options.controlPort);
    } catch (error) {
      await Promise.all([closeUdp(udp), closeNet(tcp)]);
      throw error;
    }
    controlUrl = `http://${HOST}:${(http.address() as AddressInfo).port}`;
  }

  let closing: Promise<void> | undefined;
  return {
    port,
    address: `${HOST}:${port}`,
    ...(controlUrl === undefined ? {} : { controlUrl }),
    setTxt: (name, records) => zone.setTxt(name, records),
    setMx: (name, records) => zone.setMx(name, records),
    setA: (name, addresses) => zone.setAddresses(name, addresses, 4),
    setAaaa: (name, addresses) => zone.setAddresses(name, addresses, 6),
    queryLog: () => zone.queries.map((query) => ({ ...query })),
    remove: (name) => zone.remove(name),
    setBehaviour: (name, behaviour) => zone.setBehaviour(name, behaviour),
    clear: () => zone.clear(),
    close() {
      closing ??= (async () => {
        // Clients may hold TCP connections open (dns2 idles them for 10 s): end them now.
        for (const socket of sockets) socket.destroy();
        http?.closeAllConnections();
        await Promise.all([closeUdp(udp), closeNet(tcp), http ? closeNet(http) : undefined]);
      })();
      return closing;
    },
  };
}
