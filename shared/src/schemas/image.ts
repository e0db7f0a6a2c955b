import { z } from 'zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageUploadResponseSchema = z.object({ success: z.boolean(), data: z.object({ url: z.string() }) });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
