import { acceptedEncoding } from '../compress-json';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(['gzip', 'br'])).toBe('br');
  });

  it('sends nothing compressed to a client that offers no encoding it can read, or refuses it with q=0', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR; q=0.0, GZIP ;q=0')).toBeNull();
    expect(acceptedEncoding(' gzip ; q=1')).toBe('gzip');
  });
});
