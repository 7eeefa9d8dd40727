/**
 * @jest-environment jsdom
 */
import { ApiError } from '../src/api';
import { download, DOWNLOAD_REVOKE_DELAY, dispositionFileName } from '../src/download';
import { refusalMessage } from '../src/refusal';

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="roadmap.yaml"', 'roadmap.yaml'],
    ['attachment; filename=responses.csv', 'responses.csv'],
    ['attachment; filename="study report.pdf"; size=10', 'study report.pdf'],
    [
      `attachment; filename="invoice.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
      'Rechnung März.pdf',
    ],
    [`attachment; filename*=utf-8''caf%C3%A9.csv`, 'café.csv'],
  ])('reads %s as %s', (header, name) => {
    expect(dispositionFileName(header, 'fallback.bin')).toBe(name);
  });

  it.each([null, '', 'inline', 'attachment; filename=""'])(
    'falls back when the header names no file (%p)',
    (header) => {
      expect(dispositionFileName(header, 'fallback.bin')).toBe('fallback.bin');
    },
  );

  it('keeps the plain name when the encoded one is malformed', () => {
    expect(dispositionFileName(`filename="a.csv"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('a.csv');
  });
});

describe('download', () => {
  const created: Blob[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return `blob:test/${created.length}`;
    };
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
    };
  });
  afterEach(() => jest.useRealTimers());

  it('clicks a link named after the file, leaves no link behind and revokes the address later', () => {
    const clicked: { href: string; name: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, name: this.download });
    });
    const blob = new Blob(['a,b\n'], { type: 'text/csv' });

    download(blob, 'answers.csv');

    expect(clicked).toEqual([{ href: 'blob:test/1', name: 'answers.csv' }]);
    expect(created).toEqual([blob]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    // A download that has not started reading the blob yet is not cancelled.
    jest.advanceTimersByTime(DOWNLOAD_REVOKE_DELAY - 1);
    expect(revoked).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:test/1']);
    click.mockRestore();
  });
});

describe('refusalMessage', () => {
  it("gives a refusal's own words and nothing for a server fault or a network failure", () => {
    const refused = new ApiError(
      409,
      JSON.stringify({ message: 'A promo code named SPRING already exists' }),
    );
    expect(refusalMessage(refused)).toBe('A promo code named SPRING already exists');
    expect(refusalMessage(new ApiError(502, 'Bad Gateway'))).toBeUndefined();
    expect(refusalMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
