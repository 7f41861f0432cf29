/**
 * The links `emails.waitFor` finds in an email: href/src values and URLs written in the HTML's text,
 * in document order, character references decoded, once each; the text's URLs when there is no HTML.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, extractLinks } from '../../src/links.ts';

describe('extractLinks', () => {
  it('finds href and src values and bare URLs of the HTML, in document order, without duplicates', () => {
    const html = `<!doctype html><html><head><link href="https://cdn.example/style.css" rel="stylesheet"></head>
      <body><p>Hi! <a class="button" href="https://app.example/verify?token=abc&amp;next=%2Fhome">Sign in</a></p>
      <p>Or paste https://app.example/verify?token=abc&amp;next=%2Fhome into your browser.</p>
      <img src='https://cdn.example/logo.png' alt="logo">
      <a href=https://unquoted.example/x>x</a>
      <p>Docs: https://docs.example/a_(b) and (https://docs.example/c).</p></body></html>`;
    expect(extractLinks({ html, text: 'https://text.example/ignored' })).toEqual([
      'https://cdn.example/style.css',
      'https://app.example/verify?token=abc&next=%2Fhome',
      'https://cdn.example/logo.png',
      'https://unquoted.example/x',
      'https://docs.example/a_(b)',
      'https://docs.example/c',
    ]);
  });

  it('keeps only absolute http(s) URLs', () => {
    const html = `<a href="/relative">r</a><a href="mailto:a@example.com">m</a><a href="tel:+1">t</a>
      <a href="#top">t</a><a href="javascript:alert(1)">j</a><a href="HTTP://Upper.Example/Path">u</a>
      <a href="http://">empty</a><img src="data:image/png;base64,AAAA"><a href="ftp://files.example/">f</a>`;
    expect(extractLinks({ html })).toEqual(['HTTP://Upper.Example/Path']);
  });

  it('reads attribute values as a browser does: references decoded, spaces and line breaks dropped', () => {
    const html = `<a href=" https://a.example/x?a=1&#38;b=2&#x26;c=3 ">a</a>
      <a HREF="https://b.example/long\n/pa\tth">b</a><a data-x="1" title="a > b" href="https://c.example/">c</a>`;
    expect(extractLinks({ html })).toEqual([
      'https://a.example/x?a=1&b=2&c=3',
      'https://b.example/long/path',
      'https://c.example/',
    ]);
  });

  it('skips comments, scripts, styles and attributes other than href and src', () => {
    const html = `<!-- https://comment.example/ --><style>.a{background:url(https://style.example/bg.png)}</style>
      <script>fetch("https://script.example/")</script><meta content="https://meta.example/">
      <a href="https://kept.example/" title="https://title.example/">kept</a>`;
    expect(extractLinks({ html })).toEqual(['https://kept.example/']);
  });

  it('finds bare URLs in text whose entities hide their ends', () => {
    const html =
      '<p>&lt;https://angle.example/a&gt; &quot;https://quoted.example/b&quot;&nbsp;https://nbsp.example/c</p>';
    expect(extractLinks({ html })).toEqual([
      'https://angle.example/a',
      'https://quoted.example/b',
      'https://nbsp.example/c',
    ]);
  });

  it("reads the text's URLs when there is no HTML (without decoding references: it is not HTML)", () => {
    const text = `Sign in: https://app.example/verify?token=xyz&amp=1.
Questions? See <https://help.example/faq>, or https://help.example/faq again; "https://q.example/" too!`;
    expect(extractLinks({ html: null, text })).toEqual([
      'https://app.example/verify?token=xyz&amp=1',
      'https://help.example/faq',
      'https://q.example/',
    ]);
    expect(extractLinks({ html: '', text: 'http://plain.example' })).toEqual(['http://plain.example']);
    expect(extractLinks({ html: null, text: null })).toEqual([]);
  });

  it('answers an empty list for HTML without links (the text is not read then)', () => {
    expect(extractLinks({ html: '<p>No links</p>', text: 'https://text.example/' })).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hexadecimal references and leaves unknown ones', () => {
    expect(decodeEntities('a&amp;b &lt;&gt;&quot;&apos; &#38;&#x2F;&#X2f; &unknown; &#0; &amp')).toBe(
      'a&b <>"\' &// &unknown; &#0; &amp',
    );
  });
});
