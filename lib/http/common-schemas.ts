import { z } from 'zod';

export const ZIdParams = z.object({ id: z.string().uuid() });
export const ZPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }) });
