/**
 * Test helper: what the notifier's fan-out does to every event stored and not yet fanned out, without
 * the notifier's queue, so a module's test can read the notifications its routes produced.
 */
import { type Db, withTransaction } from "../src/db/pool.ts";
import { NotificationsRepository } from "../src/modules/notifications/notifications.repository.ts";

export async function fanOutPending(db: Db): Promise<void> {
  const repo = new NotificationsRepository(db);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text FROM api.notification_events WHERE fanned_out_at IS NULL ORDER BY id`,
  );
  for (const { id } of rows) await withTransaction(db, (c) => repo.fanOut(c, id, []));
}
