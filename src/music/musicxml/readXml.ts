/**
 * A small strict XML reader for MusicXML import (issue 15 item 4). Pure: Node has no DOMParser
 * and `src/music` uses no platform API. It reads what score writers produce (declaration,
 * DOCTYPE with or without an internal subset, comments, processing instructions, CDATA, the
 * five named entities and character references) into an element tree, and answers malformed
 * input with an error naming its line and column instead of throwing. Limits on size, depth
 * and element count keep a hostile upload from costing more than a real score would.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (CDATA included), not its children's. */
  readonly text: string;
  /** 1-based line of the start tag, for messages. */
  readonly line: number;
}

export type XmlReadResult =
  | { readonly root: XmlElement; readonly error: null }
  | { readonly root: null; readonly error: string };

/** A long pipe tune in MusicXML is well under 1 MB and a band score a few; 4 MB leaves room. */
export const MAX_XML_CHARS = 4_000_000;
export const MAX_XML_DEPTH = 64;
export const MAX_XML_ELEMENTS = 400_000;

interface Draft {
  name: string;
  attributes: Record<string, string>;
  children: Draft[];
  text: string;
  line: number;
}

// Sticky patterns matched at an offset (slicing the rest for every tag would be quadratic).
const nameRe = /[A-Za-z_][\w.-]*(?::[\w.-]+)?/y;
const attributeRe = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const spaceRe = /\s*/y;
const entityRe = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/y;
const named: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function matchAt(re: RegExp, source: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(source);
}

class XmlError extends Error {}

export function readXml(source: string): XmlReadResult {
  if (source.length > MAX_XML_CHARS) {
    return { root: null, error: `the file is larger than ${MAX_XML_CHARS} characters` };
  }
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (why: string, at = i): never => {
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    throw new XmlError(`${why} at line ${line}, column ${column}`);
  };
  const decode = (text: string, at: number): string => {
    if (!text.includes('&')) return text;
    let out = '';
    let last = 0;
    for (let k = text.indexOf('&'); k >= 0; k = text.indexOf('&', last)) {
      const m = matchAt(entityRe, text, k) ?? fail('unknown or malformed entity', at + k);
      out += text.slice(last, k);
      if (m[1]) out += named[m[1]] ?? '';
      else {
        const code = m[2] ? Number(m[2]) : parseInt(m[3] ?? '', 16);
        if (!(code > 0 && code <= 0x10ffff)) fail('bad character reference', at + k);
        out += String.fromCodePoint(code);
      }
      last = k + m[0].length;
    }
    return out + text.slice(last);
  };

  try {
    const stack: Draft[] = [];
    let root: Draft | null = null;
    let elements = 0;
    // Line numbers are counted incrementally: scanning from the start for each tag would be
    // quadratic on a long score.
    let lineCursor = 0;
    let lineCount = 1;
    const lineOf = (at: number): number => {
      for (
        let k = source.indexOf('\n', lineCursor);
        k >= 0 && k < at;
        k = source.indexOf('\n', k + 1)
      )
        lineCount++;
      lineCursor = at;
      return lineCount;
    };
    while (i < source.length) {
      const lt = source.indexOf('<', i);
      const end = lt < 0 ? source.length : lt;
      if (end > i) {
        const text = source.slice(i, end);
        const top = stack.at(-1);
        if (top) top.text += decode(text, i);
        else if (text.trim())
          fail(root ? 'text after the root element' : 'text before the root element');
      }
      if (lt < 0) break;
      i = lt;
      if (source.startsWith('<?', i)) {
        const close = source.indexOf('?>', i + 2);
        if (close < 0) fail('unterminated processing instruction');
        i = close + 2;
      } else if (source.startsWith('<!--', i)) {
        const close = source.indexOf('-->', i + 4);
        if (close < 0) fail('unterminated comment');
        i = close + 3;
      } else if (source.startsWith('<![CDATA[', i)) {
        const close = source.indexOf(']]>', i + 9);
        if (close < 0) fail('unterminated CDATA section');
        const top = stack.at(-1) ?? fail('CDATA outside the root element');
        top.text += source.slice(i + 9, close);
        i = close + 3;
      } else if (source.startsWith('<!DOCTYPE', i)) {
        if (root || stack.length > 0) fail('DOCTYPE after the root element started');
        // Skip the declaration, with its internal subset in brackets if it has one.
        const bracket = source.indexOf('[', i);
        const gt = source.indexOf('>', i);
        if (gt < 0) fail('unterminated DOCTYPE');
        if (bracket >= 0 && bracket < gt) {
          const close = source.indexOf(']', bracket);
          const after = close < 0 ? -1 : source.indexOf('>', close);
          if (after < 0) fail('unterminated DOCTYPE');
          i = after + 1;
        } else i = gt + 1;
      } else if (source.startsWith('</', i)) {
        const name = matchAt(nameRe, source, i + 2)?.[0] ?? fail('bad closing tag');
        const open = stack.pop() ?? fail(`closing tag </${name}> with no element open`);
        if (open.name !== name) fail(`</${name}> closes <${open.name}>`);
        i += 2 + name.length;
        i += matchAt(spaceRe, source, i)?.[0].length ?? 0;
        if (source[i] !== '>') fail('bad closing tag end');
        i++;
      } else {
        const start = i;
        const name = matchAt(nameRe, source, i + 1)?.[0] ?? fail('bad tag name');
        i += 1 + name.length;
        const attributes: Record<string, string> = {};
        for (;;) {
          const ws = matchAt(spaceRe, source, i)?.[0].length ?? 0;
          i += ws;
          if (source.startsWith('/>', i) || source[i] === '>') break;
          if (i >= source.length) fail(`<${name}> is never closed`);
          if (ws === 0) fail('attributes must be separated by space');
          const a = matchAt(attributeRe, source, i) ?? fail(`bad attribute in <${name}>`);
          const key = a[1] ?? '';
          if (Object.hasOwn(attributes, key)) fail(`duplicate attribute ${key}`);
          attributes[key] = decode(a[2] ?? a[3] ?? '', i);
          i += a[0].length;
        }
        if (++elements > MAX_XML_ELEMENTS) fail(`more than ${MAX_XML_ELEMENTS} elements`);
        const element: Draft = { name, attributes, children: [], text: '', line: lineOf(start) };
        const parent = stack.at(-1);
        if (parent) parent.children.push(element);
        else if (root) fail('a second root element');
        else root = element;
        if (source.startsWith('/>', i)) i += 2;
        else {
          i++;
          stack.push(element);
          if (stack.length > MAX_XML_DEPTH) fail(`elements nested deeper than ${MAX_XML_DEPTH}`);
        }
      }
    }
    if (stack.length > 0) fail(`<${stack.at(-1)?.name ?? ''}> is never closed`);
    if (!root) return fail('no root element');
    return { root, error: null };
  } catch (error) {
    if (error instanceof XmlError) return { root: null, error: error.message };
    // Not expected; the reader's promise is an answer, never an exception.
    return { root: null, error: `unreadable XML (${String(error)})` };
  }
}

/** The first child element with this name. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** Every child element with this name, in document order. */
export function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child with this name, '' when absent. */
export function childText(element: XmlElement, name: string): string {
  return child(element, name)?.text.trim() ?? '';
}
