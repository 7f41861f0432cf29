import fc from 'fast-check';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import {
  cachedTemplate,
  compileTemplate,
  escapeExpression,
  RENDER_OUTPUT_LIMITS,
  RenderBudgetError,
  RenderSizeError,
  TEMPLATE_CACHE_SIZE,
} from '#templates/template-engine.ts';
import {
  parseTemplate,
  parseTemplateForRequest,
  type TemplateSource,
  TemplateSyntaxError,
} from '#templates/template-parse.ts';
import { applyVariableSchema, variableSchema } from '#templates/template-schema.ts';
import {
  MAX_TEMPLATE_COMMENTS,
  MAX_TEMPLATE_NESTING,
  MAX_TEMPLATE_TAGS,
  sourceProblem,
} from '#templates/template-source-check.ts';
import { missingValueWarnings, templateReferences } from '#templates/template-variables.ts';

const html = (source: string): TemplateSource => ({ subject: 's', html: source, text: null });
const renderHtml = (source: string, data: Record<string, unknown>) => compileTemplate(html(source)).render(data).html;
const variablesOf = (source: string) => templateReferences(parseTemplate(html(source))).variables;

describe('rendering: every supported syntax feature', () => {
  const golden: Array<[string, string, Record<string, unknown>, string]> = [
    ['substitution', 'Hi {{name}}!', { name: 'Ann' }, 'Hi Ann!'],
    [
      'nested property',
      '{{user.first_name}} {{user.address.city}}',
      { user: { first_name: 'Ann', address: { city: 'Oslo' } } },
      'Ann Oslo',
    ],
    ['#if true', '{{#if vip}}VIP{{/if}}.', { vip: true }, 'VIP.'],
    ['#if false', '{{#if vip}}VIP{{/if}}.', { vip: false }, '.'],
    ['#if else', '{{#if vip}}VIP{{else}}regular{{/if}}', { vip: 0 }, 'regular'],
    ['#if empty list is false', '{{#if items}}some{{else}}none{{/if}}', { items: [] }, 'none'],
    ['#unless', '{{#unless paid}}Please pay{{/unless}}', { paid: false }, 'Please pay'],
    ['#unless true', '{{#unless paid}}Please pay{{/unless}}ok', { paid: true }, 'ok'],
    ['#each with this', '{{#each tags}}[{{this}}]{{/each}}', { tags: ['a', 'b'] }, '[a][b]'],
    [
      '#each with this.prop',
      '{{#each items}}{{this.name}}={{this.qty}};{{/each}}',
      {
        items: [
          { name: 'x', qty: 1 },
          { name: 'y', qty: 2 },
        ],
      },
      'x=1;y=2;',
    ],
    [
      '#each implicit this, @index, ../',
      '{{#each items}}{{@index}}:{{name}}@{{../shop}} {{/each}}',
      { shop: 'S', items: [{ name: 'x' }, { name: 'y' }] },
      '0:x@S 1:y@S ',
    ],
    ['#each else', '{{#each items}}x{{else}}empty{{/each}}', { items: [] }, 'empty'],
    ['#each over an object', '{{#each prices}}{{@key}}={{this}} {{/each}}', { prices: { a: 1, b: 2 } }, 'a=1 b=2 '],
    ['block params', '{{#each items as |item i|}}{{i}}{{item.name}}{{/each}}', { items: [{ name: 'x' }] }, '0x'],
    ['comment', 'a{{! a comment }}b{{!-- a }} long --}}c', {}, 'abc'],
    ['#with', '{{#with user}}{{first_name}}{{/with}}', { user: { first_name: 'Ann' } }, 'Ann'],
    ['lookup', '{{lookup labels lang}}', { labels: { en: 'Hello' }, lang: 'en' }, 'Hello'],
    ['missing value renders empty', '[{{missing}}][{{user.missing}}]', { user: {} }, '[][]'],
    ['numbers and booleans', '{{n}} {{b}}', { n: 3.5, b: true }, '3.5 true'],
  ];
  for (const [name, source, data, expected] of golden) {
    it(name, () => expect(renderHtml(source, data)).toBe(expected));
  }
});

describe('escaping', () => {
  const source: TemplateSource = {
    subject: 'Hi {{name}}',
    html: '<p>{{name}}</p>{{{raw}}}',
    text: 'Hi {{name}}',
  };
  const data = { name: `<b>Tom & "Jerry"</b>`, raw: '<i>x</i>' };

  it('escapes html, never text or subject', () => {
    const rendered = compileTemplate(source).render(data);
    expect(rendered.html).toBe('<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;</p><i>x</i>');
    expect(rendered.text).toBe(`Hi <b>Tom & "Jerry"</b>`);
    expect(rendered.subject).toBe(`Hi <b>Tom & "Jerry"</b>`);
  });
});

describe('HTML escaping', () => {
  it('escapes exactly like Handlebars, for any value, also when the same value comes twice', () => {
    const original = (Handlebars as unknown as { escapeExpression: (value: unknown) => string }).escapeExpression;
    expect(original).not.toBe(escapeExpression);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom('&', '<', '>', '"', "'", '`', '=', 'a', ' ') }),
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.constant(undefined),
        ),
        (value) => {
          expect(escapeExpression(value)).toBe(original(value));
          expect(escapeExpression(value)).toBe(original(value));
        },
      ),
      { numRuns: 2000 },
    );
    expect(escapeExpression(new Handlebars.SafeString('<b>'))).toBe('<b>');
  });
});

describe('prototype access stays disabled', () => {
  it('renders nothing for __proto__, constructor and prototype lookups, and changes no prototype', () => {
    const source =
      '[{{__proto__}}][{{constructor}}][{{constructor.name}}][{{user.constructor.name}}][{{user.__proto__.polluted}}]' +
      '[{{lookup user "constructor"}}][{{#each items}}{{this.constructor.name}}{{/each}}][{{#with user}}{{constructor}}{{/with}}]';
    // (A body with a "__proto__" key never gets this far: the JSON body parser refuses it.)
    const data = { user: {}, items: [{}] };
    expect(renderHtml(source, data)).toBe('[][][][][][][][]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('refused at save time, with line and column', () => {
  const refused = (source: string) => {
    try {
      parseTemplate(html(source));
    } catch (error) {
      if (error instanceof TemplateSyntaxError) return { line: error.line, column: error.column, part: error.part };
      throw error;
    }
    throw new Error('not refused');
  };

  it('a syntax error', () => {
    expect(refused('line one\nhello {{ name')).toEqual({ line: 2, column: 7, part: 'html' });
  });
  it('a block closed by another name', () => {
    expect(refused('x\n  {{#if a}}\n{{/each}}')).toMatchObject({ line: 2 });
  });
  it('an unknown helper, a partial, a decorator, a block without argument', () => {
    expect(refused('ok\n\n   {{shout name}}')).toEqual({ line: 3, column: 4, part: 'html' });
    expect(refused('{{#loop items}}{{/loop}}')).toMatchObject({ line: 1, column: 1 });
    expect(refused('{{> footer}}')).toMatchObject({ line: 1 });
    expect(refused('{{#each}}x{{/each}}')).toMatchObject({ line: 1 });
    expect(refused('{{log "hi"}}')).toMatchObject({ line: 1 });
    expect(refused('{{lookup (shout a) b}}')).toMatchObject({ line: 1 });
  });
  it('a helper printed as a value, and lookup without its two arguments', () => {
    for (const name of ['if', 'unless', 'each', 'with', 'lookup', 'log', 'helperMissing', 'blockHelperMissing']) {
      expect(refused(`ok {{${name}}}`)).toMatchObject({ line: 1, column: 4 });
    }
    expect(refused('{{lookup a}}')).toMatchObject({ line: 1 });
    expect(refused('{{lookup a b c}}')).toMatchObject({ line: 1 });
    // Values that merely share a helper's name through a path are fine.
    expect(renderHtml('{{this.if}}{{user.each}}', { if: 1, user: { each: 2 } })).toBe('12');
  });
  it('nesting beyond 100 levels, however deep, without exhausting the stack', () => {
    const blocks = (depth: number) => `${'{{#if a}}'.repeat(depth)}x${'{{/if}}'.repeat(depth)}`;
    expect(renderHtml(blocks(100), { a: true })).toBe('x');
    expect(refused(blocks(101))).toMatchObject({ line: 1 });
    const lookups = (depth: number) => `{{lookup ${'(lookup '.repeat(depth)}a b${')'.repeat(depth)} c}}`;
    expect(refused(lookups(2000))).toMatchObject({ line: 1 });
    expect(() => parseTemplate(html(blocks(15_000)))).toThrow(TemplateSyntaxError);
  });
  it('names the part in the request error', () => {
    expect(() => parseTemplateForRequest({ subject: 'Hi {{', html: null, text: null })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: [
          { field: 'subject', message: expect.stringMatching(/^Template does not compile at line 1, column \d+: /) },
        ],
      }),
    );
  });
});

describe('variable detection from the syntax tree', () => {
  it('reports top-level names in order of first use, once', () => {
    expect(variablesOf('{{name}} {{user.first_name}} {{user.last_name}} {{#if vip}}{{/if}} {{name}}')).toEqual([
      'name',
      'user',
      'vip',
    ]);
  });
  it('reports the list of an #each, not what is inside its items', () => {
    expect(variablesOf('{{#each items}}{{this}}{{this.name}}{{name}}{{@index}}{{/each}}')).toEqual(['items']);
  });
  it('follows ../ and @root out of a loop', () => {
    expect(variablesOf('{{#each items}}{{../currency}}{{@root.shop.name}}{{/each}}')).toEqual([
      'items',
      'currency',
      'shop',
    ]);
  });
  it('ignores block params, @data, comments and this at the top', () => {
    expect(
      variablesOf(
        '{{! {{hidden}} }}{{!-- {{also}} --}}{{this}}{{#each rows as |row i|}}{{row.x}}{{i}}{{@first}}{{/each}}',
      ),
    ).toEqual(['rows']);
  });
  it('resolves #with to the object it opens', () => {
    expect(variablesOf('{{#with user}}{{first_name}}{{/with}}{{#with user}}{{else}}{{fallback}}{{/with}}')).toEqual([
      'user',
      'fallback',
    ]);
  });
  it('counts the arguments of lookup and conditions inside loops', () => {
    expect(variablesOf('{{lookup labels lang}}{{#each items}}{{#if ../show}}{{this}}{{/if}}{{/each}}')).toEqual([
      'labels',
      'lang',
      'items',
      'show',
    ]);
  });
  it('reads subject, html and text', () => {
    const parsed = parseTemplate({ subject: 'Order {{order_id}}', html: '{{name}}', text: '{{footer}}' });
    expect(templateReferences(parsed).variables).toEqual(['order_id', 'name', 'footer']);
  });
});

describe('preview warnings', () => {
  const warningsFor = (source: string, data: Record<string, unknown>) =>
    missingValueWarnings(templateReferences(parseTemplate(html(source))), data).map((warning) => warning.variable);

  it('reports each rendered variable without a value, with its path', () => {
    expect(warningsFor('{{name}} {{user.first_name}} {{#if vip}}x{{/if}}', { user: {} })).toEqual([
      'name',
      'user.first_name',
    ]);
  });
  it('reports missing item values with their index', () => {
    expect(
      warningsFor('{{#each items}}{{this.name}}{{/each}}', { items: [{ name: 'a' }, {}, { name: null }] }),
    ).toEqual(['items[1].name', 'items[2].name']);
  });
  it('reports a missing list', () => {
    expect(warningsFor('{{#each items}}{{this}}{{/each}}', {})).toEqual(['items']);
  });
  it('does not report a value printed only under a condition on itself', () => {
    expect(
      warningsFor('{{#if promo}}{{promo.code}}{{/if}}{{#unless x}}{{else}}{{x}}{{/unless}}{{#if a}}{{b}}{{/if}}', {}),
    ).toEqual(['b']);
  });
  it('is empty when everything has a value', () => {
    expect(warningsFor('{{a}} {{#each l}}{{this}}{{/each}}', { a: 0, l: ['x'] })).toEqual([]);
  });
});

describe('variable schema', () => {
  const schema = variableSchema.parse([
    { name: 'name', type: 'string', required: true },
    { name: 'items', type: 'array', required: true, default_value: [] },
    { name: 'count', type: 'number' },
    { name: 'vip', type: 'boolean', default_value: false },
    { name: 'user', type: 'object' },
  ]);

  it('fills defaults and passes valid data', () => {
    expect(applyVariableSchema(schema, { name: 'Ann', extra: 1 })).toEqual({
      data: { name: 'Ann', extra: 1, items: [], vip: false },
      problems: [],
    });
  });
  it('reports missing required and mistyped values as template_data.<name>', () => {
    expect(applyVariableSchema(schema, { name: null, count: 'three', user: [], vip: 'yes' }).problems).toEqual([
      { field: 'template_data.name', message: 'is required' },
      { field: 'template_data.count', message: 'must be a number' },
      { field: 'template_data.vip', message: 'must be a boolean' },
      { field: 'template_data.user', message: 'must be an object' },
    ]);
  });
  it('refuses a default of the wrong type, duplicate names and unknown types', () => {
    expect(variableSchema.safeParse([{ name: 'a', type: 'string', default_value: 1 }]).success).toBe(false);
    expect(
      variableSchema.safeParse([
        { name: 'a', type: 'string' },
        { name: 'a', type: 'number' },
      ]).success,
    ).toBe(false);
    expect(variableSchema.safeParse([{ name: 'a', type: 'date' }]).success).toBe(false);
    expect(variableSchema.safeParse([{ name: '1a', type: 'string' }]).success).toBe(false);
  });
});

describe('render budget', () => {
  it('stops nested loops that would run away, whatever the data', () => {
    const list = Array.from({ length: 100 }, (_, index) => index);
    const template = compileTemplate(
      html('{{#each @root.a}}{{#each @root.a}}{{#each @root.a}}.{{/each}}{{/each}}{{/each}}'),
    );
    expect(() => template.render({ a: list })).toThrow(RenderBudgetError);
    // The budget is per render: a small render after a refused one works.
    expect(template.render({ a: [1, 2] }).html).toBe('........');
  });
});

describe('source limits, checked before Handlebars parses', () => {
  it('counts tags, comments and nesting the way the lexer reads them', () => {
    expect(sourceProblem('{{x}}'.repeat(MAX_TEMPLATE_TAGS))).toBeUndefined();
    expect(sourceProblem('{{x}}'.repeat(MAX_TEMPLATE_TAGS + 1))?.reason).toBe('more than 1000 tags ({{…}})');
    // Escaped tags are text; a tag after an escaped backslash counts.
    expect(sourceProblem(`${'\\{{x}}'.repeat(MAX_TEMPLATE_TAGS)}{{x}}`)).toBeUndefined();
    expect(sourceProblem(`${'\\\\{{x}}'.repeat(MAX_TEMPLATE_TAGS)}{{x}}`)?.reason).toMatch(/more than 1000 tags/);
    expect(sourceProblem('{{! a }}{{!-- b }} --}}'.repeat(MAX_TEMPLATE_COMMENTS / 2))).toBeUndefined();
    expect(sourceProblem('{{!-- }} --}}'.repeat(MAX_TEMPLATE_COMMENTS + 1))?.reason).toBe('more than 100 comments');
    expect(sourceProblem('a\nb {{!-- never closed')).toEqual({
      line: 2,
      column: 3,
      reason: 'a comment is never closed',
    });
    expect(sourceProblem('ok {{x}} {{y')).toEqual({ line: 1, column: 10, reason: 'a {{ is never closed with }}' });
  });

  it('counts else-if links and subexpressions as nesting; a plain else or a closed block does not', () => {
    const chain = (links: number) => `{{#if a}}x${'{{else if b}}y'.repeat(links)}{{else}}z{{/if}}`;
    expect(sourceProblem(chain(MAX_TEMPLATE_NESTING - 1))).toBeUndefined();
    expect(sourceProblem(chain(MAX_TEMPLATE_NESTING))?.reason).toBe('nested more than 100 levels deep');
    // Closing a chain gives back all its levels.
    expect(sourceProblem(`${chain(60)}${chain(60)}`)).toBeUndefined();
    expect(sourceProblem(`{{#each a}}${'{{^}}'.repeat(300)}{{/each}}`.repeat(3))).toBeUndefined();
    expect(sourceProblem(`{{#each a}}${'{{^b}}'.repeat(101)}`)?.reason).toBe('nested more than 100 levels deep');
    const parentheses = (depth: number) => `{{lookup ${'('.repeat(depth)}a${')'.repeat(depth)} b}}`;
    expect(sourceProblem(parentheses(100))).toBeUndefined();
    expect(sourceProblem(parentheses(101))?.reason).toBe('nested more than 100 levels deep');
  });

  it('takes linear time on the inputs that made Handlebars slow', () => {
    const started = performance.now();
    for (const source of ['{{'.repeat(100_000), '{{!-- x --}}'.repeat(20_000), '{{else if x}}'.repeat(20_000)]) {
      sourceProblem(source);
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('output meter', () => {
  it('stops a render as soon as a part passes its limit, naming the part', () => {
    const template = compileTemplate({ subject: '{{s}}', html: '{{#each list}}{{../x}}{{/each}}', text: '{{{x}}}' });
    const list = Array.from({ length: 1000 }, () => 1);
    const big = 'y'.repeat(100_000);
    expect(() => template.render({ list, x: big })).toThrow(new RenderSizeError('html'));
    expect(() => template.render({ s: 'z'.repeat(RENDER_OUTPUT_LIMITS.subject + 1) })).toThrow(
      new RenderSizeError('subject'),
    );
    expect(() => template.render({ x: 'y'.repeat(RENDER_OUTPUT_LIMITS.text + 1) })).toThrow(
      new RenderSizeError('text'),
    );
    // Literal text counts every time it is produced (a loop body once per item).
    const literal = compileTemplate(html(`{{#each list}}${'L'.repeat(1000)}{{/each}}`));
    expect(literal.render({ list: list.slice(0, 262) }).html).toHaveLength(262_000);
    expect(() => literal.render({ list: list.slice(0, 263) })).toThrow(RenderSizeError);
  });

  it('counts exactly: output the size of the limit renders, one character more does not', () => {
    const limit = RENDER_OUTPUT_LIMITS.html;
    const template = compileTemplate(html('<{{x}}>{{{y}}}{{#if z}}&{{/if}}'));
    const fill = (size: number) => 'a'.repeat(size);
    // Escaped output is counted after escaping ("&" becomes "&amp;").
    expect(template.render({ x: fill(limit - 8), y: '', z: true }).html).toHaveLength(limit - 8 + 3);
    expect(template.render({ x: `${fill(limit - 8)}&`, y: 'b', z: false }).html).toHaveLength(limit);
    expect(() => template.render({ x: `${fill(limit - 7)}&`, y: 'b', z: false })).toThrow(RenderSizeError);
  });
});

describe('compiled template cache', () => {
  it('compiles once per template version', () => {
    const first = cachedTemplate('tmpl_a', 'v1', html('{{x}}'));
    expect(cachedTemplate('tmpl_a', 'v1', html('ignored: cached'))).toBe(first);
    const next = cachedTemplate('tmpl_a', 'v2', html('[{{x}}]'));
    expect(next.render({ x: 1 }).html).toBe('[1]');
  });

  it('keeps a template in use while many others come and go (least recently used out first)', () => {
    const hot = cachedTemplate('tmpl_hot', 'v1', html('{{x}}'));
    for (let index = 0; index < 2 * TEMPLATE_CACHE_SIZE; index += 1) {
      cachedTemplate('subject', `Order ${index} {{x}}`, { subject: `Order ${index} {{x}}`, html: null, text: null });
      if (index % 100 === 0) expect(cachedTemplate('tmpl_hot', 'v1', html('ignored: cached'))).toBe(hot);
    }
    expect(cachedTemplate('tmpl_hot', 'v1', html('ignored: cached'))).toBe(hot);
    const cold = cachedTemplate('subject', 'Order 0 {{x}}', { subject: 'other', html: null, text: null });
    expect(cold.render({ x: 1 }).subject).toBe('other');
  });
});
