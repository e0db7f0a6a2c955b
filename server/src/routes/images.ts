import { API_CALLS, IMAGE_MAX_BYTES, type ImageUploadResponse } from '@bookswap/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../errors/http-error';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { refuseOverDailyCount, storeUploadedImage } from '../services/uploads';

const imageNameParamsSchema = z.object({ name: z.string().max(100) });

/** The bytes of the multipart field `image` (other files are drained and dropped), or a clear 400 / 413. */
async function imageFieldOf(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'image') {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'image: the file is larger than 5 MB', 'image');
      }
      throw error;
    }
  }
  if (!bytes || bytes.length === 0) throw badRequest('image: a file is required', 'image');
  return bytes;
}

export const imageRoutes = [
  defineRoute({
    ...served(API_CALLS.uploadImage),
    access: 'seller',
    rule: 'multipart field `image`, at most 5 MB, JPEG, PNG, WebP or GIF by its bytes; per-day count and bytes per seller',
    rateLimit: 'write',
    async handler({ request, caller }, { images, wire, db, config }): Promise<ImageUploadResponse> {
      if (!request.isMultipart()) throw badRequest('image: send the file as multipart/form-data', 'image');
      // Before the file is read: a seller at the day's count gets 429 without sending 5 MB first.
      await refuseOverDailyCount(db, caller.user.id, config.uploads);
      const bytes = await imageFieldOf(request);
      return storeUploadedImage({ db, images, wire, limits: config.uploads }, caller.user.id, bytes);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/images/:name',
    access: 'public',
    params: imageNameParamsSchema,
    async handler({ params, reply }, { images }) {
      const image = await images.read(params.name);
      if (!image) throw notFound('No image with this name');
      return reply
        .header('content-type', image.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes);
    },
  }),
];
