import { z } from 'zod';
import './jitless-zod';

/**
 * Every stored record as the wire shows it: its id under Mongo's name `_id`; each record's schema extends this.
 * Not exported from the package: the records' own schemas are.
 */
export const wireRecordSchema = z.object({ _id: z.string() });
