/**
 * The template renderer (Handlebars, the compiled-template cache, the render service), imported on its
 * first use: a send without a template never loads it, which keeps it out of the send and batch
 * functions' cold starts (the bundles hold it in chunks of its own: docs/decisions.md, Bundles).
 */
import { onDemand } from '#core/on-demand.ts';
import type { TemplateRecord } from '#templates/template.store.ts';
import type { OutputMeter } from '#templates/template-engine.ts';
import type * as Parse from '#templates/template-parse.ts';
import type * as Render from '#templates/template-render.service.ts';

export interface TemplateRenderer {
  parseTemplateForRequest: typeof Parse.parseTemplateForRequest;
  renderForSend: typeof Render.renderForSend;
  renderForSingleSend: typeof Render.renderForSingleSend;
}

/**
 * The renderer, imported once per instance. A caller that renders many times (a batch) awaits it once
 * and calls its synchronous functions; starting it early overlaps the import with other I/O.
 */
export const templateRenderer = onDemand<TemplateRenderer>(async () => {
  const [parse, render] = await Promise.all([
    import('#templates/template-parse.ts'),
    import('#templates/template-render.service.ts'),
  ]);
  return {
    parseTemplateForRequest: parse.parseTemplateForRequest,
    renderForSend: render.renderForSend,
    renderForSingleSend: render.renderForSingleSend,
  };
});

/** parseTemplateForRequest (template-parse.ts), once the renderer is loaded. */
export async function parseTemplateForRequest(source: Parse.TemplateSource): Promise<Parse.ParsedTemplate> {
  return (await templateRenderer()).parseTemplateForRequest(source);
}

/** renderForSend (template-render.service.ts), once the renderer is loaded. */
export async function renderForSend(
  template: TemplateRecord,
  data: Record<string, unknown>,
  subject: string = template.subject,
  meter?: OutputMeter,
): Promise<ReturnType<typeof Render.renderForSend>> {
  return (await templateRenderer()).renderForSend(template, data, subject, meter);
}

/** renderForSingleSend (template-render.service.ts), once the renderer is loaded. */
export async function renderForSingleSend(
  template: TemplateRecord,
  data: Record<string, unknown>,
  subject: string,
): Promise<Parse.RenderedTemplate> {
  return (await templateRenderer()).renderForSingleSend(template, data, subject);
}
