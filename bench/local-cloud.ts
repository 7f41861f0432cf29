/** A quiet local cloud on free ports, for the benchmarks. */
import getPort from 'get-port';
import { type LocalCloud, startLocalCloud } from '../infra/local/cloud.ts';

export async function startBenchCloud(options: { runConsumers?: boolean } = {}): Promise<LocalCloud> {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  return startLocalCloud({
    ...options,
    apiPort: 0,
    sesPort: await getPort(),
    dynamodbPort: await getPort(),
    sqsPort: await getPort(),
  });
}
