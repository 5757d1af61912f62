/**
 * BWW files come as UTF-8 or as Latin-1 (older Windows writers); neither declares which.
 * Decode as UTF-8 when the bytes are valid UTF-8, else as Windows-1252 — what those writers
 * produced, and what browsers mean by 'latin1'. That fallback is done here by table because
 * Node's TextDecoder('windows-1252') decodes 0x80–0x9F as C1 controls, unlike browsers.
 */
export type BwwInput = string | Uint8Array | ArrayBuffer;

/** Windows-1252 characters for bytes 0x80–0x9F (the rest of the code page equals Latin-1). */
const cp1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out +=
      byte >= 0x80 && byte <= 0x9f ? cp1252High.charAt(byte - 0x80) : String.fromCharCode(byte);
  }
  return out;
}

export function decodeBww(input: BwwInput): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = decodeWindows1252(bytes);
    }
  }
  // A byte-order mark is not part of the first header line.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
