import { useEffect, useRef, useState } from 'react';
import { messageOf, uploadImage } from '@bookswap/shared/api';
import { imageFileSchema } from '@bookswap/shared/schemas';

export type ImageUploadState =
  | { status: 'empty' }
  /** The file was refused in the browser (type or size); nothing was sent. */
  | { status: 'refused'; message: string }
  | { status: 'uploading'; preview: string; fileName: string }
  | { status: 'uploaded'; preview: string; fileName: string; url: string }
  | { status: 'failed'; preview: string; fileName: string; message: string }
  /** The listing's own cover, while the seller edits it and has picked no other. */
  | { status: 'current'; preview: string; fileName: string; url: string };

/**
 * The cover's upload, started as soon as the seller picks a file: the type and size are checked
 * against the server's limits first, a preview shows at once, and a failure says why (product.md §8's
 * "nothing happens" is a defect). `onUrl` receives the stored image's URL, or '' while there is none. An edited
 * listing starts from its `current` cover.
 */
export function useImageUpload(onUrl: (url: string) => void, current?: { url: string; bookName: string }) {
  const [state, setState] = useState<ImageUploadState>(
    current
      ? { status: 'current', preview: current.url, fileName: `Current cover of ${current.bookName}`, url: current.url }
      : { status: 'empty' },
  );
  // Only the latest pick counts: an earlier upload that answers late is ignored.
  const latest = useRef(0);
  // Only a picked file's preview is the page's own object URL to free; the current cover is the server's.
  const preview =
    state.status === 'empty' || state.status === 'refused' || state.status === 'current' ? null : state.preview;

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(file: File) {
    const pick = ++latest.current;
    onUrl('');
    const checked = imageFileSchema.safeParse(file);
    if (!checked.success) {
      setState({ status: 'refused', message: checked.error.issues[0]?.message ?? 'This file cannot be used' });
      return;
    }
    const shown = { preview: URL.createObjectURL(file), fileName: file.name };
    setState({ status: 'uploading', ...shown });
    try {
      const answer = await uploadImage(file);
      if (pick !== latest.current) return;
      if (!answer.success) throw new Error('the image store did not take it');
      setState({ status: 'uploaded', ...shown, url: answer.data.url });
      onUrl(answer.data.url);
    } catch (error) {
      if (pick !== latest.current) return;
      setState({ status: 'failed', ...shown, message: `The image could not be uploaded: ${messageOf(error)}` });
    }
  }

  return { state, choose };
}

/** A listing form's cover: the upload, kept in the form's `img` field (cleared while none is stored). */
export function useCoverUpload(
  form: { setValue(name: 'img', url: string): void; clearErrors(name: 'img'): void },
  current?: { url: string; bookName: string },
) {
  return useImageUpload((url) => {
    form.setValue('img', url);
    if (url) form.clearErrors('img');
  }, current);
}
