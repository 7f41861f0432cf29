/**
 * The pipeline's embedded metrics (shared/core/metrics.ts): one EMF line per count, in the Postbox
 * namespace with the service and stack dimensions, nothing for a count of zero; and which stored
 * events count toward which metric.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

async function emitted(run: (module: typeof import('#core/metrics.ts')) => void): Promise<unknown[]> {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POSTBOX_STACK_NAME', 'PostboxStaging');
  vi.resetModules();
  const module = await import('#core/metrics.ts');
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  run(module);
  return lines.map((line) => JSON.parse(line));
}

describe('email metrics', () => {
  it('publishes one EMF line per count, in the Postbox namespace, by service and stack', async () => {
    const lines = await emitted(({ countEmails }) => {
      countEmails('EmailsAccepted', 1000);
      countEmails('EmailsSent');
      countEmails('EmailsBounced', 0);
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      EmailsAccepted: 1000,
      service: 'postbox',
      stack: 'PostboxStaging',
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'Postbox',
            Dimensions: [expect.arrayContaining(['service', 'stack'])],
            Metrics: [{ Name: 'EmailsAccepted', Unit: 'Count' }],
          },
        ],
      },
    });
    expect(lines[1]).toMatchObject({ EmailsSent: 1 });
  });

  it('writes nothing when disabled (the local cloud and the unit tests)', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    vi.resetModules();
    const { countEmails } = await import('#core/metrics.ts');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    countEmails('EmailsAccepted');
    expect(write).not.toHaveBeenCalled();
  });

  it('counts delivered, bounced, complained and failed events, and no other', async () => {
    const { metricOfEvent } = await import('#core/metrics.ts');
    expect(
      ['delivered', 'bounced', 'complained', 'failed', 'sent', 'opened', 'delivery_delayed'].map(metricOfEvent),
    ).toEqual([
      'EmailsDelivered',
      'EmailsBounced',
      'EmailsComplained',
      'EmailsFailed',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
