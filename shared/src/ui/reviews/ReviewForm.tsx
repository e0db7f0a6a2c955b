import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { REVIEW_TEXT_MAX } from '../../schemas/review';
import { formatCount } from '../../schemas/number-format';

export interface ReviewFormProps {
  otherName: string;
  /** Resolves true when the server took the review. */
  onSend(review: { stars: number; text: string }): Promise<boolean>;
  busy: boolean;
}

const STAR_CHOICES = [1, 2, 3, 4, 5] as const;
const STAR_WORDS: Record<(typeof STAR_CHOICES)[number], string> = {
  1: '1 star: poor',
  2: '2 stars: fair',
  3: '3 stars: good',
  4: '4 stars: very good',
  5: '5 stars: excellent',
};
const max = formatCount(REVIEW_TEXT_MAX);

/**
 * A review of the other party: the stars as a radio group (arrow keys move between them), a text that may stay empty,
 * counted after trimming as the server counts it.
 */
export function ReviewForm({ otherName, onSend, busy }: ReviewFormProps) {
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const labelId = useId();
  const length = text.trim().length;
  const tooLong = length > REVIEW_TEXT_MAX;

  const send = async () => {
    if (stars === null || tooLong || busy) return;
    if (await onSend({ stars, text: text.trim() })) setText('');
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FormControl>
        <FormLabel id={labelId}>How was meeting {otherName}?</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={stars === null ? '' : String(stars)}
          onChange={(event) => setStars(Number(event.target.value))}
        >
          {STAR_CHOICES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={String(choice)}
              control={<Radio size="small" />}
              label={`${'★'.repeat(choice)} ${STAR_WORDS[choice]}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label="Your review (optional)"
        multiline
        minRows={3}
        maxRows={8}
        fullWidth
        value={text}
        error={tooLong}
        onChange={(event) => setText(event.target.value)}
        helperText={
          <span aria-live="polite">
            {tooLong
              ? `${formatCount(length)} characters: at most ${max}`
              : `${formatCount(length)} / ${max} characters`}
          </span>
        }
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={stars === null || tooLong || busy}>
          Send review
        </Button>
      </Stack>
    </Stack>
  );
}
