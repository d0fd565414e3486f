// Decisions 0018 and 0020: request bodies are strict objects; a path parameter that names nothing is a 404.
import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isLine, line } from './text.ts';

/**
 * Marks the validation issue of a value that names nothing the API has (an id that is not a UUID, a page
 * past any list): the API answers it with the contract's 404, not with a field error.
 */
export const NOT_FOUND_ISSUE = { status: 404 } as const;
const notFound = { error: MESSAGES.notFound, params: NOT_FOUND_ISSUE };

/** Every id the API takes is a UUID (R11), written 8-4-4-4-12 in hexadecimal. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** An id in a body or a query string: anything else is a field error. */
export const uuidField = (message = 'Enter a valid id.') => line().regex(UUID_PATTERN, message);
export const uuidSchema = uuidField();

/**
 * A path parameter names a resource or nothing: text that cannot name one (a control character, a lone
 * surrogate, or what `names` refuses) is the contract's 404, like an unknown name, never a field error.
 */
export const pathParam = (names: (value: string) => boolean = () => true) =>
  z.string().refine((value) => isLine(value) && names(value), notFound);

/** An id in a path: anything but a UUID is as unknown as a missing one (404), and never reaches the database. */
export const idParam = pathParam(isUuid);
export const idParams = z.object({ id: idParam });

export const PAGING_MESSAGES = {
  page: 'Enter a page number: a whole number from 1.',
  pageSize: `Enter a page size: a whole number from 1 to ${PAGING.maxPageSize}.`,
} as const;

/** Digits only: no sign, fraction, exponent, hexadecimal or blank. */
const wholeNumber = (message: string) =>
  line()
    .regex(/^[0-9]+$/, message)
    .transform(Number);

/** `page` in a query string. A page deeper than any list serves is past the end: 404, as the contract says. */
export const pageNumber = wholeNumber(PAGING_MESSAGES.page)
  .refine((page) => page >= 1, PAGING_MESSAGES.page)
  .refine((page) => page <= PAGING.maxPage, notFound);
/** `page_size` in a query string. */
export const pageSize = wholeNumber(PAGING_MESSAGES.pageSize).refine(
  (size) => size >= 1 && size <= PAGING.maxPageSize,
  PAGING_MESSAGES.pageSize,
);

/** Query values the web app may send empty (`?difficulty=&course=`): empty means "not given". */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const pageQuery = z.object({
  page: pageNumber.default(PAGING.defaultPage),
  page_size: pageSize.default(PAGING.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const detailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponse>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
