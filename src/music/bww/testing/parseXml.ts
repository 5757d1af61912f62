/**
 * A strict little XML reader for tests: checks well-formedness (one root, balanced and properly
 * nested tags, quoted unique attributes, only the five named entities or character references)
 * and returns the element tree so tests can check MusicXML structure. The unit test project runs
 * in Node without a DOMParser, and no dependency is worth adding for this.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

// Sticky patterns matched at an offset: slicing the rest of the document for every tag would
// make the checker quadratic on long scores.
const nameRe = /[A-Za-z_][\w.-]*(:[\w.-]+)?/y;
const entityRe = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const attributeRe = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const spaceRe = /\s*/y;

function matchAt(re: RegExp, source: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(source);
}

function decode(text: string, at: number): string {
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    if (!matchAt(entityRe, text, i)) throw new Error(`bad entity at ${at + i}`);
  }
  if (text.includes('<')) throw new Error(`raw '<' at ${at}`);
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (why: string): never => {
    throw new Error(`${why} at offset ${i}`);
  };
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt < 0 ? source.length : lt);
    if (text.trim()) {
      const top = stack.at(-1);
      if (!top) fail('text outside the root element');
      else top.text += decode(text, i);
    }
    if (lt < 0) break;
    i = lt;
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end < 0 || root || stack.length) fail('misplaced processing instruction');
      i = end + 2;
    } else if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
    } else if (source.startsWith('<!DOCTYPE', i)) {
      const end = source.indexOf('>', i);
      if (end < 0 || root || stack.length) fail('misplaced DOCTYPE');
      i = end + 1;
    } else if (source.startsWith('</', i)) {
      const name = matchAt(nameRe, source, i + 2)?.[0] ?? fail('bad closing tag');
      const open = stack.pop();
      if (!open || open.name !== name) fail(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      i += 2 + name.length;
      while (/\s/.test(source[i] ?? '')) i++;
      if (source[i] !== '>') fail('bad closing tag end');
      i++;
    } else {
      const name = matchAt(nameRe, source, i + 1)?.[0] ?? fail('bad tag name');
      i += 1 + name.length;
      const attributes: Record<string, string> = {};
      for (;;) {
        const ws = matchAt(spaceRe, source, i)?.[0].length ?? 0;
        i += ws;
        if (source.startsWith('/>', i) || source[i] === '>') break;
        if (ws === 0) fail('attributes must be separated by space');
        const a = matchAt(attributeRe, source, i);
        if (!a || !a[1]) return fail(`bad attribute in <${name}>`);
        if (a[1] in attributes) fail(`duplicate attribute ${a[1]}`);
        attributes[a[1]] = decode(a[3] ?? a[4] ?? '', i);
        i += a[0].length;
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) fail('second root element');
      else root = element;
      if (source.startsWith('/>', i)) i += 2;
      else {
        i++;
        stack.push(element);
      }
    }
  }
  if (stack.length) fail(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) return fail('no root element');
  return root;
}

/** Every descendant element with this name, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
