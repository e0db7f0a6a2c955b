import { z } from 'zod';
import './jitless-zod';
import {
  BOOK_CONDITIONS,
  BOOK_SORTS,
  CATEGORY_IDS,
  DEFAULT_BOOK_SORT,
  isPageWithinReach,
  MAX_LIST_DEPTH,
  PRICE_FILTER_PATTERN,
  SEARCH_MAX_LENGTH,
  type BookSort,
} from './catalog-rules';
import { categoryIdSchema } from './category';
import { idSchema, nonEmptyText, pageQueryFields, priceTextSchema } from './common';
import { formatCount } from './number-format';
import { sellerRatingSchema } from './review';
import { wireRecordSchema } from './wire-record';

export const bookConditionSchema = z.enum(BOOK_CONDITIONS, {
  message: 'book_condition must be Excellent, Good or Fair',
});
export type BookCondition = z.infer<typeof bookConditionSchema>;

/** The product's report flag is text on the wire ("true"/"false"), unlike the report record's boolean (product.md §9). */
export const productReportFlagSchema = z.enum(['true', 'false']);

/**
 * A listing as anyone may read it: the home page's advertised books, a category, the book list. The
 * seller shows by name and verified tick only; `sellerId` tells a signed-in seller their own listings.
 */
export const productSchema = wireRecordSchema.extend({
  book_name: z.string(),
  author_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  description: z.string(),
  original_price: z.string(),
  resale_price: z.string(),
  Year_of_use: z.string(),
  book_condition: z.string(),
  img: z.string(),
  location: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  verify: z.boolean(),
  paid: z.boolean(),
  addADS: z.boolean(),
  report: productReportFlagSchema,
  date: z.string(),
  /**
   * The seller's rating from their buyers' reviews (decision 034), on the public lists and the details page, so a
   * card needs no call of its own; absent where no one reads it (the seller's own list, a booking's copy).
   */
  sellerRating: sellerRatingSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A listing with the seller's contact details (the listing's phone and the seller's email): only where a signed-in
 * person needs them, the details page's Contact Information and the seller's own list.
 */
export const productWithContactSchema = productSchema.extend({ phone: z.string(), sellerEmail: z.string() });
export type ProductWithContact = z.infer<typeof productWithContactSchema>;

/**
 * One listing of the seller's own list (My Product): whether an admin hid it, and the reasons it was reported for,
 * which only its seller reads.
 */
export const myProductSchema = productWithContactSchema.extend({
  hidden: z.boolean(),
  hiddenReasons: z.array(z.string()),
});
export type MyProduct = z.infer<typeof myProductSchema>;

/** GET /api/product/list/{id}: with the contact details for a signed-in caller, without them for a visitor. */
export const productDetailsSchema = z.union([productWithContactSchema, productSchema]);
export type ProductDetails = z.infer<typeof productDetailsSchema>;

/**
 * A cover is a picture of the product's own image store, `<the API's address>/images/<name>` as an upload answers
 * it: a listing never makes browsers load images from another host. The server checks the address is
 * its own and the image is stored.
 */
const OWN_IMAGE_URL = /^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?\/images\/[a-z0-9_-]{1,64}\.(?:jpg|png|webp|gif)$/;

/**
 * What a seller sends to create a listing. Seller name, email, verify, flags and date are set by
 * the server from the seller's record, never taken from the body.
 */
export const createProductBodySchema = z.object({
  book_name: nonEmptyText(200),
  author_name: nonEmptyText(200),
  category_id: categoryIdSchema,
  description: z.string().trim().max(5000).default(''),
  original_price: priceTextSchema,
  resale_price: priceTextSchema,
  Year_of_use: nonEmptyText(50),
  book_condition: bookConditionSchema,
  // Only web addresses: a javascript: or data: URL in an <img> or link is a script injection waiting to happen.
  img: z
    .string()
    .trim()
    .max(2000)
    .url('img must be an image URL')
    .regex(/^https?:\/\//i, 'img must be an http or https URL')
    .regex(OWN_IMAGE_URL, 'img must be an image uploaded to Bookswap'),
  phone: z.string().trim().max(40).default(''),
  location: nonEmptyText(300),
});
export type CreateProductBody = z.input<typeof createProductBodySchema>;

/** What a seller may change of a listing not yet sold; category, years of use and description stay. */
const EDITABLE_FIELDS = {
  book_name: true,
  author_name: true,
  book_condition: true,
  original_price: true,
  resale_price: true,
  location: true,
  phone: true,
  img: true,
} as const;

/**
 * PUT /api/product/edit/{id}: every editable field, under the create rules. Strict, so a body that tries to set
 * anything else (`paid`, `sellerEmail`) is refused whole rather than half applied.
 */
export const editProductBodySchema = createProductBodySchema.pick(EDITABLE_FIELDS).strict();
export type EditProductBody = z.input<typeof editProductBodySchema>;

/** A query value that may repeat (`condition=Good&condition=Fair`): one arrives as text, several as a list. */
function repeatable<T extends z.ZodType<string>>(item: T, field: string) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(item)
      .max(20, `${field} is given too many times`)
      .transform((values) => [...new Set(values)].sort()),
  );
}

function priceBound(field: 'minPrice' | 'maxPrice') {
  return z
    .string({ message: `${field} must be a price such as 5 or 12.50` })
    .trim()
    .regex(PRICE_FILTER_PATTERN, `${field} must be a price such as 5 or 12.50`)
    .transform((text) => Math.round(Number(text) * 100))
    .optional();
}

/**
 * The filters and order of the book list and the category page, all optional: without them a list
 * answers exactly as before. Prices come back as cents; repeated values sorted and without duplicates, so two
 * spellings of one filter are one cached answer.
 */
const bookFilterFields = {
  search: z.string().trim().max(SEARCH_MAX_LENGTH).default(''),
  condition: repeatable(z.enum(BOOK_CONDITIONS, { message: 'condition must be Excellent, Good or Fair' }), 'condition'),
  minPrice: priceBound('minPrice'),
  maxPrice: priceBound('maxPrice'),
  verified: z
    .enum(['0', '1'], { message: 'verified must be 1 (verified sellers only) or 0' })
    .optional()
    .transform((value) => value === '1'),
  sort: z.enum(BOOK_SORTS, { message: 'sort must be newest, price_asc or price_desc' }).default(DEFAULT_BOOK_SORT),
};

const priceRangeInOrder = {
  check: (query: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
    query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  issue: { message: 'minPrice must not be above maxPrice', path: ['minPrice'] },
};

export const bookListQuerySchema = z
  .object({
    ...bookFilterFields,
    category: repeatable(z.enum(CATEGORY_IDS, { message: 'category must be a category id from 1 to 9' }), 'category'),
    /** One seller's listings: their public page (`/seller/:id`). */
    seller: idSchema.optional(),
    ...pageQueryFields,
    /** `1`: the answer carries `facets`. */
    facets: z
      .enum(['0', '1'], { message: 'facets must be 1 or 0' })
      .optional()
      .transform((value) => value === '1'),
  })
  .refine((query) => isPageWithinReach(query.page, query.size), {
    message: `page is too deep: a list shows its first ${formatCount(MAX_LIST_DEPTH)} books; search to narrow it`,
    path: ['page'],
  })
  .refine(priceRangeInOrder.check, priceRangeInOrder.issue);
/** A book-list request as the server reads it: every field present, prices in cents. */
export type BookListRequest = z.output<typeof bookListQuerySchema>;

/**
 * The book list's filters and search as a saved search keeps them (decision 035): the list's own query fields, so a
 * saved search is exactly what the list showed; page, size, order and facets are how it was shown, not what.
 */
export const savedSearchFiltersSchema = z
  .object({
    search: bookFilterFields.search,
    category: repeatable(z.enum(CATEGORY_IDS, { message: 'category must be a category id from 1 to 9' }), 'category'),
    condition: bookFilterFields.condition,
    minPrice: bookFilterFields.minPrice,
    maxPrice: bookFilterFields.maxPrice,
    verified: bookFilterFields.verified,
  })
  .refine(priceRangeInOrder.check, priceRangeInOrder.issue)
  .refine(
    (filters) =>
      filters.search !== '' ||
      filters.category.length > 0 ||
      filters.condition.length > 0 ||
      filters.minPrice !== undefined ||
      filters.maxPrice !== undefined ||
      filters.verified,
    {
      message: 'Type a search or choose a filter before saving: a search for every book would match them all',
      path: ['search'],
    },
  );
/** What a client sends to save a search: the list's URL query values (prices as typed, `verified` '1'). */
export type SavedSearchBody = z.input<typeof savedSearchFiltersSchema>;
/** A saved search's filters as the server reads them: every field present, prices in cents. */
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;

/** GET /api/category/list/{id}: the same filters and order; the category is the path's, the answer product.md's array. */
export const categoryProductsQuerySchema = z
  .object(bookFilterFields)
  .refine(priceRangeInOrder.check, priceRangeInOrder.issue);
export type CategoryProductsRequest = z.output<typeof categoryProductsQuerySchema>;

/** What a client asks of GET /api/category/list; prices as the person typed them ("12.50"). */
export interface BookListQuery {
  search?: string;
  page?: number;
  size?: number;
  category?: readonly string[];
  condition?: readonly BookCondition[];
  minPrice?: string;
  maxPrice?: string;
  verified?: boolean;
  /** One seller's listings only. */
  seller?: string;
  sort?: BookSort;
  /** Ask for the facet counts too. */
  facets?: boolean;
}

/**
 * Books per condition and per category under the list's other filters (the condition counts ignore the condition
 * filter, the category counts the category filter), so each choice can say how many books it would show.
 */
export const bookFacetsSchema = z.object({
  condition: z.record(z.enum(BOOK_CONDITIONS), z.number()),
  category: z.record(z.enum(CATEGORY_IDS), z.number()),
});
export type BookFacets = z.infer<typeof bookFacetsSchema>;

export const bookListResponseSchema = z.object({
  products: z.array(productSchema),
  count: z.number(),
  /** Only when asked for (`facets=1`). */
  facets: bookFacetsSchema.optional(),
});
export type BookListResponse = z.infer<typeof bookListResponseSchema>;

/**
 * `GET /api/catalog/version`: moves with every change to the listings, so whoever keeps something made from the
 * public lists (the shell's server keeps page heads) can tell when it is out of date.
 */
export const catalogVersionSchema = z.object({ version: z.number().int().nonnegative() });
export type CatalogVersion = z.infer<typeof catalogVersionSchema>;

export const sellerProductsQuerySchema = z.object({
  email: z.string().trim().toLowerCase().email('a valid email is required'),
});

/** product.md §7 does not show the advertise call's body: `{ addADS: true }` or nothing at all both mark it advertised. */
export const advertiseProductBodySchema = z
  .object({ addADS: z.literal(true, { message: 'addADS can only be set to true' }).optional() })
  .optional();

/** product.md §5's add-product messages, spelled as given; category and condition have none there, so ours. */
export const ADD_PRODUCT_MESSAGES = {
  book_name: 'Name is required',
  author_name: 'Author Name is required',
  category_id: 'category is required',
  book_condition: 'book condition is required',
  original_price: 'original price is required',
  resale_price: 'Resale price is required',
  Year_of_use: 'year of use is required',
  location: 'location is required',
  img: 'img is required',
} as const;

/** A required form field: product.md §5's message when it is empty, then the server's own rule, in plainer words when given. */
function requiredField(serverRule: z.ZodType, requiredMessage: string, invalidMessage?: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .superRefine((value, context) => {
      const checked = serverRule.safeParse(value);
      if (!checked.success)
        context.addIssue({
          code: 'custom',
          message: invalidMessage ?? checked.error.issues[0]?.message ?? 'is not valid',
        });
    });
}

const productBody = createProductBodySchema.shape;

/**
 * The add-product form in the browser: `createProductBodySchema` with product.md §5's messages, and numbers
 * checked before sending (prices as the server takes them; years of use as a whole number, which the
 * server also takes). `img` is the URL the upload answered with.
 */
export const addProductFormSchema = z.object({
  book_name: requiredField(productBody.book_name, ADD_PRODUCT_MESSAGES.book_name),
  author_name: requiredField(productBody.author_name, ADD_PRODUCT_MESSAGES.author_name),
  category_id: z.string().min(1, ADD_PRODUCT_MESSAGES.category_id).pipe(productBody.category_id),
  book_condition: z.string().min(1, ADD_PRODUCT_MESSAGES.book_condition).pipe(productBody.book_condition),
  original_price: requiredField(
    productBody.original_price,
    ADD_PRODUCT_MESSAGES.original_price,
    'original price must be a number such as 12 or 12.50',
  ),
  resale_price: requiredField(
    productBody.resale_price,
    ADD_PRODUCT_MESSAGES.resale_price,
    'Resale price must be a number such as 12 or 12.50',
  ),
  Year_of_use: requiredField(
    productBody.Year_of_use.regex(/^\d{1,2}$/),
    ADD_PRODUCT_MESSAGES.Year_of_use,
    'year of use must be a whole number such as 2',
  ),
  location: requiredField(productBody.location, ADD_PRODUCT_MESSAGES.location),
  img: requiredField(productBody.img, ADD_PRODUCT_MESSAGES.img),
  description: productBody.description,
  phone: productBody.phone,
});
export type AddProductForm = z.input<typeof addProductFormSchema>;

/** The edit dialog's form: the add-product form's fields and messages, for the editable fields only. */
export const editProductFormSchema = addProductFormSchema.pick(EDITABLE_FIELDS);
export type EditProductForm = z.input<typeof editProductFormSchema>;
