import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clientReviews } from './client-reviews';
import { Section } from './Section';

/** product.md §1's Client Review: three readers' words, from client-reviews.ts. */
export function ClientReview() {
  return (
    <Section id="client-review-title" title="Client Review">
      <Grid container spacing={3}>
        {clientReviews().map((review) => (
          <Grid key={review.id} size={{ xs: 12, md: 4 }}>
            <Card component="figure" sx={{ m: 0, height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                  <Avatar
                    src={review.img}
                    alt={review.name}
                    sx={{ width: 56, height: 56 }}
                    slotProps={{ img: { loading: 'lazy', width: 56, height: 56 } }}
                  />
                  <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {review.name}
                  </Typography>
                </Stack>
                <Typography component="blockquote" variant="body2" sx={{ m: 0 }}>
                  {review.review}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
