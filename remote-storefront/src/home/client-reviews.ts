import { staticFileUrl } from '../storefront-origin/static-file-url';

export interface ClientReview {
  id: number;
  name: string;
  review: string;
  img: string;
}

/** product.md §1: three fixed testimonials, static sample data. */
export const clientReviews = (): ClientReview[] => [
  {
    id: 1,
    name: 'Maria Lopez',
    review: 'I sold my old course books in a week and bought next term’s for half the price. Simple and honest.',
    img: staticFileUrl('images/reviewer-1.svg'),
  },
  {
    id: 2,
    name: 'David Chen',
    review: 'Found a first edition I had been hunting for years. The seller was verified and the meeting was easy.',
    img: staticFileUrl('images/reviewer-2.svg'),
  },
  {
    id: 3,
    name: 'Amina Yusuf',
    review: 'Booking a book and paying by card took a minute. My shelves finally have room again.',
    img: staticFileUrl('images/reviewer-3.svg'),
  },
];
