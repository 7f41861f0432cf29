/**
 * Where the bundles CDK deploys are: `cdk synth` writes each function's esbuild output to an asset
 * directory of the cloud assembly (`cdk.out/asset.<hash>/index.mjs`), and the template names it in
 * the function's `aws:asset:path` metadata; `postbox:handler` (infra/api-function.ts) names the
 * route-table handler module it was built from. The local cloud can run these files instead of the
 * TypeScript sources, so what is tested is what deploys.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TemplateResource {
  Type: string;
  Properties?: { Handler?: string };
  Metadata?: Record<string, unknown>;
}

/** Handler module → the bundle file that deploys it, from every stack template in `assemblyDir`. */
export function bundledHandlers(assemblyDir: string): Map<string, string> {
  if (!existsSync(assemblyDir)) {
    throw new Error(`No cloud assembly at ${assemblyDir}: run \`npm run synth -- -c region=us-east-1\` first`);
  }
  const bundles = new Map<string, string>();
  for (const file of readdirSync(assemblyDir).filter((name) => name.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(assemblyDir, file), 'utf8')) as {
      Resources?: Record<string, TemplateResource>;
    };
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const handler = resource.Metadata?.['postbox:handler'];
      const asset = resource.Metadata?.['aws:asset:path'];
      const [moduleName, exportName] = (resource.Properties?.Handler ?? '').split('.');
      if (typeof handler !== 'string' || typeof asset !== 'string' || exportName !== 'handler') continue;
      const bundle = join(assemblyDir, asset, `${moduleName}.mjs`);
      if (!existsSync(bundle)) throw new Error(`${handler}: its bundle ${bundle} is missing`);
      bundles.set(handler, bundle);
    }
  }
  if (bundles.size === 0) throw new Error(`No Postbox function bundles in ${assemblyDir}`);
  return bundles;
}
