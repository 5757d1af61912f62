/**
 * Splits BWW text into located pieces: whole header lines ('TuneTempo,90'), text tags
 * ('"Title",(T,L,…)' — they contain spaces) and whitespace-separated words. Lines end with
 * CRLF, CR or LF (all three occur in real files). Columns are 1-based, in characters.
 */
export interface RawToken {
  readonly kind: 'header' | 'text' | 'word';
  readonly value: string;
  readonly line: number;
  readonly column: number;
  /** For a text tag: the text between the quotes, and the layout tuple (null when absent). */
  readonly text?: string;
  readonly format?: string | null;
  /** For a text tag whose closing quote is missing. */
  readonly unterminated?: boolean;
}

/**
 * Header lines of Bagpipe Music Writer / Bagpipe Reader: program name, mappings, layout, tempo.
 * Any line starting 'Bagpipe' names the writing program (one corpus file has 'Bagpipe Bagpipe
 * Musicworks Gold:1.0:1.0').
 */
export const headerLineRe =
  /^(Bagpipe\b|MIDINoteMappings|FrequencyMappings|InstrumentMappings|GracenoteDurations|FontSizes|TuneFormat|TuneTempo|VersionInfo)\b/;

/** How many following lines a text tag or a header's parenthesis may run on to. */
const maxContinuation = 3;

const balance = (s: string): number => s.split('(').length - s.split(')').length;

export function tokenizeBww(source: string): RawToken[] {
  const tokens: RawToken[] = [];
  // Ctrl-Z is the DOS end-of-file mark some old writers leave behind: not content.
  const lines = source.replaceAll(String.fromCharCode(0x1a), ' ').split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    let lineText = lines[index] ?? '';
    const lead = lineText.length - lineText.trimStart().length;
    let trimmed = lineText.trim();
    if (headerLineRe.test(trimmed)) {
      // A mapping wrapped onto the next lines ('…,55,5' / '7,59,…)') is still one header line.
      for (let k = 0; k < maxContinuation && balance(trimmed) > 0; k++) {
        const more = (lines[index + 1] ?? '').trim();
        if (!/^[\d,]*\)?$/.test(more) || more === '') break;
        index++;
        trimmed += more;
      }
      tokens.push({ kind: 'header', value: trimmed, line, column: lead + 1 });
      continue;
    }
    let i = 0;
    while (i < lineText.length) {
      const ch = lineText[i];
      if (/\s/.test(ch ?? ' ')) {
        i++;
        continue;
      }
      const start = i;
      if (ch === '"') {
        let close = lineText.indexOf('"', i + 1);
        // A text tag may run on to the next lines (a title typed with a line break in it).
        for (let k = 0; close < 0 && k < maxContinuation && index + 1 < lines.length; k++) {
          if (
            !lines
              .slice(index + 1, index + 1 + maxContinuation)
              .join('\n')
              .includes('"')
          )
            break;
          index++;
          lineText += '\n' + (lines[index] ?? '');
          close = lineText.indexOf('"', i + 1);
        }
        const end = close < 0 ? lineText.length : close;
        const text = lineText.slice(i + 1, end);
        i = close < 0 ? end : end + 1;
        let format: string | null = null;
        if (close >= 0 && lineText.startsWith(',(', i)) {
          const paren = lineText.indexOf(')', i + 2);
          const stop = paren < 0 ? lineText.length : paren;
          format = lineText.slice(i + 2, stop);
          i = paren < 0 ? stop : stop + 1;
        }
        tokens.push({
          kind: 'text',
          value: lineText.slice(start, i),
          line,
          column: start + 1,
          text,
          format,
          unterminated: close < 0,
        });
        continue;
      }
      while (i < lineText.length && !/\s/.test(lineText[i] ?? ' ')) i++;
      tokens.push({ kind: 'word', value: lineText.slice(start, i), line, column: start + 1 });
    }
  }
  return tokens;
}
