import { z } from 'zod';
import { PAGING } from '../constants.ts';

export const uuidSchema = z.uuid();
export const idParams = z.object({ id: z.uuid() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(PAGING.defaultPage),
  page_size: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.defaultPageSize),
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
