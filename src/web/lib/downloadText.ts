/** Saves text as a file through a Blob link (no server round trip; works offline). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const BWW_TYPE = 'text/plain;charset=utf-8';
/** The MusicXML 4.0 uncompressed file type (https://www.w3.org/2021/06/musicxml40/). */
export const MUSICXML_TYPE = 'application/vnd.recordare.musicxml+xml';
