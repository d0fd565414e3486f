import { firstStartMegabytes, labImageBytes } from '@/lib/lab/lab-size.ts';
import { shippedReadyState, type ShippedReadyState } from '@/lib/lab/shipped-ready-state.ts';

/** What a lab's intro says it downloads: its first start, then each program's own files when it first runs. */
export function labDownloadNote(shipped: Pick<ShippedReadyState, 'bytes'> | null = shippedReadyState): string {
  const later = 'a program fetches its own files the first time you run it.';
  if (!shipped)
    return `The first start downloads about ${firstStartMegabytes(labImageBytes)} MB and boots Linux; ${later}`;
  return `The first start downloads about ${firstStartMegabytes(shipped.bytes)} MB; ${later}`;
}
