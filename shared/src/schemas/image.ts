import { z } from 'zod';
import './jitless-zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageUploadResponseSchema = z.object({ success: z.boolean(), data: z.object({ url: z.string() }) });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** The picture types the server's image store accepts (it reads them from the file's bytes). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * A chosen file checked in the browser before it is sent, against the server's own limits: the seller
 * learns about a wrong type or a too large file at once, not after the upload.
 */
export const imageFileSchema = z.object({
  type: z.enum(IMAGE_TYPES, { message: 'The image must be a JPEG, PNG, WebP or GIF picture' }),
  size: z
    .number()
    .min(1, 'The image file is empty')
    .max(IMAGE_MAX_BYTES, `The image is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`),
});
