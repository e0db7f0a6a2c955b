import Box from '@mui/material/Box';

interface BookCoverProps {
  /** The image URL (a product's or a booking's `img`). */
  src: string;
  /** The book's name, for the alternative text. */
  bookName: string;
  /** The image's intrinsic size; the frame keeps its aspect ratio. */
  width: number;
  height: number;
  rounded?: boolean;
  /** A cover in the first screenful (likely the page's largest image): fetched at once, before others. */
  priority?: boolean;
}

/** A book's cover in a fixed aspect frame: the layout does not jump while covers arrive. */
export function BookCover({ src, bookName, width, height, rounded = false, priority = false }: BookCoverProps) {
  return (
    <Box
      sx={{
        aspectRatio: `${width} / ${height}`,
        bgcolor: 'grey.100',
        overflow: 'hidden',
        ...(rounded && { borderRadius: 1 }),
      }}
    >
      <Box
        component="img"
        src={src}
        alt={`Cover of ${bookName}`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        width={width}
        height={height}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}
