import { describe, expect, it } from 'vitest';
import { child, childText, MAX_XML_DEPTH, readXml } from './readXml.ts';

describe('readXml (issue 15.4 MusicXML import)', () => {
  it('issue 15.4: reads declaration, DOCTYPE with a subset, comments, CDATA and entities', () => {
    const source = [
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE score-partwise [ <!ENTITY x "y"> ]>',
      '<!-- a comment -->',
      "<score-partwise version='4.0'>",
      '  <work><work-title>Mairi&apos;s &amp; &#77;&#x61;ry <![CDATA[<Wedding>]]></work-title></work>',
      '  <part id="P1"><measure number="1"/></part>',
      '</score-partwise>',
    ].join('\n');
    const result = readXml(source);
    expect(result.error).toBeNull();
    const root = result.root!;
    expect(root.name).toBe('score-partwise');
    expect(root.attributes.version).toBe('4.0');
    expect(childText(child(root, 'work')!, 'work-title')).toBe("Mairi's & Mary <Wedding>");
    expect(child(child(root, 'part')!, 'measure')?.line).toBe(6);
  });

  it.each([
    ['<a><b></a></b>', '</a> closes <b>'],
    ['<a>&nbsp;</a>', 'entity'],
    ['<a x="1" x="2"/>', 'duplicate attribute'],
    ['<a/><b/>', 'second root'],
    ['<a>', 'never closed'],
    ['<a x=1/>', 'bad attribute'],
    ['text', 'text before the root'],
    ['', 'no root element'],
    ['<a><!-- open', 'unterminated comment'],
  ])('issue 15.4: answers %j with an error, not a throw', (source, why) => {
    const result = readXml(source);
    expect(result.root).toBeNull();
    expect(result.error).toContain(why);
    expect(result.error).toMatch(/line \d+, column \d+/);
  });

  it('issue 15.4: bounds nesting depth', () => {
    const deep = '<a>'.repeat(MAX_XML_DEPTH + 1) + '</a>'.repeat(MAX_XML_DEPTH + 1);
    expect(readXml(deep).error).toContain('nested deeper');
  });
});
