import Box from '@mui/material/Box';
import type { Product } from '@bookswap/shared/schemas';

interface BookCoverProps {
  product: Product;
  /** The image's intrinsic size; the frame keeps its aspect ratio. */
  width: number;
  height: number;
  rounded?: boolean;
}

/** A book's cover in a fixed aspect frame: the layout does not jump while covers arrive. */
export function BookCover({ product, width, height, rounded = false }: BookCoverProps) {
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
        src={product.img}
        alt={`Cover of ${product.book_name}`}
        loading="lazy"
        decoding="async"
        width={width}
        height={height}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}
