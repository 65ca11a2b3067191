import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, PRESCRIPTION_MAX_FILES } from '@pharmacy/shared';
import {
  fileExtension,
  fileRuleError,
  previewKind,
  selectFiles,
  TOO_MANY_FILES,
} from './file-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('prescription file rules (spec §5)', () => {
  it.each([
    ['scan.jpg', null],
    ['scan.JPEG', null],
    ['scan.Png', null],
    ['scan.PDF', null],
    ['letter.doc', null],
    ['letter.docx', MESSAGES.fileTypeUnsupported],
    ['photo.gif', MESSAGES.fileTypeUnsupported],
    ['page.html', MESSAGES.fileTypeUnsupported],
    ['noextension', MESSAGES.fileTypeUnsupported],
    ['.png', MESSAGES.fileTypeUnsupported],
    ['scan.png.exe', MESSAGES.fileTypeUnsupported],
  ])('%s → %s (type by extension, any case)', (name, expected) => {
    expect(fileRuleError(file(name))).toBe(expected);
  });

  it('accepts exactly 5 MB and refuses one byte more, and refuses an empty file', () => {
    expect(fileRuleError(file('a.png', LIMITS.uploadMaxBytes))).toBeNull();
    expect(fileRuleError(file('a.png', LIMITS.uploadMaxBytes + 1))).toBe(MESSAGES.fileTooBig);
    expect(fileRuleError(file('a.png', 0))).toBe(MESSAGES.fileTooSmall);
    expect(fileRuleError(file('a.png', 1))).toBeNull();
  });

  it('checks the type before the size', () => {
    expect(fileRuleError(file('a.txt', 0))).toBe(MESSAGES.fileTypeUnsupported);
  });

  it(`keeps at most ${PRESCRIPTION_MAX_FILES} files and says why the others were refused`, () => {
    const current = [file('1.png'), file('2.png'), file('3.png')];
    const { accepted, rejected } = selectFiles(current, [
      file('4.pdf'),
      file('bad.txt'),
      file('5.jpg'),
      file('6.jpg'),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['4.pdf', '5.jpg']);
    expect(rejected.map((r) => [r.file.name, r.error])).toEqual([
      ['bad.txt', MESSAGES.fileTypeUnsupported],
      ['6.jpg', TOO_MANY_FILES],
    ]);
  });

  it('previews images as thumbnails, PDF embedded and DOC as a card', () => {
    expect(['a.jpeg', 'a.JPG', 'a.png', 'a.gif', 'a.bmp'].map(previewKind)).toEqual(
      Array(5).fill('image'),
    );
    expect(previewKind('a.Pdf')).toBe('pdf');
    expect(previewKind('a.doc')).toBe('document');
    expect(fileExtension('archive.tar.GZ')).toBe('gz');
  });
});
