/**
 * Template render throughput: a ~10 KB HTML template with a 5-item #each loop, compiled once and
 * taken from the per-version cache as the send path does, rendered over and over on one core.
 *   npm run bench -- render [seconds]
 */
import { cachedTemplate } from '#templates/template-engine.ts';

const seconds = Number(process.argv[2] ?? 3);

const paragraph =
  '<p style="margin:0 0 12px;font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#333">' +
  'Thanks for your order, {{customer.first_name}}. We will let you know as soon as it ships. ' +
  'If anything looks wrong, reply to this email and our team will fix it.</p>\n';
const html =
  `<html><body><h1>Order {{order_id}}</h1>\n${paragraph.repeat(28)}` +
  '<table>{{#each items}}<tr><td>{{this.name}}</td><td>{{this.qty}}</td><td>{{this.price}}</td></tr>{{/each}}</table>\n' +
  `{{#if note}}<p>{{note}}</p>{{/if}}${paragraph.repeat(10)}</body></html>`;
const source = {
  subject: 'Order {{order_id}} confirmed',
  html,
  text: 'Hi {{customer.first_name}}, order {{order_id}}.',
};
const data = {
  order_id: 'A-1042',
  customer: { first_name: 'Ann <Lee>' },
  note: 'Leave at the door',
  items: Array.from({ length: 5 }, (_, index) => ({ name: `Item ${index} & co`, qty: index + 1, price: '9.99' })),
};

/** Renders per second of one template version, taken from the cache as the send path does. */
function measure(version: string, templateSource: typeof source, values: typeof data = data) {
  const template = () => cachedTemplate('tmpl_bench', version, templateSource);
  for (let i = 0; i < 20_000; i += 1) template().render(values); // warm-up (JIT)
  let count = 0;
  let total = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(seconds * 1e9);
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 1000; i += 1) total += (template().render(values).html ?? '').length;
    count += 1000;
  }
  return { count, total, elapsed: Number(process.hrtime.bigint() - started) / 1e9 };
}

// The HTML body alone (a fixed subject, no text part), then a whole email: subject, html and text.
const htmlOnly = measure('html-only', { subject: 'Your order is confirmed', html, text: null as unknown as string });
const { count: renders, total: bytes, elapsed } = measure('full', source);
// The same with values that need no HTML escaping (the usual case: names, numbers, dates).
const plainData = {
  ...data,
  customer: { first_name: 'Ann Lee' },
  items: data.items.map((item) => ({ ...item, name: item.name.replace(' & ', ' and ') })),
};
const plainFull = measure('full-plain', source, plainData);
process.stdout.write(
  `${JSON.stringify(
    {
      template_bytes: Buffer.byteLength(html),
      rendered_html_bytes: Math.round(bytes / renders),
      loop_items: data.items.length,
      seconds_each: Math.round(elapsed * 100) / 100,
      html_only_renders_per_second: Math.round(htmlOnly.count / htmlOnly.elapsed),
      renders,
      renders_per_second: Math.round(renders / elapsed),
      renders_per_second_values_without_escaping: Math.round(plainFull.count / plainFull.elapsed),
      target: 100_000,
    },
    null,
    2,
  )}\n`,
);
