/**
 * The local stack's SMTP server (smtp-server), playing SES receiving: loopback only, no AUTH or TLS,
 * SIZE advertised (30 MB: a larger message is refused with 552), a recipient no organization receives
 * for refused at RCPT TO with 550, and each accepted message handed to `deliver` with its envelope.
 */
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { MAX_INBOUND_MESSAGE_BYTES } from '#inbound/parse-message.ts';

export interface InboundSmtpOptions {
  /** 0: any free port. */
  port?: number;
  /** Whether some organization receives mail for this address. */
  accepts: (address: string) => Promise<boolean>;
  deliver: (raw: Buffer, envelope: { from: string; recipients: string[] }) => Promise<void>;
}

export interface InboundSmtp {
  port: number;
  stop(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

async function collect(stream: SMTPServerDataStream): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  // smtp-server stops keeping count past SIZE but reads to the end; what it read is thrown away.
  return stream.sizeExceeded ? undefined : Buffer.concat(chunks);
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: 'postbox.localhost',
    banner: 'Postbox local inbound (plays SES receiving)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_MESSAGE_BYTES,
    logger: false,
    async onRcptTo(address, _session, callback) {
      try {
        if (await options.accepts(address.address)) callback();
        else callback(smtpError(550, `5.1.1 <${address.address.slice(0, 254)}>: no such recipient here`));
      } catch {
        callback(smtpError(451, '4.3.0 Temporary failure, try again'));
      }
    },
    async onData(stream, session, callback) {
      try {
        const raw = await collect(stream);
        if (!raw) {
          callback(smtpError(552, `5.3.4 Message larger than ${MAX_INBOUND_MESSAGE_BYTES} bytes`));
          return;
        }
        await options.deliver(raw, {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        callback();
      } catch {
        callback(smtpError(451, '4.3.0 Temporary failure, try again'));
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
