import type { DrugSchedule } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { listSchedules } from './compliance.repository';

/**
 * The drug schedules, held in memory: every product answer names its schedule, and a join per
 * listing would cost more than the few rows are worth. Loaded at start and again whenever the
 * catalogue changes (here or, through the change feed, on another instance); the rows are data
 * an operator edits for another market (docs/decisions/0012).
 */
export function createScheduleRegistry(db: DbOrTx) {
  let byCode = new Map<string, DrugSchedule>();
  let ordered: DrugSchedule[] = [];

  return {
    async load() {
      ordered = await listSchedules(db);
      byCode = new Map(ordered.map((schedule) => [schedule.code, schedule]));
    },
    list: (): DrugSchedule[] => ordered,
    has: (code: string) => byCode.has(code),
    /** A code the table no longer knows (never, with its foreign key) still answers sensibly. */
    get(code: string, prescription = false): DrugSchedule {
      return (
        byCode.get(code) ?? {
          code,
          name: code,
          requiresPrescription: prescription,
          onlineSale: true,
          keepsRegister: false,
        }
      );
    },
  };
}

export type ScheduleRegistry = ReturnType<typeof createScheduleRegistry>;
