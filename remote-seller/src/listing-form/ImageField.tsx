import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useId, useRef, type Ref } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@bookswap/shared/schemas';
import type { ImageUploadState } from './upload-image';

interface ImageFieldProps {
  upload: { state: ImageUploadState; choose(file: File): Promise<void> };
  /** The form's own message for this field ("img is required"). */
  formError?: string;
  /** react-hook-form focuses the button through it when the image is missing. */
  buttonRef: Ref<HTMLButtonElement>;
  disabled?: boolean;
}

const LIMIT_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * The cover picker, a whole row of the form's grid: a button that opens the file chooser, the preview, the upload's
 * progress and any problem.
 */
export function ImageField({ upload, formError, buttonRef, disabled = false }: ImageFieldProps) {
  const { state } = upload;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const problem = state.status === 'refused' || state.status === 'failed' ? state.message : formError;
  const chosen = state.status !== 'empty' && state.status !== 'refused' ? state : null;

  return (
    <Stack spacing={1} role="group" aria-labelledby={`${id}-label`} sx={{ gridColumn: '1 / -1' }}>
      <FormLabel id={`${id}-label`} required error={Boolean(problem)}>
        Image
      </FormLabel>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        aria-label="Image file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after a failed upload) still fires a change.
          event.target.value = '';
          if (file) void upload.choose(file);
        }}
      />
      <Box>
        <Button
          ref={buttonRef}
          variant="outlined"
          disabled={disabled || state.status === 'uploading'}
          aria-describedby={`${id}-help`}
          onClick={() => input.current?.click()}
        >
          {chosen ? 'Choose another image' : 'Choose image'}
        </Button>
      </Box>
      {chosen && (
        <Box sx={{ width: 120 }}>
          <Box
            component="img"
            src={chosen.preview}
            alt={chosen.status === 'current' ? chosen.fileName : `Preview of ${chosen.fileName}`}
            width={120}
            height={160}
            sx={{ width: 120, height: 160, objectFit: 'cover', display: 'block', borderRadius: 1, bgcolor: 'grey.100' }}
          />
          {state.status === 'uploading' && <LinearProgress aria-label="Uploading image" sx={{ mt: 1 }} />}
        </Box>
      )}
      <FormHelperText id={`${id}-help`} error={Boolean(problem)} role={problem ? 'alert' : undefined}>
        {problem ??
          (state.status === 'uploading'
            ? `Uploading ${state.fileName}…`
            : state.status === 'uploaded'
              ? `${state.fileName} is uploaded`
              : state.status === 'current'
                ? 'The current cover stays unless you choose another image'
                : `A JPEG, PNG, WebP or GIF picture of at most ${LIMIT_MB} MB`)}
      </FormHelperText>
    </Stack>
  );
}
