/**
 * `npm run omr -- FILE.(png|jpg|jpeg|pdf) [--json] [--page N]` (issue 20 item 3): reads a page
 * of pipe music with no browser and prints the tune as BWW, named by the title read above the
 * music (Tesseract; --no-title skips it), or with --json the recogniser's
 * whole answer (the tune model, each bar's place on the page and confidence, the warnings) plus
 * which page of the file it was. `npm run bww -- OUT.bww --events` then lists the tune's
 * events for comparison with the source.
 *
 * A failure — unreadable file, not a picture, no pipe staves — is one line on stderr and exit
 * code 1 (with --json, stdout still gets `{"ok":false,"error":…}` for a program to read);
 * wrong arguments exit 2, as `npm run bww` does.
 */
import { recognisePage } from '../src/music/omr/recognisePage.ts';
import { readTitleNode } from './omr/readTitleNode.ts';
import { runOmr } from './omr/runOmr.ts';

process.exitCode = await runOmr(process.argv.slice(2), {
  recognise: recognisePage,
  readTitle: readTitleNode,
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(`${line}\n`),
});
