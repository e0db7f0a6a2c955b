import { drawCover } from '../seed/cover-image';
import { call, givenUser, SAM_SELLER, serverForThisFile, type Person, uploadImage } from '../testing/test-server';
import { sniffImageType } from '../images/image-store';

const { server, seller } = serverForThisFile({ seller: SAM_SELLER }, { publicUrl: 'http://localhost:5000' });

function upload(bytes: Buffer, options: { field?: string; filename?: string; type?: string; as?: Person } = {}) {
  return uploadImage(server, options.as ?? seller, bytes, options);
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('uploading a cover image', () => {
  it('stores a picture under a random name and serves it back with its type and nosniff', async () => {
    const png = drawCover(3, 16, 16);
    const response = await upload(png, { filename: 'my cover.png' });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^http:\/\/localhost:5000\/images\/[0-9a-f]{32}\.png$/);
    expect(data.url).not.toContain('my cover');
    const served = await server.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('decides the type of a %s from its bytes, whatever the name says', async (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
    const response = await upload(bytes, { filename: 'innocent.txt', type: 'text/plain' });
    const served = await server.app.inject({ method: 'GET', url: new URL(response.json().data.url).pathname });
    expect(served.headers['content-type']).toBe(type);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
    ['empty file', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 400', async (_name, bytes, type) => {
    const response = await upload(bytes, { type, filename: 'x.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'image', message: expect.stringContaining('image') });
  });

  it('refuses a file over 5 MB and a file in another field', async () => {
    const big = Buffer.concat([drawCover(1, 8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/5 MB/);
    const wrongField = await upload(drawCover(1, 8, 8), { field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
  });

  it('lets only sellers upload', async () => {
    const buyer = await givenUser(server, 'buyer', 'Bea Buyer');
    expect((await upload(drawCover(1, 8, 8), { as: buyer })).statusCode).toBe(403);
  });

  it('serves nothing outside the image store', async () => {
    expect((await call(server, 'GET', '/images/..%2F..%2Fjwt-secret')).status).toBe(404);
    expect((await call(server, 'GET', '/images/missing.png')).status).toBe(404);
  });
});
