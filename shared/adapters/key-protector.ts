/**
 * Encrypts small secrets (a domain's DKIM private key) before they are stored, so the table
 * never holds them in clear. In AWS the key never leaves KMS; on the local stack, where there
 * is no KMS emulator, AES-256-GCM with a key from the environment stands in for it.
 *
 * The context (e.g. `{ organization_id, domain_id }`) is authenticated but not secret: a
 * ciphertext copied onto another domain's item fails to decrypt instead of yielding the key.
 */

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { awsClient } from '#core/aws-client.ts';

export type EncryptionContext = Record<string, string>;

export interface KeyProtector {
  /** Returns an opaque string: a scheme tag (`kms:` or `local:`) then base64. */
  encrypt(plaintext: Buffer, context: EncryptionContext): Promise<string>;
  /** Throws when the ciphertext was altered or was made with another context or key. */
  decrypt(ciphertext: string, context: EncryptionContext): Promise<Buffer>;
}

/** Strips the scheme tag, refusing ciphertext made by the other implementation. */
function payload(ciphertext: string, scheme: string): Buffer {
  if (!ciphertext.startsWith(scheme)) throw new Error(`Ciphertext is not a ${scheme} ciphertext`);
  return Buffer.from(ciphertext.slice(scheme.length), 'base64');
}

export class KmsKeyProtector implements KeyProtector {
  constructor(
    private readonly client: KMSClient,
    private readonly keyId: string,
  ) {}

  async encrypt(plaintext: Buffer, context: EncryptionContext): Promise<string> {
    // Direct Encrypt takes up to 4 KB, ample for a PKCS#8 2048-bit RSA key (~1.2 KB DER).
    const { CiphertextBlob } = await this.client.send(
      new EncryptCommand({ KeyId: this.keyId, Plaintext: plaintext, EncryptionContext: context }),
    );
    if (!CiphertextBlob) throw new Error('KMS Encrypt returned no CiphertextBlob');
    return `kms:${Buffer.from(CiphertextBlob).toString('base64')}`;
  }

  async decrypt(ciphertext: string, context: EncryptionContext): Promise<Buffer> {
    // KeyId makes KMS refuse a ciphertext made under any other key, rather than trusting the blob.
    const { Plaintext } = await this.client.send(
      new DecryptCommand({
        KeyId: this.keyId,
        CiphertextBlob: payload(ciphertext, 'kms:'),
        EncryptionContext: context,
      }),
    );
    if (!Plaintext) throw new Error('KMS Decrypt returned no Plaintext');
    return Buffer.from(Plaintext);
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Sorted key/value pairs as JSON: the same context always gives the same AAD, whatever its key order. */
function contextAad(context: EncryptionContext): Buffer {
  const pairs = Object.keys(context)
    .sort()
    .map((key) => [key, context[key]]);
  return Buffer.from(JSON.stringify(pairs), 'utf8');
}

/** Output: `local:` + base64(iv | tag | ciphertext). */
export class LocalKeyProtector implements KeyProtector {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('LocalKeyProtector needs a 32-byte key');
  }

  async encrypt(plaintext: Buffer, context: EncryptionContext): Promise<string> {
    const iv = randomBytes(IV_BYTES); // fresh per message: GCM must never reuse an IV under one key
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(contextAad(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return `local:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  async decrypt(ciphertext: string, context: EncryptionContext): Promise<Buffer> {
    const data = payload(ciphertext, 'local:');
    if (data.length < IV_BYTES + TAG_BYTES) throw new Error('Ciphertext is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    decipher.setAAD(contextAad(context));
    try {
      return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new Error('Ciphertext could not be decrypted: wrong key or context, or altered data');
    }
  }
}

/** Exactly 32 bytes in canonical base64 (44 characters, one `=`). */
const BASE64_32_BYTES = /^[A-Za-z0-9+/]{43}=$/;

function createFromEnv(): KeyProtector {
  const kmsKeyId = process.env.KMS_KEY_ID;
  if (kmsKeyId) {
    // The SDK reads the region (AWS_REGION) and credentials from the environment.
    return new KmsKeyProtector(awsClient(new KMSClient({})), kmsKeyId);
  }
  const localKey = process.env.LOCAL_ENCRYPTION_KEY;
  if (localKey) {
    if (!BASE64_32_BYTES.test(localKey)) {
      throw new Error('LOCAL_ENCRYPTION_KEY must be the base64 encoding of exactly 32 random bytes');
    }
    return new LocalKeyProtector(Buffer.from(localKey, 'base64'));
  }
  throw new Error('Missing configuration: set KMS_KEY_ID (AWS) or LOCAL_ENCRYPTION_KEY (local stack)');
}

let cached: KeyProtector | undefined;

/**
 * The protector the configuration selects, created on first use (so merely importing this
 * module never throws in functions that do not need it) and then reused with its one client.
 */
export function keyProtectorFromEnv(): KeyProtector {
  cached ??= createFromEnv();
  return cached;
}
