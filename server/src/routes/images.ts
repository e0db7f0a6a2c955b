import { IMAGE_MAX_BYTES, type ImageUploadResponse } from '@bookswap/shared/schemas';
import { z } from 'zod';
import { sniffImageType } from '../images/image-store';
import { recordUpload, refuseOverDailyCount } from '../images/uploads';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';

const imageNameParamsSchema = z.object({ name: z.string().max(100) });

export const imageRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/image/upload',
    access: 'seller',
    rule: 'multipart field `image`, at most 5 MB, JPEG, PNG, WebP or GIF by its bytes; per-day count and bytes per seller',
    rateLimit: 'write',
    async handler({ request, caller }, { images, wire, db, config }): Promise<ImageUploadResponse> {
      if (!request.isMultipart()) throw badRequest('image: send the file as multipart/form-data', 'image');
      await refuseOverDailyCount(db, caller.user.id, config.uploads);
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
      const type = sniffImageType(bytes);
      if (!type) throw badRequest('image: must be a JPEG, PNG, WebP or GIF picture', 'image');
      const stored = await images.save(bytes, type, caller.user.id);
      const name = stored.slice('/images/'.length);
      try {
        await recordUpload(db, { name, ownerId: caller.user.id, bytes: bytes.length }, config.uploads);
      } catch (error) {
        await images.remove(name);
        throw error;
      }
      return { success: true, data: { url: `${wire.publicUrl}${stored}` } };
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
